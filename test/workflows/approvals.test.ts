import { randomUUID } from 'node:crypto';
import { verifyLedger } from '../../src/ledger';
import { entriesCommittedWithRow, entryOutcomes } from '../helpers/audit';
import { Org, ledgerTrail, startGovernedHarness, type GovernedHarness } from './withdrawal-fixtures';

/*
 * People sign in themselves (test/helpers/humans.ts: an identity provider of the enterprise and the
 * console's ID-token exchange), as users created through POST /users; only such people decide.
 */

let h: GovernedHarness;
let org: Org;
let account: string;
let destination: string;
let initiator: { id: string; token: string };
let approverA: { id: string; token: string };
let approverB: { id: string; token: string };
let bystander: { id: string; token: string };

/** An account under its own client with a require_approval rule (2 approvals, initiator barred). */
async function governedAccount(effect: Record<string, unknown> = {}): Promise<string> {
  const [client, acct] = await org.newClient();
  await org.fund(acct, '1000.00');
  await org.rule({
    scope_ref: client,
    order: 1,
    conditions: { amount_at_least: { currency: 'USDC', value: '100.00' } },
    effect: { type: 'require_approval', required_human_approvals: 2, approver_role_ref: `roles/${org.tenant.roleIds.approver}`, initiator_cannot_approve: true, approval_ttl_seconds: 3600, ...effect },
  });
  return acct;
}

beforeAll(async () => {
  h = await startGovernedHarness();
  org = await Org.create(h.app, 'Approvals Ltd');
  destination = await org.destination(org.enterpriseRef);
  [initiator, approverA, approverB, bystander] = await Promise.all([
    org.user(['operator', 'approver']),
    org.user(['approver']),
    org.user(['approver']),
    org.user(['viewer']),
  ]);
  account = await governedAccount();
});
afterAll(() => h.stop());

async function pendingWithdrawal(acct = account, value = '150.00'): Promise<{ id: string; approvalRef: string }> {
  const res = await org.withdraw(acct, destination, value, initiator.token);
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({ status: 'pending_approval', approval_ref: expect.stringMatching(/^approvals\//), settled_at: null });
  return { id: res.body.id, approvalRef: res.body.approval_ref };
}

it('waits for a quorum of distinct eligible humans, then executes', async () => {
  const before = await org.balance(account);
  const w = await pendingWithdrawal();
  expect(await org.balance(account)).toMatchObject({ held: (BigInt(before.held) + 153_500_000n).toString() });

  const approval = await org.ok(200, 'GET', `/${w.approvalRef}`);
  const rule = (await org.ok(200, 'GET', `/withdrawals/${w.id}`)).policy_decision.rule_ref;
  expect(approval).toMatchObject({
    resource: 'approval',
    status: 'pending',
    action_family: 'withdrawal',
    governed_ref: `withdrawals/${w.id}`,
    operation_id: w.id,
    decision: null,
    initiated_by: { subject: { id: initiator.id, kind: 'user' } },
    requirement_snapshot: {
      authority_ref: rule,
      governed_ref: `withdrawals/${w.id}`,
      expires_at: approval.expires_at,
      initiator_cannot_approve: true,
      reason_code: 'amount_at_least',
      required_human_approvals: 2,
      requirement_key: expect.stringMatching(/^policy-rules\/.+\/v\d+$/),
      source: 'policy',
    },
  });

  const eligible = await org.ok(200, 'GET', `/${w.approvalRef}/eligible-approvers`);
  const ids = eligible.items.map((u: { id: string }) => u.id);
  expect(ids).toEqual(expect.arrayContaining([approverA.id, approverB.id]));
  expect(ids).not.toContain(initiator.id);
  expect(ids).not.toContain(bystander.id);

  const barred = await org.decide(w.approvalRef, 'approve', initiator.token);
  expect(barred.status).toBe(403);
  expect(barred.body.reason).toBe('initiator_cannot_approve');
  const machine = await org.decide(w.approvalRef, 'approve', org.token);
  expect(machine.status).toBe(403);
  expect(machine.body.reason).toBe('human_approval_required');

  const first = await org.decide(w.approvalRef, 'approve', approverA.token);
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({ status: 'pending', votes: [{ principal: { id: approverA.id }, verdict: 'approve' }] });
  const again = await org.decide(w.approvalRef, 'approve', approverA.token);
  expect(again.status).toBe(200);
  expect(again.body.status).toBe('pending');
  expect(again.body.votes).toHaveLength(1);

  const second = await org.decide(w.approvalRef, 'approve', approverB.token);
  expect(second.status).toBe(200);
  expect(second.body).toMatchObject({ status: 'approved', decision: { outcome: 'approved', decided_by: { id: approverB.id } } });
  expect(second.body.decision.approved_by.map((p: { id: string }) => p.id).sort()).toEqual([approverA.id, approverB.id].sort());

  const done = await org.waitFor(w.id, ['executed']);
  expect(done.subject_attribution.approved_by.map((p: { id: string }) => p.id).sort()).toEqual([approverA.id, approverB.id].sort());
  expect(await ledgerTrail(h.app, w.id)).toEqual({ hold: 'posted', settlements: 1 });

  const late = await org.decide(w.approvalRef, 'reject', approverA.token);
  expect(late.status).toBe(409);
  expect(late.body.reason).toBe('approval_approved');
});

it('needs the action token (428 without one)', async () => {
  const w = await pendingWithdrawal();
  const res = await org.api('POST', `/${w.approvalRef}/approve`, undefined, {}, approverA.token);
  expect(res.status).toBe(428);
  await org.decide(w.approvalRef, 'reject', approverA.token);
  await org.waitFor(w.id, ['rejected']);
});

it('keeps the approving comment and the rejecting reason with the votes; an empty reason is 400', async () => {
  const w = await pendingWithdrawal();
  const decideWith = async (verdict: 'approve' | 'reject', token: string, body: unknown) => {
    const at = await org.api('POST', '/action-tokens', { action: `approvals.${verdict}`, resource_ref: w.approvalRef }, {}, token);
    return org.api('POST', `/${w.approvalRef}/${verdict}`, body, { 'x-action-token': at.body.token }, token);
  };
  expect((await decideWith('approve', approverA.token, { comment: 'Matches the invoice from the supplier' })).status).toBe(200);
  const empty = await decideWith('reject', approverB.token, { reason: '  ' });
  expect({ status: empty.status, pointer: empty.body.errors?.[0]?.pointer }).toEqual({ status: 400, pointer: '/body/reason' });
  const rejected = await decideWith('reject', approverB.token, { reason: 'Wrong beneficiary on the invoice' });
  expect(rejected.status).toBe(200);
  const read = await org.ok(200, 'GET', `/${w.approvalRef}`);
  expect(read.votes.map((v: { verdict: string; note: string | null }) => [v.verdict, v.note])).toEqual([
    ['approve', 'Matches the invoice from the supplier'],
    ['reject', 'Wrong beneficiary on the invoice'],
  ]);
  await org.waitFor(w.id, ['rejected']);
});

it('rejects on one rejection and releases the hold once', async () => {
  const before = await org.balance(account);
  const w = await pendingWithdrawal();
  expect((await org.decide(w.approvalRef, 'approve', approverA.token)).status).toBe(200);
  const rejected = await org.decide(w.approvalRef, 'reject', approverB.token);
  expect(rejected.status).toBe(200);
  expect(rejected.body).toMatchObject({ status: 'rejected', decision: { outcome: 'rejected', decided_by: { id: approverB.id } } });
  const done = await org.waitFor(w.id, ['rejected']);
  expect(done.failure_reason).toBe('approval_rejected');
  expect(await org.balance(account)).toEqual(before);
  expect(await ledgerTrail(h.app, w.id)).toEqual({ hold: 'voided', settlements: 0 });
  expect((await org.decide(w.approvalRef, 'approve', approverA.token)).status).toBe(409);
});

it('refuses a user without the approving role (403) and a foreign enterprise (404)', async () => {
  const w = await pendingWithdrawal();
  // Decides approvals in general, but does not hold the rule's approving role.
  const deciders = await org.ok(201, 'POST', '/roles', { name: `deciders-${w.id}`, description: 'x', permissions: ['approvals.read', 'approvals.decide', 'action_tokens.create'], scope_ref: org.enterpriseRef });
  const outsider = await org.user([deciders.id]);
  const res = await org.decide(w.approvalRef, 'approve', outsider.token);
  expect(res.status).toBe(403);
  expect(res.body.reason).toBe('not_an_eligible_approver');
  const stranger = await Org.create(h.app, 'Stranger Approvals Ltd');
  expect((await stranger.api('GET', `/${w.approvalRef}`)).status).toBe(404);
  await org.ok(200, 'POST', `/withdrawals/${w.id}/cancel`);
});

it('expires on its durable timer: approval expired, withdrawal expired, hold released once', async () => {
  const acct = await governedAccount({ approval_ttl_seconds: 1 });
  const before = await org.balance(acct);
  const w = await pendingWithdrawal(acct);
  const done = await org.waitFor(w.id, ['expired']);
  expect(done.failure_reason).toBe('approval_expired');
  expect(await org.ok(200, 'GET', `/${w.approvalRef}`)).toMatchObject({ status: 'expired', decision: { outcome: 'expired', decided_by: null } });
  expect(await org.balance(acct)).toEqual(before);
  expect(await ledgerTrail(h.app, w.id)).toEqual({ hold: 'voided', settlements: 0 });
  const late = await org.decide(w.approvalRef, 'approve', approverA.token);
  expect(late.status).toBe(409);
  expect(late.body.reason).toBe('approval_expired');
});

it('is cancelled by its initiator only; the withdrawal ends cancelled', async () => {
  const w = await pendingWithdrawal();
  const notMine = await org.api('POST', `/${w.approvalRef}/cancel`, undefined, {}, approverA.token);
  expect(notMine.status).toBe(403);
  const cancelled = await org.api('POST', `/${w.approvalRef}/cancel`, undefined, {}, initiator.token);
  expect(cancelled.status).toBe(200);
  expect(cancelled.body).toMatchObject({ status: 'cancelled', decision: { outcome: 'cancelled', decided_by: { id: initiator.id } } });
  const done = await org.waitFor(w.id, ['cancelled']);
  expect(done.failure_reason).toBe('approval_cancelled');
  expect(await ledgerTrail(h.app, w.id)).toEqual({ hold: 'voided', settlements: 0 });
});

it('cancelling the withdrawal while it waits cancels its approval and answers with the released withdrawal', async () => {
  const w = await pendingWithdrawal();
  const res = await org.api('POST', `/withdrawals/${w.id}/cancel`);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ id: w.id, status: 'cancelled' });
  expect((await org.ok(200, 'GET', `/${w.approvalRef}`)).status).toBe('cancelled');
  expect((await org.api('POST', `/withdrawals/${w.id}/cancel`)).status).toBe(409);
});

it('decisions and the initiator\'s cancel commit their audit entry with the approval they change (in the workflow\'s activity)', async () => {
  const committedWithApproval = (requestId: string, approvalRef: string) => entriesCommittedWithRow(h.app.services.sql, requestId, 'approvals', approvalRef.split('/')[1]);
  const decide = async (approvalRef: string, verdict: 'approve' | 'reject', token: string, status = 200) => {
    const requestId = `audit-${randomUUID()}`;
    expect((await org.decide(approvalRef, verdict, token, { 'x-request-id': requestId })).status).toBe(status);
    return requestId;
  };

  const approved = await pendingWithdrawal();
  // A vote short of the quorum, the same vote again (counted once), the deciding vote: one entry each, with the approval's change.
  for (const approver of [approverA, approverA, approverB]) {
    const requestId = await decide(approved.approvalRef, 'approve', approver.token);
    expect(await committedWithApproval(requestId, approved.approvalRef)).toEqual([{ action: 'approveApproval', resource_ref: approved.approvalRef, status_code: 200, with_row: true }]);
  }
  // Refused by the workflow's validator: no activity ran, the pipeline's refused entry is the only one.
  const late = await decide(approved.approvalRef, 'reject', approverA.token, 409);
  expect(await committedWithApproval(late, approved.approvalRef)).toEqual([{ action: 'rejectApproval', resource_ref: approved.approvalRef, status_code: 409, with_row: false }]);
  await org.waitFor(approved.id, ['executed']);

  const rejected = await pendingWithdrawal();
  const rejection = await decide(rejected.approvalRef, 'reject', approverB.token);
  expect(await committedWithApproval(rejection, rejected.approvalRef)).toEqual([{ action: 'rejectApproval', resource_ref: rejected.approvalRef, status_code: 200, with_row: true }]);
  await org.waitFor(rejected.id, ['rejected']);

  const cancelled = await pendingWithdrawal();
  const cancellation = `audit-${randomUUID()}`;
  expect((await org.api('POST', `/${cancelled.approvalRef}/cancel`, undefined, { 'x-request-id': cancellation }, initiator.token)).status).toBe(200);
  expect(await committedWithApproval(cancellation, cancelled.approvalRef)).toEqual([{ action: 'cancelApproval', resource_ref: cancelled.approvalRef, status_code: 200, with_row: true }]);
  await org.waitFor(cancelled.id, ['cancelled']);
});

describe('POST /withdrawals/{id}/cancel commits its audit entry in the workflow activity that commits the cancellation', () => {
  const sql = () => h.app.services.sql;
  const cancel = async (id: string, status: number) => {
    const requestId = `audit-${randomUUID()}`;
    const res = await org.api('POST', `/withdrawals/${id}/cancel`, undefined, { 'x-request-id': requestId });
    expect(res.status).toBe(status);
    return { requestId, res };
  };

  it('awaiting approval: with the approval\'s cancellation; a refused cancel leaves only the pipeline\'s refused entry', async () => {
    const w = await pendingWithdrawal();
    const { requestId } = await cancel(w.id, 200);
    expect(await entriesCommittedWithRow(sql(), requestId, 'approvals', w.approvalRef.split('/')[1])).toEqual([
      { action: 'cancelWithdrawal', resource_ref: `withdrawals/${w.id}`, status_code: 200, with_row: true },
    ]);
    expect(await entryOutcomes(sql(), requestId)).toEqual(['succeeded']);
    expect((await org.ok(200, 'GET', `/withdrawals/${w.id}`)).status).toBe('cancelled');

    const refused = await cancel(w.id, 409);
    expect(refused.res.body.reason).toBe('withdrawal_cancelled');
    expect(await entriesCommittedWithRow(sql(), refused.requestId, 'withdrawals', w.id)).toEqual([
      { action: 'cancelWithdrawal', resource_ref: `withdrawals/${w.id}`, status_code: 409, with_row: false },
    ]);
    expect(await entryOutcomes(sql(), refused.requestId)).toEqual(['refused']);
  });

  it('approved but not yet executing: with the withdrawal\'s release; a second cancel the workflow refuses leaves only its refused entry', async () => {
    const w = await pendingWithdrawal();
    expect((await org.decide(w.approvalRef, 'approve', approverA.token)).status).toBe(200);
    // Hold the withdrawal's row so that, once approved, the workflow waits in markWithdrawalExecuting (phase `ready`).
    let unlock!: () => void;
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holding = sql().begin(async (tx) => {
      await tx`select 1 from withdrawals where id = ${w.id} for update`;
      locked();
      await new Promise<void>((resolve) => (unlock = resolve));
    });
    await isLocked;
    try {
      expect((await org.decide(w.approvalRef, 'approve', approverB.token)).status).toBe(200);
      const handle = (await h.app.services.temporal.get()).workflow.getHandle(`withdrawal/${w.id}`);
      const requestId = `audit-${randomUUID()}`;
      const cancelling = org.api('POST', `/withdrawals/${w.id}/cancel`, undefined, { 'x-request-id': requestId });
      // Wait until the workflow has accepted the cancel Update (cancelRequested), then let it go on.
      const deadline = Date.now() + 20_000;
      for (;;) {
        const { events } = await handle.fetchHistory();
        if (events!.some((e) => e.workflowExecutionUpdateAcceptedEventAttributes?.acceptedRequest?.input?.name === 'withdrawal.cancel')) break;
        if (Date.now() > deadline) throw new Error('the cancel Update was never accepted');
        await new Promise((r) => setTimeout(r, 50));
      }
      // The workflow's validator refuses a second cancel: no activity ran, the pipeline's refused entry is the only one.
      const second = await cancel(w.id, 409);
      expect(await entriesCommittedWithRow(sql(), second.requestId, 'withdrawals', w.id)).toEqual([
        { action: 'cancelWithdrawal', resource_ref: `withdrawals/${w.id}`, status_code: 409, with_row: false },
      ]);
      expect(await entryOutcomes(sql(), second.requestId)).toEqual(['refused']);
      // Nothing committed the first cancel's entry yet: it travels with the release.
      expect(await entryOutcomes(sql(), requestId)).toEqual([]);

      unlock();
      await holding;
      const res = await cancelling;
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: w.id, status: 'cancelled', failure_reason: 'cancelled_by_request' });
      expect(await entriesCommittedWithRow(sql(), requestId, 'withdrawals', w.id)).toEqual([
        { action: 'cancelWithdrawal', resource_ref: `withdrawals/${w.id}`, status_code: 200, with_row: true },
      ]);
      expect(await entryOutcomes(sql(), requestId)).toEqual(['succeeded']);
      expect(await ledgerTrail(h.app, w.id)).toEqual({ hold: 'voided', settlements: 0 });
    } finally {
      unlock?.();
      await holding.catch(() => undefined);
    }
  });
});

it('lists approvals by scope and status, never foreign ones', async () => {
  const w = await pendingWithdrawal();
  const pending = await org.ok(200, 'GET', `/approvals?scope_ref=${account}&status=pending`);
  expect(pending.items.map((a: { id: string }) => `approvals/${a.id}`)).toContain(w.approvalRef);
  const approved = await org.ok(200, 'GET', `/approvals?status=approved`);
  expect(approved.items.every((a: { status: string }) => a.status === 'approved')).toBe(true);
  const stranger = await Org.create(h.app, 'Stranger List Ltd');
  expect((await stranger.ok(200, 'GET', '/approvals')).items).toEqual([]);
  await org.ok(200, 'POST', `/withdrawals/${w.id}/cancel`);
});

it('leaves the ledger consistent', async () => {
  expect((await verifyLedger(h.app.services.sql)).violations).toEqual([]);
});
