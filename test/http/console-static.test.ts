import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startTestApp, type TestApp } from '../helpers/app';

/*
 * How the tenant API serves the built console under /console: a stand-in build in a temporary
 * folder (COUNTERFOIL_CONSOLE_DIR), so this runs without building the real one.
 */

let app: TestApp;
let unbuilt: TestApp;
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'counterfoil-console-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><script type="module" src="/console/assets/app-1a2b3c.js"></script></head><body></body></html>');
  writeFileSync(path.join(dir, 'assets', 'app-1a2b3c.js'), script);
  writeFileSync(path.join(dir, '.source-hash'), 'not served');
  app = await startTestApp({ COUNTERFOIL_CONSOLE_DIR: dir, COUNTERFOIL_CONSOLE_IDP_ORIGINS: 'https://login.example.com,http://127.0.0.1:9999', COUNTERFOIL_TEMPORAL_UI_URL: 'http://127.0.0.1:8233' });
  unbuilt = await startTestApp({ COUNTERFOIL_CONSOLE_DIR: path.join(dir, 'missing') });
});
afterAll(async () => {
  await app.close();
  await unbuilt.close();
});

it('serves the app for any console path with a strict CSP, revalidated', async () => {
  for (const p of ['/console/', '/console/approvals', '/console/withdrawals/0193a1c2-7f00-7abc-8def-0123456789ab', '/console/callback?code=x&state=y']) {
    const res = await fetch(app.url + p);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('/console/assets/app-1a2b3c.js');
  }
  const res = await fetch(`${app.url}/console/`);
  expect(res.headers.get('content-security-policy')).toBe(
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self' https://login.example.com http://127.0.0.1:9999; manifest-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  );
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  const again = await fetch(`${app.url}/console/`, { headers: { 'if-none-match': res.headers.get('etag')! } });
  expect(again.status).toBe(304);
  // The build's own bookkeeping is never served.
  expect(await (await fetch(`${app.url}/console/.source-hash`)).text()).not.toContain('not served');
});

it('serves hashed assets for a year, compressed as the browser accepts', async () => {
  const plain = await fetch(`${app.url}/console/assets/app-1a2b3c.js`, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(plain.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  expect(await plain.text()).toBe(script);
  // Raw bytes (node's fetch would decode them): the encodings themselves are what is checked.
  const http = await import('node:http');
  const raw = (encoding: string) =>
    new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      http.get(`${app.url}/console/assets/app-1a2b3c.js`, { headers: { 'accept-encoding': encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });
  const br = await raw('br, gzip');
  expect(br.encoding).toBe('br');
  expect(brotliDecompressSync(br.body).toString()).toBe(script);
  const gzip = await raw('gzip');
  expect(gzip.encoding).toBe('gzip');
  expect(gunzipSync(gzip.body).toString()).toBe(script);
});

it('tells the console where the Temporal UI is', async () => {
  const res = await fetch(`${app.url}/console/config.json`);
  expect(await res.json()).toEqual({ temporal_ui_url: 'http://127.0.0.1:8233', temporal_namespace: 'default', mode: 'sandbox' });
});

it.each([
  ['a missing asset', 'GET', '/console/assets/app-old.js', 404, 'EdgeNotFound'],
  ['a missing file with an extension', 'GET', '/console/robots.txt', 404, 'EdgeNotFound'],
  ['a write', 'POST', '/console/approvals', 405, 'EdgeMethodNotAllowed'],
])('%s is a problem, not the app (%s %s)', async (_name, method, p, status, code) => {
  const res = await fetch(app.url + p, { method });
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/problem+json');
  expect(((await res.json()) as { code: string }).code).toBe(code);
});

it('redirects /console to /console/, keeping the query', async () => {
  const res = await fetch(`${app.url}/console?enterprise=abc`, { redirect: 'manual' });
  expect(res.status).toBe(308);
  expect(res.headers.get('location')).toBe('/console/?enterprise=abc');
});

it('answers 503 with what to run when the console is not built, and leaves the API alone', async () => {
  const res = await fetch(`${unbuilt.url}/console/`);
  expect(res.status).toBe(503);
  expect(((await res.json()) as { detail: string }).detail).toContain('npm run build');
  expect((await fetch(`${unbuilt.url}/healthz`)).status).toBe(200);
});
