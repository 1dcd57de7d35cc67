import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { uuidv7 } from '../../src/ids';
import { freePort } from '../../temporal/dev-server';
import { createCounterfoilClient } from '../../clients/typescript/index';
import { registerDevIdentityProvider } from '../../src/dev-idp/setup';
import { Org, startGovernedHarness, type GovernedHarness } from '../workflows/withdrawal-fixtures';
import { DESKTOP, PHONE, accessibilityViolations, buildConsole, launchChromium, screenshots, signIn, startDevIdpProcess, type DevIdpProcess } from './harness';

// Generous limits, not timings: a loaded 2-core machine can make a browser tour several times slower.
jest.setTimeout(240_000);

/*
 * Money work in the console, in Debian's Chromium, as one enterprise administrator's session: a conversion
 * executed from a firm quote, an internal transfer, deposit instructions with their QR code, a statement
 * downloaded and compared with the API's answer, a CSV export created and downloaded, a KYC decision
 * recorded. Each new screen: axe at 1280 and 390 px, screenshots at both, and people and accounts by name.
 */

let h: GovernedHarness;
let org: Org;
let idp: DevIdpProcess;
let browser: Browser;
let consoleUrl: string;
const admin = 'Ada Admin';
// Options are chosen by value (the account's reference): default accounts of two clients share a label.
const accounts = { main: { ref: '' }, payroll: { ref: '' } };
let client: { id: string; name: string };

/** References the console should show by name: a person's, a client's, an account's, a destination's, a role's. */
const RAW_REF = /\b(users|service-accounts|clients|client-accounts|withdrawal-destinations|roles)\/[0-9a-f]{8}-[0-9a-f-]{27}/g;

/** Until every loader on the page has finished. */
async function settled(page: Page): Promise<void> {
  const deadline = Date.now() + 30_000;
  while ((await page.locator('.loading').count()) > 0) {
    if (Date.now() > deadline) throw new Error(`still loading: ${await page.locator('main').innerText()}`);
    await page.waitForTimeout(100);
  }
}

/** The screen as it is: no raw reference in its text, axe clean at desk and phone width, screenshotted at both. */
async function checkScreen(page: Page, screen: string): Promise<void> {
  await settled(page);
  expect({ screen, raw: (await page.locator('main').innerText()).match(RAW_REF) ?? [] }).toEqual({ screen, raw: [] });
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    expect({ screen, width: size.width, violations: await accessibilityViolations(page) }).toEqual({ screen, width: size.width, violations: [] });
  }
  await page.setViewportSize(DESKTOP);
  await screenshots(page, screen);
}

async function open(page: Page, link: string, heading = link): Promise<void> {
  await page.getByRole('link', { name: link, exact: true }).click();
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  await settled(page);
}

async function newClient(name: string): Promise<{ id: string; account: string }> {
  const c = await org.ok(201, 'POST', '/clients', { display_name: name, external_id: `ext-${uuidv7()}`, metadata: {}, scope_ref: org.enterpriseRef });
  return { id: c.id, account: c.default_client_account };
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return readFileSync((await download.path())!);
}

beforeAll(async () => {
  const consoleBuilt = buildConsole();
  const idpPort = await freePort();
  const idpOrigin = `http://127.0.0.1:${idpPort}`;
  h = await startGovernedHarness({ COUNTERFOIL_CONSOLE_IDP_ORIGINS: idpOrigin, COUNTERFOIL_RATE_LIMIT_READ_PER_SECOND: '100000' });
  org = await Org.create(h.app, 'Console Money Ltd');
  consoleUrl = `${h.app.url}/console/?enterprise=${org.tenant.enterpriseId}`;
  idp = await startDevIdpProcess({
    DEV_IDP_PORT: String(idpPort),
    DEV_IDP_CONSOLE_ORIGINS: h.app.url,
    COUNTERFOIL_API_URL: h.app.url,
    DEV_IDP_CLIENT_ID: org.tenant.clientId,
    DEV_IDP_CLIENT_SECRET: org.tenant.clientSecret,
  });
  await registerDevIdentityProvider(createCounterfoilClient({ baseUrl: h.app.url, accessToken: () => org.token }), idp.issuer);

  const user = await org.ok(201, 'POST', '/users', { display_name: admin, email: `ada.${uuidv7().slice(-8)}@example.com`, scope_ref: org.enterpriseRef });
  const grant = await org.ok(201, 'POST', '/action-tokens', { action: 'role_assignments.grant_enterprise_admin', resource_ref: `users/${user.id}` });
  await org.ok(
    201,
    'POST',
    '/role-assignments',
    { principal_ref: `users/${user.id}`, role_ref: `roles/${org.tenant.roleIds['enterprise-admin']}`, scope_ref: org.enterpriseRef, scope_anchor_kind: 'explicit', scope_propagation: 'subtree' },
    { 'x-action-token': grant.token },
  );

  const main = await newClient('Northwind Treasury');
  const payroll = await newClient('Harbor Payroll');
  client = { id: main.id, name: 'Northwind Treasury' };
  accounts.main = { ref: main.account };
  accounts.payroll = { ref: payroll.account };
  await org.fund(accounts.main.ref, '5000.00');
  // An incoming deposit to list: the sandbox pays into the account's first crypto instruction.
  const instructions = await org.ok(200, 'GET', `/deposit-instructions?account_ref=${accounts.main.ref}&rail_class=crypto`);
  await org.ok(201, 'POST', '/sandbox/deposits', { deposit_instruction_id: instructions.items[0].id, amount: { currency: instructions.items[0].asset, value: '250.00' } });
  await consoleBuilt;
  browser = await launchChromium();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await idp?.stop();
  await h?.stop();
});

let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  ({ context, page } = await signIn(browser, consoleUrl, admin));
});

afterAll(async () => {
  await context?.close();
});

it('a conversion is priced, quoted firm with its expiry counted down, and executed once from that quote', async () => {
  await open(page, 'Conversions');
  const form = page.getByRole('form', { name: 'New conversion' });
  await form.getByLabel('Account').selectOption(accounts.main.ref);
  await form.getByLabel('Convert', { exact: true }).selectOption({ label: 'USDC to EUR' });
  await form.getByLabel('Amount to convert').fill('100.00');
  await form.getByRole('button', { name: 'Indicative price' }).click();
  await form.getByRole('heading', { name: 'Indicative (binds nothing)' }).waitFor();
  await checkScreen(page, 'conversion-new');

  const quoted = page.waitForResponse((r) => r.url().endsWith('/conversions/preview') && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Firm quote' }).click();
  const quote = await (await quoted).json();
  await form.getByText(/^Expires in \d+ s$/).waitFor();
  // A double click on execute: one Idempotency-Key for the form, so one conversion.
  await form.getByRole('button', { name: 'Execute the conversion' }).dblclick();
  await form.getByText(/^Conversion .* is /).waitFor();
  const made = await org.ok(200, 'GET', `/conversions?account_ref=${accounts.main.ref}`);
  const fromQuote = made.items.filter((c: any) => c.family_params.quote_id === quote.id);
  expect(fromQuote.map((c: any) => [c.status, c.family_params.to_amount])).toEqual([['executed', quote.to_amount]]);
  expect(made.items).toHaveLength(1);
});

it('an internal transfer is reviewed against the policy and confirmed', async () => {
  await open(page, 'Internal transfers');
  const form = page.getByRole('form', { name: 'New internal transfer' });
  await form.getByLabel('From account').selectOption(accounts.main.ref);
  await form.getByLabel('To account').selectOption(accounts.payroll.ref);
  await form.getByLabel('Amount').fill('12.50');
  await form.getByRole('button', { name: 'Review policy' }).click();
  await form.getByRole('heading', { name: 'Before you confirm' }).waitFor();
  await checkScreen(page, 'transfer-new');
  await form.getByRole('button', { name: 'Confirm the transfer' }).click();
  await form.getByText(/^Transfer .* is /).waitFor();
  const made = await org.ok(200, 'GET', `/internal-transfers?account_ref=${accounts.main.ref}`);
  expect(made.items.map((t: any) => t.principal_amount.value.replace(/\.?0+$/, ''))).toEqual(['12.5']);
});

it('deposit instructions show each address with a QR code and copy, the virtual bank accounts, and the incoming deposit', async () => {
  await open(page, 'Deposits');
  await page.getByLabel('Account').selectOption(accounts.main.ref);
  await page.getByRole('heading', { name: 'Deposit instructions' }).waitFor();
  await settled(page);
  const instructions = await org.ok(200, 'GET', `/deposit-instructions?account_ref=${accounts.main.ref}&page_size=100`);
  const crypto = instructions.items.find((i: any) => i.rail_class === 'crypto');
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: `${crypto.crypto_routing.asset} on ${crypto.crypto_routing.network}` }) }).first();
  await card.getByText(crypto.crypto_routing.endpoint.address, { exact: true }).waitFor();
  await card.getByRole('img', { name: `QR code of the ${crypto.crypto_routing.asset} address on ${crypto.crypto_routing.network}` }).waitFor();
  await card.getByRole('button', { name: 'Copy address' }).waitFor();
  const fiat = instructions.items.find((i: any) => i.rail_class === 'fiat');
  if (fiat) await page.getByRole('heading', { name: `${fiat.fiat_routing.currency} by ${fiat.fiat_routing.rail.toUpperCase()}` }).first().waitFor();
  expect(fiat).toBeDefined();
  const deposits = page.getByRole('region', { name: 'Incoming deposits' });
  await deposits.getByText('250.000000', { exact: false }).waitFor();
  await checkScreen(page, 'deposits');
});

it('a statement is shown, downloaded as the API answers it, and a CSV export is created, completed and downloaded', async () => {
  await open(page, 'Statements');
  const period = page.getByRole('form', { name: 'Statement period' });
  await period.getByLabel('Account').selectOption(accounts.main.ref);
  const asked = page.waitForRequest((r) => r.url().includes('/statement?'));
  await period.getByRole('button', { name: 'Show the statement' }).click();
  const query = new URL((await asked).url()).search;
  await page.getByRole('heading', { name: 'Statement in USDC' }).waitFor();
  await checkScreen(page, 'statement');

  const file = (await downloaded(page, () => page.getByRole('button', { name: 'Download the statement (CSV)' }).click())).toString('utf8');
  const answer = await org.ok(200, 'GET', `/${accounts.main.ref}/statement${query}`);
  expect(answer.entries.length).toBeGreaterThanOrEqual(2); // the funding and the conversion, at least
  expect(file.trimEnd().split('\r\n')).toEqual([
    'booked_at,kind,transaction_id,amount,balance_after',
    ...answer.entries.map((e: any) => [e.booked_at, e.kind, e.transaction_id, e.amount, e.balance_after].join(',')),
  ]);

  // The balance at a moment: now, which the closing balance of the period also is.
  const asOf = page.getByRole('form', { name: 'Balance at a moment' });
  await asOf.getByLabel('As of').fill(new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 19));
  await asOf.getByRole('button', { name: 'Show the balance' }).click();
  await asOf.getByText('Total', { exact: true }).waitFor();

  const created = page.waitForResponse((r) => r.url().endsWith('/client-account-statement-exports') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Create a CSV export of this period' }).click();
  const exported = await (await created).json();
  const exports = page.getByRole('region', { name: 'Statement exports' });
  const download = exports.getByRole('button', { name: `Download the export of ${exported.created_at}` });
  await download.waitFor({ timeout: 60_000 });
  await checkScreen(page, 'statement-exports');
  const csv = await downloaded(page, () => download.click());
  const res = await fetch(`${h.app.url}/client-account-statement-exports/${exported.id}/download`, { headers: { authorization: `Bearer ${org.token}` } });
  expect(res.status).toBe(200);
  expect(csv.equals(Buffer.from(await res.arrayBuffer()))).toBe(true);
  expect(csv.toString('utf8').trimEnd().split('\n').length).toBeGreaterThan(2);
});

it('an operator records a KYC decision with a reason', async () => {
  await open(page, 'Client verification');
  await page.getByRole('button', { name: `Decide… ${client.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Verification of ${client.name}` });
  await dialog.getByLabel('Decision').selectOption('rejected');
  await dialog.getByLabel('Reason', { exact: true }).fill('Proof of address expired');
  await settled(page);
  await checkScreen(page, 'kyc-decision');
  await dialog.getByRole('button', { name: 'Record the decision' }).click();
  await page.getByText(`${client.name} is now rejected.`).waitFor();
  await checkScreen(page, 'kyc');
  const decisions = await org.ok(200, 'GET', `/clients/${client.id}/kyc-decisions`);
  expect(decisions.items.map((d: any) => [d.status, d.reason, d.decided_by])).toEqual([['rejected', 'Proof of address expired', 'operator']]);
  expect((await org.ok(200, 'GET', `/clients/${client.id}`)).kyc_status).toBe('rejected');
});
