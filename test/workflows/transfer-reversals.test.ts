import { uuidv7 } from '../../src/ids';
import { verifyLedger } from '../../src/ledger';
import { Org, startGovernedHarness, type GovernedHarness } from './withdrawal-fixtures';

/*
 * Operator reversals of internal transfers, with a real worker, Temporal and PostgreSQL: partial
 * reversals up to the remainder and not beyond, each a ledger reversal of the original's transaction;
 * a reversal a policy rule governs waits for an approver other than its initiator.
 */

let h: GovernedHarness;
let org: Org;

beforeAll(async () => {
  h = await startGovernedHarness();
  org = await Org.create(h.app, 'Reversals Ltd');
}, 120_000);
afterAll(() => h?.stop());

const sql = () => h.app.services.sql;

/** An executed transfer of `value` USDC between the accounts of two new clients; the target's client is returned for its rules. */
async function executedTransfer(value: string): Promise<{ transfer: any; source: string; target: string; targetClient: string }> {
  const [, source] = await org.newClient();
  const [targetClient, target] = await org.newClient();
  await org.fund(source, '1000.00');
  const transfer = await org.ok(201, 'POST', '/internal-transfers', { amount: { currency: 'USDC', value }, source_ref: source, target_ref: target }, { 'idempotency-key': uuidv7() });
  expect(transfer.status).toBe('executed');
  return { transfer, source, target, targetClient };
}

const reverse = (id: string, body: Record<string, unknown>, token = org.token, key = uuidv7()) =>
  org.api('POST', `/internal-transfers/${id}/reverse`, body, { 'idempotency-key': key }, token);

const eventTypes = async (id: string) =>
  (await sql()`select type from events where resource_ref = ${`internal-transfers/${id}`} order by seq`).map((r) => r.type as string);

async function waitFor(id: string, statuses: string[]): Promise<any> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const t = await org.ok(200, 'GET', `/internal-transfers/${id}`);
    if (statuses.includes(t.status)) return t;
    if (Date.now() > deadline) throw new Error(`internal transfer ${id} stayed ${t.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('reversing an executed internal transfer', () => {
  it('in two partial steps, a third beyond the remainder refused, then the rest: linked both ways, in the ledger once each', async () => {
    const { transfer, source, target } = await executedTransfer('300.00');
    const key = uuidv7();
    const first = await reverse(transfer.id, { reason: { code: 'incorrect_amount' }, amount: { currency: 'USDC', value: '100.00' } }, org.token, key);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      status: 'executed',
      reversal_of: transfer.id,
      reversal_reason: { code: 'incorrect_amount', note: null },
      family_params: { source_ref: target, target_ref: source },
      principal_amount: { currency: 'USDC', value: '100.000000' },
    });
    // The same key answers the same reversal and books nothing more.
    expect((await reverse(transfer.id, { reason: { code: 'incorrect_amount' }, amount: { currency: 'USDC', value: '100.00' } }, org.token, key)).body).toEqual(first.body);

    const second = await reverse(transfer.id, { reason: { code: 'other', note: 'client asked to undo half of the rest' }, amount: { currency: 'USDC', value: '150.00' } });
    expect([second.status, second.body.status]).toEqual([201, 'executed']);
    const beyond = await reverse(transfer.id, { reason: { code: 'duplicate' }, amount: { currency: 'USDC', value: '50.01' } });
    expect([beyond.status, beyond.body.reason, beyond.body.remaining, beyond.body.requested]).toEqual([422, 'reversal_exceeds_remaining', '50.000000', '50.010000']);

    expect(await org.balance(source)).toMatchObject({ total: '950000000', held: '0' });
    expect(await org.balance(target)).toMatchObject({ total: '50000000', held: '0' });
    const original = await org.ok(200, 'GET', `/internal-transfers/${transfer.id}`);
    expect(original).toMatchObject({ status: 'executed', reversal_of: null, reversed_amount: { currency: 'USDC', value: '250.000000' } });
    expect(original.reversals.map((r: any) => [r.id, r.amount.value, r.status, r.reason.code])).toEqual([
      [first.body.id, '100.000000', 'executed', 'incorrect_amount'],
      [second.body.id, '150.000000', 'executed', 'other'],
    ]);

    // Without an amount: all that remains, which reverses it in full; nothing is left after.
    const rest = await reverse(transfer.id, { reason: { code: 'date_earlier_than_intended' } });
    expect([rest.status, rest.body.principal_amount.value]).toEqual([201, '50.000000']);
    const none = await reverse(transfer.id, { reason: { code: 'duplicate' } });
    expect([none.status, none.body.reason, none.body.remaining]).toEqual([422, 'reversal_exceeds_remaining', '0.000000']);
    expect(await eventTypes(transfer.id)).toEqual([
      'operations.internal_transfer.executed.v1',
      'operations.internal_transfer.partially_reversed.v1',
      'operations.internal_transfer.partially_reversed.v1',
      'operations.internal_transfer.reversed.v1',
    ]);

    // Each reversal is its own ledger transaction naming the original's; the original counts them against what it moved.
    const [{ ledger_transaction_id: booked }] = await sql()`select ledger_transaction_id from internal_transfers where id = ${transfer.id}`;
    const reversals = await sql()`select business_key, kind, reversal_of from ledger_transactions where reversal_of = ${booked} order by id`;
    expect(reversals.map((r) => [r.business_key, r.kind])).toEqual(
      [first.body.id, second.body.id, rest.body.id].map((id) => [`internal_transfer/${id}`, 'internal_transfer_reversal']),
    );
    const [counted] = await sql()`select reversed_amount::text, reversible_amount::text from ledger_transactions where id = ${booked}`;
    expect(counted).toEqual({ reversed_amount: '300000000', reversible_amount: '300000000' });
    expect((await verifyLedger(sql())).violations).toEqual([]);
  });

  it.each([
    ['`other` without a note', { reason: { code: 'other' } }, 'EdgeUnprocessable', 'invalid_field'],
    ['a reversal of a reversal', { reason: { code: 'duplicate' } }, 'EdgeUnprocessable', 'internal_transfer_is_reversal'],
  ])('refuses %s (422) and books nothing', async (_case, body, code, reason) => {
    const { transfer, target } = await executedTransfer('10.00');
    const subject = reason === 'internal_transfer_is_reversal' ? (await org.ok(201, 'POST', `/internal-transfers/${transfer.id}/reverse`, { reason: { code: 'duplicate' }, amount: { currency: 'USDC', value: '1.00' } }, { 'idempotency-key': uuidv7() })).id : transfer.id;
    const before = await org.balance(target);
    const res = await reverse(subject, body);
    expect([res.status, res.body.code, res.body.reason]).toEqual([422, code, reason]);
    expect(await org.balance(target)).toEqual(before);
  });

  it('answers 404 for a transfer of another enterprise', async () => {
    const { transfer } = await executedTransfer('10.00');
    const other = await Org.create(h.app, 'Elsewhere Ltd');
    const res = await reverse(transfer.id, { reason: { code: 'duplicate' } }, other.token);
    expect(res.status).toBe(404);
  });
});

describe('a reversal a policy rule governs', () => {
  it('is held for approval, counts against the remainder while it waits, and its initiator cannot approve it', async () => {
    const { transfer, source, target, targetClient } = await executedTransfer('300.00');
    // Transfers out of the target's client of 100 USDC or more need one approver, never the initiator.
    await org.rule({ action_family: 'internal_transfer', scope_ref: targetClient, order: 1, conditions: { amount_at_least: { currency: 'USDC', value: '100.00' } }, effect: org.approvalEffect() });
    const [initiator, approver] = await Promise.all([org.user(['operator', 'approver']), org.user(['approver'])]);

    const pending = await reverse(transfer.id, { reason: { code: 'incorrect_receiving_account' }, amount: { currency: 'USDC', value: '200.00' } }, initiator.token);
    expect(pending.status).toBe(201);
    expect(pending.body).toMatchObject({ status: 'pending_approval', reversal_of: transfer.id, approval_ref: expect.stringMatching(/^approvals\//), policy_decision: { effect: 'require_approval' } });
    expect(await org.balance(target)).toEqual({ total: '300000000', held: '200000000', available: '100000000' });
    // Awaiting approval, it counts: a second reversal may take only what is left beside it.
    const second = await reverse(transfer.id, { reason: { code: 'duplicate' }, amount: { currency: 'USDC', value: '150.00' } });
    expect([second.status, second.body.reason, second.body.remaining]).toEqual([422, 'reversal_exceeds_remaining', '100.000000']);
    expect((await org.ok(200, 'GET', `/internal-transfers/${transfer.id}`)).reversals).toEqual([
      expect.objectContaining({ id: pending.body.id, status: 'pending_approval', approval_ref: pending.body.approval_ref, ledger_transaction_ref: null }),
    ]);

    // Not yet executed, the reversal cannot itself be reversed.
    const early = await reverse(pending.body.id, { reason: { code: 'duplicate' } });
    expect([early.status, early.body.reason, early.body.transfer_status]).toEqual([422, 'internal_transfer_not_executed', 'pending_approval']);

    const own = await org.decide(pending.body.approval_ref, 'approve', initiator.token);
    expect([own.status, own.body.reason]).toEqual([403, 'initiator_cannot_approve']);
    expect((await org.ok(200, 'GET', `/internal-transfers/${pending.body.id}`)).status).toBe('pending_approval');
    expect((await org.decide(pending.body.approval_ref, 'approve', approver.token)).status).toBe(200);
    const done = await waitFor(pending.body.id, ['executed', 'failed']);
    expect(done).toMatchObject({ status: 'executed', settled_at: expect.any(String) });
    expect(done.subject_attribution).toMatchObject({ subject: { id: initiator.id }, approved_by: [expect.objectContaining({ id: approver.id })] });

    expect(await org.balance(target)).toEqual({ total: '100000000', held: '0', available: '100000000' });
    expect(await org.balance(source)).toMatchObject({ total: '900000000' });
    const original = await org.ok(200, 'GET', `/internal-transfers/${transfer.id}`);
    expect(original).toMatchObject({ reversed_amount: { value: '200.000000' }, reversals: [{ id: pending.body.id, status: 'executed', ledger_transaction_ref: expect.stringMatching(/^ledger-transactions\//) }] });
    expect(await eventTypes(transfer.id)).toEqual(['operations.internal_transfer.executed.v1', 'operations.internal_transfer.partially_reversed.v1']);
    expect(await eventTypes(pending.body.id)).toEqual([
      'operations.internal_transfer.pending_approval.v1',
      'operations.internal_transfer.executing.v1',
      'operations.internal_transfer.executed.v1',
    ]);
    const [hold] = await sql()`select status from ledger_holds where business_key = ${`internal_transfer/${pending.body.id}/hold`}`;
    expect(hold.status).toBe('voided');
    expect((await verifyLedger(sql())).violations).toEqual([]);
  });

  it('settles approved reversals while others are booked beside them: none fails or deadlocks', async () => {
    const { transfer, target, targetClient } = await executedTransfer('300.00');
    await org.rule({ action_family: 'internal_transfer', scope_ref: targetClient, order: 1, conditions: { amount_at_least: { currency: 'USDC', value: '100.00' } }, effect: org.approvalEffect() });
    const approver = await org.user(['approver']);
    const usdc = (value: string) => ({ currency: 'USDC', value });
    const pending = await Promise.all([1, 2].map(() => reverse(transfer.id, { reason: { code: 'duplicate' }, amount: usdc('100.00') })));
    expect(pending.map((p) => p.body.status)).toEqual(['pending_approval', 'pending_approval']);
    // A booking locks the original, then the accounts; a settlement must take them in that order too.
    const [small] = await Promise.all([
      (async () => {
        const booked = [];
        for (let round = 0; round < 5; round++) booked.push(...(await Promise.all([1, 2, 3].map(() => reverse(transfer.id, { reason: { code: 'duplicate' }, amount: usdc('1.00') })))));
        return booked;
      })(),
      ...pending.map((p) => org.decide(p.body.approval_ref, 'approve', approver.token)),
    ]);
    expect(small.map((r) => [r.status, r.body.status])).toEqual(Array(15).fill([201, 'executed']));
    for (const p of pending) expect((await waitFor(p.body.id, ['executed', 'failed'])).status).toBe('executed');
    expect(await org.ok(200, 'GET', `/internal-transfers/${transfer.id}`)).toMatchObject({ reversed_amount: { value: '215.000000' } });
    expect(await org.balance(target)).toEqual({ total: '85000000', held: '0', available: '85000000' });
    expect((await verifyLedger(sql())).violations).toEqual([]);
  });

  it('frees the remainder when rejected: its hold released, nothing booked', async () => {
    const { transfer, target, targetClient } = await executedTransfer('300.00');
    await org.rule({ action_family: 'internal_transfer', scope_ref: targetClient, order: 1, conditions: { amount_at_least: { currency: 'USDC', value: '100.00' } }, effect: org.approvalEffect() });
    const approver = await org.user(['approver']);
    const pending = await reverse(transfer.id, { reason: { code: 'date_later_than_intended' } });
    expect([pending.body.status, pending.body.principal_amount.value]).toEqual(['pending_approval', '300.000000']);
    expect((await org.decide(pending.body.approval_ref, 'reject', approver.token, {})).status).toBe(200);
    await waitFor(pending.body.id, ['rejected']);
    expect(await org.balance(target)).toEqual({ total: '300000000', held: '0', available: '300000000' });
    const original = await org.ok(200, 'GET', `/internal-transfers/${transfer.id}`);
    expect(original).toMatchObject({ reversed_amount: { value: '0.000000' }, reversals: [{ id: pending.body.id, status: 'rejected' }] });
    // Below the rule's threshold a reversal is booked at once.
    const small = await reverse(transfer.id, { reason: { code: 'duplicate' }, amount: { currency: 'USDC', value: '50.00' } });
    expect([small.status, small.body.status]).toEqual([201, 'executed']);
  });
});
