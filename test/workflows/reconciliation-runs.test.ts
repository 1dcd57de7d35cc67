import { readFileSync } from 'node:fs';
import path from 'node:path';
import { uuidv7 } from '../../src/ids';
import { CHECKPOINT_KEY_NAME, checkpointSigner, verifyCheckpointSignature } from '../../src/ledger';
import { reconcileAccount } from '../../src/domain/reconciliation';
import { call } from '../helpers/app';
import { humanToken } from '../helpers/humans';
import { historyFindings } from '../helpers/history-data';
import { writeHistory } from '../helpers/history-json';
import { until } from '../helpers/reference-connector';
import { ETH_ADDRESS, Org, startGovernedHarness, type GovernedHarness } from './withdrawal-fixtures';

/*
 * A day of sandbox activity reconciled end to end on a real worker: deposits and withdrawals on the
 * sandbox ethereum custodian, each kind of discrepancy injected into its statement, one run that
 * finds exactly the expected breaks, decisions on them, and the day closed and signed.
 */

let h: GovernedHarness;
let org: Org;
let account: string;
const DAY = 86_400_000;
/** The day the activity is dated: two days back, so its end plus the account's 3 h lag has passed whatever the hour. */
const day = new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10);

/** Set to lose the next run step's answer after its commit: the worker dies between the transaction and Temporal. */
let loseNextAnswer = false;
let reconcileCalls = 0;

beforeAll(async () => {
  h = await startGovernedHarness({}, {
    activities: (real) => ({
      ...real,
      reconcileReconciliationAccount: async (input) => {
        reconcileCalls++;
        const answer = await real.reconcileReconciliationAccount(input);
        if (loseNextAnswer) {
          loseNextAnswer = false;
          throw new Error('the worker was lost after the run committed');
        }
        return answer;
      },
    }),
  });
  org = await Org.create(h.app, 'Reconciled Treasury Ltd');
  [, account] = await org.newClient();
}, 120_000);
afterAll(() => h?.stop());

async function deposit(value: string): Promise<{ id: string; transaction_hash: string }> {
  const instructions = await org.ok(200, 'GET', `/deposit-instructions?account_ref=${account}&page_size=50`);
  const usdc = instructions.items.find((i: { asset: string; network?: string }) => i.asset === 'USDC' && (i.network ?? 'ethereum') === 'ethereum');
  const d = await org.ok(201, 'POST', '/sandbox/deposits', { deposit_instruction_id: usdc.id, amount: { currency: 'USDC', value } });
  await until(`deposit ${d.id} credited`, async () => (await org.ok(200, 'GET', `/deposits/${d.id}`)).status === 'credited');
  return org.ok(200, 'GET', `/deposits/${d.id}`);
}

async function withdraw(destination: string, value: string): Promise<{ id: string; rail_reference: string }> {
  const res = await org.withdraw(account, destination, value);
  if (res.status !== 201 && res.status !== 202) throw new Error(`withdrawal: ${res.status} ${res.text}`);
  const w = await org.waitFor(res.body.id, ['executed']);
  const [row] = await h.app.services.sql`select rail_reference from withdrawals where id = ${w.id}`;
  return { id: w.id, rail_reference: row.rail_reference };
}

/** A person who signed in themselves, under an opaque subject: the recorded histories keep it, and hold ids, not e-mails. */
async function approver(): Promise<{ id: string; token: string }> {
  const u = await org.platformUser(['approver'], org.enterpriseRef);
  return { id: u.id, token: await humanToken(h.app, org.tenant.enterpriseId, { email: u.email, subject: `subject-${uuidv7()}` }) };
}

describe('a day reconciled', () => {
  let acct: any;
  let breaks: any[];
  const refs: Record<string, string> = {};

  beforeAll(async () => {
    const deposits = [await deposit('1000.00'), await deposit('250.00'), await deposit('75.50')];
    const destination = await org.destination(org.enterpriseRef, ETH_ADDRESS);
    const withdrawals = [await withdraw(destination, '100.00'), await withdraw(destination, '40.00'), await withdraw(destination, '12.34')];
    Object.assign(refs, { d1: deposits[0].transaction_hash, d2: deposits[1].transaction_hash, w1: withdrawals[0].rail_reference, w2: withdrawals[1].rail_reference, d3: deposits[2].id, w3: withdrawals[2].id, d2id: deposits[1].id });

    master = (await org.ok(200, 'GET', `/${org.enterpriseRef}`)).default_master_account;
    await org.fund(master, '100.00');
    approvers = [await approver(), await approver()];
    await org.rule({
      action_family: 'reconciliation_adjustment',
      effect: { ...org.approvalEffect(), required_human_approvals: 2 },
    });
    acct = await org.ok(201, 'POST', '/reconciliation-accounts', { rail: 'ethereum', address: 'sandbox-custody', currency: 'USDC', lag_seconds: 3 * 3600, interval_seconds: 86_400, description: 'Sandbox custodian' });
    expected = await org.ok(201, 'POST', '/expected-payments', {
      account_id: acct.id,
      direction: 'credit',
      amount_range: { min: { currency: 'USDC', value: '250.00' }, max: { currency: 'USDC', value: '250.00' } },
      window: { from: new Date(Date.parse(`${day}T00:00:00Z`)).toISOString(), to: new Date(Date.parse(`${day}T23:59:59Z`)).toISOString() },
      reference: refs.d2,
    });
    const inject = (body: Record<string, unknown>) => org.ok(201, 'POST', '/sandbox/statement-discrepancies', { rail: 'ethereum', currency: 'USDC', ...body });
    await inject({ kind: 'payout_missing', reference: refs.w1 });
    await inject({ kind: 'deposit_duplicated', reference: refs.d2 });
    await inject({ kind: 'settlement_late', reference: refs.w2, hours: 2 });
    await inject({ kind: 'amount_off', reference: refs.d1, amount: { currency: 'USDC', value: '0.01' } });
    await inject({ kind: 'bank_fee', amount: { currency: 'USDC', value: '2.50' } });
    await inject({ kind: 'unknown_incoming', reference: 'UNKNOWN-PAYER-1', amount: { currency: 'USDC', value: '99.99' } });

    // The activity belongs to `day`: what the ledger settled and what the custodian booked move there together.
    const { sql } = h.app.services;
    const e = org.tenant.enterpriseId;
    const shift = Date.now() - Date.parse(`${day}T12:00:00Z`);
    await sql`update deposits set credited_at = credited_at - ${shift} * interval '1 millisecond' where enterprise_id = ${e}`;
    await sql`update withdrawals set settled_at = settled_at - ${shift} * interval '1 millisecond' where enterprise_id = ${e}`;
    await sql`update sandbox_statement_lines set booked_at = booked_at - ${shift} * interval '1 millisecond', value_at = value_at - ${shift} * interval '1 millisecond' where enterprise_id = ${e}`;

    const run = await org.ok(201, 'POST', `/reconciliation-accounts/${acct.id}/runs`, {});
    expect(run).toMatchObject({ trigger: 'manual', lines_added: 8, lines_considered: 8, transactions_considered: 6, matched: 4, breaks_opened: 5, breaks_open: 5 });
    // The ledger's balance differs from the custodian's by exactly what the breaks name: nothing unexplained.
    expect(run.ledger_unexplained).toEqual({ currency: 'USDC', value: '0.000000' });
    expect(BigInt(run.provider_balance.value.replace('.', '')) - BigInt(run.ledger_balance.value.replace('.', ''))).not.toBe(0n);
    breaks = (await org.ok(200, 'GET', `/reconciliation-breaks?account_id=${acct.id}`)).items;
    firstRun = run;
  }, 180_000);

  let firstRun: { workflow_id: string };
  let expected: { id: string };
  let adjusted: { id: string; break_id: string; ledger_transaction_ref: string; approval_ref: string };
  let master: string;
  let approvers: Array<{ id: string; token: string }>;

  /** An adjustment of the break proposed by the service account and approved by two people. */
  async function adjustUnderQuorum(breakId: string, expectedValue: string) {
    const proposed = await org.ok(201, 'POST', `/reconciliation-breaks/${breakId}/adjustments`, { account_ref: master, note: 'Custodian account fee' }, { 'idempotency-key': uuidv7() });
    expect(proposed).toMatchObject({ status: 'pending_approval', direction: 'debit', account_ref: master, amount: { currency: 'USDC', value: expectedValue }, approval_ref: expect.stringMatching(/^approvals\//) });
    expect((await org.balance(master)).held).toBe('2500000');
    const again = await org.api('POST', `/reconciliation-breaks/${breakId}/adjustments`, { account_ref: master, note: 'twice' }, { 'idempotency-key': uuidv7() });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ reason: 'adjustment_pending', adjustment_id: proposed.id });
    for (const a of approvers) expect((await org.decide(proposed.approval_ref, 'approve', a.token)).status).toBe(200);
    await until('the adjustment booked', async () => (await org.ok(200, 'GET', `/reconciliation-adjustments/${proposed.id}`)).status === 'executed');
    return org.ok(200, 'GET', `/reconciliation-adjustments/${proposed.id}`);
  }
  it('runs as a workflow whose history holds ids and counts, recorded for replay', async () => {
    const history = await (await h.app.services.temporal.get()).workflow.getHandle(firstRun.workflow_id).fetchHistory();
    expect(historyFindings(history)).toEqual([]);
    const activities = (history.events ?? []).flatMap((e) => e.activityTaskScheduledEventAttributes?.activityType?.name ?? []);
    expect(activities).toEqual(['pullReconciliationStatement', 'reconcileReconciliationAccount']);
    writeHistory('reconciliation-run-breaks-open', history);
  });

  it('finds exactly the injected discrepancies and none for the clean lines', () => {
    const summary = breaks.map((b) => [b.kind, b.period, b.difference.value, b.detail.reference ?? null]).sort((a, b) => `${a[0]}${a[2]}`.localeCompare(`${b[0]}${b[2]}`));
    expect(summary).toEqual(
      [
        ['amount_mismatch', day, '0.010000', refs.d1],
        ['duplicate_line', day, '250.000000', refs.d2],
        ['unmatched_line', day, '-2.500000', expect.any(String)],
        ['unmatched_line', day, '99.990000', 'UNKNOWN-PAYER-1'],
        ['unmatched_transaction', day, '100.000000', refs.w1],
      ].sort((a, b) => `${a[0]}${a[2]}`.localeCompare(`${b[0]}${b[2]}`)),
    );
    expect(breaks.every((b) => b.status === 'open' && b.opened_by_run)).toBe(true);
  });

  it('reconciles an expected deposit by its statement line, once though the custodian reported it twice, showing the deposit', async () => {
    const [{ ledger_transaction_id: tx }] = await h.app.services.sql`select ledger_transaction_id from deposits where id = ${refs.d2id}`;
    const e = await org.ok(200, 'GET', `/expected-payments/${expected.id}`);
    expect(e).toMatchObject({ status: 'reconciled', reconciled_amount: { value: '250.000000' }, ledger_transaction_ids: [tx] });
    expect(e.statement_line_ids).toHaveLength(1);
  });

  it('answers a dry run without writing, and a rerun changes no break or match', async () => {
    const count = async () => (await h.app.services.sql`select (select count(*) from reconciliation_matches where account_id = ${acct.id})::int as m, (select count(*) from reconciliation_breaks where account_id = ${acct.id})::int as b`)[0];
    const before = await count();
    const dry = await org.ok(200, 'POST', `/reconciliation-accounts/${acct.id}/runs`, { dry_run: true });
    expect(dry).toMatchObject({ dry_run: true, matches: 0 });
    expect(dry.breaks).toHaveLength(5);
    const rerun = await org.ok(201, 'POST', `/reconciliation-accounts/${acct.id}/runs`, {});
    expect(rerun).toMatchObject({ lines_added: 0, matched: 0, breaks_opened: 0, breaks_resolved: 0, breaks_open: 5 });
    expect(await count()).toEqual(before);
    // The same run id again (an activity retried after its commit) is the run recorded: nothing happens twice.
    const again = await reconcileAccount(h.app.services.sql, { runId: rerun.id, accountId: acct.id, trigger: 'manual', workflowId: null, linesAdded: 0 });
    expect(again.created).toBe(false);
    expect(await count()).toEqual(before);
    const runs = await org.ok(200, 'GET', `/reconciliation-accounts/${acct.id}/runs`);
    expect(runs.items.map((r: { id: string }) => r.id)).toEqual([rerun.id, expect.any(String)]);
    // The rerun compared what the first left unmatched: other inputs, another hash.
    expect(runs.items.map((r: { inputs_sha256: string }) => r.inputs_sha256)).toEqual([expect.stringMatching(/^[0-9a-f]{64}$/), expect.stringMatching(/^[0-9a-f]{64}$/)]);
    expect(runs.items[0].inputs_sha256).not.toBe(runs.items[1].inputs_sha256);
  });

  it('records a run once when its step is retried after the commit', async () => {
    const before = (await org.ok(200, 'GET', `/reconciliation-accounts/${acct.id}/runs`)).items.length;
    const calls = reconcileCalls;
    loseNextAnswer = true;
    const run = await org.ok(201, 'POST', `/reconciliation-accounts/${acct.id}/runs`, {});
    expect(reconcileCalls - calls).toBe(2);
    expect(run).toMatchObject({ matched: 0, breaks_opened: 0, breaks_open: 5 });
    const runs = (await org.ok(200, 'GET', `/reconciliation-accounts/${acct.id}/runs`)).items;
    expect(runs).toHaveLength(before + 1);
    expect(runs[0].id).toBe(run.id);
  });

  it('refuses to close the day while breaks are open, then closes it signed once they are decided', async () => {
    const blocked = await org.api('POST', `/reconciliation-accounts/${acct.id}/periods/${day}/close`);
    expect(blocked.status).toBe(409);
    expect(blocked.body).toMatchObject({ reason: 'period_not_closable', blocker: 'open_breaks', open_breaks: 5 });

    const byKind = (kind: string, ref?: string) => breaks.find((b) => b.kind === kind && (ref === undefined || b.detail.reference === ref));
    await org.ok(200, 'POST', `/reconciliation-breaks/${byKind('unmatched_transaction').id}/acknowledge`, { note: 'Asked the custodian' });
    const noNote = await org.api('POST', `/reconciliation-breaks/${byKind('duplicate_line').id}/accept`, {});
    expect(noNote.status).toBe(400);
    for (const [b, note] of [
      [byKind('unmatched_transaction'), 'The custodian confirms the payout; its statement omitted it.'],
      [byKind('duplicate_line'), 'Reported twice by the custodian: one transfer.'],
      [byKind('unmatched_line', 'UNKNOWN-PAYER-1'), 'Returned to the sender outside Counterfoil.'],
    ] as const) {
      const accepted = await org.ok(200, 'POST', `/reconciliation-breaks/${b.id}/accept`, { note });
      expect(accepted).toMatchObject({ status: 'accepted', note, decided_by: { subject: { kind: 'service_account' } } });
      expect(accepted.evidence).toMatchObject({ frozen_at: expect.any(String), difference: b.difference });
    }
    const twice = await org.api('POST', `/reconciliation-breaks/${byKind('duplicate_line').id}/accept`, { note: 'again' });
    expect(twice.status).toBe(409);
    expect(twice.body.reason).toBe('break_decided');

    const mismatch = byKind('amount_mismatch');
    const unknownTx = await org.api('POST', `/reconciliation-breaks/${mismatch.id}/resolve`, { ledger_transaction_id: uuidv7() });
    expect(unknownTx.status).toBe(422);
    const [booking] = await h.app.services.sql`select id from ledger_transactions where enterprise_id = ${org.tenant.enterpriseId} order by id desc limit 1`;
    const resolved = await org.ok(200, 'POST', `/reconciliation-breaks/${mismatch.id}/resolve`, { ledger_transaction_id: booking.id, note: 'Corrected with the custodian' });
    expect(resolved).toMatchObject({ status: 'resolved', resolution: 'corrected', resolution_ledger_transaction_id: booking.id });

    // The bank fee is booked by a governed adjustment: two approvers, the initiator barred.
    const fee = breaks.find((b) => b.kind === 'unmatched_line' && b.detail.reference !== 'UNKNOWN-PAYER-1');
    adjusted = await adjustUnderQuorum(fee.id, '2.500000');
    expect(await org.ok(200, 'GET', `/reconciliation-breaks/${fee.id}`)).toMatchObject({ status: 'resolved', resolution: 'corrected', resolution_ledger_transaction_id: adjusted.ledger_transaction_ref.slice('ledger-transactions/'.length) });

    const closed = await org.ok(201, 'POST', `/reconciliation-accounts/${acct.id}/periods/${day}/close`);
    expect(closed).toMatchObject({ period: day, status: 'closed', figures: { statement_lines: { count: 8, matched: 4 }, ledger_transactions: { count: 6 }, breaks: { accepted: 3, resolved: 2 } } });
    const signer = checkpointSigner(await h.app.services.platformKeys.get(CHECKPOINT_KEY_NAME));
    expect(closed.key_id).toBe(signer.keyId);
    expect(verifyCheckpointSignature(closed.payload, Buffer.from(closed.signature, 'base64url'), signer.publicKey)).toBe(true);
    expect(verifyCheckpointSignature(closed.payload.replace('"count":8', '"count":9'), Buffer.from(closed.signature, 'base64url'), signer.publicKey)).toBe(false);
    expect(JSON.parse(closed.payload)).toMatchObject({ encoding: 'counterfoil.reconciliation.period.v1', period: day, account: { id: acct.id, currency: 'USDC' } });
    expect((await org.ok(200, 'GET', `/reconciliation-accounts/${acct.id}`)).reconciled_through).toBe(day);
    const again = await org.api('POST', `/reconciliation-accounts/${acct.id}/periods/${day}/close`);
    expect(again.status).toBe(409);
    expect(again.body.reason).toBe('period_closed');
  });

  it('reports the day as CSV: every line with its match or break, and the ledger side no line matched', async () => {
    const res = await fetch(`${h.app.url}/reconciliation-accounts/${acct.id}/periods/${day}/report`, { headers: { authorization: `Bearer ${org.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="reconciliation-${acct.id}-${day}.csv"`);
    const [header, ...rows] = (await res.text()).trimEnd().split('\r\n').map((r) => r.split(','));
    expect(header).toEqual(['row', 'at', 'statement_line_id', 'provider_id', 'reference', 'counterparty', 'amount', 'currency', 'match_id', 'matched_ledger_transaction_ids', 'ledger_transaction_id', 'operation', 'break_id', 'break_kind', 'break_status']);
    const col = (name: string) => header.indexOf(name);
    const lines = rows.filter((r) => r[0] === 'statement_line');
    expect(lines).toHaveLength(8);
    expect(lines.filter((r) => r[col('match_id')] !== '')).toHaveLength(4);
    // Every line is matched or has its break: none is left unexplained.
    expect(lines.filter((r) => r[col('match_id')] === '' && r[col('break_id')] === '')).toEqual([]);
    const ledger = rows.filter((r) => r[0] === 'ledger_transaction');
    expect(ledger.map((r) => [r[col('reference')], r[col('break_kind')], r[col('break_status')]]).sort()).toEqual(
      [[refs.d1, 'amount_mismatch', 'resolved'], [refs.w1, 'unmatched_transaction', 'accepted']].sort(),
    );
    // The account's ETag moved with the close: a cached copy does not hide reconciled_through.
    const account = await org.api('GET', `/reconciliation-accounts/${acct.id}`);
    expect(account.headers.get('etag')).not.toBe(acct.etag);
  });

  it('books the adjustment from its hold once, and undoes it only by a reversal, itself governed', async () => {
    const entries = await h.app.services.sql`
      select p.amount::text, b.account_ref from ledger_postings p join ledger_balances b on b.id = p.balance_id where p.transaction_id = ${adjusted.ledger_transaction_ref.slice('ledger-transactions/'.length)} order by b.account_ref`;
    expect(entries.map((e) => [e.account_ref.replace(org.tenant.enterpriseId, 'E'), e.amount])).toEqual([
      [master, '-2500000'],
      ['system/E/external_withdrawals', '2500000'],
    ]);
    expect(await org.balance(master)).toEqual({ available: '97500000', held: '0', total: '97500000' });
    const reversal = await org.ok(201, 'POST', `/reconciliation-adjustments/${adjusted.id}/reverse`, { note: 'The bank refunds the fee' }, { 'idempotency-key': uuidv7() });
    expect(reversal).toMatchObject({ status: 'pending_approval', direction: 'credit', reverses_id: adjusted.id });
    expect((await org.api('POST', `/reconciliation-adjustments/${adjusted.id}/reverse`, { note: 'again' }, { 'idempotency-key': uuidv7() })).status).toBe(409);
    expect((await org.decide(reversal.approval_ref, 'reject', approvers[0].token)).status).toBe(200);
    await until('the reversal rejected', async () => (await org.ok(200, 'GET', `/reconciliation-adjustments/${reversal.id}`)).status === 'rejected');
    expect(await org.balance(master)).toEqual({ available: '97500000', held: '0', total: '97500000' });
    expect((await org.ok(200, 'GET', `/reconciliation-breaks/${adjusted.break_id}/adjustments`)).items.map((a: { status: string }) => a.status)).toEqual(['executed', 'rejected']);
    const client = await h.app.services.temporal.get();
    writeHistory('reconciliation-adjustment-approved', await client.workflow.getHandle(`reconciliation-adjustment/${adjusted.id}`).fetchHistory());
    writeHistory('reconciliation-adjustment-rejected', await client.workflow.getHandle(`reconciliation-adjustment/${reversal.id}`).fetchHistory());
  });

  it('opens a closed_period_posting break for a line dated inside the closed day, and leaves the signed figures', async () => {
    const before = (await org.ok(200, 'GET', `/reconciliation-accounts/${acct.id}/periods`)).items[0];
    await org.ok(201, 'POST', '/sandbox/statement-discrepancies', { rail: 'ethereum', currency: 'USDC', kind: 'unknown_incoming', reference: 'LATE-1', amount: { currency: 'USDC', value: '5.00' } });
    await h.app.services.sql`update sandbox_statement_lines set booked_at = ${`${day}T20:00:00Z`}, value_at = ${`${day}T20:00:00Z`} where enterprise_id = ${org.tenant.enterpriseId} and reference = 'LATE-1'`;
    const run = await org.ok(201, 'POST', `/reconciliation-accounts/${acct.id}/runs`, {});
    expect(run).toMatchObject({ lines_added: 1, breaks_opened: 1 });
    const [late] = (await org.ok(200, 'GET', `/reconciliation-breaks?account_id=${acct.id}&status=open`)).items;
    expect(late).toMatchObject({ kind: 'closed_period_posting', period: day, detail: { underlying_kind: 'unmatched_line', reference: 'LATE-1' } });
    expect((await org.ok(200, 'GET', `/reconciliation-accounts/${acct.id}/periods`)).items[0]).toEqual(before);

    // Snoozed, it leaves the inbox until then, and is still live.
    const until = new Date(Date.now() + DAY).toISOString();
    expect(await org.ok(200, 'POST', `/reconciliation-breaks/${late.id}/snooze`, { until, note: 'Waiting for the bank' })).toMatchObject({ status: 'open', snoozed_until: until });
    expect((await org.ok(200, 'GET', `/reconciliation-breaks?account_id=${acct.id}&status=open`)).items).toEqual([]);
    expect((await org.ok(200, 'GET', `/reconciliation-breaks?account_id=${acct.id}&status=open&include_snoozed=true`)).items.map((b: { id: string }) => b.id)).toEqual([late.id]);
    expect(await org.ok(200, 'GET', `/reconciliation-breaks/${late.id}`)).toMatchObject({ id: late.id, note: 'Waiting for the bank' });
    expect((await org.ok(200, 'GET', '/reconciliation-accounts')).items.map((a: { id: string }) => a.id)).toContain(acct.id);
  });

  it('follows money that comes back: a returned payout and a recalled deposit match their lines, and the books still agree', async () => {
    await org.ok(200, 'POST', `/sandbox/withdrawals/${refs.w3}/return`, { reason: { scheme: 'crypto', code: 'bounced' } });
    await org.ok(200, 'POST', `/sandbox/deposits/${refs.d3}/reversal`, { amount: { currency: 'USDC', value: '25.50' }, reason: { scheme: 'sepa', code: 'FRAD' } });
    const run = await org.ok(201, 'POST', `/reconciliation-accounts/${acct.id}/runs`, {});
    expect(run).toMatchObject({ lines_added: 2, matched: 2, breaks_opened: 0, ledger_unexplained: { currency: 'USDC', value: '0.000000' } });
    // The returned and the recalled records stay on the ledger side, matched: their first movement happened.
    const unmatched = (await org.ok(200, 'GET', `/reconciliation-accounts/${acct.id}/statement-lines?matched=false&page_size=100`)).items;
    expect(unmatched.map((l: { remittance: string | null }) => l.remittance)).not.toContainEqual(expect.stringMatching(/^return /));
  });

  it('fulfils an expected deposit from the ledger while the custodian has not reported it yet, and not again by its line', async () => {
    const d = await deposit('33.00');
    await org.ok(201, 'POST', '/sandbox/statement-discrepancies', { rail: 'ethereum', currency: 'USDC', kind: 'payout_missing', reference: d.transaction_hash });
    const e = await org.ok(201, 'POST', '/expected-payments', {
      account_id: acct.id,
      direction: 'credit',
      amount_range: { min: { currency: 'USDC', value: '30.00' }, max: { currency: 'USDC', value: '40.00' } },
      window: { from: new Date(Date.now() - DAY).toISOString(), to: new Date(Date.now() + DAY).toISOString() },
      reference: d.transaction_hash,
    });
    const run = await org.ok(201, 'POST', `/reconciliation-accounts/${acct.id}/runs`, {});
    // In flight, not a break: the custodian may still report it within the account's lag.
    expect(run).toMatchObject({ breaks_opened: 0, ledger_unexplained: { value: '0.000000' } });
    const [{ ledger_transaction_id: tx }] = await h.app.services.sql`select ledger_transaction_id from deposits where id = ${d.id}`;
    expect(await org.ok(200, 'GET', `/expected-payments/${e.id}`)).toMatchObject({ status: 'reconciled', reconciled_amount: { value: '33.000000' }, statement_line_ids: [], ledger_transaction_ids: [tx] });

    // The custodian reports it after all: the line matches the deposit and is the same money, not a second payment.
    await h.app.services.sql`
      insert into sandbox_statement_lines (enterprise_id, rail, asset, provider_id, source_key, booked_at, value_at, amount, counterparty, reference, remittance)
      select enterprise_id, rail, asset, provider_id || 'L', null, now(), now(), amount, counterparty, reference, remittance
      from sandbox_statement_lines where enterprise_id = ${org.tenant.enterpriseId} and reference = ${d.transaction_hash} and hidden`;
    expect(await org.ok(201, 'POST', `/reconciliation-accounts/${acct.id}/runs`, {})).toMatchObject({ lines_added: 1, matched: 1, breaks_opened: 0 });
    const after = await org.ok(200, 'GET', `/expected-payments/${e.id}`);
    expect(after).toMatchObject({ status: 'reconciled', reconciled_amount: { value: '33.000000' }, ledger_transaction_ids: [tx] });
    expect(after.statement_line_ids).toHaveLength(1);
  });

  it('explains a fresh amount mismatch by its break alone, not by its transaction in flight as well', async () => {
    const d = await deposit('12.00');
    await org.ok(201, 'POST', '/sandbox/statement-discrepancies', { rail: 'ethereum', currency: 'USDC', kind: 'amount_off', reference: d.transaction_hash, amount: { currency: 'USDC', value: '0.01' } });
    const run = await org.ok(201, 'POST', `/reconciliation-accounts/${acct.id}/runs`, {});
    expect(run).toMatchObject({ lines_added: 1, matched: 0, breaks_opened: 1, ledger_unexplained: { value: '0.000000' } });
  });

  it('keeps accounts, breaks and runs to their enterprise (404) and changes to reconciliation.manage (403)', async () => {
    const other = await Org.create(h.app, 'Elsewhere Ltd');
    expect((await other.api('GET', `/reconciliation-accounts/${acct.id}`)).status).toBe(404);
    expect((await other.api('GET', `/reconciliation-breaks/${breaks[0].id}`)).status).toBe(404);
    expect((await other.api('POST', `/reconciliation-accounts/${acct.id}/runs`, {})).status).toBe(404);
    expect((await other.ok(200, 'GET', '/reconciliation-breaks')).items).toEqual([]);
    const viewer = await org.user(['viewer']);
    expect((await org.api('GET', `/reconciliation-breaks?account_id=${acct.id}`, undefined, {}, viewer.token)).status).toBe(200);
    const refused = await org.api('POST', `/reconciliation-breaks/${breaks[0].id}/acknowledge`, {}, {}, viewer.token);
    expect(refused.status).toBe(403);
    const duplicate = await org.api('POST', '/reconciliation-accounts', { rail: 'ethereum', address: 'sandbox-custody', currency: 'USDC' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ reason: 'reconciliation_account_exists', existing_id: acct.id });
  });

  it('runs on its own Temporal Schedule', async () => {
    const client = await h.app.services.temporal.get();
    const d = await client.schedule.getHandle(acct.temporal_schedule_id).describe();
    expect(d.spec.intervals?.[0]?.every).toBe(86_400_000);
    await client.schedule.getHandle(acct.temporal_schedule_id).trigger();
    await until('the scheduled run', async () => (await org.ok(200, 'GET', `/reconciliation-accounts/${acct.id}/runs`)).items.some((r: { trigger: string }) => r.trigger === 'schedule'));
  });
});

describe('matching rules', () => {
  it('are kept in order, refused when they could backtrack or lack their group, and retired', async () => {
    const rules = await Org.create(h.app, 'Rule Maker Ltd');
    const made = await rules.ok(201, 'POST', '/reconciliation-rules', {
      position: 1,
      name: 'Reference, within five cents',
      strategy: 'one_to_one',
      criteria: [{ field: 'reference', operator: 'equals' }, { field: 'amount', drift_absolute: { currency: 'EUR', value: '0.05' } }, { field: 'currency' }],
    });
    expect(made.criteria[1]).toEqual({ field: 'amount', drift_absolute: '5' });
    await rules.ok(201, 'POST', '/reconciliation-rules', { position: 0, name: 'End-to-end id in the remittance', strategy: 'one_to_one', criteria: [{ field: 'description', operator: 'pattern', pattern: 'E2E-([A-Z0-9]+)', against: 'reference' }] });
    expect((await rules.ok(200, 'GET', '/reconciliation-rules')).items.map((r: { position: number }) => r.position)).toEqual([0, 1]);
    const nested = await rules.api('POST', '/reconciliation-rules', { position: 2, name: 'bad', strategy: 'one_to_one', criteria: [{ field: 'reference', operator: 'pattern', pattern: '(a+)+$' }] });
    expect(nested.status).toBe(422);
    expect(nested.body.errors[0]).toMatchObject({ pointer: '/body/criteria/0/pattern', detail: 'no nested quantifiers' });
    expect((await rules.api('POST', '/reconciliation-rules', { position: 2, name: 'grouped', strategy: 'one_to_many', criteria: [{ field: 'currency' }] })).status).toBe(422);
    expect(await rules.ok(200, 'POST', `/reconciliation-rules/${made.id}/retire`)).toMatchObject({ active: false });
    expect((await rules.ok(200, 'GET', '/reconciliation-rules')).items).toHaveLength(1);
    expect((await rules.ok(200, 'GET', '/reconciliation-rules?include_retired=true')).items).toHaveLength(2);
    expect((await org.api('POST', `/reconciliation-rules/${made.id}/retire`)).status).toBe(404);
  });
});

describe('expected payments', () => {
  const csv = (rows: string[]) => Buffer.from(['Id,Date,Amount,Currency,Reference,Remittance', ...rows].join('\n') + '\n');
  const MAPPING = encodeURIComponent(JSON.stringify({ id: 'Id', booked_at: 'Date', amount: 'Amount', currency: 'Currency', reference: 'Reference', remittance: 'Remittance' }));

  it('are fulfilled by the statement lines that quote them, in parts, up to their maximum', async () => {
    const acct = await org.ok(201, 'POST', '/reconciliation-accounts', { rail: 'sepa', address: 'DE02120300000000202051', currency: 'EUR', statement_source: 'files', interval_seconds: 86_400 });
    const expect77 = await org.ok(201, 'POST', '/expected-payments', {
      account_id: acct.id,
      direction: 'credit',
      amount_range: { min: { currency: 'EUR', value: '200.00' }, max: { currency: 'EUR', value: '300.00' } },
      window: { from: '2026-11-01T00:00:00Z', to: '2026-11-30T23:59:59Z' },
      reference: 'INV-77',
      description: 'Invoice 77',
    });
    expect(expect77).toMatchObject({ status: 'unreconciled', reconciled_amount: { currency: 'EUR', value: '0.00' }, statement_line_ids: [] });
    const unused = await org.ok(201, 'POST', '/expected-payments', {
      account_id: acct.id,
      direction: 'credit',
      amount_range: { min: { currency: 'EUR', value: '5.00' }, max: { currency: 'EUR', value: '5.00' } },
      window: { from: '2026-11-01T00:00:00Z', to: '2026-11-30T23:59:59Z' },
      counterparty: 'Nobody Ltd',
    });
    const noKey = await org.api('POST', '/expected-payments', { account_id: acct.id, direction: 'credit', amount_range: { min: { currency: 'EUR', value: '1.00' }, max: { currency: 'EUR', value: '1.00' } }, window: { from: '2026-11-01T00:00:00Z', to: '2026-11-02T00:00:00Z' } });
    expect([noKey.status, noKey.body.errors?.[0]?.pointer]).toEqual([422, '/body/reference']);

    const importAndRun = async (rows: string[]) => {
      const res = await fetch(`${h.app.url}/statement-imports?account_id=${acct.id}&format=csv&mapping=${MAPPING}`, { method: 'POST', headers: { authorization: `Bearer ${org.token}`, 'content-type': 'text/csv' }, body: csv(rows) });
      expect(res.status).toBe(201);
      await org.ok(201, 'POST', `/reconciliation-accounts/${acct.id}/runs`, {});
      return org.ok(200, 'GET', `/expected-payments/${expect77.id}`);
    };
    // The first part quotes it in the remittance text; a payment out with the same reference is not it.
    const partial = await importAndRun(['B-1,2026-11-10,150.00,EUR,,Payment for INV-77 part 1', 'B-2,2026-11-10,-150.00,EUR,INV-77,']);
    expect(partial).toMatchObject({ status: 'partially_reconciled', reconciled_amount: { value: '150.00' }, statement_line_ids: [expect.any(String)] });
    // The second takes it into its range; a third would take it past its maximum and stays a line of its own.
    const done = await importAndRun(['B-3,2026-11-12,120.00,EUR,INV-77,', 'B-4,2026-11-13,50.00,EUR,INV-77,']);
    expect(done).toMatchObject({ status: 'reconciled', reconciled_amount: { value: '270.00' }, reconciled_at: expect.any(String) });
    expect(done.statement_line_ids).toHaveLength(2);
    expect((await org.ok(200, 'GET', `/expected-payments?account_id=${acct.id}&status=reconciled`)).items.map((e: { id: string }) => e.id)).toEqual([expect77.id]);
    expect((await org.api('POST', `/expected-payments/${expect77.id}/cancel`)).body.reason).toBe('expected_payment_fulfilled');
    expect(await org.ok(200, 'POST', `/expected-payments/${unused.id}/cancel`)).toMatchObject({ status: 'cancelled' });
    const [{ types }] = await h.app.services.sql`select array_agg(type order by seq) as types from events where resource_ref = ${`expected-payments/${expect77.id}`}`;
    expect(types).toEqual(['reconciliation.expected_payment.created.v1', 'reconciliation.expected_payment.partially_reconciled.v1', 'reconciliation.expected_payment.reconciled.v1']);
  });
});

describe('statement imports over HTTP', () => {
  const IBAN = 'DE89370400440532013000';
  const fixture = (name: string) => readFileSync(path.join(__dirname, '../fixtures/statements', name));
  const upload = (query: string, body: Buffer, type: string) =>
    fetch(`${h.app.url}/statement-imports?${query}`, { method: 'POST', headers: { authorization: `Bearer ${org.token}`, 'content-type': type }, body });

  it('imports a camt.053 once, refuses a malformed one whole, and another enterprise\'s account is 404', async () => {
    const acct = await org.ok(201, 'POST', '/reconciliation-accounts', { rail: 'sepa', address: IBAN, currency: 'EUR', statement_source: 'files' });
    const q = `account_id=${acct.id}&format=camt.053`;
    const first = await upload(q, fixture('camt053-iso20022-example.xml'), 'application/xml');
    expect(first.status).toBe(201);
    const imported = (await first.json()) as { id: string; content_sha256: string };
    expect(imported).toMatchObject({ resource: 'statement_import', line_count: 3, format: 'camt.053', closing_balance: { amount: { currency: 'EUR', value: '435643.50' }, as_of: '2026-11-30T23:59:59.999Z' } });
    expect((await org.ok(200, 'GET', `/reconciliation-accounts/${acct.id}`)).provider_balance).toEqual({ currency: 'EUR', value: '435643.50' });
    const again = await upload(q, fixture('camt053-iso20022-example.xml'), 'application/xml');
    expect(again.status).toBe(200);
    expect(((await again.json()) as { id: string }).id).toBe(imported.id);
    expect((await org.ok(200, 'GET', `/statement-imports/${imported.id}`)).content_sha256).toBe(imported.content_sha256);

    const broken = Buffer.from(fixture('camt053-iso20022-example.xml').toString('utf8').replace('<Amt Ccy="EUR">35.00', '<Amt Ccy="EUR">35.0O'));
    const malformed = await upload(q, broken, 'application/xml');
    expect(malformed.status).toBe(422);
    expect(malformed.headers.get('content-type')).toContain('application/problem+json');
    expect(await malformed.json()).toMatchObject({ reason: 'statement_malformed', location: expect.any(String) });
    expect((await org.ok(200, 'GET', `/reconciliation-accounts/${acct.id}/statement-lines`)).items).toHaveLength(3);

    expect((await upload(q, fixture('camt053-iso20022-example.xml'), 'application/json')).status).toBe(415);
    const other = await Org.create(h.app, 'Importer Elsewhere Ltd');
    const foreign = await fetch(`${h.app.url}/statement-imports?${q}`, { method: 'POST', headers: { authorization: `Bearer ${other.token}`, 'content-type': 'application/xml' }, body: fixture('camt053-iso20022-example.xml') });
    expect(foreign.status).toBe(404);
    const csv = await upload(`account_id=${acct.id}&format=csv&mapping=${encodeURIComponent('{"booked_at":"Date"')}`, Buffer.from('Date\n'), 'text/csv');
    expect(csv.status).toBe(422);
    expect(await call(h.app.url, 'GET', `/statement-imports/${imported.id}`, { token: other.token })).toMatchObject({ status: 404 });
  });
});

describe('a run whose step dies inside its transaction', () => {
  it('leaves nothing of the lost attempt; the retry reconciles once', async () => {
    const killed = await Org.create(h.app, 'Killed Mid-Run Ltd');
    const acct = await killed.ok(201, 'POST', '/reconciliation-accounts', { rail: 'sepa', address: 'DE89370400440532013000', currency: 'EUR', statement_source: 'files', opening_balance: { currency: 'EUR', value: '500000.00' } });
    const camt = readFileSync(path.join(__dirname, '../fixtures/statements', 'camt053-iso20022-example.xml'));
    const imported = await fetch(`${h.app.url}/statement-imports?account_id=${acct.id}&format=camt.053`, { method: 'POST', headers: { authorization: `Bearer ${killed.token}`, 'content-type': 'application/xml' }, body: camt });
    expect(imported.status).toBe(201);
    const { sql } = h.app.services;
    const calls = reconcileCalls;

    // The run's last write waits on a lock the test holds: by then its matches and breaks are written, uncommitted.
    const blocker = await sql.reserve();
    try {
      await blocker`begin`;
      await blocker`lock table reconciliation_runs in exclusive mode`;
      const started = killed.api('POST', `/reconciliation-accounts/${acct.id}/runs`, {});
      let pid: number | undefined;
      await until('the run waits on its last write', async () => {
        [{ pid } = { pid: undefined }] = await sql<{ pid: number }[]>`
          select pid from pg_stat_activity where wait_event_type = 'Lock' and query ilike 'insert into reconciliation_runs%'`;
        return pid !== undefined;
      });
      // Its connection dies as a killed worker's does: PostgreSQL rolls the transaction back.
      await sql`select pg_terminate_backend(${pid!})`;
      await blocker`commit`;
      const res = await started;
      expect(res.status).toBe(201);
      // The file's closing balance is the bank's: its opening balance and lines add up to it, and the ledger moved nothing.
      expect(res.body).toMatchObject({ lines_considered: 3, matched: 0, breaks_opened: 3, breaks_open: 3, provider_balance: { value: '435643.50' }, ledger_balance: { value: '500000.00' }, ledger_unexplained: { value: '0.00' } });
    } finally {
      blocker.release();
    }
    expect(reconcileCalls - calls).toBe(2);
    const [counts] = await sql<{ runs: number; breaks: number; opened: number }[]>`
      select (select count(*)::int from reconciliation_runs where account_id = ${acct.id}) as runs,
             (select count(*)::int from reconciliation_breaks where account_id = ${acct.id}) as breaks,
             (select count(*)::int from events where type = 'reconciliation.break.opened.v1' and enterprise_id = ${killed.tenant.enterpriseId}) as opened`;
    expect(counts).toEqual({ runs: 1, breaks: 3, opened: 3 });
  });
});

describe('a day closed under approval', () => {
  it('waits for the quorum a policy rule requires, then closes signed naming the approvers', async () => {
    const acct = await org.ok(201, 'POST', '/reconciliation-accounts', { rail: 'sepa', address: 'DE44500105175407324931', currency: 'EUR', statement_source: 'files' });
    const mapping = encodeURIComponent(JSON.stringify({ id: 'Id', booked_at: 'Date', amount: 'Amount', currency: 'Currency', reference: 'Reference' }));
    const rows = ['Id,Date,Amount,Currency,Reference', 'Q-1,2026-11-20,-4.90,EUR,FEE-NOV', 'Q-2,2026-11-20,1200.00,EUR,INV-9'].join('\n') + '\n';
    const imported = await fetch(`${h.app.url}/statement-imports?account_id=${acct.id}&format=csv&mapping=${mapping}`, { method: 'POST', headers: { authorization: `Bearer ${org.token}`, 'content-type': 'text/csv' }, body: rows });
    expect(imported.status).toBe(201);
    await org.ok(201, 'POST', `/reconciliation-accounts/${acct.id}/runs`, {});
    for (const b of (await org.ok(200, 'GET', `/reconciliation-breaks?account_id=${acct.id}`)).items) {
      await org.ok(200, 'POST', `/reconciliation-breaks/${b.id}/accept`, { note: 'Explained by the bank' });
    }
    await org.rule({ action_family: 'reconciliation_period_close', effect: { ...org.approvalEffect(), required_human_approvals: 2 } });

    const pending = await org.ok(202, 'POST', `/reconciliation-accounts/${acct.id}/periods/2026-11-20/close`);
    expect(pending).toMatchObject({ resource: 'reconciliation_period_close', period: '2026-11-20', status: 'pending_approval', approval_ref: expect.stringMatching(/^approvals\//) });
    expect((await org.api('POST', `/reconciliation-accounts/${acct.id}/periods/2026-11-20/close`)).body).toMatchObject({ reason: 'period_close_pending', period_close_id: pending.id });
    expect((await org.ok(200, 'GET', `/reconciliation-accounts/${acct.id}/periods`)).items).toEqual([]);

    const people = [await approver(), await approver()];
    for (const p of people) expect((await org.decide(pending.approval_ref, 'approve', p.token)).status).toBe(200);
    await until('the day closed', async () => (await org.ok(200, 'GET', `/reconciliation-period-closes/${pending.id}`)).status === 'closed');
    const [closed] = (await org.ok(200, 'GET', `/reconciliation-accounts/${acct.id}/periods`)).items;
    expect(closed).toMatchObject({ period: '2026-11-20', closed_by: { approved_by: expect.arrayContaining(people.map((p) => expect.objectContaining({ id: p.id }))) } });
    const signed = JSON.parse(closed.payload);
    expect(signed.approved_by.map((a: { id: string }) => a.id).sort()).toEqual(people.map((p) => p.id).sort());
    const signer = checkpointSigner(await h.app.services.platformKeys.get(CHECKPOINT_KEY_NAME));
    expect(verifyCheckpointSignature(closed.payload, Buffer.from(closed.signature, 'base64url'), signer.publicKey)).toBe(true);

    const client = await h.app.services.temporal.get();
    const history = await client.workflow.getHandle(`reconciliation-period-close/${pending.id}`).fetchHistory();
    expect(historyFindings(history)).toEqual([]);
    writeHistory('reconciliation-period-close-approved', history);
  });
});
