import { randomUUID } from 'node:crypto';
import { uuidv7 } from '../../src/ids';
import { SA } from '../../src/temporal/search-attributes';
import { verifyLedger } from '../../src/ledger';
import { entriesCommittedWithRow, entryOutcomes } from '../helpers/audit';
import { Org, startGovernedHarness, type GovernedHarness } from './withdrawal-fixtures';

let h: GovernedHarness;
let org: Org;
let approver: { id: string; token: string };
/** Transfers whose move to `executing` waits, once approved, until the test lets it go. */
const held = new Map<string, Promise<void>>();

beforeAll(async () => {
  h = await startGovernedHarness({}, {
    activities: (real) => ({
      ...real,
      markTransferExecuting: async (transferId, approvedBy) => {
        await held.get(transferId);
        return real.markTransferExecuting(transferId, approvedBy);
      },
    }),
  });
  org = await Org.create(h.app, 'Governed Transfers Ltd');
  approver = await org.user(['approver']);
});
afterAll(() => h.stop());

const approval = (ttlSeconds?: number) => org.approvalEffect(ttlSeconds);

/** A funded source account under its own client, where moving 100 USDC or more is governed by `effect`, and an empty target. */
async function governedPair(effect: Record<string, unknown> | null): Promise<{ source: string; target: string }> {
  const [client, source] = await org.newClient();
  const [, target] = await org.newClient();
  await org.fund(source, '1000.00');
  if (effect) {
    await org.rule({ action_family: 'internal_transfer', scope_ref: client, order: 1, conditions: { amount_at_least: { currency: 'USDC', value: '100.00' } }, effect });
  }
  return { source, target };
}

const transfer = (source: string, target: string, value: string, key = uuidv7()) =>
  org.api('POST', '/internal-transfers', { amount: { currency: 'USDC', value }, source_ref: source, target_ref: target }, { 'idempotency-key': key });

async function waitFor(id: string, statuses: string[]): Promise<any> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const t = await org.ok(200, 'GET', `/internal-transfers/${id}`);
    if (statuses.includes(t.status)) return t;
    if (Date.now() > deadline) throw new Error(`internal transfer ${id} stayed ${t.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function eventTypes(id: string): Promise<string[]> {
  const rows = await h.app.services.sql`select type from events where resource_ref = ${`internal-transfers/${id}`} order by seq`;
  return rows.map((r) => r.type as string);
}

async function holdStatus(id: string): Promise<string | undefined> {
  const [hold] = await h.app.services.sql`select status from ledger_holds where business_key = ${`internal_transfer/${id}/hold`}`;
  return hold?.status;
}

it('without a covering rule books at once and stores the allow decision', async () => {
  const { source, target } = await governedPair(null);
  const res = await transfer(source, target, '150');
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({ status: 'executed', approval_ref: null, settled_at: expect.any(String), policy_decision: { effect: 'allow', rule_ref: null, reason_code: 'no_rule_matched', trace: [] } });
  expect(await org.balance(target)).toMatchObject({ total: '150000000' });
  expect(await eventTypes(res.body.id)).toEqual(['operations.internal_transfer.executed.v1']);
});

it('holds and waits for approval, then posts the hold into the target', async () => {
  const { source, target } = await governedPair(approval());
  const key = uuidv7();
  const res = await transfer(source, target, '150', key);
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({ status: 'pending_approval', approval_ref: expect.stringMatching(/^approvals\//), settled_at: null, policy_decision: { effect: 'require_approval' } });
  expect(await org.balance(source)).toEqual({ held: '150000000', total: '1000000000', available: '850000000' });
  expect((await transfer(source, target, '150', key)).body).toEqual(res.body);
  const pending = await org.ok(200, 'GET', `/${res.body.approval_ref}`);
  expect(pending).toMatchObject({ status: 'pending', action_family: 'internal_transfer', governed_ref: `internal-transfers/${res.body.id}` });
  // Below the threshold the rule does not match: booked at once, with the trace of the rule that did not match.
  const small = await transfer(source, target, '10');
  expect(small.body).toMatchObject({ status: 'executed', policy_decision: { effect: 'allow', trace: [expect.objectContaining({ matched: false })] } });

  expect((await org.decide(res.body.approval_ref, 'approve', approver.token)).status).toBe(200);
  const done = await waitFor(res.body.id, ['executed', 'failed']);
  expect(done).toMatchObject({ status: 'executed', settled_at: expect.any(String) });
  expect(done.subject_attribution.approved_by).toEqual([expect.objectContaining({ id: approver.id, kind: 'user' })]);
  expect(await org.balance(source)).toEqual({ held: '0', total: '840000000', available: '840000000' });
  expect(await org.balance(target)).toMatchObject({ held: '0', total: '160000000' });
  expect(await holdStatus(res.body.id)).toBe('posted');
  expect(await eventTypes(res.body.id)).toEqual([
    'operations.internal_transfer.pending_approval.v1',
    'operations.internal_transfer.executing.v1',
    'operations.internal_transfer.executed.v1',
  ]);
  const client = await h.app.services.temporal.get();
  const handle = client.workflow.getHandle(`internal-transfer/${res.body.id}`);
  expect(await handle.result()).toBe('executed');
  const sa = (await handle.describe()).typedSearchAttributes;
  expect([sa.get(SA.status), sa.get(SA.family), sa.get(SA.account), sa.get(SA.enterprise)]).toEqual(['executed', 'internal_transfer', source, org.tenant.enterpriseId]);
  const again = await org.api('POST', `/internal-transfers/${res.body.id}/cancel`);
  expect([again.status, again.body.reason]).toEqual([409, 'internal_transfer_executed']);
});

it('answers a cancel overtaken by the approval with the state the transfer is in, then with executed', async () => {
  const { source, target } = await governedPair(approval());
  const res = await transfer(source, target, '150');
  expect(res.body.status).toBe('pending_approval');
  let release!: () => void;
  held.set(res.body.id, new Promise<void>((resolve) => (release = resolve)));
  expect((await org.decide(res.body.approval_ref, 'approve', approver.token)).status).toBe(200);

  // Approved, not yet executing: the workflow refuses the cancel while the record still reads pending_approval.
  let overtaken;
  try {
    expect((await org.ok(200, 'GET', `/internal-transfers/${res.body.id}`)).status).toBe('pending_approval');
    overtaken = await org.api('POST', `/internal-transfers/${res.body.id}/cancel`);
  } finally {
    release(); // a held activity would keep the worker from shutting down
  }
  expect(overtaken.status).toBe(409);
  expect(overtaken.body).toMatchObject({ reason: 'approval_approved', detail: expect.stringContaining('approval was approved') });
  expect(overtaken.body.detail).not.toMatch(/awaiting approval/);

  await waitFor(res.body.id, ['executed']);
  const late = await org.api('POST', `/internal-transfers/${res.body.id}/cancel`);
  expect(late.status).toBe(409);
  expect(late.body).toMatchObject({ reason: 'internal_transfer_executed', detail: expect.stringContaining('is executed') });
  expect(await holdStatus(res.body.id)).toBe('posted');
});

it('fails when its target account is suspended before the approval: the hold is released, nothing booked', async () => {
  const { source, target } = await governedPair(approval());
  const res = await transfer(source, target, '150');
  expect(res.body.status).toBe('pending_approval');
  await org.ok(200, 'POST', `/${target}/suspend`);
  expect((await org.decide(res.body.approval_ref, 'approve', approver.token)).status).toBe(200);
  const done = await waitFor(res.body.id, ['executed', 'failed']);
  expect(done).toMatchObject({ status: 'failed', failure_reason: 'target_account_unavailable', settled_at: null });
  expect(await org.balance(source)).toEqual({ held: '0', total: '1000000000', available: '1000000000' });
  expect(await holdStatus(res.body.id)).toBe('voided');
  expect(await eventTypes(res.body.id)).toEqual([
    'operations.internal_transfer.pending_approval.v1',
    'operations.internal_transfer.executing.v1',
    'operations.internal_transfer.failed.v1',
  ]);
});

it.each([
  ['rejected', 'rejected'],
  ['expired', 'expired'],
])('releases the hold exactly once when the approval ends %s', async (_name, outcome) => {
  const { source, target } = await governedPair(approval(outcome === 'expired' ? 1 : 3600));
  const res = await transfer(source, target, '200');
  expect(res.body.status).toBe('pending_approval');
  if (outcome === 'rejected') expect((await org.decide(res.body.approval_ref, 'reject', approver.token)).status).toBe(200);
  const done = await waitFor(res.body.id, [outcome]);
  expect(done).toMatchObject({ settled_at: null, failure_reason: `approval_${outcome}` });
  expect(await org.balance(source)).toEqual({ held: '0', total: '1000000000', available: '1000000000' });
  expect((await org.balance(target)).total).toBe('0');
  expect(await holdStatus(res.body.id)).toBe('voided');
  expect((await org.ok(200, 'GET', `/${res.body.approval_ref}`)).status).toBe(outcome);
  expect(await eventTypes(res.body.id)).toEqual(['operations.internal_transfer.pending_approval.v1', `operations.internal_transfer.${outcome}.v1`]);
});

it('is cancelled through its workflow while pending, once; the entry commits with the approval\'s cancellation (in the workflow\'s activity)', async () => {
  const { source, target } = await governedPair(approval());
  const res = await transfer(source, target, '300');
  const cancellation = `audit-${randomUUID()}`;
  const cancelled = await org.api('POST', `/internal-transfers/${res.body.id}/cancel`, undefined, { 'x-request-id': cancellation });
  expect(cancelled.status).toBe(200);
  expect(cancelled.body).toMatchObject({ status: 'cancelled', failure_reason: 'approval_cancelled' });
  expect(await org.balance(source)).toEqual({ held: '0', total: '1000000000', available: '1000000000' });
  expect(await holdStatus(res.body.id)).toBe('voided');
  expect((await org.ok(200, 'GET', `/${res.body.approval_ref}`)).status).toBe('cancelled');
  const sql = h.app.services.sql;
  expect(await entriesCommittedWithRow(sql, cancellation, 'approvals', res.body.approval_ref.split('/')[1])).toEqual([
    { action: 'cancelInternalTransfer', resource_ref: `internal-transfers/${res.body.id}`, status_code: 200, with_row: true },
  ]);
  expect(await entryOutcomes(sql, cancellation)).toEqual(['succeeded']);
  const refusal = `audit-${randomUUID()}`;
  const again = await org.api('POST', `/internal-transfers/${res.body.id}/cancel`, undefined, { 'x-request-id': refusal });
  expect([again.status, again.body.reason]).toEqual([409, 'internal_transfer_cancelled']);
  // Refused before any Update: the pipeline's refused entry is the only one.
  expect(await entriesCommittedWithRow(sql, refusal, 'internal_transfers', res.body.id)).toEqual([
    { action: 'cancelInternalTransfer', resource_ref: `internal-transfers/${res.body.id}`, status_code: 409, with_row: false },
  ]);
  expect(await entryOutcomes(sql, refusal)).toEqual(['refused']);
  const client = await h.app.services.temporal.get();
  expect(await client.workflow.getHandle(`internal-transfer/${res.body.id}`).result()).toBe('cancelled');
});

it('is refused with 422 policy_denied by a deny rule, booking nothing', async () => {
  const { source, target } = await governedPair({ type: 'deny' });
  const res = await transfer(source, target, '100');
  expect(res.status).toBe(422);
  expect(res.body).toMatchObject({ reason: 'policy_denied', rule_ref: expect.stringMatching(/^policy-rules\//) });
  expect(await org.balance(source)).toEqual({ held: '0', total: '1000000000', available: '1000000000' });
  expect((await org.balance(target)).total).toBe('0');
  const [{ n }] = await h.app.services.sql`select count(*)::int as n from internal_transfers where source_ref = ${source}`;
  expect(n).toBe(0);
});

it('a rule activated or retired decides the very next transfer (the rule cache is invalidated)', async () => {
  const [client, source] = await org.newClient();
  const [, target] = await org.newClient();
  await org.fund(source, '1000.00');
  expect((await transfer(source, target, '100')).status).toBe(201); // caches "no rule" for the enterprise
  const rule = await org.rule({ action_family: 'internal_transfer', scope_ref: client, order: 1, conditions: {}, effect: { type: 'deny' } });
  expect((await transfer(source, target, '100')).body.reason).toBe('policy_denied');
  await org.ok(200, 'POST', `/policy-rules/${rule.id}/retire`);
  expect((await transfer(source, target, '100')).status).toBe(201);
});

it('a rule changed by any process reaches the cache through the trigger\'s NOTIFY', async () => {
  const [client, source] = await org.newClient();
  const [, target] = await org.newClient();
  await org.fund(source, '1000.00');
  const draft = await org.ok(201, 'POST', '/policies', { name: `rule-${uuidv7()}`, action_family: 'internal_transfer', order: 1, scope_ref: client, conditions: {}, effect: { type: 'deny' } });
  expect((await transfer(source, target, '1')).status).toBe(201); // the draft governs nothing
  // Activated behind the API's back, as another process would: only the NOTIFY tells this one.
  await h.app.services.sql`update policy_rules set status = 'active', version = version + 1 where id = ${draft.id}`;
  const deadline = Date.now() + 10_000;
  let res = await transfer(source, target, '1');
  while (res.status === 201 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
    res = await transfer(source, target, '1');
  }
  expect(res.body.reason).toBe('policy_denied');
});

it('a client admin\'s allow rule at order 0 cannot lift the enterprise approval rule from that client', async () => {
  // An enterprise of its own: its enterprise-wide rule must not govern the other tests' transfers.
  const scoped = await Org.create(h.app, 'Scoped Precedence Ltd');
  const [client, source] = await scoped.newClient();
  const [, target] = await scoped.newClient();
  await scoped.fund(source, '1000.00', 'USD');
  const enterpriseRule = await scoped.rule({
    action_family: 'internal_transfer',
    scope_ref: scoped.enterpriseRef,
    order: 10,
    conditions: { amount_at_least: { currency: 'USD', value: '50.00' } },
    effect: scoped.approvalEffect(),
  });
  // A principal holding policies.manage at the client only (the quorum is 0: its changes apply at once).
  const role = await scoped.ok(201, 'POST', '/roles', { name: 'client policy admins', description: '', permissions: ['policies.read', 'policies.manage'], scope_ref: scoped.enterpriseRef });
  const clientAdmin = await scoped.user([role.id], client);
  const draft = await scoped.ok(201, 'POST', '/policies', { name: 'Allow everything', scope_ref: client, action_family: 'internal_transfer', order: 0, effect: { type: 'allow' } }, {}, clientAdmin.token);
  expect((await scoped.ok(200, 'POST', `/policy-rules/${draft.id}/activate`, undefined, {}, clientAdmin.token)).status).toBe('active');

  const res = await scoped.api('POST', '/internal-transfers', { amount: { currency: 'USD', value: '60.00' }, source_ref: source, target_ref: target }, { 'idempotency-key': uuidv7() });
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({
    status: 'pending_approval',
    approval_ref: expect.stringMatching(/^approvals\//),
    policy_decision: {
      effect: 'require_approval',
      rule_ref: `policy-rules/${enterpriseRule.id}`,
      rule_scope_ref: scoped.enterpriseRef,
      requirement: { authority_ref: `policy-rules/${enterpriseRule.id}` },
      levels: [
        { scope_ref: scoped.enterpriseRef, effect: 'require_approval', rule_ref: `policy-rules/${enterpriseRule.id}`, decisive: true },
        { scope_ref: client, effect: 'allow', rule_ref: `policy-rules/${draft.id}`, decisive: false },
      ],
    },
  });
  expect(await scoped.balance(source, 'USD')).toEqual({ held: '6000', total: '100000', available: '94000' });
  await scoped.ok(200, 'POST', `/internal-transfers/${res.body.id}/cancel`);
  // Below the enterprise threshold the client's rule decides.
  const small = await scoped.api('POST', '/internal-transfers', { amount: { currency: 'USD', value: '10.00' }, source_ref: source, target_ref: target }, { 'idempotency-key': uuidv7() });
  expect(small.body).toMatchObject({ status: 'executed', policy_decision: { effect: 'allow', rule_ref: `policy-rules/${draft.id}`, rule_scope_ref: client } });
});

it('leaves the ledger consistent', async () => {
  expect((await verifyLedger(h.app.services.sql)).violations).toEqual([]);
});
