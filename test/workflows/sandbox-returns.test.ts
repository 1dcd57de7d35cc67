import { uuidv7 } from '../../src/ids';
import { verifyLedger } from '../../src/ledger';
import { Org, startGovernedHarness, type GovernedHarness } from './withdrawal-fixtures';

/*
 * The sandbox's rails send money back (POST /sandbox/withdrawals/{id}/return, /sandbox/off-ramp-sessions/{id}/return,
 * /sandbox/deposits/{id}/reversal) on a real worker, Temporal and PostgreSQL: the same bookings a connector's
 * `payout.returned` and `deposit.reversed` make.
 */

let h: GovernedHarness;
let org: Org;

beforeAll(async () => {
  h = await startGovernedHarness();
  org = await Org.create(h.app, 'Sandbox Returns Ltd');
}, 60_000);
afterAll(async () => {
  await h?.stop();
});

async function until<T>(what: string, probe: () => Promise<T | null>): Promise<T> {
  for (const deadline = Date.now() + 30_000; ; await new Promise((r) => setTimeout(r, 50))) {
    const found = await probe();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
  }
}

it('a settled withdrawal returned in two parts, the second retried: partially_returned, then returned', async () => {
  const { account, destination } = await org.withdrawalAccount('500.00');
  const res = await org.withdraw(account, destination, '100.00');
  await org.waitFor(res.body.id, ['executed']);
  const path = `/sandbox/withdrawals/${res.body.id}/return`;
  const part = await org.ok(200, 'POST', path, { return_id: 'RTN-1', amount: { currency: 'USDC', value: '40.00' }, reason: { scheme: 'crypto', code: 'bounced' } });
  expect(part).toMatchObject({ status: 'partially_returned', returned_amount: { value: '40.000000' } });
  const rest = await org.ok(200, 'POST', path, { return_id: 'RTN-2', reason: { scheme: 'crypto', code: 'bounced' } });
  expect(rest).toMatchObject({ status: 'returned', returned_amount: { value: '100.000000' }, returns: [{ external_id: 'RTN-1' }, { external_id: 'RTN-2', amount: { value: '60.000000' } }] });
  expect(await org.ok(200, 'POST', path, { return_id: 'RTN-2', amount: { currency: 'USDC', value: '60.00' }, reason: { scheme: 'crypto', code: 'bounced' } })).toEqual(rest);
  const more = await org.api('POST', path, { return_id: 'RTN-3', amount: { currency: 'USDC', value: '0.01' }, reason: { scheme: 'crypto', code: 'bounced' } });
  expect([more.status, more.body.reason]).toEqual([422, 'reversal_exceeds_remaining']);
});

it('a completed off-ramp payout returned AC04 in two parts', async () => {
  const [, account] = await org.newClient();
  await org.fund(account, '1000.00');
  const method = await org.payoutMethod(account);
  const created = await org.ok(201, 'POST', '/off-ramp-sessions', { account_ref: account, asset: 'USDC', fiat_currency: 'EUR', amount: { currency: 'USDC', value: '100' }, payout_method_id: method }, { 'idempotency-key': uuidv7() });
  const done = await until('the off-ramp to complete', async () => {
    const s = await org.ok(200, 'GET', `/off-ramp-sessions/${created.id}`);
    return s.status === 'completed' ? s : null;
  });
  const path = `/sandbox/off-ramp-sessions/${created.id}/return`;
  const part = await org.ok(200, 'POST', path, { return_id: `RTN-${uuidv7()}`, amount: { currency: 'EUR', value: '1.00' }, reason: { scheme: 'sepa', code: 'AC04' } });
  expect(part).toMatchObject({ status: 'partially_returned', returned_amount: { currency: 'EUR', value: '1.00' } });
  const returned = await org.ok(200, 'POST', path, { return_id: `RTN-${uuidv7()}`, reason: { scheme: 'sepa', code: 'AC04' } });
  expect(returned).toMatchObject({ status: 'returned', returned_amount: done.fiat_amount, returns: [{ reason: { scheme: 'sepa', code: 'AC04' } }, { reason: { scheme: 'sepa', code: 'AC04' } }] });
  expect((await org.balance(account, 'EUR')).available).toBe(done.fiat_amount.value.replace('.', ''));
});

it('a credited deposit recalled after it was spent: overdraft used and the account restricted', async () => {
  const [, account] = await org.newClient();
  const instructions = (await org.ok(200, 'GET', `/deposit-instructions?account_ref=${account}`)).items;
  const usdc = instructions.find((i: any) => i.asset === 'USDC' && i.crypto_routing?.network === 'ethereum');
  const deposit = await org.ok(201, 'POST', '/sandbox/deposits', { deposit_instruction_id: usdc.id, amount: { currency: 'USDC', value: '20.00' } });
  await until('the deposit to be credited', async () => ((await org.ok(200, 'GET', `/deposits/${deposit.id}`)).status === 'credited' ? true : null));
  const [, other] = await org.newClient();
  await org.ok(201, 'POST', '/internal-transfers', { source_ref: account, target_ref: other, amount: { currency: 'USDC', value: '15.00' } }, { 'idempotency-key': uuidv7() });
  const recalled = await org.ok(200, 'POST', `/sandbox/deposits/${deposit.id}/reversal`, { return_id: 'RCL-1', amount: { currency: 'USDC', value: '12.00' }, reason: { scheme: 'sepa', code: 'FRAD' } });
  expect(recalled).toMatchObject({ status: 'partially_reversed', reversed_amount: { value: '12.000000' }, reversals: [{ overdraft_used: { value: '7.000000' } }] });
  expect(await org.balance(account)).toMatchObject({ available: '-7000000' });
  const [event] = await h.app.services.sql`select payload from events where type = 'funding.account.restricted.v1' and resource_ref = ${account}`;
  expect(event.payload).toMatchObject({ overdraft_used: { value: '7.000000' }, cause_ref: `deposits/${deposit.id}` });
  const out = await org.api('POST', '/internal-transfers', { source_ref: account, target_ref: other, amount: { currency: 'USDC', value: '1.00' } }, { 'idempotency-key': uuidv7() });
  expect([out.status, out.body.reason]).toEqual([409, 'account_restricted']);
  const withdrawal = await org.withdraw(account, await org.destination(org.enterpriseRef), '1.00');
  expect([withdrawal.status, withdrawal.body.reason]).toEqual([409, 'account_restricted']);
  const offRamp = await org.api('POST', '/off-ramp-sessions', { account_ref: account, asset: 'USDC', fiat_currency: 'EUR', amount: { currency: 'USDC', value: '1' }, payout_method_id: await org.payoutMethod(account) }, { 'idempotency-key': uuidv7() });
  expect([offRamp.status, offRamp.body.reason]).toEqual([409, 'account_restricted']);
  const rest = await org.ok(200, 'POST', `/sandbox/deposits/${deposit.id}/reversal`, { reason: { scheme: 'sepa', code: 'FRAD' } });
  expect(rest).toMatchObject({ status: 'reversed', reversed_amount: { value: '20.000000' } });
  expect(await org.balance(account)).toMatchObject({ available: '-15000000' });
  expect((await verifyLedger(h.app.services.sql)).violations).toEqual([]);
});
