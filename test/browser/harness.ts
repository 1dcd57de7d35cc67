import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import axe from 'axe-core';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

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

/**
 * Signs a person in the way people do: the console's sign-in page, the development identity
 * provider's list of users, back to the console. Records the bearer token the console then sends.
 */
export async function signIn(browser: Browser, consoleUrl: string, who: string): Promise<{ context: BrowserContext; page: Page; token: () => string | null }> {
  const context = await browser.newContext({ viewport: DESKTOP });
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
