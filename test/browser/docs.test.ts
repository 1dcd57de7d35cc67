import type { Browser, Page } from 'playwright-core';
import { call, startTestApp, type TestApp } from '../helpers/app';
import { launchChromium } from './harness';

/*
 * The hosted API reference (/docs) and a problem page, in Debian's Chromium: they render from this
 * deployment alone, under the policy the server sends, with no Content-Security-Policy violation and
 * no request to anything but the API itself.
 */

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** Opens a page, recording every request and every CSP violation the page reports. */
const errors: string[] = [];
async function open(url: string): Promise<{ page: Page; requests: string[]; violations: string[] }> {
  const page = await browser.newPage();
  const requests: string[] = [];
  const violations: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  // The event reaches the page's own listeners too; collected here through an exposed binding.
  await page.exposeBinding('reportViolation', (_source, v: string) => violations.push(v));
  await page.addInitScript(() => {
    const g = globalThis as unknown as {
      document: { addEventListener(type: string, listener: (e: { violatedDirective: string; blockedURI: string }) => void): void };
      reportViolation(v: string): void;
    };
    g.document.addEventListener('securitypolicyviolation', (e) => g.reportViolation(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await page.goto(url);
  return { page, requests, violations };
}

const foreign = (requests: string[]) => requests.filter((u) => new URL(u).hostname !== '127.0.0.1' && !u.startsWith('blob:') && !u.startsWith('data:'));

it('/docs renders the reference from /openapi.json: operations, webhooks, no CSP violation, nothing leaves 127.0.0.1', async () => {
  const { page, requests, violations } = await open(`${app.url}/docs`);
  // Redoc renders the document's title, then an operation and a webhook entry in its menu. Laying out a
  // document this size takes Redoc several seconds of one core, and a minute or more on a busy 2-core VM.
  await page
    .getByRole('heading', { name: /Counterfoil tenant API/ })
    .first()
    .waitFor({ timeout: 150_000 })
    .catch(async (err: Error) => {
      throw new Error(`${err.message}\nviolations: ${violations.join('\n')}\nerrors: ${errors.join('\n')}\n${(await page.locator('body').innerText()).slice(0, 1000)}`);
    });
  // Menu entries of collapsed groups are in the page but hidden.
  await page.getByText('Get an enterprise', { exact: true }).first().waitFor({ state: 'attached' });
  await page.getByText('operations.withdrawal.settled.v1', { exact: true }).first().waitFor({ state: 'attached' });
  expect(requests).toContain(`${app.url}/openapi.json`);
  // Its styles apply: the injected <style> elements carry this answer's nonce.
  expect(await page.locator('style[data-styled]').count()).toBeGreaterThan(0);
  expect({ violations, foreign: foreign(requests) }).toEqual({ violations: [], foreign: [] });
  await page.close();
}, 240_000);

it('a problem type URL resolves to the page of its code', async () => {
  const refused = await call(app.url, 'GET', '/enterprises');
  expect(refused.body.type).toBe('/docs/problems/Unauthorized');
  const { page, requests, violations } = await open(new URL(refused.body.type, app.url).toString());
  await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Unauthorized');
  await expect(page.locator('.title').innerText()).resolves.toBe('Unauthorized · HTTP 401');
  // The stylesheet loaded (same origin) and applied.
  const maxWidth = await page.locator('main').evaluate((m) => (globalThis as unknown as { getComputedStyle(e: unknown): { maxWidth: string } }).getComputedStyle(m).maxWidth);
  expect(maxWidth).not.toBe('none');
  expect({ violations, foreign: foreign(requests) }).toEqual({ violations: [], foreign: [] });
  await page.close();
});

it('every error code has a page, an unknown one is a 404 problem; pages carry a strict policy', async () => {
  const index = await call(app.url, 'GET', '/docs/problems/');
  expect(index.status).toBe(200);
  for (const code of ['EdgeBadRequest', 'EdgeNotFound', 'TemporarilyUnavailable']) expect(index.text).toContain(`/docs/problems/${code}`);
  const missing = await call(app.url, 'GET', '/docs/problems/NoSuchCode');
  expect({ status: missing.status, code: missing.body.code }).toEqual({ status: 404, code: 'EdgeNotFound' });
  const reference = await call(app.url, 'GET', '/docs/');
  const policy = reference.headers.get('content-security-policy')!;
  expect(policy).toMatch(/script-src 'self';/);
  expect(policy).toMatch(/style-src 'self' 'nonce-[A-Za-z0-9+/=]+'( 'sha256-[A-Za-z0-9+/=]+')*;/);
  expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
});
