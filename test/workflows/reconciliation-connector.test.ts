import { uuidv7 } from '../../src/ids';
import { verifyBooks } from '../../src/domain/verify-books';
import { ReferenceConnector, until } from '../helpers/reference-connector';
import { Org, connectedTenant, stopConnected, type GovernedHarness } from './withdrawal-fixtures';

/*
 * Reconciliation against the reference connector (its own HTTPS process) in production mode: its book
 * holds what it paid out and reported in, plus the lines a test makes it book on its own; a run pulls
 * it through POST /statements, matches the clean lines and opens a break for each that is not.
 */

let connector: ReferenceConnector;
let h: GovernedHarness;
let org: Org;

beforeAll(async () => void ({ connector, h, org } = await connectedTenant('Connector Reconciled Ltd')), 120_000);
afterAll(() => stopConnected(h, connector));

const USDC = (value: string) => ({ currency: 'USDC', value });

it('pulls the connector statement, matches its deposits and payouts, and breaks on the fee, the unknown payment and the missed payout', async () => {
  // In: two deposits the connector reports, both credited.
  const [, account] = await org.newClient();
  const usdc = (await org.ok(200, 'GET', `/deposit-instructions?account_ref=${account}`)).items.find((i: any) => i.asset === 'USDC' && i.crypto_routing?.network === 'ethereum');
  for (const value of ['500.00', '125.50']) {
    const { events } = await connector.control('/control/deposits', { deposit_instruction_id: usdc.id, amount: USDC(value), reference: `0x${uuidv7().replace(/-/g, '')}`, rail: 'ethereum' });
    const ref: string = events[0].body.resource_ref;
    await until('the deposit credited', async () => (await org.ok(200, 'GET', `/${ref}`)).status === 'credited');
  }
  // Out: a payout the connector confirms (booked on its statement) and one it confirms without booking it (missed by the statement).
  const destination = await org.destination(org.enterpriseRef);
  const payouts: string[] = [];
  for (const value of ['100.00', '40.00']) {
    const res = await org.withdraw(account, destination, value);
    expect(res.status).toBe(201);
    await until('the payout at the connector', async () => (await connector.payoutsFor(`withdrawal/${res.body.id}`)) === 1);
    payouts.push(res.body.id);
  }
  await connector.control('/control/payouts/confirm', { idempotency_key: `withdrawal/${payouts[0]}` });
  await connector.control('/control/payouts/confirm', { idempotency_key: `withdrawal/${payouts[1]}` });
  for (const id of payouts) await org.waitFor(id, ['executed']);
  const missed = (await org.ok(200, 'GET', `/withdrawals/${payouts[1]}`)).rail_reference;
  // The bank books a fee and a payment nobody announced, and its statement leaves the second payout out.
  await connector.control('/control/statements/lines', {
    lines: [
      { rail: 'ethereum', amount: USDC('-1.25'), counterparty: 'REFERENCE BANK', remittance: 'Account fee', reference: 'FEE-1' },
      { rail: 'ethereum', amount: USDC('9.99'), counterparty: 'Unknown Payer', reference: 'UNKNOWN-1' },
    ],
  });
  expect(await connector.control('/control/statements/drop', { reference: missed })).toEqual({ dropped: 1 });

  // Reported at once, so no lag: a payout the statement lacks is a break now; the rule still allows an hour between the two sides' times.
  await org.ok(201, 'POST', '/reconciliation-rules', { position: 0, name: 'Reference and amount within the hour', strategy: 'one_to_one', criteria: [{ field: 'reference', operator: 'equals' }, { field: 'amount' }, { field: 'date', window_seconds: 3600 }] });
  const acct = await org.ok(201, 'POST', '/reconciliation-accounts', { rail: 'ethereum', address: 'reference-custody', currency: 'USDC', lag_seconds: 0, interval_seconds: 86_400 });
  const run = await org.ok(201, 'POST', `/reconciliation-accounts/${acct.id}/runs`, {});
  expect(run).toMatchObject({ lines_added: 5, transactions_considered: 4, matched: 3, breaks_opened: 3, provider_balance: { currency: 'USDC', value: expect.any(String) } });
  const breaks = (await org.ok(200, 'GET', `/reconciliation-breaks?account_id=${acct.id}`)).items;
  expect(breaks.map((b: any) => [b.kind, b.difference.value, b.detail.reference]).sort()).toEqual(
    [
      ['unmatched_line', '-1.250000', 'FEE-1'],
      ['unmatched_line', '9.990000', 'UNKNOWN-1'],
      ['unmatched_transaction', '40.000000', missed],
    ].sort(),
  );
  // The connector's balance is what its statement adds up to: no drift.
  expect(breaks.some((b: any) => b.kind === 'balance_drift')).toBe(false);
  // A second run pulls nothing new and opens nothing.
  expect(await org.ok(201, 'POST', `/reconciliation-accounts/${acct.id}/runs`, {})).toMatchObject({ lines_added: 0, matched: 0, breaks_opened: 0, breaks_open: 3 });
  expect((await verifyBooks(h.app.services.sql)).violations).toEqual([]);
});
