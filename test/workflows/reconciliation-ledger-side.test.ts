import { uuidv7 } from '../../src/ids';
import { until } from '../helpers/reference-connector';
import { ETH_ADDRESS, Org, startGovernedHarness, type GovernedHarness } from './withdrawal-fixtures';

/*
 * A match seen from the ledger side on a real worker: a sandbox deposit and withdrawals on the ethereum
 * custodian, one payout the statement omits, one run; then the account's ledger side listed by whether
 * a match takes it, and each operation's own reconciliation (and an off-ramp on a rail nobody reconciles).
 */

let h: GovernedHarness;
let org: Org;
let acct: { id: string };
const ops: Record<'deposit' | 'paid' | 'missing' | 'offRamp', string> = { deposit: '', paid: '', missing: '', offRamp: '' };

beforeAll(async () => {
  h = await startGovernedHarness();
  org = await Org.create(h.app, 'Ledger Side Ltd');
  const [, account] = await org.newClient();
  await org.fund(account, '500.00');
  const destination = await org.destination(org.enterpriseRef, ETH_ADDRESS);
  const instructions = await org.ok(200, 'GET', `/deposit-instructions?account_ref=${account}&page_size=50`);
  const usdc = instructions.items.find((i: { asset: string; network?: string }) => i.asset === 'USDC' && (i.network ?? 'ethereum') === 'ethereum');
  const withdraw = async (value: string) => {
    const res = await org.withdraw(account, destination, value);
    if (res.status !== 201 && res.status !== 202) throw new Error(`withdrawal: ${res.status} ${res.text}`);
    return (await org.waitFor(res.body.id, ['executed'])).id as string;
  };
  const deposit = async () => {
    const d = await org.ok(201, 'POST', '/sandbox/deposits', { deposit_instruction_id: usdc.id, amount: { currency: 'USDC', value: '25.00' } });
    await until(`deposit ${d.id} credited`, async () => (await org.ok(200, 'GET', `/deposits/${d.id}`)).status === 'credited');
    return d.id as string;
  };
  const offRamp = async () => {
    const method = await org.payoutMethod(account);
    return (await org.ok(201, 'POST', '/off-ramp-sessions', { account_ref: account, asset: 'USDC', fiat_currency: 'EUR', amount: { currency: 'USDC', value: '1' }, payout_method_id: method }, { 'idempotency-key': uuidv7() })).id as string;
  };
  [ops.deposit, ops.paid, ops.missing, ops.offRamp] = await Promise.all([deposit(), withdraw('10.00'), withdraw('7.50'), offRamp()]);

  acct = await org.ok(201, 'POST', '/reconciliation-accounts', { rail: 'ethereum', address: 'sandbox-custody', currency: 'USDC', lag_seconds: 60, interval_seconds: 86_400 });
  const [{ rail_reference }] = await h.app.services.sql`select rail_reference from withdrawals where id = ${ops.missing}`;
  await org.ok(201, 'POST', '/sandbox/statement-discrepancies', { rail: 'ethereum', currency: 'USDC', kind: 'payout_missing', reference: rail_reference });
  // Settled an hour ago, past the account's lag: the payout the statement lacks is a break at once.
  const { sql } = h.app.services;
  await sql`update deposits set credited_at = credited_at - interval '1 hour' where enterprise_id = ${org.tenant.enterpriseId}`;
  await sql`update withdrawals set settled_at = settled_at - interval '1 hour' where enterprise_id = ${org.tenant.enterpriseId}`;
  expect(await org.ok(201, 'POST', `/reconciliation-accounts/${acct.id}/runs`, {})).toMatchObject({ matched: 2 });
}, 120_000);
afterAll(() => h?.stop());

const transactions = async (query = '') => (await org.ok(200, 'GET', `/reconciliation-accounts/${acct.id}/transactions${query}`)).items;

describe('the ledger side of a reconciled account', () => {
  it('lists every ledger transaction with its operation, match and break, filtered by matched', async () => {
    const all = await transactions();
    expect(all.map((t: { operation_ref: string }) => t.operation_ref).sort()).toEqual([`deposits/${ops.deposit}`, `withdrawals/${ops.paid}`, `withdrawals/${ops.missing}`].sort());
    const byOp = Object.fromEntries(all.map((t: { operation_ref: string }) => [t.operation_ref, t]));
    expect(byOp[`deposits/${ops.deposit}`]).toMatchObject({ resource: 'reconciliation_transaction', account_id: acct.id, amount: { currency: 'USDC', value: '25.000000' }, match_id: expect.any(String), break_id: null });
    expect(byOp[`withdrawals/${ops.paid}`]).toMatchObject({ amount: { value: '-10.000000' }, match_id: expect.any(String), break_id: null, reference: expect.any(String) });
    const missing = byOp[`withdrawals/${ops.missing}`];
    expect(missing).toMatchObject({ amount: { value: '-7.500000' }, match_id: null, break_id: expect.any(String), settled_at: expect.any(String) });

    expect((await transactions('?matched=true')).map((t: { operation_ref: string }) => t.operation_ref).sort()).toEqual([`deposits/${ops.deposit}`, `withdrawals/${ops.paid}`].sort());
    expect((await transactions('?matched=false')).map((t: { ledger_transaction_id: string }) => t.ledger_transaction_id)).toEqual([missing.ledger_transaction_id]);
    const first = await org.ok(200, 'GET', `/reconciliation-accounts/${acct.id}/transactions?page_size=2`);
    const rest = await org.ok(200, 'GET', `/reconciliation-accounts/${acct.id}/transactions?page_size=2&page_token=${encodeURIComponent(first.next_page_token)}`);
    expect([...first.items, ...rest.items]).toEqual(all);
    expect(rest.next_page_token).toBeNull();
  });

  it('answers each operation: reconciled with its match and lines, unreconciled with its break', async () => {
    const lines = (await org.ok(200, 'GET', `/reconciliation-accounts/${acct.id}/statement-lines?matched=true`)).items;
    const rows = Object.fromEntries((await transactions()).map((t: { operation_ref: string }) => [t.operation_ref, t]));
    for (const [path, ref] of [[`/deposits/${ops.deposit}/reconciliation`, `deposits/${ops.deposit}`], [`/withdrawals/${ops.paid}/reconciliation`, `withdrawals/${ops.paid}`]]) {
      const r = await org.ok(200, 'GET', path);
      const row = rows[ref];
      expect(r).toEqual({
        resource: 'operation_reconciliation',
        operation_ref: ref,
        state: 'reconciled',
        account_id: acct.id,
        ledger_transaction_id: row.ledger_transaction_id,
        match_id: row.match_id,
        statement_line_ids: lines.filter((l: { match_id: string }) => l.match_id === row.match_id).map((l: { id: string }) => l.id),
        breaks: [],
        transactions: [row],
      });
      expect(r.statement_line_ids).toHaveLength(1);
    }
    const missing = await org.ok(200, 'GET', `/withdrawals/${ops.missing}/reconciliation`);
    const row = rows[`withdrawals/${ops.missing}`];
    expect(missing).toMatchObject({ state: 'unreconciled', account_id: acct.id, ledger_transaction_id: row.ledger_transaction_id, match_id: null, statement_line_ids: [], transactions: [row] });
    expect(missing.breaks).toEqual([{ id: row.break_id, kind: 'unmatched_transaction', status: 'open', period: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), difference: { currency: 'USDC', value: '7.500000' } }]);
  });

  it('answers not_reconciled for an operation on a rail no account reconciles', async () => {
    // Its payout leaves by SEPA in EUR, which the enterprise does not reconcile (booked by now or not).
    const { ledger_transaction_id: _booking, ...rest } = await org.ok(200, 'GET', `/off-ramp-sessions/${ops.offRamp}/reconciliation`);
    expect(rest).toEqual({
      resource: 'operation_reconciliation',
      operation_ref: `off-ramp-sessions/${ops.offRamp}`,
      state: 'not_reconciled',
      account_id: null,
      match_id: null,
      statement_line_ids: [],
      breaks: [],
      transactions: [],
    });
  });

  it("is 404 to another enterprise, and needs reconciliation.read besides the operation's own permission", async () => {
    const other = await Org.create(h.app, 'Ledger Side Elsewhere Ltd');
    for (const path of [`/reconciliation-accounts/${acct.id}/transactions`, `/withdrawals/${ops.paid}/reconciliation`, `/deposits/${ops.deposit}/reconciliation`, `/off-ramp-sessions/${ops.offRamp}/reconciliation`]) {
      expect({ path, status: (await other.api('GET', path)).status }).toEqual({ path, status: 404 });
    }
    const role = await org.ok(201, 'POST', '/roles', { name: 'Withdrawal readers', permissions: ['withdrawals.read'], scope_ref: org.enterpriseRef });
    const reader = await org.user([role.id]);
    expect((await org.api('GET', `/withdrawals/${ops.paid}`, undefined, {}, reader.token)).status).toBe(200);
    expect((await org.api('GET', `/withdrawals/${ops.paid}/reconciliation`, undefined, {}, reader.token)).status).toBe(403);
    const viewer = await org.user(['viewer']);
    expect((await org.ok(200, 'GET', `/withdrawals/${ops.paid}/reconciliation`, undefined, {}, viewer.token)).state).toBe('reconciled');
  });
});
