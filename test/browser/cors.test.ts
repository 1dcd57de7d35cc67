import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { uuidv7 } from '../../src/ids';
import { LATEST_API_VERSION } from '../../src/versions';
import { createTenant, startTestApp, tokenFor, type Tenant, type TestApp } from '../helpers/app';
import { launchChromium } from './harness';

/*
 * CORS as a browser enforces it: a page served from another origin calls the tenant API with fetch, a
 * request the browser must preflight (a JSON body, Authorization, Idempotency-Key). From an origin of
 * COUNTERFOIL_CORS_ORIGINS it reads the answer and the exposed headers; from any other the browser
 * stops at the preflight and the request is never sent.
 */

/** The integrator's page: its script posts a client and reports what the browser lets it read. */
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Integrator page</title></head><body>
<script>
async function createClient(api, token, key, body) {
  try {
    const res = await fetch(api + '/clients', {
      method: 'POST',
      headers: { Authorization: 'Bearer ' + token, 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify(body),
    });
    const header = (name) => res.headers.get(name);
    return { status: res.status, requestId: header('X-Request-Id'), replayed: header('Idempotent-Replayed'), etag: header('ETag'),
             rateLimit: header('RateLimit'), version: header('Counterfoil-Version'), vary: header('Vary'), text: await res.text() };
  } catch (e) {
    return { error: e.name + ': ' + e.message };
  }
}
</script></body></html>`;

interface PageServer {
  origin: string;
  close(): Promise<void>;
}

/** A page's own origin: a plain HTTP server on another port than the API's. */
async function servePage(): Promise<PageServer> {
  const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

type Seen = { method: string; url: string; origin?: string; requestHeaders?: string };
type PageAnswer = { status: number; requestId: string | null; replayed: string | null; etag: string | null; rateLimit: string | null; version: string | null; vary: string | null; text: string } & { error?: string };

let allowed: PageServer;
let stranger: PageServer;
let app: TestApp;
let browser: Browser;
let tenant: Tenant;
let token: string;
const seen: Seen[] = [];

beforeAll(async () => {
  [allowed, stranger] = await Promise.all([servePage(), servePage()]);
  browser = await launchChromium();
  app = await startTestApp({ COUNTERFOIL_CORS_ORIGINS: allowed.origin });
  // What reached the API, in order (the browser's preflights included).
  app.server.server.on('request', (req: http.IncomingMessage) =>
    seen.push({ method: req.method!, url: req.url!, origin: req.headers.origin, requestHeaders: req.headers['access-control-request-headers'] as string | undefined }),
  );
  tenant = await createTenant(app.services, 'Browser Integrator Ltd');
  token = await tokenFor(app.url, tenant);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await allowed?.close();
  await stranger?.close();
});

async function openPage(origin: string): Promise<{ page: Page; consoleErrors: string[] }> {
  const page = await browser.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
  await page.goto(`${origin}/`);
  return { page, consoleErrors };
}

const createFrom = (page: Page, key: string, externalId: string) =>
  page.evaluate(
    ([api, bearer, k, body]) => (globalThis as unknown as { createClient(...a: unknown[]): Promise<PageAnswer> }).createClient(api, bearer, k, body),
    [app.url, token, key, { display_name: 'Browser Client', external_id: externalId, metadata: {}, scope_ref: `enterprises/${tenant.enterpriseId}` }] as const,
  );

it('a page on an allowed origin posts through the preflight and reads the body and the exposed headers', async () => {
  const { page } = await openPage(allowed.origin);
  const key = uuidv7();
  const externalId = `browser-${key}`;
  seen.length = 0;
  const first = await createFrom(page, key, externalId);
  const replay = await createFrom(page, key, externalId);

  expect(first.error).toBeUndefined();
  expect(first.status).toBe(201);
  const body = JSON.parse(first.text);
  expect(body).toMatchObject({ resource: 'client', display_name: 'Browser Client', external_id: externalId, scope_ref: `enterprises/${tenant.enterpriseId}` });
  // Exposed: the page reads them. Vary is neither safelisted nor exposed, so the browser hides it.
  expect(first.requestId).toMatch(/^[0-9a-f-]{36}$/);
  expect(first.etag).toBe(body.etag);
  expect(first.rateLimit).toMatch(/^"write";r=\d+;t=\d+$/);
  expect(first.version).toBe(LATEST_API_VERSION);
  expect(first.replayed).toBeNull();
  expect(first.vary).toBeNull();
  // The replay under the same key: the same bytes, marked as a replay, under a request id of its own.
  expect([replay.status, replay.replayed, replay.text]).toEqual([201, 'true', first.text]);
  expect(replay.requestId).not.toBe(first.requestId);

  // The browser asked first (OPTIONS with the request's headers), then sent the POST; once per call or
  // once in all, as Chromium may cache the preflight for Access-Control-Max-Age.
  expect(seen[0]).toMatchObject({ method: 'OPTIONS', url: '/clients', origin: allowed.origin });
  expect(seen[0].requestHeaders!.split(',').sort()).toEqual(['authorization', 'content-type', 'idempotency-key']);
  expect(seen.filter((s) => s.method === 'POST').map((s) => s.origin)).toEqual([allowed.origin, allowed.origin]);
  const [{ count }] = await app.services.sql`select count(*)::int as count from clients where external_id = ${externalId}`;
  expect(count).toBe(1);
  await page.close();
});

it('a page on an origin not listed is stopped by the browser at the preflight: the POST is never sent', async () => {
  const { page, consoleErrors } = await openPage(stranger.origin);
  const externalId = `stranger-${uuidv7()}`;
  seen.length = 0;
  const answer = await createFrom(page, uuidv7(), externalId);

  expect(answer).toEqual({ error: 'TypeError: Failed to fetch' });
  expect(consoleErrors.join('\n')).toContain(`from origin '${stranger.origin}' has been blocked by CORS policy`);
  expect(seen.map((s) => [s.method, s.url, s.origin])).toEqual([['OPTIONS', '/clients', stranger.origin]]);
  const [{ count }] = await app.services.sql`select count(*)::int as count from clients where external_id = ${externalId}`;
  expect(count).toBe(0);
  await page.close();
});
