import { gzipSync } from 'node:zlib';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { uuidv7 } from '../../src/ids';
import { freePort } from '../../temporal/dev-server';
import { createCounterfoilClient } from '../../clients/typescript/index';
import { registerDevIdentityProvider } from '../../src/dev-idp/setup';
import { call } from '../helpers/app';
import { Org, startGovernedHarness, type GovernedHarness } from '../workflows/withdrawal-fixtures';
import { OutboxDispatcher } from '../../src/domain/webhooks/dispatcher';
import { SCREENSHOT_DIR, accessibilityViolations, buildConsole, launchChromium, screenshots, signIn, startDevIdpProcess, type DevIdpProcess } from './harness';

// Generous limits, not timings: a loaded 2-core machine can make a browser tour several times slower.
jest.setTimeout(180_000);

/*
 * The web console in Debian's Chromium: people sign in through the development OpenID provider
 * (a process of its own), approve, create API keys; axe checks every screen and screenshots go to
 * .data/screenshots at 1280 and 390 px. One tenant, one browser, one console build for the file.
 */

let h: GovernedHarness;
let org: Org;
let idp: DevIdpProcess;
let browser: Browser;
let dispatcher: OutboxDispatcher | undefined;
let consoleUrl: string;
let account: string;
let accountName: string;
let destination: string;
const people: Record<'admin' | 'initiator' | 'approver' | 'developer' | 'viewer', { id: string; name: string }> = {} as never;

/** A platform-managed user with one platform role at the enterprise; the console links it by e-mail on first sign-in. */
async function person(name: string, role: string): Promise<{ id: string; name: string }> {
  const user = await org.ok(201, 'POST', '/users', { display_name: name, email: `${name.toLowerCase().replace(/\s+/g, '.')}.${uuidv7().slice(-8)}@example.com`, scope_ref: org.enterpriseRef });
  const headers: Record<string, string> = {};
  if (role === 'enterprise-admin') {
    const token = await org.ok(201, 'POST', '/action-tokens', { action: 'role_assignments.grant_enterprise_admin', resource_ref: `users/${user.id}` });
    headers['x-action-token'] = token.token;
  }
  await org.ok(201, 'POST', '/role-assignments', {
    principal_ref: `users/${user.id}`,
    role_ref: `roles/${org.tenant.roleIds[role]}`,
    scope_ref: org.enterpriseRef,
    scope_anchor_kind: 'explicit',
    scope_propagation: 'subtree',
  }, headers);
  return { id: user.id, name };
}

/** The initiator's own token (service-account act-for exchange): withdrawals are created over the API, as an integration would. */
async function initiatorToken(): Promise<string> {
  const res = await call(h.app.url, 'POST', '/oauth/token', {
    body: {
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      client_id: org.tenant.clientId,
      client_secret: org.tenant.clientSecret,
      subject_token: `users/${people.initiator.id}`,
      subject_token_type: 'urn:counterfoil:params:oauth:token-type:user-ref',
    },
  });
  expect(res.status).toBe(200);
  return res.body.access_token;
}

async function pendingWithdrawal(token: string, value: string): Promise<{ id: string; approvalRef: string }> {
  const res = await org.withdraw(account, destination, value, token);
  expect(res.status).toBe(201);
  expect(res.body.status).toBe('pending_approval');
  return { id: res.body.id, approvalRef: res.body.approval_ref };
}

/** References the console should show by name: a person's, a client's, an account's, a destination's, a role's. */
const RAW_REF = /\b(users|service-accounts|clients|client-accounts|withdrawal-destinations|roles)\/[0-9a-f]{8}-[0-9a-f-]{27}/g;

async function expectNamed(page: Page, screen: string): Promise<void> {
  expect({ screen, raw: (await page.locator('main').innerText()).match(RAW_REF) ?? [] }).toEqual({ screen, raw: [] });
}

async function expectAccessible(page: Page, screen: string): Promise<void> {
  expect({ screen, violations: await accessibilityViolations(page) }).toEqual({ screen, violations: [] });
}

/** Until every loader on the page has finished (a detail page has several). */
async function settled(page: Page): Promise<void> {
  const deadline = Date.now() + 30_000;
  while ((await page.locator('.loading').count()) > 0) {
    if (Date.now() > deadline) throw new Error(`still loading: ${await page.locator('main').innerText()}`);
    await page.waitForTimeout(100);
  }
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
  // The console is built once per run (skipped when its sources have not changed since the last build),
  // while the fixtures below are set up.
  const consoleBuilt = buildConsole();
  const idpPort = await freePort();
  const idpOrigin = `http://127.0.0.1:${idpPort}`;
  h = await startGovernedHarness({
    COUNTERFOIL_CONSOLE_IDP_ORIGINS: idpOrigin,
    COUNTERFOIL_TEMPORAL_UI_URL: 'http://127.0.0.1:8233',
    COUNTERFOIL_RATE_LIMIT_READ_PER_SECOND: '100000',
  });
  org = await Org.create(h.app, 'Console Browser Ltd');
  consoleUrl = `${h.app.url}/console/?enterprise=${org.tenant.enterpriseId}`;
  idp = await startDevIdpProcess({
    DEV_IDP_PORT: String(idpPort),
    DEV_IDP_CONSOLE_ORIGINS: h.app.url,
    COUNTERFOIL_API_URL: h.app.url,
    DEV_IDP_CLIENT_ID: org.tenant.clientId,
    DEV_IDP_CLIENT_SECRET: org.tenant.clientSecret,
  });
  expect(idp.issuer).toBe(idpOrigin);
  await registerDevIdentityProvider(createCounterfoilClient({ baseUrl: h.app.url, accessToken: () => org.token }), idp.issuer);

  people.admin = await person('Ada Admin', 'enterprise-admin');
  people.initiator = await person('Omar Operator', 'operator');
  people.approver = await person('Amara Approver', 'approver');
  people.developer = await person('Dev Developer', 'developer');
  people.viewer = await person('Vic Viewer', 'viewer');

  let client: string;
  [client, account] = await org.newClient();
  await org.fund(account, '5000.00');
  accountName = (await org.ok(200, 'GET', `/${account}`)).display_name;
  destination = await org.destination(org.enterpriseRef);
  await org.rule({ scope_ref: client, order: 1, conditions: { amount_at_least: { currency: 'USDC', value: '100.00' } }, effect: org.approvalEffect() });
  // Nothing listens on port 9: with the outbox dispatched, this subscription's deliveries wait in its lane.
  await org.ok(201, 'POST', '/webhook-subscriptions', { url: 'http://127.0.0.1:9/hooks', event_types: ['approvals.approval.pending.v1'], scope_ref: org.enterpriseRef });
  dispatcher = new OutboxDispatcher(h.app.services);
  await dispatcher.start();

  const token = await initiatorToken();
  approverPending = await pendingWithdrawal(token, '150.00');
  initiatorPending = await pendingWithdrawal(token, '275.00');
  cancelPending = await pendingWithdrawal(token, '180.00');
  const [, other] = await org.newClient();
  transferId = (await org.ok(201, 'POST', '/internal-transfers', { amount: { currency: 'USDC', value: '12.50' }, source_ref: account, target_ref: other }, { 'idempotency-key': uuidv7() })).id;
  const conversion = { account_ref: account, from_amount: { currency: 'USDC', value: '100' }, to_currency: 'EUR' };
  const quote = await org.ok(201, 'POST', '/conversions/preview', conversion);
  conversionId = (await org.ok(201, 'POST', '/conversions', { ...conversion, quote_id: quote.id }, { 'idempotency-key': uuidv7() })).id;
  await consoleBuilt;
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await idp?.stop();
  await dispatcher?.stop();
  await h?.stop();
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
    await form.getByLabel('From account').selectOption({ label: accountName });
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

it('a developer creates an API key and reads its private key once', async () => {
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
      await expectNamed(page, name);
      await expectAccessible(page, `${name} at 1280 px`);
      await page.setViewportSize({ width: 390, height: 844 });
      await expectAccessible(page, `${name} at 390 px`);
      await page.setViewportSize({ width: 1280, height: 800 });
      await screenshots(page, name);
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
      await expectNamed(page, name);
      await expectAccessible(page, `${name} at 1280 px`);
      await page.setViewportSize({ width: 390, height: 844 });
      await expectAccessible(page, `${name} at 390 px`);
      await page.setViewportSize({ width: 1280, height: 800 });
      await screenshots(page, name);
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
