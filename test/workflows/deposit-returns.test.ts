import { uuidv7 } from '../../src/ids';
import { markDepositReturnExecuting, sendDepositReturn, settleDepositReturn } from '../../src/domain/deposits/return-execute';
import { parseAmount, verifyLedger } from '../../src/ledger';
import { writeHistory } from '../helpers/history-json';
import { humanToken } from '../helpers/humans';
import { until } from '../helpers/reference-connector';
import { Org, startGovernedHarness, type GovernedHarness } from './withdrawal-fixtures';

/*
 * An operator's return of a credited deposit to its sender (POST /deposits/{id}/return) with a real
 * worker, Temporal and PostgreSQL on the sandbox's deposits provider: governed by a `deposit_return`
 * rule (the initiator barred from approving), the amount held until it executes, booked as a reversal
 * of the credit; what remains to return counts open returns, and a return never overdraws. The runs'
 * histories are recorded for replay.test.ts (to test/workflows/histories/ with RECORD_HISTORIES=1).
 */

let h: GovernedHarness;
let org: Org;
let approver: { id: string; token: string };
let initiator: { id: string; token: string };

/** A person who signed in themselves, under an opaque subject: the recorded histories keep it, and hold ids, not e-mails. */
async function person(roles: string[]): Promise<{ id: string; token: string }> {
  const u = await org.platformUser(roles, org.enterpriseRef);
  return { id: u.id, token: await humanToken(h.app, org.tenant.enterpriseId, { email: u.email, subject: `subject-${uuidv7()}` }) };
}

beforeAll(async () => {
  h = await startGovernedHarness();
  org = await Org.create(h.app, 'Deposit Returns Ltd');
  [approver, initiator] = await Promise.all([person(['approver']), person(['operator', 'approver'])]);
}, 120_000);
afterAll(() => h.stop());

const sql = () => h.app.services.sql;
const USDC = (value: string) => ({ currency: 'USDC', value });

/** A sandbox USDC deposit of `value` credited to a new client's account; [client, account, deposit]. */
async function creditedDeposit(value: string): Promise<[string, string, any]> {
  const [client, account] = await org.newClient();
  const instructions = (await org.ok(200, 'GET', `/deposit-instructions?account_ref=${account}`)).items;
  const usdc = instructions.find((i: any) => i.asset === 'USDC' && i.crypto_routing?.network === 'ethereum');
  const created = await org.ok(201, 'POST', '/sandbox/deposits', { deposit_instruction_id: usdc.id, amount: USDC(value) });
  await until('the deposit to be credited', async () => (await org.ok(200, 'GET', `/deposits/${created.id}`)).status === 'credited');
  return [client, account, await org.ok(200, 'GET', `/deposits/${created.id}`)];
}

const propose = (depositId: string, body: Record<string, unknown>, token = org.token) => org.api('POST', `/deposits/${depositId}/return`, body, { 'idempotency-key': uuidv7() }, token);

async function returnStatus(id: string, statuses: string[]): Promise<any> {
  let last: any;
  await until(`deposit return ${id} to reach ${statuses.join('|')}`, async () => statuses.includes((last = await org.ok(200, 'GET', `/deposit-returns/${id}`)).status));
  return last;
}

const eventTypes = async (resourceRef: string) => (await sql()`select type from events where resource_ref = ${resourceRef} order by seq`).map((e) => e.type);

it('needs approval: its initiator cannot approve it, another approver does, then it is paid back and booked as a reversal', async () => {
  const [client, account, deposit] = await creditedDeposit('100.00');
  await org.rule({ action_family: 'deposit_return', scope_ref: client, order: 1, effect: org.approvalEffect() });

  const res = await propose(deposit.id, { reason: { code: 'sender_request', note: 'paid twice by the sender' }, amount: USDC('60.00') }, initiator.token);
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({ resource: 'deposit_return', status: 'pending_approval', deposit_ref: `deposits/${deposit.id}`, amount: USDC('60.000000'), approval_ref: expect.stringMatching(/^approvals\//) });
  expect(res.body.policy_decision).toMatchObject({ effect: 'require_approval' });
  expect(await org.balance(account)).toEqual({ total: '100000000', held: '60000000', available: '40000000' });
  expect(await org.ok(200, 'GET', `/${res.body.approval_ref}`)).toMatchObject({ status: 'pending', action_family: 'deposit_return', governed_ref: `deposit-returns/${res.body.id}` });

  const barred = await org.decide(res.body.approval_ref, 'approve', initiator.token);
  expect([barred.status, barred.body.reason]).toEqual([403, 'initiator_cannot_approve']);
  expect((await org.ok(200, 'GET', `/deposit-returns/${res.body.id}`)).status).toBe('pending_approval');

  expect((await org.decide(res.body.approval_ref, 'approve', approver.token)).status).toBe(200);
  const done = await returnStatus(res.body.id, ['executed', 'failed']);
  expect(done).toMatchObject({ status: 'executed', provider_reference: expect.stringMatching(/^SBXRET/), ledger_transaction_ref: expect.stringMatching(/^ledger-transactions\//) });
  expect(done.subject_attribution.approved_by).toEqual([expect.objectContaining({ id: approver.id })]);

  const after = await org.ok(200, 'GET', `/deposits/${deposit.id}`);
  expect(after).toMatchObject({ status: 'partially_reversed', reversed_amount: USDC('60.000000') });
  expect(after.reversals).toEqual([
    expect.objectContaining({ kind: 'operator_reversal', external_id: res.body.id, amount: USDC('60.000000'), approval_ref: res.body.approval_ref, reason: { scheme: 'provider', code: 'sender_request', description: 'paid twice by the sender' }, ledger_transaction_ref: done.ledger_transaction_ref }),
  ]);
  expect(await org.balance(account)).toEqual({ total: '40000000', held: '0', available: '40000000' });
  const [booked] = await sql()`select reversal_of, kind from ledger_transactions where id = ${done.ledger_transaction_ref.slice('ledger-transactions/'.length)}`;
  const [credit] = await sql()`select ledger_transaction_id from deposits where id = ${deposit.id}`;
  expect(booked).toEqual({ reversal_of: credit.ledger_transaction_id, kind: 'operator_reversal' });
  expect(await eventTypes(`deposit-returns/${res.body.id}`)).toEqual(['operations.deposit_return.requested.v1', 'operations.deposit_return.executed.v1']);
  expect(await eventTypes(`deposits/${deposit.id}`)).toContain('operations.deposit.partially_reversed.v1');

  // A second partial return over the 40.00 that remain is refused, and changes nothing.
  const over = await propose(deposit.id, { reason: { code: 'duplicate' }, amount: USDC('40.01') });
  expect([over.status, over.body.reason, over.body.remaining]).toEqual([422, 'reversal_exceeds_remaining', '40.000000']);
  expect(await org.balance(account)).toEqual({ total: '40000000', held: '0', available: '40000000' });
  expect((await verifyLedger(sql())).violations).toEqual([]);

  const handle = (await h.app.services.temporal.get()).workflow.getHandle(`deposit-return/${res.body.id}`);
  expect(await handle.result()).toBe('executed');
  writeHistory('deposit-return-approved', await handle.fetchHistory());
});

it('counts open returns against the remainder; a rejected one releases its hold and books nothing', async () => {
  const [client, account, deposit] = await creditedDeposit('50.00');
  await org.rule({ action_family: 'deposit_return', scope_ref: client, order: 1, effect: org.approvalEffect() });
  const pending = await propose(deposit.id, { reason: { code: 'incorrect_amount' }, amount: USDC('30.00') });
  expect(pending.body.status).toBe('pending_approval');
  const more = await propose(deposit.id, { reason: { code: 'incorrect_amount' }, amount: USDC('20.01') });
  expect([more.status, more.body.reason, more.body.remaining]).toEqual([422, 'reversal_exceeds_remaining', '20.000000']);

  expect((await org.decide(pending.body.approval_ref, 'reject', approver.token)).status).toBe(200);
  expect(await returnStatus(pending.body.id, ['rejected'])).toMatchObject({ status: 'rejected', ledger_transaction_ref: null, provider_reference: null });
  expect(await org.balance(account)).toEqual({ total: '50000000', held: '0', available: '50000000' });
  expect((await org.ok(200, 'GET', `/deposits/${deposit.id}`)).status).toBe('credited');
  expect(await eventTypes(`deposit-returns/${pending.body.id}`)).toEqual(['operations.deposit_return.requested.v1', 'operations.deposit_return.ended.v1']);
  const listed = await org.ok(200, 'GET', `/deposits/${deposit.id}/returns`);
  expect(listed.items.map((r: any) => [r.id, r.status])).toEqual([[pending.body.id, 'rejected']]);

  const handle = (await h.app.services.temporal.get()).workflow.getHandle(`deposit-return/${pending.body.id}`);
  expect(await handle.result()).toBe('rejected');
  writeHistory('deposit-return-rejected', await handle.fetchHistory());
});

it('without a rule executes at once, all of what remains; an account that spent the money is refused, never overdrawn', async () => {
  const [, account, deposit] = await creditedDeposit('25.00');
  const res = await propose(deposit.id, { reason: { code: 'unidentified_sender' } });
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({ status: 'executing', amount: USDC('25.000000'), approval_ref: null });
  expect(await returnStatus(res.body.id, ['executed'])).toMatchObject({ status: 'executed' });
  expect(await org.ok(200, 'GET', `/deposits/${deposit.id}`)).toMatchObject({ status: 'reversed', reversed_amount: USDC('25.000000') });
  expect((await org.balance(account)).total).toBe('0');
  const nothingLeft = await propose(deposit.id, { reason: { code: 'duplicate' } });
  expect([nothingLeft.status, nothingLeft.body.reason]).toEqual([422, 'deposit_not_credited']);
  const handle = (await h.app.services.temporal.get()).workflow.getHandle(`deposit-return/${res.body.id}`);
  writeHistory('deposit-return-executed', await handle.fetchHistory());

  // Credited, then mostly spent: a return must find the money on the account.
  const [, spender, spent] = await creditedDeposit('50.00');
  const [, other] = await org.newClient();
  await org.ok(201, 'POST', '/internal-transfers', { source_ref: spender, target_ref: other, amount: USDC('45.00') }, { 'idempotency-key': uuidv7() });
  const refused = await propose(spent.id, { reason: { code: 'compliance', note: 'frozen funds' }, amount: USDC('10.00') });
  expect([refused.status, refused.body.reason]).toEqual([422, 'insufficient_funds']);
  expect(await org.balance(spender)).toEqual({ total: String(parseAmount('5.00', 'USDC')), held: '0', available: String(parseAmount('5.00', 'USDC')) });
  expect((await org.ok(200, 'GET', `/deposits/${spent.id}/returns`)).items).toEqual([]);
  expect((await verifyLedger(sql())).violations).toEqual([]);
});

it('partial returns proposed side by side while earlier ones settle all book, none fails or deadlocks', async () => {
  const [, account, deposit] = await creditedDeposit('10.00');
  // Each proposal locks the deposit, then the balance; each settlement must take them in that order too.
  const proposed = [];
  for (let round = 0; round < 4; round++) {
    proposed.push(...(await Promise.all(Array.from({ length: 3 }, () => propose(deposit.id, { reason: { code: 'duplicate' }, amount: USDC('0.50') })))));
  }
  expect(proposed.map((r) => r.status)).toEqual(Array(12).fill(201));
  for (const r of proposed) await returnStatus(r.body.id, ['executed']);
  expect(await org.ok(200, 'GET', `/deposits/${deposit.id}`)).toMatchObject({ status: 'partially_reversed', reversed_amount: USDC('6.000000') });
  expect((await org.balance(account)).total).toBe(String(parseAmount('4.00', 'USDC')));
  expect((await verifyLedger(sql())).violations).toEqual([]);
});

it('sent, then refused by the ledger (a recall took the money meanwhile): failed for reconciliation, its hold voided, nothing booked', async () => {
  const [client, account, deposit] = await creditedDeposit('20.00');
  await org.rule({ action_family: 'deposit_return', scope_ref: client, order: 1, effect: org.approvalEffect() });
  const res = await propose(deposit.id, { reason: { code: 'duplicate' } });
  expect(res.body.status).toBe('pending_approval');
  // The workflow's steps once approved, run here one by one so that a recall lands between the
  // provider's `sent` and the booking.
  const services = h.app.services;
  expect(await markDepositReturnExecuting(services.sql, res.body.id, [])).toBe('executing');
  expect(await sendDepositReturn(services, res.body.id)).toBe('executing');
  const sent = await org.ok(200, 'GET', `/deposit-returns/${res.body.id}`);
  expect(sent.provider_reference).toEqual(expect.any(String));
  await org.ok(200, 'POST', `/sandbox/deposits/${deposit.id}/reversal`, { reason: { scheme: 'sepa', code: 'FRAD' } });
  const logged: unknown[] = [];
  // The service's own logger, but for the error this step is expected to log.
  const log = Object.create(services.log, { error: { value: (...args: unknown[]) => void logged.push(args) } }) as typeof services.log;
  expect(await settleDepositReturn({ sql: services.sql, log }, res.body.id)).toBe('failed');
  expect(await org.ok(200, 'GET', `/deposit-returns/${res.body.id}`)).toMatchObject({
    status: 'failed',
    failure_reason: 'booking_refused:reversal_exceeds_remaining',
    provider_reference: sent.provider_reference,
    ledger_transaction_ref: null,
  });
  expect(logged).toHaveLength(1);
  // The recall alone debited the account; the return's hold no longer counts.
  expect(await org.balance(account)).toEqual({ total: '0', held: '0', available: '0' });
  const [hold] = await sql()`select status from ledger_holds where business_key = ${`deposit_return/${res.body.id}/hold`}`;
  expect(hold.status).toBe('voided');
  expect((await verifyLedger(sql())).violations).toEqual([]);
});

it('is refused to a caller without deposits.return, and a deposit of another enterprise is 404', async () => {
  const [, , deposit] = await creditedDeposit('5.00');
  const viewer = await org.user(['viewer']);
  const denied = await propose(deposit.id, { reason: { code: 'other' } }, viewer.token);
  expect(denied.status).toBe(403);
  const stranger = await Org.create(h.app, 'Stranger Ltd');
  const hidden = await stranger.api('POST', `/deposits/${deposit.id}/return`, { reason: { code: 'other' } }, { 'idempotency-key': uuidv7() });
  expect(hidden.status).toBe(404);
  expect((await org.ok(200, 'GET', `/deposits/${deposit.id}/returns`)).items).toEqual([]);
});
