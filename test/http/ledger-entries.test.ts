import { uuidv7 } from '../../src/ids';
import { systemAccountRef } from '../../src/ledger';
import { Org, startGovernedHarness, type GovernedHarness } from '../workflows/withdrawal-fixtures';

/*
 * GET /<records>/{id}/ledger-entries: what a governed record did to the ledger, read through the
 * record's own permission and scope. Real workflows book the withdrawals (a worker on its own queue).
 */

let h: GovernedHarness;
let org: Org;
let foreign: Org;

beforeAll(async () => {
  h = await startGovernedHarness();
  [org, foreign] = await Promise.all([Org.create(h.app, 'Ledger Effects Ltd'), Org.create(h.app, 'Foreign Effects Ltd')]);
}, 60_000);
afterAll(() => h.stop());

type Entries = {
  record_ref: string;
  holds: Array<{ account_ref: string; amount: { currency: string; value: string }; status: string; posted_amount: { value: string } | null; transaction_id: string | null }>;
  transactions: Array<{ id: string; kind: string; postings: Array<{ account_ref: string; direction: 'debit' | 'credit'; amount: { currency: string; value: string } }> }>;
};

/** Debits and credits of a transaction, as exact decimal strings summed in minor units (one asset, one precision). */
function totals(t: Entries['transactions'][number]): { debit: bigint; credit: bigint } {
  const minor = (v: string) => BigInt(v.replace('.', ''));
  return t.postings.reduce((s, p) => ({ ...s, [p.direction]: s[p.direction] + minor(p.amount.value) }), { debit: 0n, credit: 0n });
}

it('an executed withdrawal: its hold, posted by one balanced transaction to the outside', async () => {
  const { account, destination } = await org.withdrawalAccount('100.00');
  const created = await org.withdraw(account, destination, '40.00');
  expect(created.status).toBe(201);
  const w = await org.waitFor(created.body.id, ['executed']);
  const entries: Entries = await org.ok(200, 'GET', `/withdrawals/${w.id}/ledger-entries`);

  expect(entries.record_ref).toBe(`withdrawals/${w.id}`);
  const held = BigInt(w.principal_amount.value.replace('.', '')) + BigInt(w.fee_summary.total.value.replace('.', ''));
  expect(entries.holds).toEqual([
    expect.objectContaining({ account_ref: account, status: 'posted', amount: { currency: 'USDC', value: expect.any(String) }, transaction_id: entries.transactions[0].id }),
  ]);
  expect(BigInt(entries.holds[0].amount.value.replace('.', ''))).toBe(held);
  expect(entries.transactions).toHaveLength(1);
  const [settle] = entries.transactions;
  expect(settle.kind).toBe('withdrawal');
  expect(settle.postings).toContainEqual({ account_ref: account, direction: 'debit', amount: entries.holds[0].amount });
  expect(settle.postings).toContainEqual({ account_ref: systemAccountRef(org.tenant.enterpriseId, 'external_withdrawals'), direction: 'credit', amount: { currency: 'USDC', value: '40.000000' } });
  const { debit, credit } = totals(settle);
  expect(debit).toBe(credit);
});

it('a cancelled withdrawal: its hold voided, nothing booked', async () => {
  const [client, account] = await org.newClient();
  await org.fund(account, '100.00');
  const destination = await org.destination(org.enterpriseRef);
  await org.rule({ scope_ref: client, order: 1, conditions: { amount_at_least: { currency: 'USDC', value: '60.00' } }, effect: org.approvalEffect() });
  const created = await org.withdraw(account, destination, '60.00');
  expect(created.body.status).toBe('pending_approval');
  expect((await org.ok(200, 'GET', `/withdrawals/${created.body.id}/ledger-entries`)).holds.map((x: { status: string }) => x.status)).toEqual(['pending']);

  await org.ok(200, 'POST', `/withdrawals/${created.body.id}/cancel`);
  const entries: Entries = await org.ok(200, 'GET', `/withdrawals/${created.body.id}/ledger-entries`);
  expect(entries.holds).toEqual([expect.objectContaining({ account_ref: account, status: 'voided', posted_amount: null, transaction_id: null })]);
  expect(entries.transactions).toEqual([]);
});

it('an executed internal transfer: one transaction, the source debited and the target credited', async () => {
  const [[, source], [, target]] = await Promise.all([org.newClient(), org.newClient()]);
  await org.fund(source, '10.00');
  const t = await org.ok(201, 'POST', '/internal-transfers', { amount: { currency: 'USDC', value: '2.50' }, source_ref: source, target_ref: target }, { 'idempotency-key': uuidv7() });
  const entries: Entries = await org.ok(200, 'GET', `/internal-transfers/${t.id}/ledger-entries`);
  expect(entries).toEqual({
    record_ref: `internal-transfers/${t.id}`,
    holds: [],
    transactions: [
      {
        id: expect.any(String),
        kind: 'internal_transfer',
        booked_at: expect.any(String),
        postings: expect.arrayContaining([
          { account_ref: source, direction: 'debit', amount: { currency: 'USDC', value: '2.500000' } },
          { account_ref: target, direction: 'credit', amount: { currency: 'USDC', value: '2.500000' } },
        ]),
      },
    ],
  });
  expect(entries.transactions[0].postings).toHaveLength(2);
});

it('an executed conversion: the source asset out through the FX liquidity account, the target asset in', async () => {
  const [, account] = await org.newClient();
  await org.fund(account, '300.00');
  const body = { account_ref: account, from_amount: { currency: 'USDC', value: '100' }, to_currency: 'EUR' };
  const quote = await org.ok(201, 'POST', '/conversions/preview', body);
  const c = await org.ok(201, 'POST', '/conversions', { ...body, quote_id: quote.id }, { 'idempotency-key': uuidv7() });
  const entries: Entries = await org.ok(200, 'GET', `/conversions/${c.id}/ledger-entries`);
  expect(entries.holds).toEqual([]);
  const postings = entries.transactions.flatMap((t) => t.postings);
  expect(postings).toContainEqual({ account_ref: account, direction: 'debit', amount: quote.total_debit });
  expect(postings).toContainEqual({ account_ref: account, direction: 'credit', amount: c.family_params.to_amount });
  const fx = systemAccountRef(org.tenant.enterpriseId, 'fx_liquidity');
  expect(postings).toContainEqual({ account_ref: fx, direction: 'debit', amount: c.family_params.to_amount });
  // Balanced per asset: every debit of an asset is matched by credits of the same asset.
  for (const currency of ['USDC', 'EUR']) {
    const minor = (d: 'debit' | 'credit') =>
      postings.filter((p) => p.amount.currency === currency && p.direction === d).reduce((sum, p) => sum + BigInt(p.amount.value.replace('.', '')), 0n);
    expect(minor('debit')).toBe(minor('credit'));
  }
});

it.each(['withdrawals', 'internal-transfers', 'conversions'])('%s of another enterprise, or none at all, are 404', async (collection) => {
  const [, source] = await org.newClient();
  await org.fund(source, '1.00');
  const [, target] = await org.newClient();
  const own =
    collection === 'internal-transfers'
      ? (await org.ok(201, 'POST', '/internal-transfers', { amount: { currency: 'USDC', value: '0.10' }, source_ref: source, target_ref: target }, { 'idempotency-key': uuidv7() })).id
      : uuidv7();
  const res = await foreign.api('GET', `/${collection}/${own}/ledger-entries`);
  expect([res.status, res.body.code]).toEqual([404, 'EdgeNotFound']);
  const missing = await org.api('GET', `/${collection}/${uuidv7()}/ledger-entries`);
  expect([missing.status, missing.body.code]).toEqual([404, 'EdgeNotFound']);
});
