// CORS over HTTP: off by default, exact origins only, a preflight answered with the methods and headers a
// page may use, and the headers integrators read exposed on every answer, errors included.
import { loadConfig } from '../../src/config';
import { startTestApp, type TestApp } from '../helpers/app';

const PAGE = 'https://app.example.com';
let app: TestApp;
let off: TestApp;

beforeAll(async () => {
  app = await startTestApp({ COUNTERFOIL_CORS_ORIGINS: `${PAGE}, http://localhost:5173` });
  off = await startTestApp();
});

afterAll(async () => {
  await app?.close();
  await off?.close();
});

const preflight = (base: string, origin: string) =>
  fetch(`${base}/enterprises`, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization, content-type, idempotency-key' } });

it('answers a preflight from an allowed origin with 204, its methods and headers', async () => {
  const res = await preflight(app.url, PAGE);
  expect(res.status).toBe(204);
  expect(res.headers.get('access-control-allow-origin')).toBe(PAGE);
  expect(res.headers.get('access-control-allow-methods')).toContain('POST');
  expect(res.headers.get('access-control-allow-headers')!.toLowerCase().split(', ')).toEqual(expect.arrayContaining(['authorization', 'content-type', 'idempotency-key', 'counterfoil-version', 'if-match']));
  expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  expect(res.headers.get('vary')).toContain('Origin');
});

it('exposes the headers integrators read, on an error answer too', async () => {
  const res = await fetch(`${app.url}/enterprises`, { headers: { Origin: PAGE } });
  expect(res.status).toBe(401);
  expect(res.headers.get('access-control-allow-origin')).toBe(PAGE);
  expect(res.headers.get('access-control-expose-headers')!.split(', ')).toEqual(expect.arrayContaining(['ETag', 'X-Request-Id', 'RateLimit', 'RateLimit-Policy', 'Retry-After', 'Idempotent-Replayed', 'Counterfoil-Version']));
});

it('sends nothing to an origin not listed, and nothing at all when the setting is empty', async () => {
  const stranger = await preflight(app.url, 'https://evil.example.net');
  expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
  const unset = await preflight(off.url, PAGE);
  expect(unset.status).toBe(405);
  expect([...unset.headers.keys()].filter((h) => h.startsWith('access-control-'))).toEqual([]);
});

it('takes exact origins only: "*", a path or a bad scheme stops start-up', () => {
  expect(loadConfig({ COUNTERFOIL_CORS_ORIGINS: '' }).corsOrigins).toEqual([]);
  expect(loadConfig({ COUNTERFOIL_CORS_ORIGINS: 'https://a.example, http://localhost:3000' }).corsOrigins).toEqual(['https://a.example', 'http://localhost:3000']);
  expect(() => loadConfig({ COUNTERFOIL_CORS_ORIGINS: '*' })).toThrow(/exact origins/);
  expect(() => loadConfig({ COUNTERFOIL_CORS_ORIGINS: 'https://a.example/' })).toThrow(/not an origin/);
  expect(() => loadConfig({ COUNTERFOIL_CORS_ORIGINS: 'ftp://a.example' })).toThrow(/not an origin/);
});
