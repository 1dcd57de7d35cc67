import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { uuidv7 } from '../../src/ids';
import { ETH_ADDRESS, type GovernedHarness, type Org } from '../workflows/withdrawal-fixtures';
import { startReceiver } from '../helpers/webhook-fixtures';
import {
  accessibilityViolations,
  addPeople,
  GOVERNANCE_RAW_REF,
  checkScreen,
  consoleTenant,
  openScreen,
  screenshots,
  settled,
  signIn,
  startConsoleStack,
  type ConsoleStack,
  type ConsoleTenant,
  type Person,
  until,
} from './harness';

// Generous limits, not timings: a loaded 2-core machine can make a browser tour several times slower.
jest.setTimeout(240_000);

/*
 * An enterprise administrator's work in the console, in Debian's Chromium. Money: a conversion executed
 * from a firm quote, an internal transfer, deposit instructions with their QR code, a statement downloaded
 * and compared with the API's answer, a CSV export created and downloaded, a KYC decision recorded.
 * Governance: the quorums turned on, a destination added and a rule's activation proposed, which another
 * administrator sees arrive (the live count in the tab's title) and approves. Each new screen: axe at 1280
 * and 390 px, screenshots at both, people and accounts by name. One tenant, one API and worker, one browser.
 */

let stack: ConsoleStack;
let h: GovernedHarness;
let tenant: ConsoleTenant;
let org: Org;
let browser: Browser;
let consoleUrl: string;
let admins: Record<'proposer' | 'approver', Person>;
// Options are chosen by value (the account's reference): default accounts of two clients share a label.
const accounts = { main: { ref: '' }, payroll: { ref: '' } };
let client: { id: string; name: string };
let ruleId: string;
const RULE = 'Large withdrawals need a second look';

async function newClient(name: string): Promise<{ id: string; account: string }> {
  const c = await org.ok(201, 'POST', '/clients', { display_name: name, external_id: `ext-${uuidv7()}`, metadata: {}, scope_ref: org.enterpriseRef });
  return { id: c.id, account: c.default_client_account };
}

/** A download's file and the name the browser saves it under. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<{ file: Buffer; name: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { file: readFileSync((await download.path())!), name: download.suggestedFilename() };
}

/** Until the tab's title reads `title` (the live count arrives by polling). */
async function titled(page: Page, title: string): Promise<void> {
  await page.waitForFunction((t) => (globalThis as unknown as { document: { title: string } }).document.title === t, title, { timeout: 30_000 });
}

beforeAll(async () => {
  stack = await startConsoleStack();
  ({ h, browser } = stack);
  tenant = await consoleTenant(stack, 'Console Administration Ltd', stack.idpOrigins[0]);
  ({ org } = tenant);
  consoleUrl = tenant.consoleUrl();

  let main: { id: string; account: string };
  let payroll: { id: string; account: string };
  let draft: { id: string };
  [admins, main, payroll, draft] = await Promise.all([
    addPeople(org, { proposer: ['Ada Admin', 'enterprise-admin'], approver: ['Ida Admin', 'enterprise-admin'] }),
    newClient('Northwind Treasury'),
    newClient('Harbor Payroll'),
    org.ok(201, 'POST', '/policies', {
      name: RULE,
      description: 'From 10,000 USDC an approver looks too.',
      action_family: 'withdrawal',
      order: 5,
      scope_ref: org.enterpriseRef,
      conditions: { amount_at_least: { currency: 'USDC', value: '10000.00' } },
      effect: org.approvalEffect(),
    }),
  ]);
  ruleId = draft.id;
  client = { id: main.id, name: 'Northwind Treasury' };
  accounts.main = { ref: main.account };
  accounts.payroll = { ref: payroll.account };
  // An incoming deposit to list: the sandbox pays into the account's first crypto instruction.
  const [, instructions] = await Promise.all([
    org.fund(accounts.main.ref, '5000.00'),
    org.ok(200, 'GET', `/deposit-instructions?account_ref=${accounts.main.ref}&rail_class=crypto`),
  ]);
  await org.ok(201, 'POST', '/sandbox/deposits', { deposit_instruction_id: instructions.items[0].id, amount: { currency: instructions.items[0].asset, value: '250.00' } });
}, 240_000);

afterAll(async () => {
  await tenant?.idp.stop();
  await stack?.stop();
});

/** One administrator's session for the money screens, as a person works through them in turn. */
describe('money and records', () => {
  let session: Awaited<ReturnType<typeof signIn>>;
  let page: Page;

  beforeAll(async () => {
    session = await signIn(browser, consoleUrl, admins.proposer.name);
    ({ page } = session);
  });

  afterAll(async () => {
    await session?.context.close();
  });

  it('a conversion is priced, quoted firm with its expiry counted down, and executed once from that quote', async () => {
    await openScreen(page, 'Conversions');
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
    await openScreen(page, 'Internal transfers');
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

  it('the internal transfer is reversed in part from its page, and the reversal is listed with its booking', async () => {
    const [transfer] = (await org.ok(200, 'GET', `/internal-transfers?account_ref=${accounts.main.ref}`)).items;
    await until('the transfer to execute', () => org.ok(200, 'GET', `/internal-transfers/${transfer.id}`), (t) => t.status === 'executed');
    await openScreen(page, 'Internal transfers');
    await page.getByRole('link', { name: `Open internal transfer ${transfer.id}` }).click();
    await page.getByRole('heading', { name: 'Internal transfer', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Reverse…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reverse the internal transfer' });
    await dialog.getByLabel('Reason').selectOption('incorrect_amount');
    await dialog.getByLabel('Note (optional)').fill('Should have been 10.00');
    await dialog.getByLabel(`Amount in ${transfer.principal_amount.currency} (optional)`).fill('2.50');
    await dialog.getByRole('button', { name: 'Propose' }).click();
    // No rule governs it here: it is booked at once, and shows with its ledger transaction.
    const reversals = page.getByRole('region', { name: 'Reversals of the internal transfer' });
    await reversals.getByText('incorrect_amount: Should have been 10.00').waitFor();
    const record = await org.ok(200, 'GET', `/internal-transfers/${transfer.id}`);
    expect(record.reversals.map((r: any) => [r.status, r.reason, r.amount.value.replace(/\.?0+$/, '')])).toEqual([['executed', { code: 'incorrect_amount', note: 'Should have been 10.00' }, '2.5']]);
    expect(record.reversed_amount.value.replace(/\.?0+$/, '')).toBe('2.5');
    await checkScreen(page, 'transfer-reversed');
  });

  it('deposit instructions show each address with a QR code and copy, the virtual bank accounts, and the incoming deposit', async () => {
    await openScreen(page, 'Deposits');
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

  it('the deposit is returned in part to its sender from its page, and the return is listed with its booking', async () => {
    const [deposit] = (await org.ok(200, 'GET', `/deposits?account_ref=${accounts.main.ref}`)).items;
    await until('the deposit to be credited', () => org.ok(200, 'GET', `/deposits/${deposit.id}`), (d) => d.status === 'credited');
    await openScreen(page, 'Deposits');
    await page.getByLabel('Account').selectOption(accounts.main.ref);
    await page.getByRole('region', { name: 'Incoming deposits' }).getByRole('link', { name: /250/ }).click();
    await page.getByRole('heading', { name: 'Deposit', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Return to sender…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Return the deposit to its sender' });
    await dialog.getByLabel('Reason').selectOption('duplicate');
    await dialog.getByLabel('Note (optional)').fill('Paid twice');
    await dialog.getByLabel(`Amount in ${deposit.asset} (optional)`).fill('40.00');
    await dialog.getByRole('button', { name: 'Propose' }).click();
    await page.getByText(/^Return .* is /).waitFor();
    await page.getByRole('region', { name: 'Returns to the sender' }).getByText('duplicate: Paid twice').waitFor();
    // No rule governs it here: it executes, and the booked reversal shows with its ledger transaction.
    await page.getByRole('region', { name: 'Recalls and returns of the deposit' }).getByText('returned by an operator').waitFor();
    const returns = await org.ok(200, 'GET', `/deposits/${deposit.id}/returns`);
    expect(returns.items.map((r: any) => [r.status, r.reason, r.amount.value.replace(/\.?0+$/, '')])).toEqual([['executed', { code: 'duplicate', note: 'Paid twice' }, '40']]);
    expect((await org.ok(200, 'GET', `/deposits/${deposit.id}`)).status).toBe('partially_reversed');
    await checkScreen(page, 'deposit-detail');
  });

  it('a statement is shown, downloaded as the API answers it, and a CSV export is created, completed and downloaded', async () => {
    await openScreen(page, 'Statements');
    const period = page.getByRole('form', { name: 'Statement period' });
    await period.getByLabel('Account').selectOption(accounts.main.ref);
    const asked = page.waitForRequest((r) => r.url().includes('/statement?'));
    await period.getByRole('button', { name: 'Show the statement' }).click();
    const query = new URL((await asked).url()).search;
    await page.getByRole('heading', { name: 'Statement in USDC' }).waitFor();
    await checkScreen(page, 'statement');

    const statement = await downloaded(page, () => page.getByRole('button', { name: 'Download the statement (CSV)' }).click());
    const file = statement.file.toString('utf8');
    const answer = await org.ok(200, 'GET', `/${accounts.main.ref}/statement${query}`);
    expect(answer.entries.length).toBeGreaterThanOrEqual(2); // the funding and the conversion, at least
    expect(file.trimEnd().split('\r\n')).toEqual([
      'booked_at,kind,transaction_id,amount,balance_after,operation_kind,operation_id,account_ref,asset',
      ...answer.entries.map((e: any) =>
        [e.booked_at, e.kind, e.transaction_id, e.amount, e.balance_after, e.operation_kind ?? '', e.operation_id ?? '', accounts.main.ref, 'USDC'].join(','),
      ),
    ]);
    expect(answer.entries.some((e: any) => e.operation_kind === 'conversion')).toBe(true);
    const days = `${answer.from.slice(0, 10)}-to-${answer.to.slice(0, 10)}`;
    expect(statement.name).toBe(`statement-${accounts.main.ref.slice('client-accounts/'.length)}-USDC-${days}.csv`);

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
    const { file: csv, name } = await downloaded(page, () => download.click());
    const res = await fetch(`${h.app.url}/client-account-statement-exports/${exported.id}/download`, { headers: { authorization: `Bearer ${org.token}` } });
    expect(res.status).toBe(200);
    expect(csv.equals(Buffer.from(await res.arrayBuffer()))).toBe(true);
    // Saved under the API's name for it, which the screen's own CSV of the same period does not take.
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${name}"`);
    expect(name).toBe(`statement-export-${accounts.main.ref.slice('client-accounts/'.length)}-USDC-${days}.csv`);
    expect(csv.toString('utf8').trimEnd().split('\n').length).toBeGreaterThan(2);
  });

  it('an operator records a KYC decision with a reason', async () => {
    await openScreen(page, 'Client verification');
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
});

/*
 * Last: the quorums it turns on would govern the destinations and rules of anything after it.
 */
it('governance turned on, a destination and a rule activation approved by another administrator, the live count in the title', async () => {
  // The approver waits in the inbox: nothing yet, so no count in the title.
  const approver = await signIn(browser, consoleUrl, admins.approver.name);
  const proposer = await signIn(browser, consoleUrl, admins.proposer.name);
  const ida = approver.page;
  const ada = proposer.page;
  try {
    await openScreen(ida, 'Approvals');
    await ida.getByText('Nothing waits for your decision.').waitFor();
    expect(await ida.title()).toBe('Approvals · Counterfoil');

    // Governance: while no policy quorum is on, turning it on applies at once.
    await openScreen(ada, 'Governance');
    await ada.getByText('apply at once', { exact: true }).waitFor();
    await checkScreen(ada, 'governance', GOVERNANCE_RAW_REF);
    await ada.getByLabel('Administrators who approve a policy change').fill('1');
    await ada.getByLabel('Administrators who approve a new destination').fill('1');
    await ada.getByLabel('Cooling-off of a new destination (seconds)').fill('3600');
    await ada.getByRole('button', { name: 'Save the settings' }).click();
    // A read-back first: what changes from what to what, and that it applies at once.
    const readBack = ada.getByRole('dialog', { name: 'Change the governance settings?' });
    await readBack.getByText('Administrators who approve a policy change: 0 → 1').waitFor();
    await readBack.getByText('Cooling-off of a new destination (seconds): 0 → 3600').waitFor();
    await readBack.getByText('It applies at once.').waitFor();
    await readBack.getByRole('button', { name: 'Save the settings' }).click();
    await ada.getByRole('status').filter({ hasText: 'The governance settings are changed.' }).waitFor();
    await ada.getByText('1 administrator(s) approve each change', { exact: true }).waitFor();
    await ada.getByText('3600 s after a destination becomes active', { exact: true }).waitFor();
    const settings = await org.ok(200, 'GET', '/governance-settings');
    expect(settings).toMatchObject({ policy_change_quorum: 1, destination_approval_quorum: 1, destination_cooling_off_seconds: 3600 });

    // Address book: a new destination waits for another administrator; a double click registers it once.
    await openScreen(ada, 'Address book');
    await checkScreen(ada, 'address-book', GOVERNANCE_RAW_REF);
    await ada.getByLabel('Label').fill('Cold wallet');
    await ada.getByLabel('Network').selectOption('ethereum');
    await ada.getByLabel('Asset').selectOption('USDC');
    await ada.getByRole('textbox', { name: 'Address', exact: true }).fill(ETH_ADDRESS);
    await ada.getByRole('button', { name: 'Add the destination' }).dblclick();
    await ada.getByRole('status').filter({ hasText: 'Cold wallet waits for approval' }).waitFor();
    const row = ada.getByRole('row').filter({ hasText: 'Cold wallet' });
    await row.getByText('pending approval', { exact: true }).waitFor();
    await row.getByText('after its approval', { exact: true }).waitFor();
    const created = (await org.ok(200, 'GET', '/withdrawal-destinations?page_size=100')).items.filter((d: { label: string }) => d.label === 'Cold wallet');
    expect(created.map((d: { status: string }) => d.status)).toEqual(['pending_approval']);
    await checkScreen(ada, 'address-book-pending', GOVERNANCE_RAW_REF);

    // The approver's tab learns of it without a reload: the count in the navigation and in the title.
    await titled(ida, '(1) Approvals · Counterfoil');
    const destinationCard = ida.getByRole('article').filter({ hasText: 'Cold wallet' });
    await destinationCard.waitFor();
    await ida.getByRole('link', { name: /Approvals.*1 waiting for you/ }).waitFor();

    // Policies: activating the draft is proposed (202), the rule stays a draft until approved.
    await openScreen(ada, 'Policies');
    await checkScreen(ada, 'policies', GOVERNANCE_RAW_REF);
    await ada.getByRole('button', { name: `Activate ${RULE}…` }).click();
    const confirm = ada.getByRole('dialog', { name: 'Activate the rule' });
    await confirm.waitFor();
    expect({ screen: 'activate confirmation', violations: await accessibilityViolations(ada) }).toEqual({ screen: 'activate confirmation', violations: [] });
    await screenshots(ada, 'policy-activate-confirmation');
    await confirm.getByRole('button', { name: 'Activate', exact: true }).click();
    await ada.getByRole('status').filter({ hasText: 'proposed' }).waitFor();
    await ada.getByRole('row').filter({ hasText: 'Activate a rule' }).getByText(admins.proposer.name).waitFor();
    expect((await org.ok(200, 'GET', `/policy-rules/${ruleId}`)).status).toBe('draft');
    await checkScreen(ada, 'policies-pending-change', GOVERNANCE_RAW_REF);

    await titled(ida, '(2) Approvals · Counterfoil');
    const changeCard = ida.getByRole('article').filter({ hasText: `Activating the rule “${RULE}”` });
    await changeCard.waitFor();
    await checkScreen(ida, 'approvals-governance', GOVERNANCE_RAW_REF);

    // The approver approves both, in the inbox beside money approvals, through the one confirmation.
    // Each decision lowers the count at once (the decided card stays on the page with its new status).
    for (const [card, text, after] of [
      [destinationCard, /Approve the new withdrawal destination Cold wallet \(0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed\)\?/, '(1) Approvals · Counterfoil'],
      [changeCard, `Approve activating the rule “${RULE}”?`, 'Approvals · Counterfoil'],
    ] as const) {
      await card.getByRole('button', { name: 'Approve…' }).click();
      const dialog = ida.getByRole('dialog', { name: 'Confirm approval' });
      await dialog.getByText(text).waitFor();
      await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      await titled(ida, after);
    }

    // Both took effect: the destination active in its cooling-off, the rule active.
    await until('the rule', () => org.ok(200, 'GET', `/policy-rules/${ruleId}`).then((r) => r.status), (s) => s === 'active');
    await until('the destination', () => org.ok(200, 'GET', `/withdrawal-destinations/${created[0].id}`).then((d) => d.status), (s) => s === 'active');
    await openScreen(ada, 'Address book');
    await ada.getByRole('row').filter({ hasText: 'Cold wallet' }).getByText('cooling off until').waitFor();
    await openScreen(ada, 'Policies');
    await ada.getByRole('row').filter({ hasText: RULE }).locator('.status-active').waitFor();
    await ada.getByText('No policy change waits.').waitFor();
  } finally {
    await approver.context.close();
    await proposer.context.close();
  }
});

it('revoking an API key, granting and revoking a role and disabling a webhook ask first, naming what they change', async () => {
  const receiver = await startReceiver();
  const [key, subscription, people] = await Promise.all([
    org.ok(201, 'POST', '/api-keys', { client_ref: `clients/${client.id}`, label: 'Payouts bot' }),
    org.ok(201, 'POST', '/webhook-subscriptions', { scope_ref: org.enterpriseRef, url: receiver.url, event_types: ['operations.*'] }),
    addPeople(org, { approver: ['Otto Approver', 'approver'] }),
  ]);
  const { context, page } = await signIn(browser, consoleUrl, admins.proposer.name);
  try {
    // Revoke names the key and its prefix; Cancel (which has the focus) changes nothing.
    await openScreen(page, 'API keys');
    await page.getByRole('button', { name: 'Revoke Payouts bot' }).click();
    const revokeKey = page.getByRole('dialog', { name: 'Revoke the API key “Payouts bot”?' });
    await revokeKey.getByText(`${key.api_key_prefix}…`).waitFor();
    expect(await revokeKey.getByRole('button', { name: 'Cancel' }).evaluate((b) => b === (b.ownerDocument as { activeElement: unknown }).activeElement)).toBe(true);
    await checkScreen(page, 'confirm-revoke-api-key', GOVERNANCE_RAW_REF);
    await revokeKey.getByRole('button', { name: 'Cancel' }).click();
    await revokeKey.waitFor({ state: 'hidden' });
    expect((await org.ok(200, 'GET', `/api-keys/${key.id}`)).status).toBe('active');
    // Confirmed with a double click: revoked once, and Reactivate (asked too) is not pressed by the second click.
    await page.getByRole('button', { name: 'Revoke Payouts bot' }).click();
    await revokeKey.getByRole('button', { name: 'Revoke' }).dblclick();
    await page.getByRole('status').filter({ hasText: 'Payouts bot is revoked.' }).waitFor();
    expect((await org.ok(200, 'GET', `/api-keys/${key.id}`)).status).toBe('revoked');
    expect(await page.getByRole('dialog', { name: 'Reactivate the API key “Payouts bot”?' }).isVisible()).toBe(false);

    await openScreen(page, 'Webhooks');
    await page.getByRole('region', { name: receiver.url }).getByRole('button', { name: 'Disable' }).click();
    const disable = page.getByRole('dialog', { name: `Disable the subscription to ${receiver.url}?` });
    await disable.getByText(/No event is delivered to it while it is disabled \(operations\.\*\)/).waitFor();
    await disable.getByRole('button', { name: 'Disable' }).click();
    await page.getByRole('status').filter({ hasText: 'Subscription disabled.' }).waitFor();
    expect((await org.ok(200, 'GET', `/webhook-subscriptions/${subscription.id}`)).status).toBe('disabled');

    // A grant names the person, the role and where it applies before it is made.
    await openScreen(page, 'People and roles');
    const grantForm = page.getByRole('form', { name: 'Grant a role' });
    await grantForm.getByLabel('Person').selectOption(`users/${people.approver.id}`);
    await grantForm.getByLabel('Role', { exact: true }).selectOption({ label: 'viewer' });
    await grantForm.getByRole('button', { name: 'Grant', exact: true }).click();
    const grant = page.getByRole('dialog', { name: 'Grant viewer to Otto Approver?' });
    await grant.getByText(/holds viewer over the enterprise and everything in it from their next request/).waitFor();
    await grant.getByRole('button', { name: 'Grant' }).click();
    await page.getByRole('status').filter({ hasText: 'Role granted' }).waitFor();
    await page.getByRole('button', { name: 'Revoke approver from Otto Approver' }).click();
    const revokeRole = page.getByRole('dialog', { name: 'Revoke approver from Otto Approver?' });
    await revokeRole.getByText(/stops applying on Otto Approver’s next request/).waitFor();
    await revokeRole.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('status').filter({ hasText: 'The role assignment is revoked' }).waitFor();
    const assignments = await org.ok(200, 'GET', `/role-assignments?principal_ref=users/${people.approver.id}`);
    const roleOf = new Map(Object.entries(org.tenant.roleIds).map(([name, id]) => [`roles/${id}`, name]));
    expect(assignments.items.map((a: { role_ref: string; status: string }) => `${roleOf.get(a.role_ref)} ${a.status}`).sort()).toEqual(['approver revoked', 'viewer active']);
  } finally {
    await context.close();
    await receiver.close();
  }
});
