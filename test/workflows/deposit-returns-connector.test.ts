import { uuidv7 } from '../../src/ids';
import { verifyLedger } from '../../src/ledger';
import { ReferenceConnector, until } from '../helpers/reference-connector';
import { Org, connectedTenant, stopConnected, type GovernedHarness } from './withdrawal-fixtures';

/*
 * A deposit returned to its sender through the reference connector (its own HTTPS process) with a real
 * worker, Temporal and PostgreSQL, in production mode: the connector is asked once per return under
 * its key, its `sent` answer is booked as a reversal of the credit, and a return it rejects books
 * nothing and releases the hold. A recalled deposit's balance shows its restriction.
 */

let connector: ReferenceConnector;
let h: GovernedHarness;
let org: Org;

beforeAll(async () => void ({ connector, h, org } = await connectedTenant('Connector Returns Ltd')), 120_000);
afterAll(() => stopConnected(h, connector));

const USDC = (value: string) => ({ currency: 'USDC', value });

/** A USDC deposit of `value` the connector reported to a new client's account, credited: [account, deposit, rail reference]. */
async function creditedDeposit(value: string): Promise<[string, any, string]> {
  const [, account] = await org.newClient();
  const instructions = (await org.ok(200, 'GET', `/deposit-instructions?account_ref=${account}`)).items;
  const usdc = instructions.find((i: any) => i.asset === 'USDC' && i.crypto_routing?.network === 'ethereum');
  const reference = `0x${uuidv7().replace(/-/g, '')}`;
  const { events } = await connector.control('/control/deposits', { deposit_instruction_id: usdc.id, amount: USDC(value), reference });
  const ref: string = events[0].body.resource_ref;
  await until('the deposit to be credited', async () => (await org.ok(200, 'GET', `/${ref}`)).status === 'credited');
  return [account, await org.ok(200, 'GET', `/${ref}`), reference];
}

async function finalReturn(id: string): Promise<any> {
  let last: any;
  await until('the return to end', async () => ['executed', 'failed'].includes((last = await org.ok(200, 'GET', `/deposit-returns/${id}`)).status));
  return last;
}

it('pays the sender back through the connector once, and books the reversal on its answer', async () => {
  const [account, deposit, reference] = await creditedDeposit('80.00');
  const res = await org.api('POST', `/deposits/${deposit.id}/return`, { reason: { code: 'duplicate', note: 'sent twice' }, amount: USDC('30.00') }, { 'idempotency-key': uuidv7() });
  expect([res.status, res.body.status]).toEqual([201, 'executing']);
  const done = await finalReturn(res.body.id);
  const key = `deposit_return/${res.body.id}`;
  const sent = (await connector.state()).deposit_returns.filter((r) => r.idempotency_key === key);
  expect(sent).toHaveLength(1);
  expect(sent[0].request).toEqual({ idempotency_key: key, rail: 'ethereum', deposit: { reference, amount: USDC('80.000000') }, amount: USDC('30.000000'), reason: { code: 'duplicate', note: 'sent twice' } });
  expect(done).toMatchObject({ status: 'executed', provider_reference: sent[0].reference });
  expect(await org.ok(200, 'GET', `/deposits/${deposit.id}`)).toMatchObject({ status: 'partially_reversed', reversed_amount: USDC('30.000000'), reversals: [expect.objectContaining({ kind: 'operator_reversal', external_id: res.body.id })] });
  expect(await org.balance(account)).toEqual({ total: '50000000', held: '0', available: '50000000' });
  expect((await verifyLedger(h.app.services.sql)).violations).toEqual([]);
});

it('a return the connector rejects fails, books nothing and releases the hold', async () => {
  const [account, deposit] = await creditedDeposit('20.00');
  await connector.control('/control/deposit-returns/behaviour', { mode: 'reject' });
  try {
    const res = await org.api('POST', `/deposits/${deposit.id}/return`, { reason: { code: 'unidentified_sender' } }, { 'idempotency-key': uuidv7() });
    expect(res.status).toBe(201);
    expect(await finalReturn(res.body.id)).toMatchObject({ status: 'failed', failure_reason: 'provider_rejected', ledger_transaction_ref: null });
  } finally {
    await connector.control('/control/deposit-returns/behaviour', { mode: 'ok' });
  }
  expect(await org.ok(200, 'GET', `/deposits/${deposit.id}`)).toMatchObject({ status: 'credited', reversals: [] });
  expect(await org.balance(account)).toEqual({ total: '20000000', held: '0', available: '20000000' });
});

it("a recalled deposit's balance shows its restriction and the overdraft used; a return from it is refused", async () => {
  const [account, deposit, reference] = await creditedDeposit('10.00');
  const [, other] = await org.newClient();
  await org.ok(201, 'POST', '/internal-transfers', { source_ref: account, target_ref: other, amount: USDC('6.00') }, { 'idempotency-key': uuidv7() });
  await connector.control('/control/deposits/reverse', { reference, reversal_id: `RCL-${uuidv7()}`, amount: USDC('10.00'), reason: { scheme: 'sepa', code: 'FRAD' } });
  const { items } = await org.ok(200, 'GET', `/${account}/balances?asset=USDC`);
  expect(items).toEqual([expect.objectContaining({ asset: 'USDC', available: '-6.000000', overdraft_used: '6.000000', restricted_reason: 'reversal_shortfall' })]);
  const refused = await org.api('POST', `/deposits/${deposit.id}/return`, { reason: { code: 'compliance' } }, { 'idempotency-key': uuidv7() });
  expect([refused.status, refused.body.reason]).toEqual([422, 'deposit_not_credited']);
});
