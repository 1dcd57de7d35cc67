import { gzipSync } from 'node:zlib';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { uuidv7 } from '../../src/ids';
import { call, startTestApp, type TestApp } from '../helpers/app';
import type { GovernedHarness, Org } from '../workflows/withdrawal-fixtures';
import { OutboxDispatcher } from '../../src/domain/webhooks/dispatcher';
import {
  SCREENSHOT_DIR,
  accessibilityViolations,
  addPeople,
  checkScreen,
  consoleTenant,
  expectAccessible,
  expectNamed,
  screenshots,
  settled,
  signIn,
  startConsoleStack,
  tokenOf,
  type ConsoleStack,
  type ConsoleTenant,
  type Person,
  until,
} from './harness';

// Generous limits, not timings: a loaded 2-core machine can make a browser tour several times slower.
jest.setTimeout(180_000);

/*
 * The web console in Debian's Chromium: people sign in through the development OpenID provider
 * (a process of its own), approve, create API keys; axe checks every screen and screenshots go to
 * .data/screenshots at 1280 and 390 px. Then how a session ends without signing out (a second API
 * process with 10-second tokens), and the passkey step-up through Chromium's virtual authenticator.
 * One tenant, one API and worker, one browser for the file; a fresh browser context per test.
 */

// Long enough to sign in and see the first page on a loaded machine; the console signs out at 9/10 of it.
const TOKEN_TTL_SECONDS = 10;

let stack: ConsoleStack;
let h: GovernedHarness;
let tenant: ConsoleTenant;
let org: Org;
let browser: Browser;
let dispatcher: OutboxDispatcher | undefined;
/** The same enterprise through an API process whose access tokens live TOKEN_TTL_SECONDS. */
let shortLived: TestApp;
let consoleUrl: string;
let account: string;
let accountName: string;
let destination: string;
let people: Record<'admin' | 'initiator' | 'approver' | 'developer' | 'viewer' | 'passkeyHolder', Person>;
let initiatorToken: string;

async function pendingWithdrawal(token: string, value: string): Promise<{ id: string; approvalRef: string }> {
  const res = await org.withdraw(account, destination, value, token);
  expect(res.status).toBe(201);
  expect(res.body.status).toBe('pending_approval');
  return { id: res.body.id, approvalRef: res.body.approval_ref };
}

/** Opens a record's detail page from its list, in the app (the token lives in memory: no full page load). */
async function openRecord(page: Page, list: string, singular: string, id: string): Promise<void> {
  await page.getByRole('link', { name: list, exact: true }).click();
  await page.getByRole('heading', { name: list, level: 1 }).waitFor();
  await page.getByRole('link', { name: `Open ${singular.toLowerCase()} ${id}` }).click();
  await page.getByRole('heading', { name: singular, level: 1 }).waitFor();
  await settled(page);
}

let initiatorPending: { id: string; approvalRef: string };
let approverPending: { id: string; approvalRef: string };
let cancelPending: { id: string; approvalRef: string };
let transferId: string;
let conversionId: string;

beforeAll(async () => {
  stack = await startConsoleStack({ env: { COUNTERFOIL_TEMPORAL_UI_URL: 'http://127.0.0.1:8233' } });
  ({ h, browser } = stack);
  const [idpOrigin] = stack.idpOrigins;
  shortLived = await startTestApp({
    COUNTERFOIL_CONSOLE_IDP_ORIGINS: idpOrigin,
    COUNTERFOIL_ACCESS_TOKEN_TTL_SECONDS: String(TOKEN_TTL_SECONDS),
    COUNTERFOIL_RATE_LIMIT_TOKEN_PER_SECOND: '1000',
  });
  // WebAuthn refuses IP-address origins: the passkey tests open the console at localhost.
  tenant = await consoleTenant(stack, 'Console Browser Ltd', idpOrigin, [h.app.url.replace('127.0.0.1', 'localhost'), shortLived.url]);
  ({ org } = tenant);
  consoleUrl = tenant.consoleUrl();

  let client: string;
  [people, [client, account], destination] = await Promise.all([
    addPeople(org, {
      admin: ['Ada Admin', 'enterprise-admin'],
      initiator: ['Omar Operator', 'operator'],
      approver: ['Amara Approver', 'approver'],
      developer: ['Dev Developer', 'developer'],
      viewer: ['Vic Viewer', 'viewer'],
      passkeyHolder: ['Paz Passkey', 'approver'],
    }),
    org.newClient(),
    org.destination(org.enterpriseRef),
  ]);
  const [, [, other]] = await Promise.all([
    org.rule({ scope_ref: client, order: 1, conditions: { amount_at_least: { currency: 'USDC', value: '100.00' } }, effect: org.approvalEffect() }),
    org.newClient(),
    org.fund(account, '5000.00'),
    // Nothing listens on port 9: with the outbox dispatched, this subscription's deliveries wait in its lane.
    org.ok(201, 'POST', '/webhook-subscriptions', { url: 'http://127.0.0.1:9/hooks', event_types: ['approvals.approval.pending.v1'], scope_ref: org.enterpriseRef }),
  ]);
  accountName = (await org.ok(200, 'GET', `/${account}`)).display_name;
  dispatcher = new OutboxDispatcher(h.app.services);
  await dispatcher.start();

  initiatorToken = await tokenOf(org, people.initiator);
  // One after another: each holds part of the same account's balance.
  approverPending = await pendingWithdrawal(initiatorToken, '150.00');
  initiatorPending = await pendingWithdrawal(initiatorToken, '275.00');
  cancelPending = await pendingWithdrawal(initiatorToken, '180.00');
  const conversion = { account_ref: account, from_amount: { currency: 'USDC', value: '100' }, to_currency: 'EUR' };
  const [transfer, quote] = await Promise.all([
    org.ok(201, 'POST', '/internal-transfers', { amount: { currency: 'USDC', value: '12.50' }, source_ref: account, target_ref: other }, { 'idempotency-key': uuidv7() }),
    org.ok(201, 'POST', '/conversions/preview', conversion),
  ]);
  transferId = transfer.id;
  conversionId = (await org.ok(201, 'POST', '/conversions', { ...conversion, quote_id: quote.id }, { 'idempotency-key': uuidv7() })).id;
}, 180_000);

afterAll(async () => {
  await tenant?.idp.stop();
  await dispatcher?.stop();
  await shortLived?.close();
  await stack?.stop();
});

it('serves under 300 KB of compressed JavaScript, with a strict CSP and cached hashed assets', async () => {
  const dist = path.join(__dirname, '..', '..', 'console', 'dist', 'assets');
  const js = readdirSync(dist).filter((f) => f.endsWith('.js'));
  const gzipped = js.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length, 0);
  expect(gzipped).toBeLessThan(300 * 1024);

  const index = await fetch(`${h.app.url}/console/approvals`);
  const csp = index.headers.get('content-security-policy')!;
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-inline');
  expect(await index.text()).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  const asset = await fetch(`${h.app.url}/console/assets/${js[0]}`, { headers: { 'accept-encoding': 'gzip' } });
  expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
});

it('an approver signs in, sees the withdrawal another user initiated, approves it with the action-token step, and sees it executed', async () => {
  const { context, page } = await signIn(browser, consoleUrl, people.approver.name);
  try {
    await page.getByRole('heading', { name: 'Approvals', level: 1 }).waitFor();
    const card = page.getByRole('article').filter({ hasText: '150.00' });
    await card.waitFor();
    // The initiator by name, the reference on hover; amounts in the locale with the asset's decimals (USDC: 6).
    await card.getByText(people.initiator.name, { exact: true }).waitFor();
    expect(await card.locator(`[title="users/${people.initiator.id}"]`).count()).toBe(1);
    await card.getByText('150.000000 USDC', { exact: true }).first().waitFor();
    await expectNamed(page, 'approvals');
    await expectAccessible(page, 'approvals');
    await screenshots(page, 'approvals-inbox');

    await card.getByRole('button', { name: 'Approve…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm approval' });
    await dialog
      .getByText(/Approve the withdrawal of 150\.0+ USDC to Treasury wallet \(0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed\)\?/)
      .waitFor({ timeout: 10_000 })
      .catch(async (err: Error) => {
        throw new Error(`${err.message}\n${await dialog.innerText().catch(() => '(no dialog)')}\n${await page.locator('main').innerText()}`);
      });
    await expectAccessible(page, 'approval confirmation');
    await screenshots(page, 'approval-confirmation');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.getByRole('status').filter({ hasText: /is now approved/ }).waitFor();

    await card.getByRole('link', { name: 'Open the withdrawal' }).click();
    await page.getByRole('heading', { name: 'Withdrawal', level: 1 }).waitFor();
    // The detail page refreshes itself until the workflow has settled the withdrawal.
    await page.locator('dd .status-executed').first().waitFor({ timeout: 30_000 });
    // Ledger effects: the hold, posted, and the settlement's debit of the account and credit to the outside.
    await page.getByRole('region', { name: 'Holds' }).locator('.status-posted').waitFor();
    await page.getByRole('region', { name: 'Postings' }).getByText(`system/${org.tenant.enterpriseId}/external_withdrawals`).waitFor();
    const workflow = page.getByRole('link', { name: `withdrawal/${approverPending.id} in the Temporal UI` });
    expect(await workflow.getAttribute('href')).toBe(`http://127.0.0.1:8233/namespaces/default/workflows/withdrawal%2F${approverPending.id}`);
    await expectAccessible(page, 'withdrawal detail');
    await screenshots(page, 'withdrawal-detail');
    expect((await org.ok(200, 'GET', `/withdrawals/${approverPending.id}`)).status).toBe('executed');
  } finally {
    await context.close();
  }
});

it('the initiator reviews fees and policy, then a double click on confirm makes one withdrawal', async () => {
  const { context, page } = await signIn(browser, consoleUrl, people.initiator.name);
  try {
    await page.getByRole('link', { name: 'Withdrawals', exact: true }).click();
    const form = page.getByRole('form', { name: 'New withdrawal' });
    // Two accounts of the enterprise share a label: each option says whose it is and the end of its id.
    const from = form.getByLabel('From account');
    await from.waitFor();
    const labels = await from.locator('option').allInnerTexts();
    expect(new Set(labels).size).toBe(labels.length);
    const label = await from.locator(`option[value="${account}"]`).innerText();
    expect([label.slice(0, accountName.length + 3), label.slice(-7)]).toEqual([`${accountName} · `, `…${account.slice(-6)}`]);
    await from.selectOption(account);
    await form.getByLabel('To destination').selectOption({ label: 'Treasury wallet · USDC on ethereum' });
    await form.getByLabel('Amount').fill('123.45');
    await form.getByRole('button', { name: 'Review fees and policy' }).click();
    // The rule sends 100 USDC or more to an approver: the person sees it before confirming.
    await form.getByText('Needs approval').waitFor();
    await expectAccessible(page, 'withdrawal review');
    await screenshots(page, 'withdrawal-review');
    await form.getByRole('button', { name: 'Confirm the withdrawal' }).dblclick();
    await page.getByRole('status').filter({ hasText: /^Withdrawal [0-9a-f-]{36} is pending approval\.$/ }).waitFor();
    const listed = await org.ok(200, 'GET', `/withdrawals?account_ref=${account}&page_size=100`);
    expect(listed.items.filter((w: { principal_amount: { value: string } }) => /^123\.450*$/.test(w.principal_amount.value))).toHaveLength(1);
  } finally {
    await context.close();
  }
});

it('the initiator is offered no approval of its own withdrawal', async () => {
  const { context, page } = await signIn(browser, consoleUrl, people.initiator.name);
  try {
    await page.getByText('Nothing waits for your decision.').waitFor();
    await page.getByRole('button', { name: 'All pending' }).click();
    const card = page.getByRole('article').filter({ hasText: '275.00' });
    await card.waitFor();
    expect(await card.getByRole('button', { name: /Approve/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Approve|Reject/ }).count()).toBe(0);
  } finally {
    await context.close();
  }
});

it('a developer who may convert creates an API key and reads its private key once', async () => {
  // The key converts on its account: whoever issues it must hold what it can do there.
  const converter = await org.ok(201, 'POST', '/roles', { name: `converter-${uuidv7()}`, description: 'Converts', permissions: ['conversions.create'], scope_ref: org.enterpriseRef });
  await org.ok(201, 'POST', '/role-assignments', { principal_ref: `users/${people.developer.id}`, role_ref: `roles/${converter.id}`, scope_ref: org.enterpriseRef });
  const { context, page } = await signIn(browser, consoleUrl, people.developer.name);
  try {
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
    await page.getByLabel('Client').selectOption({ index: 1 });
    await page.getByLabel('Label').fill('Treasury bot');
    await page.getByRole('textbox', { name: 'IP allowlist' }).fill('203.0.113.7 10.0.0.0/8');
    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your new API key' });
    const privateKey = await dialog.getByLabel(/Private key/).inputValue();
    expect(Buffer.from(privateKey, 'base64').length).toBe(48); // Ed25519 PKCS#8 DER
    await expectAccessible(page, 'new API key');
    await screenshots(page, 'api-key-created');
    await dialog.getByRole('button', { name: 'I have saved the private key' }).click();
    await page.getByRole('cell', { name: 'Treasury bot', exact: true }).waitFor();
    expect(await page.content()).not.toContain(privateKey);
    const listed = await org.ok(200, 'GET', '/api-keys?status=active');
    const key = listed.items.find((k: { label: string }) => k.label === 'Treasury bot');
    expect(key).toMatchObject({ ip_allowlist: ['203.0.113.7', '10.0.0.0/8'] });
    expect(JSON.stringify(await org.ok(200, 'GET', `/api-keys/${key.id}`))).not.toContain(privateKey);
  } finally {
    await context.close();
  }
});

it('a viewer sees no approve or create buttons, and the API refuses the calls anyway', async () => {
  const { context, page, token } = await signIn(browser, consoleUrl, people.viewer.name);
  try {
    await page.getByRole('button', { name: 'All pending' }).click();
    await page.getByRole('article').filter({ hasText: '275.00' }).waitFor();
    expect(await page.getByRole('button', { name: /Approve|Reject/ }).count()).toBe(0);
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: 'Create API key' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Balances' }).click();
    await page.getByRole('heading', { name: 'Balances', level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: 'Transfer' }).count()).toBe(0);
    await openRecord(page, 'Withdrawals', 'Withdrawal', initiatorPending.id);
    await page.locator('dd .status-pending_approval').waitFor();
    expect(await page.getByRole('button', { name: /Cancel the/ }).count()).toBe(0);

    const viewer = token()!;
    const refusals = [
      await call(h.app.url, 'POST', '/action-tokens', { token: viewer, body: { action: 'approvals.approve', resource_ref: initiatorPending.approvalRef } }),
      await call(h.app.url, 'POST', `/${initiatorPending.approvalRef}/approve`, { token: viewer, headers: { 'x-action-token': 'none' } }),
      await call(h.app.url, 'POST', '/api-keys', { token: viewer, body: { client_ref: `clients/${uuidv7()}`, label: 'x' } }),
      await call(h.app.url, 'POST', `/withdrawals/${initiatorPending.id}/cancel`, { token: viewer }),
    ];
    expect(refusals.map((r) => [r.status, r.body.code])).toEqual([
      [403, 'EdgeForbidden'],
      [403, 'EdgeForbidden'],
      [403, 'EdgeForbidden'],
      [403, 'EdgeForbidden'],
    ]);
  } finally {
    await context.close();
  }
});

it('the initiator cancels its pending withdrawal from the detail page, and its hold is released', async () => {
  const { context, page } = await signIn(browser, consoleUrl, people.initiator.name);
  try {
    await openRecord(page, 'Withdrawals', 'Withdrawal', cancelPending.id);
    await page.getByRole('region', { name: 'Holds' }).locator('.status-pending').waitFor();
    await page.getByRole('button', { name: 'Cancel the withdrawal…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel the withdrawal' });
    await dialog.getByText(`Cancel the withdrawal of 180.000000 USDC from ${accountName}?`).waitFor();
    await expectAccessible(page, 'cancel confirmation');
    await screenshots(page, 'withdrawal-cancel-confirmation');
    await dialog.getByRole('button', { name: 'Yes, cancel the withdrawal' }).click();
    await page.getByRole('status').filter({ hasText: 'The withdrawal is now cancelled.' }).waitFor();
    await page.locator('dd .status-cancelled').first().waitFor();
    await page.getByRole('region', { name: 'Holds' }).locator('.status-voided').waitFor();
    expect(await page.getByRole('button', { name: /Cancel the/ }).count()).toBe(0);
    expect((await org.ok(200, 'GET', `/withdrawals/${cancelPending.id}`)).status).toBe('cancelled');
    expect((await org.ok(200, 'GET', `/${cancelPending.approvalRef}`)).status).toBe('cancelled');
  } finally {
    await context.close();
  }
});

it('every screen passes axe at 1280 and 390 px, and is screenshotted at both', async () => {
  const { context, page, token } = await signIn(browser, consoleUrl, people.admin.name);
  const screens: Array<[string, string, string]> = [
    ['approvals', '/console/approvals', 'Approvals'],
    ['withdrawals', '/console/withdrawals', 'Withdrawals'],
    ['internal-transfers', '/console/internal-transfers', 'Internal transfers'],
    ['conversions', '/console/conversions', 'Conversions'],
    ['balances', '/console/balances', 'Balances'],
    ['api-keys', '/console/api-keys', 'API keys'],
    ['webhooks', '/console/webhooks', 'Webhooks'],
    ['audit', '/console/audit', 'Audit log'],
    ['people', '/console/people', 'People and roles'],
  ];
  try {
    // Keyboard first: the first Tab reaches the skip link, which moves focus to the content.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { textContent: string } } }).document.activeElement.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { id: string } } }).document.activeElement.id)).toBe('main');
    for (const [name, pathname, title] of screens) {
      // In-app navigation (the token lives in memory: a full page load would sign the person in again).
      await page.getByRole('link', { name: title, exact: true }).click();
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe(pathname);
      // A screen can show more than one loader at once (a locator waiting for "the" loader is then ambiguous).
      await settled(page);
      if (name === 'webhooks') {
        await page.getByRole('button', { name: 'Deliveries' }).first().click();
        await settled(page);
        // The failing receiver's backlog: how many wait, since when, and when it is next tried.
        await page.getByText(/^The receiver is failing: \d+ deliver(y waits|ies wait), the oldest since /).waitFor();
      }
      if (name === 'balances') {
        // Per-asset totals over the accounts listed, with thousands separators (the funded account holds thousands).
        await page.getByRole('region', { name: 'Totals per asset' }).getByRole('cell', { name: /^\d{1,3}(,\d{3})+\.\d{6}$/ }).first().waitFor();
      }
      await checkScreen(page, name);
      if (name === 'audit') {
        // Who by part of a person's name: the API looks the name up (a name sent as a reference was a 400), and the entries listed are that person's.
        const answered = page.waitForResponse((r) => r.url().endsWith('/user-action-audit-entries/search'));
        await page.getByLabel('Who').fill(' amara ');
        await page.getByRole('button', { name: 'Search', exact: true }).click();
        const response = await answered;
        expect(response.status()).toBe(200);
        const answer = await response.json();
        expect(answer.items.length).toBeGreaterThan(0);
        expect(new Set(answer.items.map((e: any) => e.subject_attribution.subject.id))).toEqual(new Set([people.approver.id]));
        await page.getByRole('region', { name: 'Audit entries' }).getByText(people.approver.name).first().waitFor();
      }
    }
    // The detail page of each family, with its ledger effects.
    const details: Array<[string, string, string, string]> = [
      ['withdrawal-detail', 'Withdrawals', 'Withdrawal', approverPending.id],
      ['internal-transfer-detail', 'Internal transfers', 'Internal transfer', transferId],
      ['conversion-detail', 'Conversions', 'Conversion', conversionId],
    ];
    for (const [name, list, singular, id] of details) {
      await openRecord(page, list, singular, id);
      await page.getByRole('region', { name: 'Postings' }).waitFor();
      await checkScreen(page, name);
    }
    // Sign-out ends the session: the token is revoked at Counterfoil, and the identity provider's session ends.
    const signedIn = token()!;
    expect((await call(h.app.url, 'GET', '/me/navigation', { token: signedIn })).status).toBe(200);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await page.getByRole('button', { name: /^Sign in with / }).waitFor();
    const refused = await call(h.app.url, 'GET', '/me/navigation', { token: signedIn });
    expect([refused.status, refused.body.detail]).toEqual([401, 'The access token was revoked.']);
    await expectAccessible(page, 'sign-in at 1280 px');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page, 'sign-in at 390 px');
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshots(page, 'sign-in');
  } finally {
    await context.close();
  }
  expect(existsSync(path.join(SCREENSHOT_DIR, 'people-390.png'))).toBe(true);
});

describe('a session that ends without signing out', () => {
  it('an expired token sends the person back to sign in, saying why', async () => {
    const { context, page, token } = await signIn(browser, tenant.consoleUrl(shortLived.url), people.viewer.name);
    try {
      await page.getByRole('heading', { name: 'Approvals', level: 1 }).waitFor();
      const issued = token()!;
      await page.getByText('Your session expired. Sign in again.').waitFor({ timeout: (TOKEN_TTL_SECONDS + 20) * 1000 });
      await page.getByRole('button', { name: /^Sign in with / }).waitFor();
      expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
      // The console lets the token go a little before it lapses; the API refuses it once it has.
      const { exp } = JSON.parse(Buffer.from(issued.split('.')[1], 'base64url').toString('utf8')) as { exp: number };
      await new Promise((r) => setTimeout(r, Math.max(0, exp * 1000 - Date.now() + 1000)));
      const refused = await call(shortLived.url, 'GET', '/me/navigation', { token: issued });
      expect([refused.status, refused.body.detail]).toEqual([401, 'The access token is invalid or has expired.']);
      expect(await accessibilityViolations(page)).toEqual([]);
      await screenshots(page, 'session-expired');
    } finally {
      await context.close();
    }
  });

  it('a token revoked elsewhere ends the session at the next call', async () => {
    const { context, page, token } = await signIn(browser, tenant.consoleUrl(shortLived.url), people.viewer.name);
    try {
      await page.getByRole('heading', { name: 'Approvals', level: 1 }).waitFor();
      const revoked = await call(shortLived.url, 'POST', '/oauth/revoke', { body: { token: token()! } });
      expect(revoked.status).toBe(200);
      // The next call is the approvals count's poll (or whatever the person does first): it is answered 401.
      await page.getByText('Signed out: The access token was revoked.').waitFor();
      await page.getByRole('button', { name: /^Sign in with / }).waitFor();
    } finally {
      await context.close();
    }
  });
});

/*
 * The passkey step-up with Chromium's virtual authenticator (the DevTools WebAuthn domain), once the
 * enterprise turns passkey_step_up on (last in the file: every approval from here on needs a passkey).
 * One signed-in session for the describe: the second test answers with the passkey enrolled in the first.
 */
describe('passkey step-up', () => {
  let session: Awaited<ReturnType<typeof signIn>>;
  /** The console's answer to its first passkey challenge, as it sent it. */
  let captured: { challenge_id: string; credential: unknown };

  type Answer = { challenge_id: string; credential: unknown };
  /** The passkey answers the console has sent (recorded in the page: the DevTools network events omit a fetch's body). */
  const answers = (page: Page) => page.evaluate(() => (globalThis as unknown as { counterfoilPasskeyAnswers: Answer[] }).counterfoilPasskeyAnswers);

  const card = (page: Page, value: string) => page.getByRole('article').filter({ hasText: value });

  async function approve(page: Page, value: string) {
    await card(page, value).getByRole('button', { name: 'Approve…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm approval' });
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    return dialog;
  }

  beforeAll(async () => {
    await org.ok(200, 'PATCH', '/governance-settings', { passkey_step_up: true });
    session = await signIn(browser, tenant.consoleUrl(h.app.url.replace('127.0.0.1', 'localhost')), people.passkeyHolder.name, (context) =>
      context.addInitScript(() => {
        const sent: unknown[] = [];
        const original = globalThis.fetch;
        Object.assign(globalThis, { counterfoilPasskeyAnswers: sent });
        globalThis.fetch = async (input, init) => {
          const request = new Request(input, init);
          if (request.method === 'POST' && new URL(request.url).pathname === '/action-tokens/passkey') sent.push(await request.clone().json());
          return original(request);
        };
      }),
    );
    const cdp = await session.context.newCDPSession(session.page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
  });

  afterAll(async () => {
    await session?.context.close();
  });

  it('an approver is told to enrol, enrols a passkey, and approves with it', async () => {
    const { page, token } = session;
    const pending = await pendingWithdrawal(initiatorToken, '240.00');
    // Without a passkey the approval says what to do.
    await page.getByRole('heading', { name: 'Approvals', level: 1 }).waitFor();
    const refused = await approve(page, '240.00');
    await refused.getByText(/Enrol one on the Passkeys page/).or(page.getByText(/Enrol one on the Passkeys page/)).first().waitFor();
    await screenshots(page, 'approval-needs-passkey');
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'Passkeys' }).click();
    await page.getByRole('heading', { name: 'Passkeys', level: 1 }).waitFor();
    await page.getByText('No passkey yet.').waitFor();
    await page.getByRole('button', { name: 'Enrol a passkey' }).click();
    await page.getByText('Passkey enrolled.').waitFor();
    await page.getByRole('table', { name: 'Your passkeys' }).getByRole('cell', { name: 'This device', exact: true }).waitFor();
    await expectAccessible(page, 'passkeys');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page, 'passkeys at 390 px');
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshots(page, 'passkeys');

    await page.getByRole('link', { name: 'Approvals' }).click();
    await approve(page, '240.00');
    await page.getByRole('status').filter({ hasText: /is now approved/ }).waitFor();
    expect((await org.ok(200, 'GET', `/${pending.approvalRef}`)).status).toBe('approved');
    // The token came from the passkey: the plain route refuses approvals while passkey_step_up is on.
    const [used] = await h.app.services.sql`select last_used_at from passkeys where user_id = ${people.passkeyHolder.id}`;
    expect(used.last_used_at).not.toBeNull();
    const plain = await call(h.app.url, 'POST', '/action-tokens', { token: token()!, body: { action: 'approvals.approve', resource_ref: pending.approvalRef } });
    expect(plain.status).toBe(403);
    expect(plain.body.reason).toBe('passkey_required');
    [captured] = await answers(page);
    expect(captured).toMatchObject({ challenge_id: expect.any(String), credential: { type: 'public-key' } });
  });

  it('a replayed assertion is refused: as it was, and as the answer to a new challenge', async () => {
    const { page } = session;
    const pending = await pendingWithdrawal(initiatorToken, '260.00');
    await page.getByRole('heading', { name: 'Approvals', level: 1 }).waitFor();
    await card(page, '260.00').waitFor(); // the live count brings it in without a reload
    const refusals: Array<{ status: number; reason?: string }> = [];
    const replays: Array<[(fresh: { challenge_id: string }) => unknown, string]> = [
      // The captured request as it was: its challenge is spent.
      [() => captured, 'The passkey challenge is unknown, expired or already answered'],
      // The captured assertion sent as the answer to the challenge this approval asked for: signed over another one.
      [(fresh) => ({ challenge_id: fresh.challenge_id, credential: captured.credential }), 'The passkey answer was not accepted'],
    ];
    for (const [replay, refusal] of replays) {
      // The authenticator answers the new challenge; on the wire the console's answer is swapped for the old one.
      await page.route('**/action-tokens/passkey', async (route) => route.continue({ postData: JSON.stringify(replay((await answers(page)).at(-1)!)) }));
      const answered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/action-tokens/passkey');
      const dialog = await approve(page, '260.00');
      const res = await answered;
      refusals.push({ status: res.status(), reason: (await res.json()).reason });
      await dialog.getByText(refusal).waitFor();
      await page.keyboard.press('Escape');
      await page.unrouteAll();
    }
    expect(refusals).toEqual([
      { status: 403, reason: 'passkey_challenge_invalid' },
      { status: 403, reason: 'passkey_not_verified' },
    ]);
    expect((await org.ok(200, 'GET', `/${pending.approvalRef}`)).status).toBe('pending');
    await screenshots(page, 'approval-passkey-replayed');

    // The same person, the same passkey, answering for itself: approved.
    await approve(page, '260.00');
    // The page still shows the earlier approval's notice: the API says when this one is decided.
    await until('the approval', () => org.ok(200, 'GET', `/${pending.approvalRef}`).then((a) => a.status), (status) => status === 'approved');
  });
});
