import { uuidv7 } from '../../src/ids';
import { formatAmount, parseAmount, verifyLedger } from '../../src/ledger';
import { ReferenceConnector, until } from '../helpers/reference-connector';
import { Org, connectedTenant, stopConnected, type GovernedHarness } from './withdrawal-fixtures';

/*
 * Money that comes back, end to end on the reference connector (its own HTTPS process) with a real
 * worker, Temporal and PostgreSQL: payouts the rail returns after settlement and deposits recalled
 * after credit, each reported twice and booked once, linked to what it undoes.
 */

let connector: ReferenceConnector;
let h: GovernedHarness;
let org: Org;

beforeAll(async () => void ({ connector, h, org } = await connectedTenant('Returns Ltd')), 120_000);
afterAll(() => stopConnected(h, connector));

const sql = () => h.app.services.sql;
const eventsOf = async (resourceRef: string, type: string) => (await sql()`select payload from events where resource_ref = ${resourceRef} and type = ${type}`).map((r) => r.payload);

/** A completed SEPA off-ramp of 100 USDC through the connector: its session. */
async function completedOffRamp(): Promise<{ account: string; session: any }> {
  const [, account] = await org.newClient();
  await org.fund(account, '1000.00');
  const method = await org.payoutMethod(account);
  const created = await org.ok(201, 'POST', '/off-ramp-sessions', { account_ref: account, asset: 'USDC', fiat_currency: 'EUR', amount: { currency: 'USDC', value: '100' }, payout_method_id: method }, { 'idempotency-key': uuidv7() });
  const key = `off_ramp/${created.id}`;
  await until('the payout at the connector', async () => (await connector.payoutsFor(key)) === 1);
  await connector.control('/control/payouts/confirm', { idempotency_key: key });
  await until('the off-ramp to complete', async () => (await org.ok(200, 'GET', `/off-ramp-sessions/${created.id}`)).status === 'completed');
  return { account, session: await org.ok(200, 'GET', `/off-ramp-sessions/${created.id}`) };
}

describe('a settled SEPA payout returned by the rail', () => {
  it('AC04 in full, reported twice (a retry, and again under a new event id): booked once, linked to the payout', async () => {
    const { account, session } = await completedOffRamp();
    const report = { idempotency_key: `off_ramp/${session.id}`, return_id: `RTN-${uuidv7()}`, amount: session.fiat_amount, reason: { scheme: 'sepa', code: 'AC04' } };
    const first = await connector.control('/control/payouts/return', { ...report, times: 2 });
    expect(first.events.map((e: any) => [e.status, e.body.replayed, e.body.resource_ref])).toEqual([
      [200, false, `off-ramp-sessions/${session.id}`],
      [200, true, `off-ramp-sessions/${session.id}`],
    ]);
    const again = await connector.control('/control/payouts/return', report);
    expect(again.events.map((e: any) => e.status)).toEqual([200]);

    const returned = await org.ok(200, 'GET', `/off-ramp-sessions/${session.id}`);
    expect(returned).toMatchObject({ status: 'returned', returned_amount: session.fiat_amount, returns: [{ kind: 'payout_return', external_id: report.return_id, amount: session.fiat_amount, reason: { scheme: 'sepa', code: 'AC04' } }] });
    expect((await org.balance(account, 'EUR')).available).toBe(parseAmount(session.fiat_amount.value, 'EUR').toString());
    const [booked] = await sql()`select id, reversal_of, kind from ledger_transactions where business_key like ${`return/off-ramp-sessions/${session.id}/%`}`;
    const [{ ledger_transaction_id: exchange }] = await sql()`select ledger_transaction_id from off_ramp_sessions where id = ${session.id}`;
    expect(booked).toMatchObject({ reversal_of: exchange, kind: 'payout_return' });
    const [original] = await sql()`select reversed_amount::text, reversible_amount::text from ledger_transactions where id = ${booked.reversal_of}`;
    expect(original.reversed_amount).toBe(original.reversible_amount);
    expect(await eventsOf(`off-ramp-sessions/${session.id}`, 'ramps.off_ramp_session.returned.v1')).toHaveLength(1);

    // Nothing is left to return: a further return is refused.
    const more = await connector.control('/control/payouts/return', { ...report, return_id: `RTN-${uuidv7()}`, amount: { currency: 'EUR', value: '1.00' } });
    expect(more.events.map((e: any) => [e.status, e.body.reason])).toEqual([[422, 'reversal_exceeds_remaining']]);
  });

  it('in part, less the banks\' charges, reported twice: partially_returned, booked once', async () => {
    const { account, session } = await completedOffRamp();
    const paid = parseAmount(session.fiat_amount.value, 'EUR');
    const back = { currency: 'EUR', value: formatAmount(paid - 350n, 'EUR') };
    const report = { idempotency_key: `off_ramp/${session.id}`, return_id: `RTN-${uuidv7()}`, amount: back, reason: { scheme: 'sepa', code: 'MS03', description: 'returned less charges' } };
    await connector.control('/control/payouts/return', { ...report, times: 2 });
    await connector.control('/control/payouts/return', report);
    const returned = await org.ok(200, 'GET', `/off-ramp-sessions/${session.id}`);
    expect(returned).toMatchObject({ status: 'partially_returned', returned_amount: back, returns: [expect.objectContaining({ amount: back })] });
    expect(returned.returns).toHaveLength(1);
    expect((await org.balance(account, 'EUR')).available).toBe((paid - 350n).toString());
    expect(await eventsOf(`off-ramp-sessions/${session.id}`, 'ramps.off_ramp_session.partially_returned.v1')).toHaveLength(1);
  });

  it('a crypto withdrawal bounced back: returned, the account credited once', async () => {
    const { account, destination } = await org.withdrawalAccount('500.00');
    const res = await org.withdraw(account, destination, '100.00');
    await until('the payout at the connector', async () => (await connector.payoutsFor(`withdrawal/${res.body.id}`)) === 1);
    await connector.control('/control/payouts/confirm', { idempotency_key: `withdrawal/${res.body.id}` });
    const settled = await org.waitFor(res.body.id, ['executed']);
    const after = BigInt((await org.balance(account)).available);
    const report = { idempotency_key: `withdrawal/${res.body.id}`, return_id: `0x${uuidv7().replace(/-/g, '')}`, amount: settled.principal_amount, reason: { scheme: 'crypto', code: 'bounced' } };
    const { events } = await connector.control('/control/payouts/return', { ...report, times: 2 });
    expect(events.map((e: any) => [e.status, e.body.resource_ref])).toEqual([
      [200, `withdrawals/${res.body.id}`],
      [200, `withdrawals/${res.body.id}`],
    ]);
    expect(await org.ok(200, 'GET', `/withdrawals/${res.body.id}`)).toMatchObject({ status: 'returned', returned_amount: settled.principal_amount, returns: [expect.objectContaining({ external_id: report.return_id })] });
    // The fees stay charged: the default policy is never to refund them.
    expect(BigInt((await org.balance(account)).available)).toBe(after + parseAmount('100.00', 'USDC'));
    expect(await eventsOf(`withdrawals/${res.body.id}`, 'operations.withdrawal.returned.v1')).toHaveLength(1);
  });

  it('an unknown or unsettled payout is refused, counted and never guessed', async () => {
    const before = (await h.app.services.metrics.moneyReturns.get()).values.find((v) => v.labels.outcome === 'refused')?.value ?? 0;
    const reason = { scheme: 'sepa', code: 'AC01' };
    const unknown = await connector.control('/control/payouts/return', { idempotency_key: `withdrawal/${uuidv7()}`, return_id: 'R-1', amount: { currency: 'EUR', value: '1.00' }, reason });
    expect(unknown.events.map((e: any) => [e.status, e.body.reason])).toEqual([[422, 'unknown_payout']]);
    const { account, destination } = await org.withdrawalAccount('100.00');
    const res = await org.withdraw(account, destination, '10.00');
    await until('the payout at the connector', async () => (await connector.payoutsFor(`withdrawal/${res.body.id}`)) === 1);
    const unsettled = await connector.control('/control/payouts/return', { idempotency_key: `withdrawal/${res.body.id}`, return_id: 'R-2', amount: { currency: 'USDC', value: '10.00' }, reason });
    expect(unsettled.events.map((e: any) => [e.status, e.body.reason])).toEqual([[422, 'payout_not_settled']]);
    const after = (await h.app.services.metrics.moneyReturns.get()).values.find((v) => v.labels.outcome === 'refused')?.value ?? 0;
    expect(after - before).toBe(2);
  });
});

/** A USDC deposit of `value` reported by the connector and credited: its ref and rail reference. */
async function creditedDeposit(account: string, value: string): Promise<{ ref: string; reference: string }> {
  const instructions = (await org.ok(200, 'GET', `/deposit-instructions?account_ref=${account}`)).items;
  const usdc = instructions.find((i: any) => i.asset === 'USDC' && i.crypto_routing?.network === 'ethereum');
  const reference = `0x${uuidv7().replace(/-/g, '')}`;
  const { events } = await connector.control('/control/deposits', { deposit_instruction_id: usdc.id, amount: { currency: 'USDC', value }, reference });
  const ref: string = events[0].body.resource_ref;
  await until('the deposit to be credited', async () => (await org.ok(200, 'GET', `/${ref}`)).status === 'credited');
  return { ref, reference };
}

describe('a deposit recalled after credit', () => {
  it('after part of it was spent: overdraft used, the account restricted, an event; reported twice, booked once', async () => {
    const [, account] = await org.newClient();
    const { ref, reference } = await creditedDeposit(account, '50.00');
    const other = (await org.newClient())[1];
    await org.ok(201, 'POST', '/internal-transfers', { source_ref: account, target_ref: other, amount: { currency: 'USDC', value: '30.00' } }, { 'idempotency-key': uuidv7() });

    const report = { reference, reversal_id: `RCL-${uuidv7()}`, amount: { currency: 'USDC', value: '50.00' }, reason: { scheme: 'crypto', code: 'compliance_refused' } };
    const { events } = await connector.control('/control/deposits/reverse', { ...report, times: 2 });
    expect(events.map((e: any) => [e.status, e.body.resource_ref])).toEqual([
      [200, ref],
      [200, ref],
    ]);
    await connector.control('/control/deposits/reverse', report);

    const deposit = await org.ok(200, 'GET', `/${ref}`);
    expect(deposit).toMatchObject({ status: 'reversed', reversed_amount: { currency: 'USDC', value: '50.000000' }, reversals: [{ kind: 'deposit_reversal', overdraft_used: { value: '30.000000' } }] });
    expect(await org.balance(account)).toMatchObject({ available: (-parseAmount('30', 'USDC')).toString() });
    const [restriction] = await eventsOf(account, 'funding.account.restricted.v1');
    expect(restriction).toMatchObject({ account_ref: account, asset: 'USDC', reason: 'reversal_shortfall', overdraft_used: { value: '30.000000' }, cause_ref: ref });
    expect(await eventsOf(ref, 'operations.deposit.reversed.v1')).toHaveLength(1);

    // Money out is refused with its own reason; money in repays the shortfall first.
    const out = await org.api('POST', '/internal-transfers', { source_ref: account, target_ref: other, amount: { currency: 'USDC', value: '1.00' } }, { 'idempotency-key': uuidv7() });
    expect([out.status, out.body.reason]).toEqual([409, 'account_restricted']);
    expect((await verifyLedger(sql())).violations).toEqual([]);
  });

  it('race: a recall arriving while the same funds are withdrawn books once and leaves no unrecorded negative balance', async () => {
    for (let round = 0; round < 3; round++) {
      const [, account] = await org.newClient();
      const { ref, reference } = await creditedDeposit(account, '40.00');
      const destination = await org.destination(org.enterpriseRef);
      const report = { reference, reversal_id: `RCL-${uuidv7()}`, amount: { currency: 'USDC', value: '40.00' }, reason: { scheme: 'provider', code: 'compliance' } };
      const [withdrawal, recall] = await Promise.all([org.withdraw(account, destination, '39.00'), connector.control('/control/deposits/reverse', { ...report, times: 2 })]);
      expect(recall.events.map((e: any) => e.status)).toEqual([200, 200]);
      expect([201, 409, 422]).toContain(withdrawal.status);
      const [{ n }] = await sql()`select count(*)::int as n from ledger_transactions where business_key like ${`return/${ref}/%`}`;
      expect(n).toBe(1);
      const [b] = await sql()`select (total - held)::text as available, restricted_reason from ledger_balances where account_ref = ${account} and asset = 'USDC'`;
      if (BigInt(b.available) < 0n) {
        expect(b.restricted_reason).toBe('reversal_shortfall');
        expect(await eventsOf(account, 'funding.account.restricted.v1')).toHaveLength(1);
      } else {
        expect(withdrawal.status).not.toBe(201);
      }
    }
    expect((await verifyLedger(sql())).violations).toEqual([]);
  });
});
