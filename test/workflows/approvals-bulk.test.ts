import { uuidv7 } from '../../src/ids';
import { Org, startGovernedHarness, type GovernedHarness } from './withdrawal-fixtures';

/*
 * POST /approvals/decisions: one action token bound to the decision and the sorted ids, each approval
 * decided as if alone, a result per id. Real API, real worker, real PostgreSQL.
 */

let h: GovernedHarness;
let org: Org;
let account: string;
let destination: string;
let alice: { id: string; token: string };
let bob: { id: string; token: string };
let carol: { id: string; token: string };
let foreignApproval: string;

beforeAll(async () => {
  h = await startGovernedHarness();
  org = await Org.create(h.app, 'Bulk Approvals Ltd');
  destination = await org.destination(org.enterpriseRef);
  [alice, bob, carol] = await Promise.all([org.user(['operator', 'approver']), org.user(['operator', 'approver']), org.user(['approver'])]);
  const [client, acct] = await org.newClient();
  account = acct;
  await org.fund(account, '1000.00');
  await org.rule({ scope_ref: client, order: 1, effect: org.approvalEffect() });

  // Another enterprise's pending approval: the caller must learn nothing of it.
  const stranger = await Org.create(h.app, 'Stranger Bulk Ltd');
  const [, strangerAccount] = await stranger.newClient();
  await stranger.fund(strangerAccount, '100.00');
  await stranger.rule({ scope_ref: stranger.enterpriseRef, order: 1, effect: stranger.approvalEffect() });
  const strangerDestination = await stranger.destination(stranger.enterpriseRef);
  const w = await stranger.withdraw(strangerAccount, strangerDestination, '10.00');
  expect(w.status).toBe(201);
  foreignApproval = w.body.approval_ref.slice('approvals/'.length);
});
afterAll(() => h.stop());

async function pending(initiator: { token: string }): Promise<{ withdrawal: string; approval: string }> {
  const res = await org.withdraw(account, destination, '10.00', initiator.token);
  expect(res.status).toBe(201);
  expect(res.body.status).toBe('pending_approval');
  return { withdrawal: res.body.id, approval: res.body.approval_ref.slice('approvals/'.length) };
}

async function tokenFor(user: { token: string }, decision: 'approve' | 'reject', ids: string[]): Promise<string> {
  const at = await org.api('POST', '/action-tokens', { action: 'approvals.decide_many', batch: { decision, approval_ids: ids } }, {}, user.token);
  expect(at.status).toBe(201);
  expect(at.body.resource_ref).toMatch(new RegExp(`^approval-decisions/${decision}/sha256:[0-9a-f]{64}$`));
  return at.body.token;
}

const decideMany = (user: { token: string }, decision: 'approve' | 'reject', ids: string[], actionToken?: string) =>
  org.api('POST', '/approvals/decisions', { decision, approval_ids: ids }, actionToken ? { 'x-action-token': actionToken } : {}, user.token);

it('decides each approval as if alone: approved, initiator barred, foreign and missing alike 404', async () => {
  const [a1, a2, own] = [await pending(alice), await pending(alice), await pending(bob)];
  const missing = uuidv7();
  const ids = [a1.approval, own.approval, foreignApproval, a2.approval, missing];
  // The token binds the sorted list: issuing it for the ids in another order is the same binding.
  const res = await decideMany(bob, 'approve', ids, await tokenFor(bob, 'approve', [...ids].reverse()));
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ resource: 'approval_decision_batch', decision: 'approve' });
  expect(res.body.results.map((r: { approval_id: string; status: number }) => [r.approval_id, r.status])).toEqual([
    [a1.approval, 200],
    [own.approval, 403],
    [foreignApproval, 404],
    [a2.approval, 200],
    [missing, 404],
  ]);
  const [r1, rOwn, rForeign, r2, rMissing] = res.body.results;
  expect(r1).toMatchObject({ approval: { id: a1.approval, status: 'approved', decision: { decided_by: { id: bob.id } } }, problem: null });
  expect(r2.approval.status).toBe('approved');
  expect(rOwn).toMatchObject({ approval: null, problem: { code: 'EdgeForbidden', reason: 'initiator_cannot_approve', status: 403 } });
  // Out of scope and absent are indistinguishable.
  expect(rForeign.problem).toEqual({ ...rMissing.problem });
  expect(rForeign.problem).toMatchObject({ code: 'EdgeNotFound', detail: 'The approval does not exist.' });
  expect(JSON.stringify(rForeign)).not.toContain('withdrawal');

  await org.waitFor(a1.withdrawal, ['executed']);
  await org.waitFor(a2.withdrawal, ['executed']);
  expect((await org.ok(200, 'GET', `/approvals/${own.approval}`)).status).toBe('pending');
  const stranger = await h.app.services.sql`select status from approvals where id = ${foreignApproval}`;
  expect(stranger[0].status).toBe('pending');

  // One audit entry per approval, each with the outcome the decision alone would have had.
  const entries = await h.app.services.sql`
    select resource_ref, status_code, outcome from user_action_audit_entries where request_id = ${res.headers.get('x-request-id')} order by resource_ref`;
  expect(entries.map((e) => [e.resource_ref, e.status_code]).sort()).toEqual(
    [[`approvals/${a1.approval}`, 200], [`approvals/${own.approval}`, 403], [`approvals/${foreignApproval}`, 404], [`approvals/${a2.approval}`, 200], [`approvals/${missing}`, 404]].sort(),
  );

  // The barred initiator's approval is still decidable by someone else; a decided one is 409 per item.
  const second = await decideMany(carol, 'reject', [own.approval, a1.approval], await tokenFor(carol, 'reject', [own.approval, a1.approval]));
  expect(second.status).toBe(200);
  expect(second.body.results.map((r: { status: number }) => r.status)).toEqual([200, 409]);
  expect(second.body.results[1].problem.reason).toBe('approval_approved');
  expect((await org.waitFor(own.withdrawal, ['rejected'])).failure_reason).toBe('approval_rejected');
});

it('needs a token bound to this decision and exactly these ids', async () => {
  const [a, b] = [await pending(alice), await pending(alice)];
  const without = await decideMany(bob, 'approve', [a.approval, b.approval]);
  expect(without.status).toBe(428);
  const narrower = await decideMany(bob, 'approve', [a.approval, b.approval], await tokenFor(bob, 'approve', [a.approval]));
  expect(narrower.status).toBe(403);
  expect(narrower.body.reason).toBe('action_token_invalid');
  const otherDecision = await decideMany(bob, 'approve', [a.approval, b.approval], await tokenFor(bob, 'reject', [a.approval, b.approval]));
  expect(otherDecision.status).toBe(403);
  const otherUser = await decideMany(bob, 'approve', [a.approval, b.approval], await tokenFor(carol, 'approve', [a.approval, b.approval]));
  expect(otherUser.status).toBe(403);
  // A single approval's token does not serve the batch, nor the batch's a single approval.
  const single = await org.api('POST', '/action-tokens', { action: 'approvals.approve', resource_ref: `approvals/${a.approval}` }, {}, bob.token);
  expect((await decideMany(bob, 'approve', [a.approval], single.body.token)).status).toBe(403);
  const batchToken = await tokenFor(bob, 'approve', [a.approval]);
  expect((await org.api('POST', `/approvals/${a.approval}/approve`, undefined, { 'x-action-token': batchToken }, bob.token)).status).toBe(403);
  // Nothing was decided by any of the refused requests.
  for (const x of [a, b]) expect((await org.ok(200, 'GET', `/approvals/${x.approval}`)).votes).toEqual([]);

  const token = await tokenFor(bob, 'reject', [a.approval, b.approval]);
  const ok = await decideMany(bob, 'reject', [b.approval, a.approval], token);
  expect(ok.body.results.map((r: { status: number }) => r.status)).toEqual([200, 200]);
  // Spent: the same token cannot be used again.
  expect((await decideMany(bob, 'reject', [b.approval, a.approval], token)).status).toBe(403);
  await org.waitFor(a.withdrawal, ['rejected']);
});

it.each([
  { name: 'an empty list', body: { decision: 'approve', approval_ids: [] }, status: 400 },
  { name: 'an unknown decision', body: { decision: 'maybe', approval_ids: [uuidv7()] }, status: 400 },
  { name: 'more than 100 ids', body: { decision: 'approve', approval_ids: Array.from({ length: 101 }, () => uuidv7()) }, status: 400 },
])('$name → $status', async (c) => {
  const res = await org.api('POST', '/approvals/decisions', c.body, {}, bob.token);
  expect(res.status).toBe(c.status);
  expect(res.headers.get('content-type')).toMatch(/problem\+json/);
});

it('refuses a repeated id (422) and a batch token asked for with resource_ref (400)', async () => {
  const id = uuidv7();
  const res = await decideMany(bob, 'approve', [id, id], await tokenFor(bob, 'approve', [id]));
  expect(res.status).toBe(422);
  expect(res.body.errors[0].pointer).toBe('/body/approval_ids/1');
  const wrong = await org.api('POST', '/action-tokens', { action: 'approvals.decide_many', resource_ref: `approvals/${id}` }, {}, bob.token);
  expect(wrong.status).toBe(400);
  expect(wrong.body.errors[0].pointer).toBe('/body/batch');
  const mixed = await org.api('POST', '/action-tokens', { action: 'approvals.approve', batch: { decision: 'approve', approval_ids: [id] } }, {}, bob.token);
  expect(mixed.status).toBe(400);
});
