import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import axe from 'axe-core';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createCounterfoilClient } from '../../clients/typescript/index';
import { registerDevIdentityProvider } from '../../src/dev-idp/setup';
import { uuidv7 } from '../../src/ids';
import { freePort } from '../../temporal/dev-server';
import { call } from '../helpers/app';
import { Org, TOKEN_EXCHANGE, USER_REF, startGovernedHarness, type GovernedHarness } from '../workflows/withdrawal-fixtures';

/** Debian's Chromium, headless, with everything that would reach the network switched off. */
export const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'];

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** Screenshots of every screen go here (git-ignored), for a reviewer to look at. */
export const SCREENSHOT_DIR = path.join(__dirname, '..', '..', '.data', 'screenshots');

/**
 * Builds the console when its sources changed since the last build (scripts/build-console.cjs), in a
 * child process: a test file sets up its fixtures meanwhile and awaits this before the browser opens it.
 */
export function buildConsole(): Promise<void> {
  const built = new Promise<void>((resolve, reject) => {
    execFile(process.execPath, [path.join(__dirname, '..', '..', 'scripts', 'build-console.cjs'), '--if-stale'], { maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) =>
      err ? reject(new Error(`the console build failed: ${err.message}\n${stdout}${stderr}`)) : resolve(),
    );
  });
  built.catch(() => {}); // reported where it is awaited, not as an unhandled rejection meanwhile
  return built;
}

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium package (apt-get install chromium); .ci/run does.`);
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

export interface DevIdpProcess {
  issuer: string;
  stop(): Promise<void>;
}

/** The development identity provider as its own process, as a real outside party. */
export async function startDevIdpProcess(env: Record<string, string>): Promise<DevIdpProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, '..', '..', 'src', 'dev-idp', 'main.ts')], {
    env: { ...process.env, DEV_IDP_STATE_DIR: mkdtempSync(path.join(os.tmpdir(), 'counterfoil-dev-idp-')), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const issuer = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', (line) => resolve((JSON.parse(line) as { issuer: string }).issuer));
    child.once('exit', (code) => reject(new Error(`development identity provider exited (${code}): ${stderr}`)));
  });
  return {
    issuer,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Axe (axe-core) on the page as it is: serious and critical violations, described well enough to fix.
 * The engine is put into the page once (through the DevTools protocol, which the page's CSP does not
 * govern) and stays there while the single-page app navigates.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axe.source);
  const results = await page.evaluate(
    (tags) => (globalThis as unknown as { axe: typeof axe }).axe.run({ runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join('; ')})`);
}

/** A screenshot at desk and at phone width. */
export async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const size = page.viewportSize() ?? DESKTOP;
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-390.png`), fullPage: true });
  await page.setViewportSize(size);
}

/** How often the console re-reads what changes on its own, in a test's pages (src: console/src/lib/poll.ts). */
export const TEST_POLL_MS = 200;

/**
 * Signs a person in the way people do: the console's sign-in page, the development identity
 * provider's list of users, back to the console. Records the bearer token the console then sends.
 * Each call is a fresh browser context; its pages poll every TEST_POLL_MS, so a test waits on a
 * change, not on the console's interval. `prepare` readies the context before the console first loads.
 */
export async function signIn(
  browser: Browser,
  consoleUrl: string,
  who: string,
  prepare?: (context: BrowserContext) => Promise<unknown>,
): Promise<{ context: BrowserContext; page: Page; token: () => string | null }> {
  const context = await browser.newContext({ viewport: DESKTOP });
  await context.addInitScript((ms) => Object.assign(globalThis, { counterfoilPollMs: ms }), TEST_POLL_MS);
  await prepare?.(context);
  const page = await context.newPage();
  let token: string | null = null;
  page.on('request', (request) => {
    const header = request.headers().authorization;
    if (header?.startsWith('Bearer ')) token = header.slice('Bearer '.length);
  });
  await page.goto(consoleUrl);
  await page.getByRole('button', { name: /^Sign in with / }).click();
  await page.getByRole('button', { name: new RegExp(who) }).click();
  await page
    .getByRole('button', { name: 'Sign out' })
    .waitFor({ timeout: 15_000 })
    .catch(async (err: Error) => {
      throw new Error(`${who} did not get signed in: ${err.message}\nat ${page.url()}:\n${(await page.locator('body').innerText()).slice(0, 2000)}`);
    });
  return { context, page, token: () => token };
}

/**
 * A test file's world: one tenant API and Temporal worker in this process, one Chromium, the console
 * built (when stale) meanwhile. `idpPorts` are reserved for the development identity providers the file
 * starts (one per enterprise), as the API's CSP must name their origins from the start.
 */
export interface ConsoleStack {
  h: GovernedHarness;
  browser: Browser;
  idpOrigins: string[];
  stop(): Promise<void>;
}

export async function startConsoleStack(opts: { enterprises?: number; env?: Record<string, string> } = {}): Promise<ConsoleStack> {
  const consoleBuilt = buildConsole();
  const idpOrigins = await Promise.all(Array.from({ length: opts.enterprises ?? 1 }, async () => `http://127.0.0.1:${await freePort()}`));
  const [h, browser] = await Promise.all([
    startGovernedHarness({ COUNTERFOIL_CONSOLE_IDP_ORIGINS: idpOrigins.join(','), COUNTERFOIL_RATE_LIMIT_READ_PER_SECOND: '100000', ...opts.env }),
    consoleBuilt.then(launchChromium),
  ]);
  return {
    h,
    browser,
    idpOrigins,
    stop: async () => {
      await browser.close();
      await h.stop();
    },
  };
}

export interface ConsoleTenant {
  org: Org;
  idp: DevIdpProcess;
  /** The console of this enterprise at `base` (the stack's API by default). */
  consoleUrl(base?: string): string;
}

/**
 * An enterprise with the development identity provider (a process of its own) registered for console
 * sign-in. `consoleOrigins`: other origins its console is opened at (localhost, another API process).
 */
export async function consoleTenant(stack: ConsoleStack, name: string, idpOrigin: string, consoleOrigins: string[] = []): Promise<ConsoleTenant> {
  const { app } = stack.h;
  const org = await Org.create(app, name);
  const idp = await startDevIdpProcess({
    DEV_IDP_PORT: new URL(idpOrigin).port,
    DEV_IDP_CONSOLE_ORIGINS: [app.url, ...consoleOrigins].join(','),
    COUNTERFOIL_API_URL: app.url,
    DEV_IDP_CLIENT_ID: org.tenant.clientId,
    DEV_IDP_CLIENT_SECRET: org.tenant.clientSecret,
  });
  await registerDevIdentityProvider(createCounterfoilClient({ baseUrl: app.url, accessToken: () => org.token }), idp.issuer);
  return { org, idp, consoleUrl: (base = app.url) => `${base}/console/?enterprise=${org.tenant.enterpriseId}` };
}

export interface Person {
  id: string;
  name: string;
}

/**
 * People of the enterprise, each with one platform role (the console links them by e-mail on first
 * sign-in), created over the API side by side. An enterprise administrator's grant takes an action token.
 */
export async function addPeople<K extends string>(org: Org, wanted: Record<K, [name: string, role: string]>): Promise<Record<K, Person>> {
  const made = await Promise.all(
    Object.entries<[string, string]>(wanted).map(async ([key, [name, role]]) => {
      const user = await org.ok(201, 'POST', '/users', { display_name: name, email: `${name.toLowerCase().replace(/\s+/g, '.')}.${uuidv7().slice(-8)}@example.com`, scope_ref: org.enterpriseRef });
      const headers: Record<string, string> = {};
      if (role === 'enterprise-admin') {
        const grant = await org.ok(201, 'POST', '/action-tokens', { action: 'role_assignments.grant_enterprise_admin', resource_ref: `users/${user.id}` });
        headers['x-action-token'] = grant.token;
      }
      await org.ok(
        201,
        'POST',
        '/role-assignments',
        { principal_ref: `users/${user.id}`, role_ref: `roles/${org.tenant.roleIds[role]}`, scope_ref: org.enterpriseRef, scope_anchor_kind: 'explicit', scope_propagation: 'subtree' },
        headers,
      );
      return [key, { id: user.id as string, name }] as const;
    }),
  );
  return Object.fromEntries(made) as Record<K, Person>;
}

/** A person's own token (the service account's user-ref exchange), for what they do over the API as an integration would. */
export async function tokenOf(org: Org, person: Person): Promise<string> {
  const res = await call(org.app.url, 'POST', '/oauth/token', {
    body: { grant_type: TOKEN_EXCHANGE, client_id: org.tenant.clientId, client_secret: org.tenant.clientSecret, subject_token: `users/${person.id}`, subject_token_type: USER_REF },
  });
  if (res.status !== 200) throw new Error(`token exchange for ${person.name}: ${res.status} ${res.text}`);
  return res.body.access_token;
}

/** References the console should show by name: a person's, a client's, an account's, a destination's, a role's. */
export const RAW_REF = /\b(users|service-accounts|clients|client-accounts|withdrawal-destinations|roles)\/[0-9a-f]{8}-[0-9a-f-]{27}/g;
/** On the governance screens, rules and policy changes by name too (the audit log still shows their references). */
export const GOVERNANCE_RAW_REF = /\b(users|service-accounts|clients|client-accounts|withdrawal-destinations|roles|policy-rules|policy-changes)\/[0-9a-f]{8}-[0-9a-f-]{27}/g;

/** Until every loader on the page has finished (a screen can show several at once). */
export async function settled(page: Page): Promise<void> {
  await page
    .waitForFunction(() => !(globalThis as unknown as { document: { querySelector(s: string): unknown } }).document.querySelector('.loading'), undefined, { timeout: 30_000 })
    .catch(async (err: Error) => {
      throw new Error(`still loading: ${err.message}\n${await page.locator('main').innerText()}`);
    });
}

export async function expectNamed(page: Page, screen: string, raw = RAW_REF): Promise<void> {
  expect({ screen, raw: (await page.locator('main').innerText()).match(raw) ?? [] }).toEqual({ screen, raw: [] });
}

export async function expectAccessible(page: Page, screen: string): Promise<void> {
  expect({ screen, violations: await accessibilityViolations(page) }).toEqual({ screen, violations: [] });
}

/** The screen as it is: no raw reference in its text, axe clean at desk and phone width, screenshotted at both. */
export async function checkScreen(page: Page, screen: string, raw = RAW_REF): Promise<void> {
  await settled(page);
  await expectNamed(page, screen, raw);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // Each width once: axe, then the screenshot of what axe saw.
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    expect({ screen, width: size.width, violations: await accessibilityViolations(page) }).toEqual({ screen, width: size.width, violations: [] });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${screen}-${size.width}.png`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

/** A screen through the navigation (in the app: the token lives in memory, a full page load would sign in again). */
export async function openScreen(page: Page, link: string, heading = link): Promise<void> {
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('link', { name: link, exact: true }).click();
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  await settled(page);
}

/** Until `read()` gives what `done` wants (what a decision sets off runs after the answer): polled, never slept on. */
export async function until<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
