import type { Browser, Locator, Page } from 'playwright-core';
import { uuidv7 } from '../../src/ids';
import { ETH_ADDRESS, type GovernedHarness, type Org } from '../workflows/withdrawal-fixtures';
import { addPeople, checkScreen, consoleTenant, openScreen, settled, signIn, startConsoleStack, until, type ConsoleStack, type ConsoleTenant, type Person } from './harness';

// Generous limits, not timings: a loaded 2-core machine can make a browser tour several times slower.
jest.setTimeout(240_000);

/*
 * The reconciliation screens in Debian's Chromium. A day of sandbox activity on the ethereum custodian
 * (deposits and withdrawals, dated two days back) with a discrepancy of each kind injected into its
 * statement, and a second, euro account with an unknown payment, each reconciled by a run; then an
 * operator works the breaks inbox (filters, a break's evidence side by side, accept, resolve, acknowledge,
 * snooze: each decided break keeps its place) and the account's days (the run log, a close refused in
 * words, then closed), declares an expected payment and cancels it, and proposes an adjustment of the euro
 * break (under a rule that requires approval), reversed once booked. A viewer reads it all and is offered
 * no decision. Axe at 1280 and 390 px on each screen, screenshots at both, no raw reference in the text.
 */

const DAY_MS = 86_400_000;
/** The day the activity is dated: two days back, so its end plus the account's 3 h lag has passed whatever the hour. */
const day = new Date(Date.now() - 2 * DAY_MS).toISOString().slice(0, 10);
const CUSTODIAN = 'Sandbox custodian · USDC';
const EURO = 'Euro operating account · EUR';

let stack: ConsoleStack;
let h: GovernedHarness;
let tenant: ConsoleTenant;
let org: Org;
let browser: Browser;
let consoleUrl: string;
let people: Record<'operator' | 'viewer', Person>;
let custodian: { id: string };
let holderName: string;
let holderAccount: string;
/** Decides the adjustments: the rule of family `reconciliation_adjustment` asks one approver. */
let approver: { id: string; token: string };
/** The breaks of the custodian's run, by what they are about, and the euro account's. */
const breaks: Record<'missingPayout' | 'duplicate' | 'amountOff' | 'fee' | 'unknown' | 'euro', { id: string }> = {} as never;
/** A ledger transaction of the enterprise, to resolve the bank fee with. */
let correction: string;

async function deposit(account: string, value: string): Promise<{ id: string; transaction_hash: string }> {
  const instructions = await org.ok(200, 'GET', `/deposit-instructions?account_ref=${account}&page_size=50`);
  const usdc = instructions.items.find((i: { asset: string; network?: string }) => i.asset === 'USDC' && (i.network ?? 'ethereum') === 'ethereum');
  const d = await org.ok(201, 'POST', '/sandbox/deposits', { deposit_instruction_id: usdc.id, amount: { currency: 'USDC', value } });
  return until(`deposit ${d.id} credited`, () => org.ok<{ id: string; status: string; transaction_hash: string }>(200, 'GET', `/deposits/${d.id}`), (x) => x.status === 'credited');
}

async function withdraw(account: string, destination: string, value: string): Promise<{ id: string; rail_reference: string }> {
  const res = await org.withdraw(account, destination, value);
  if (res.status !== 201 && res.status !== 202) throw new Error(`withdrawal: ${res.status} ${res.text}`);
  await org.waitFor(res.body.id, ['executed']);
  const [row] = await h.app.services.sql`select rail_reference from withdrawals where id = ${res.body.id}`;
  return { id: res.body.id, rail_reference: row.rail_reference };
}

/** Sandbox activity on the custodian and the euro account, discrepancies injected, both reconciled once. */
async function reconciledActivity(): Promise<void> {
  const client = await org.ok(201, 'POST', '/clients', { display_name: 'Northwind Treasury', external_id: `ext-${uuidv7()}`, metadata: {}, scope_ref: org.enterpriseRef });
  const account: string = (holderAccount = client.default_client_account);
  holderName = (await org.ok(200, 'GET', `/${account}`)).display_name;
  await org.rule({ action_family: 'reconciliation_adjustment', effect: org.approvalEffect() });
  const [d1, d2] = await Promise.all([deposit(account, '1000.00'), deposit(account, '250.00'), deposit(account, '75.50')]);
  const destination = await org.destination(org.enterpriseRef, ETH_ADDRESS);
  const [w1, w2] = [await withdraw(account, destination, '100.00'), await withdraw(account, destination, '40.00'), await withdraw(account, destination, '12.34')];

  custodian = await org.ok(201, 'POST', '/reconciliation-accounts', { rail: 'ethereum', address: 'sandbox-custody', currency: 'USDC', lag_seconds: 3 * 3600, interval_seconds: 86_400, description: 'Sandbox custodian' });
  const inject = (body: Record<string, unknown>) => org.ok(201, 'POST', '/sandbox/statement-discrepancies', { rail: 'ethereum', currency: 'USDC', ...body });
  await inject({ kind: 'payout_missing', reference: w1.rail_reference });
  await inject({ kind: 'deposit_duplicated', reference: d2.transaction_hash });
  await inject({ kind: 'settlement_late', reference: w2.rail_reference, hours: 2 });
  await inject({ kind: 'amount_off', reference: d1.transaction_hash, amount: { currency: 'USDC', value: '0.01' } });
  await inject({ kind: 'bank_fee', amount: { currency: 'USDC', value: '2.50' } });
  await inject({ kind: 'unknown_incoming', reference: 'UNKNOWN-PAYER-1', counterparty: 'Unknown Payer GmbH', amount: { currency: 'USDC', value: '99.99' } });

  // The activity belongs to `day`: what the ledger settled and what the custodian booked move there together.
  const { sql } = h.app.services;
  const e = org.tenant.enterpriseId;
  const shift = Date.now() - Date.parse(`${day}T12:00:00Z`);
  await sql`update deposits set credited_at = credited_at - ${shift} * interval '1 millisecond' where enterprise_id = ${e}`;
  await sql`update withdrawals set settled_at = settled_at - ${shift} * interval '1 millisecond' where enterprise_id = ${e}`;
  await sql`update sandbox_statement_lines set booked_at = booked_at - ${shift} * interval '1 millisecond', value_at = value_at - ${shift} * interval '1 millisecond' where enterprise_id = ${e}`;
  expect(await org.ok(201, 'POST', `/reconciliation-accounts/${custodian.id}/runs`, {})).toMatchObject({ breaks_opened: 5 });

  const found = (await org.ok(200, 'GET', `/reconciliation-breaks?account_id=${custodian.id}`)).items as Array<{ id: string; kind: string; detail: { reference?: string } }>;
  const one = (kind: string, reference?: string) => found.find((b) => b.kind === kind && (reference === undefined || b.detail.reference === reference))!;
  Object.assign(breaks, {
    missingPayout: one('unmatched_transaction'),
    duplicate: one('duplicate_line'),
    amountOff: one('amount_mismatch'),
    unknown: one('unmatched_line', 'UNKNOWN-PAYER-1'),
    fee: found.find((b) => b.kind === 'unmatched_line' && b.detail.reference !== 'UNKNOWN-PAYER-1')!,
  });
  [{ id: correction }] = await sql`select id from ledger_transactions where enterprise_id = ${e} order by id desc limit 1`;

  // A second account, run after the first: its break is the newest.
  const euro = await org.ok(201, 'POST', '/reconciliation-accounts', { rail: 'sepa', address: 'DE89370400440532013000', currency: 'EUR', description: 'Euro operating account' });
  await org.ok(201, 'POST', '/sandbox/statement-discrepancies', { rail: 'sepa', currency: 'EUR', kind: 'unknown_incoming', reference: 'INV-2026-118', counterparty: 'Acme GmbH', amount: { currency: 'EUR', value: '1250.00' } });
  expect(await org.ok(201, 'POST', `/reconciliation-accounts/${euro.id}/runs`, {})).toMatchObject({ breaks_opened: 1 });
  [breaks.euro] = (await org.ok(200, 'GET', `/reconciliation-breaks?account_id=${euro.id}`)).items;
}

beforeAll(async () => {
  stack = await startConsoleStack();
  ({ h, browser } = stack);
  tenant = await consoleTenant(stack, 'Reconciled Console Ltd', stack.idpOrigins[0]);
  ({ org } = tenant);
  consoleUrl = tenant.consoleUrl();
  [people, approver] = await Promise.all([addPeople(org, { operator: ['Omar Operator', 'operator'], viewer: ['Vic Viewer', 'viewer'] }), org.user(['approver']), reconciledActivity()]);
  // The approver's own sign-in (test/helpers/humans.ts) registered a provider of its own: off the console's sign-in page, which lists the development one alone.
  await h.app.services.sql`update identity_providers set console_sign_in = false where enterprise_id = ${org.tenant.enterpriseId} and display_name = 'Test sign-in'`;
}, 240_000);

afterAll(async () => {
  await tenant?.idp.stop();
  await stack?.stop();
});

/** A date as the page itself formats it (the browser's locale), so the test reads what a person reads. */
const inPage = (page: Page, iso: string, style: 'medium' | 'full' = 'medium') =>
  page.evaluate(([d, s]) => new Date(`${d}T00:00:00Z`).toLocaleDateString(undefined, { dateStyle: s as 'medium', timeZone: 'UTC' }), [iso, style] as const);

const cards = (page: Page) => page.locator('article.break');
const card = (page: Page, id: string) => page.locator(`article[aria-labelledby="break-${id}"]`);
/** The breaks in the order the inbox shows them. */
const order = (page: Page) => cards(page).evaluateAll((els) => els.map((el) => el.getAttribute('aria-labelledby')));
/** Where a card sits in the page, from its top. */
const top = (c: Locator) => c.evaluate((el) => el.getBoundingClientRect().top + (globalThis as unknown as { scrollY: number }).scrollY);

async function openEvidence(page: Page, id: string): Promise<Locator> {
  const c = card(page, id);
  const open = c.getByRole('button', { name: 'Evidence and decision' });
  if (await open.isVisible()) await open.click();
  await c.getByRole('heading', { name: 'Ledger', level: 3 }).waitFor();
  await settled(page);
  return c;
}

it('a viewer reads the breaks and an account’s days and is offered no decision, no close and no run, which the API refuses too', async () => {
  const { context, page, token } = await signIn(browser, consoleUrl, people.viewer.name);
  try {
    await openScreen(page, 'Reconciliation', 'Reconciliation breaks');
    await until('the six live breaks', () => cards(page).count(), (n) => n === 6);
    const c = await openEvidence(page, breaks.missingPayout.id);
    await c.getByRole('region', { name: 'Ledger' }).getByText('Withdrawal', { exact: true }).waitFor();
    expect(await c.getByRole('button', { name: /Accept|Acknowledge|Resolve|Snooze/ }).count()).toBe(0);
    await c.getByRole('link', { name: CUSTODIAN }).click();
    await page.getByRole('heading', { name: CUSTODIAN, level: 1 }).waitFor();
    await settled(page);
    // The day an operator could try to close shows its breaks, and no button.
    await page.getByRole('region', { name: `Days of ${CUSTODIAN}` }).getByRole('link', { name: '5 live breaks' }).waitFor();
    expect(await page.getByRole('button', { name: /^Close|Run now/ }).count()).toBe(0);
    // With the viewer's own token, as the console sent it.
    const refused = await org.api('POST', `/reconciliation-breaks/${breaks.missingPayout.id}/acknowledge`, {}, {}, token()!);
    expect(refused.status).toBe(403);
  } finally {
    await context.close();
  }
});

describe('an operator works the breaks and closes the day', () => {
  let session: Awaited<ReturnType<typeof signIn>>;
  let page: Page;
  let before: Array<string | null>;

  beforeAll(async () => {
    session = await signIn(browser, consoleUrl, people.operator.name);
    ({ page } = session);
  });

  afterAll(async () => {
    await session?.context.close();
  });

  it('lists the live breaks newest first, each in words, loads its code on first visit, and filters by account and kind', async () => {
    const scripts = () => page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name).filter((n) => n.includes('/assets/reconciliation-')));
    expect(await scripts()).toEqual([]);
    await openScreen(page, 'Reconciliation', 'Reconciliation breaks');
    expect((await scripts()).length).toBeGreaterThan(0);

    await until('the six live breaks', () => cards(page).count(), (n) => n === 6);
    const first = cards(page).first();
    await first.getByRole('heading', { name: 'Statement line with no ledger match · +1,250.00 EUR' }).waitFor();
    await first.getByRole('link', { name: EURO }).waitFor();
    const missing = card(page, breaks.missingPayout.id);
    await missing.getByRole('heading', { name: 'Ledger transaction missing from the statement · +100.000000 USDC' }).waitFor();
    await missing.getByText('The statement shows 100.000000 USDC more than the ledger.').waitFor();
    await missing.getByText(await inPage(page, day), { exact: true }).waitFor();
    await card(page, breaks.fee.id).getByText('The statement shows 2.500000 USDC less than the ledger.').waitFor();
    // Kinds as labels, never the API's codes.
    expect((await page.locator('main').innerText()).match(/unmatched_line|unmatched_transaction|amount_mismatch|duplicate_line|balance_drift/g)).toBeNull();
    await checkScreen(page, 'reconciliation-inbox');

    await page.getByLabel('Account').selectOption({ label: CUSTODIAN });
    await until('the custodian’s five breaks', () => cards(page).count(), (n) => n === 5);
    expect(page.url()).toContain(`account=${custodian.id}`);
    await page.getByLabel('Kind').selectOption({ label: 'Line reported twice' });
    await until('the duplicate alone', () => order(page), (o) => o.length === 1 && o[0] === `break-${breaks.duplicate.id}`);
    await page.getByLabel('Kind').selectOption({ label: 'Any kind' });
    await until('the custodian’s five breaks again', () => cards(page).count(), (n) => n === 5);
    before = await order(page);
  });

  it('shows a break’s statement line beside its ledger side, and accepts one with a note behind a confirmation naming it, in place', async () => {
    const line = await openEvidence(page, breaks.amountOff.id);
    const statement = line.getByRole('region', { name: 'Statement' });
    await statement.getByText('1,000.010000 USDC').waitFor();
    await line.getByRole('region', { name: 'Ledger' }).getByText('1,000.000000 USDC').first().waitFor();
    const unknown = await openEvidence(page, breaks.unknown.id);
    await unknown.getByRole('region', { name: 'Statement' }).getByText('Unknown Payer GmbH').waitFor();
    await unknown.getByRole('region', { name: 'Ledger' }).getByText('No ledger transaction matches this line.').waitFor();

    const c = await openEvidence(page, breaks.missingPayout.id);
    await c.getByRole('region', { name: 'Statement' }).getByText(/The statement has no line for this/).waitFor();
    const ledger = c.getByRole('region', { name: 'Ledger', exact: true });
    await ledger.getByText('Withdrawal', { exact: true }).waitFor();
    await ledger.getByText(holderName, { exact: true }).waitFor();
    await ledger.getByRole('link', { name: 'Open the withdrawal' }).waitFor();
    await checkScreen(page, 'reconciliation-break-evidence');

    const placed = await top(c);
    await c.getByRole('button', { name: 'Accept…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Accept this break' });
    await dialog.getByText(`Accept “Ledger transaction missing from the statement” of +100.000000 USDC on ${await inPage(page, day)} (${CUSTODIAN})?`).waitFor();
    const confirm = dialog.getByRole('button', { name: 'Accept the break' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Note (required, kept with the break)').fill('The custodian confirms the payout; its statement omitted it.');
    await checkScreen(page, 'reconciliation-accept-dialog');
    await confirm.click();
    await c.locator('header .status-accepted').waitFor();
    await c.getByText(/As frozen when it was accepted/).waitFor();
    await c.getByText(people.operator.name, { exact: true }).waitFor();
    expect(await dialog.isVisible()).toBe(false);
    // The decided break stays where it was, and so does the keyboard.
    expect(await order(page)).toEqual(before);
    expect(await top(c)).toBe(placed);
    expect(await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { id: string } } }).document.activeElement.id)).toBe(`break-${breaks.missingPayout.id}`);
    expect(await org.ok(200, 'GET', `/reconciliation-breaks/${breaks.missingPayout.id}`)).toMatchObject({
      status: 'accepted',
      note: 'The custodian confirms the payout; its statement omitted it.',
      decided_by: { subject: { kind: 'user', id: people.operator.id } },
    });
  });

  it('resolves another with its correcting ledger transaction, acknowledges and snoozes others, and the list keeps its place', async () => {
    const fee = await openEvidence(page, breaks.fee.id);
    const placed = await top(fee);
    const resolve = fee.getByRole('form', { name: 'Resolve with the correcting ledger transaction' });
    await resolve.getByLabel('Correcting ledger transaction').fill(uuidv7());
    await resolve.getByRole('button', { name: 'Resolve' }).click();
    await fee.getByText('No ledger transaction of this enterprise has that id.').waitFor();
    await resolve.getByLabel('Correcting ledger transaction').fill(correction);
    await resolve.getByLabel('Note (optional)').fill('Custody fee booked');
    await resolve.getByRole('button', { name: 'Resolve' }).click();
    await fee.locator('header .status-resolved').waitFor();
    await fee.getByText('corrected by a ledger transaction').waitFor();
    expect(await top(fee)).toBe(placed);
    expect(await org.ok(200, 'GET', `/reconciliation-breaks/${breaks.fee.id}`)).toMatchObject({ status: 'resolved', resolution: 'corrected', resolution_ledger_transaction_id: correction });

    const duplicate = await openEvidence(page, breaks.duplicate.id);
    await duplicate.getByText(/It repeats the line booked/).waitFor();
    await duplicate.getByRole('button', { name: 'Acknowledge' }).click();
    await duplicate.locator('header .status-acknowledged').waitFor();

    const unknown = await openEvidence(page, breaks.unknown.id);
    await unknown.getByRole('form', { name: 'Snooze until a day' }).getByRole('button', { name: 'Snooze' }).click();
    await unknown.getByText('Snoozed until').waitFor();
    expect((await org.ok(200, 'GET', `/reconciliation-breaks/${breaks.unknown.id}`)).snoozed_until).not.toBeNull();

    // Every decision left every break where it was: nothing jumped under the cursor.
    expect(await order(page)).toEqual(before);
    await checkScreen(page, 'reconciliation-inbox-decided');
  });

  it('shows the account’s run log and days, says in words why a day cannot close, and closes it once its breaks are decided', async () => {
    await card(page, breaks.fee.id).getByRole('link', { name: CUSTODIAN }).click();
    await page.getByRole('heading', { name: CUSTODIAN, level: 1 }).waitFor();
    await settled(page);
    const runs = page.getByRole('region', { name: `Runs of ${CUSTODIAN}, newest first` });
    await runs.getByText('Started by hand').waitFor();
    await runs.getByText('8 new, 8 compared').waitFor();

    const days = page.getByRole('region', { name: `Days of ${CUSTODIAN}` });
    const row = days.getByRole('row').filter({ hasText: await inPage(page, day, 'full') });
    await row.getByRole('link', { name: '3 live breaks' }).waitFor();
    await days.getByRole('row').filter({ hasText: 'not over yet' }).waitFor();
    await row.getByRole('button', { name: 'Close', exact: false }).click();
    await row.getByText('3 breaks of this day are still live: resolve or accept them first.').waitFor();
    await checkScreen(page, 'reconciliation-account');

    for (const b of [breaks.duplicate, breaks.amountOff, breaks.unknown]) await org.ok(200, 'POST', `/reconciliation-breaks/${b.id}/accept`, { note: 'Explained by the custodian’s desk.' });
    await row.getByRole('button', { name: 'Close', exact: false }).click();
    await row.locator('.status-closed').waitFor().catch(async (e: Error) => { throw new Error(`${e.message}\n${await page.locator('main').innerText()}`); });
    await row.getByText(people.operator.name, { exact: true }).waitFor();
    await page.getByText(`Reconciled up to and including ${await inPage(page, day)}.`).waitFor();
    const [closed] = (await org.ok(200, 'GET', `/reconciliation-accounts/${custodian.id}/periods`)).items;
    expect(closed).toMatchObject({ period: day, status: 'closed', closed_by: { subject: { kind: 'user', id: people.operator.id } } });
    await checkScreen(page, 'reconciliation-account-closed');
  });

  it('declares a payment expected on the account (a refusal in words first), lists it, and cancels it', async () => {
    const section = page.getByRole('region', { name: 'Expected payments', exact: true });
    await section.getByText('No payment is expected on this account.').waitFor();
    const form = section.getByRole('form', { name: 'Declare an expected payment' });
    await form.getByLabel('At least (USDC)').fill('500');
    await form.getByLabel('At most (USDC)').fill('520.50');
    await form.getByRole('button', { name: 'Declare' }).click();
    await section.getByText('An expected payment names its reference or its counterparty: an amount alone matches any payment.').waitFor();
    await form.getByLabel('Reference').fill('INV-2026-204');
    await form.getByLabel('Counterparty').fill('Contoso Ltd');
    await form.getByRole('button', { name: 'Declare' }).click();
    const row = section.getByRole('region', { name: `Expected payments of ${CUSTODIAN}, newest first` }).getByRole('row').filter({ hasText: 'INV-2026-204' });
    await row.getByText('500.000000 – 520.500000 USDC').waitFor();
    await row.getByText('Contoso Ltd').waitFor();
    await row.locator('.status-unreconciled').waitFor();
    const [declared] = (await org.ok(200, 'GET', `/expected-payments?account_id=${custodian.id}`)).items;
    expect(declared).toMatchObject({ direction: 'credit', status: 'unreconciled', reference: 'INV-2026-204', counterparty: 'Contoso Ltd', amount_range: { min: { currency: 'USDC' }, max: { currency: 'USDC' } } });
    expect(Date.parse(declared.window.from)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(declared.window.to)).toBeGreaterThan(Date.now() + 7 * DAY_MS);
    await checkScreen(page, 'reconciliation-expected-payments');

    await row.getByRole('button', { name: 'Cancel the expected payment INV-2026-204' }).click();
    await row.locator('.status-cancelled').waitFor();
    await section.getByText('The expected payment is cancelled.').waitFor();
    expect(await row.getByRole('button').count()).toBe(0);
    expect((await org.ok(200, 'GET', `/expected-payments/${declared.id}`)).status).toBe('cancelled');
  });

  it('proposes an adjustment from a break’s evidence, waiting for approval in its list, refuses a second in words, and reverses it once booked', async () => {
    await openScreen(page, 'Reconciliation', 'Reconciliation breaks');
    await until('the euro break alone', () => order(page), (o) => o.length === 1 && o[0] === `break-${breaks.euro.id}`);
    const c = await openEvidence(page, breaks.euro.id);
    const adjustments = c.getByRole('region', { name: 'Adjustments', exact: true });
    await adjustments.getByText('No adjustment proposed yet.').waitFor();
    const form = adjustments.getByRole('form', { name: 'Propose an adjustment' });
    const propose = async (note: string) => {
      await form.getByLabel('Account that bears or receives it').selectOption({ label: holderName });
      await form.getByLabel('Note (required)').fill(note);
      await form.getByRole('button', { name: 'Propose adjustment' }).click();
    };
    await propose('Acme’s payment, booked to Northwind.');
    await adjustments.getByText('The adjustment waits for approval.').waitFor();
    const row = adjustments.getByRole('row').filter({ hasText: 'Credit to the account' });
    await row.locator('.status-pending_approval').waitFor();
    await row.getByText('1,250.00 EUR').waitFor();
    await row.getByText(holderName, { exact: true }).waitFor();
    await row.getByRole('link', { name: 'in Approvals' }).waitFor();
    const [adjustment] = (await org.ok(200, 'GET', `/reconciliation-breaks/${breaks.euro.id}/adjustments`)).items;
    expect(adjustment).toMatchObject({ status: 'pending_approval', direction: 'credit', account_ref: holderAccount, amount: { currency: 'EUR' }, subject_attribution: { subject: { id: people.operator.id } } });

    await propose('Twice');
    await adjustments.getByText('An adjustment of this break is already waiting or booking.').waitFor();
    await adjustments.getByText('Reason: adjustment_pending').waitFor();
    await checkScreen(page, 'reconciliation-adjustment');

    expect((await org.decide(adjustment.approval_ref, 'approve', approver.token)).status).toBe(200);
    await until('the adjustment booked', async () => (await org.ok(200, 'GET', `/reconciliation-adjustments/${adjustment.id}`)).status, (s) => s === 'executed');
    // Opened again, the evidence reads its adjustments again.
    await c.getByRole('button', { name: 'Hide the evidence' }).click();
    await openEvidence(page, breaks.euro.id);
    await row.locator('.status-executed').waitFor();
    await row.getByRole('button', { name: 'Reverse…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reverse this adjustment' });
    await dialog.getByLabel('Note (required, kept with the reversal)').fill('Acme recalled its payment.');
    await dialog.getByRole('button', { name: 'Propose the reversal' }).click();
    await adjustments.getByRole('row').filter({ hasText: 'Debit from the account (a reversal)' }).locator('.status-pending_approval').waitFor();
    expect(await row.getByRole('button', { name: 'Reverse…' }).count()).toBe(0);
    expect((await org.ok(200, 'GET', `/reconciliation-breaks/${breaks.euro.id}/adjustments`)).items).toMatchObject([{ status: 'executed' }, { reverses_id: adjustment.id, direction: 'debit', status: 'pending_approval' }]);
  });
});

