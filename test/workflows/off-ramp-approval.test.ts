import { randomUUID } from 'node:crypto';
import { uuidv7 } from '../../src/ids';
import { SA } from '../../src/temporal/search-attributes';
import { verifyLedger } from '../../src/ledger';
import { entriesCommittedWithRow, entryOutcomes } from '../helpers/audit';
import { Org, startGovernedHarness, type GovernedHarness } from './withdrawal-fixtures';

let h: GovernedHarness;
let org: Org;
let approver: { id: string; token: string };

beforeAll(async () => {
  h = await startGovernedHarness();
  org = await Org.create(h.app, 'Governed Ramps Ltd');
  approver = await org.user(['approver']);
});
afterAll(() => h.stop());

const approval = (ttlSeconds?: number) => org.approvalEffect(ttlSeconds);

/** A funded account (1000 USDC) with a EUR payout method, where off-ramping 100 USDC or more is governed by `effect`. */
async function governedAccount(effect: Record<string, unknown>): Promise<{ account: string; method: string }> {
  const [client, account] = await org.newClient();
  await org.fund(account, '1000.00');
  await org.rule({ action_family: 'off_ramp', scope_ref: client, order: 1, conditions: { amount_at_least: { currency: 'USDC', value: '100.00' } }, effect });
  return { account, method: await org.payoutMethod(account) };
}

const offRamp = (g: { account: string; method: string }, value: string) =>
  org.api('POST', '/off-ramp-sessions', { account_ref: g.account, asset: 'USDC', fiat_currency: 'EUR', amount: { currency: 'USDC', value }, payout_method_id: g.method }, { 'idempotency-key': uuidv7() });

async function waitFor(id: string, statuses: string[]): Promise<any> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const s = await org.ok(200, 'GET', `/off-ramp-sessions/${id}`);
    if (statuses.includes(s.status)) return s;
    if (Date.now() > deadline) throw new Error(`off-ramp session ${id} stayed ${s.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function eventTypes(id: string): Promise<string[]> {
  const rows = await h.app.services.sql`select type from events where resource_ref = ${`off-ramp-sessions/${id}`} order by seq`;
  return rows.map((r) => r.type as string);
}

async function holdStatus(id: string): Promise<string> {
  const [hold] = await h.app.services.sql`select status from ledger_holds where business_key = ${`off_ramp/${id}/hold`}`;
  return hold.status;
}

it('waits in pending_approval with the hold placed, then converts and pays out once approved', async () => {
  const g = await governedAccount(approval());
  const res = await offRamp(g, '100');
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({ status: 'pending_approval', approval_ref: expect.stringMatching(/^approvals\//), fiat_amount: null, policy_decision: { effect: 'require_approval' } });
  expect(await org.balance(g.account)).toMatchObject({ held: '101000000', total: '1000000000' });
  expect(await org.ok(200, 'GET', `/${res.body.approval_ref}`)).toMatchObject({ status: 'pending', action_family: 'off_ramp', governed_ref: `off-ramp-sessions/${res.body.id}` });
  // Nothing converts while the approval is pending.
  expect((await org.ok(200, 'GET', `/off-ramp-sessions/${res.body.id}`)).status).toBe('pending_approval');

  expect((await org.decide(res.body.approval_ref, 'approve', approver.token)).status).toBe(200);
  const done = await waitFor(res.body.id, ['completed', 'failed']);
  expect(done).toMatchObject({ status: 'completed', fiat_amount: { currency: 'EUR', value: '91.72' } });
  expect(done.subject_attribution.approved_by).toEqual([expect.objectContaining({ id: approver.id, kind: 'user' })]);
  expect(await org.balance(g.account)).toEqual({ total: '899000000', held: '0', available: '899000000' });
  expect(await holdStatus(res.body.id)).toBe('posted');
  expect(await eventTypes(res.body.id)).toEqual([
    'ramps.off_ramp_session.pending_approval.v1',
    'ramps.off_ramp_session.requested.v1',
    'ramps.off_ramp_session.converting.v1',
    'ramps.off_ramp_session.payout_sent.v1',
    'ramps.off_ramp_session.completed.v1',
  ]);
  const client = await h.app.services.temporal.get();
  const handle = client.workflow.getHandle(`off-ramp/${res.body.id}`);
  // The session row turns completed in the last activity; the workflow upserts its final search attributes after it.
  await handle.result();
  const sa = (await handle.describe()).typedSearchAttributes;
  expect([sa.get(SA.status), sa.get(SA.family)]).toEqual(['completed', 'off_ramp']);
});

it.each([
  ['rejected', 'rejected'],
  ['expired', 'expired'],
])('releases the hold once when the approval ends %s', async (_name, outcome) => {
  const g = await governedAccount(approval(outcome === 'expired' ? 1 : 3600));
  const res = await offRamp(g, '150');
  expect(res.body.status).toBe('pending_approval');
  if (outcome === 'rejected') expect((await org.decide(res.body.approval_ref, 'reject', approver.token)).status).toBe(200);
  const done = await waitFor(res.body.id, [outcome]);
  expect(done).toMatchObject({ failure_reason: `approval_${outcome}`, fiat_amount: null, payout_reference: null });
  expect(await org.balance(g.account)).toEqual({ total: '1000000000', held: '0', available: '1000000000' });
  expect(await holdStatus(res.body.id)).toBe('voided');
  expect(await eventTypes(res.body.id)).toEqual(['ramps.off_ramp_session.pending_approval.v1', `ramps.off_ramp_session.${outcome}.v1`]);
});

it('is cancelled through its workflow while pending approval; the entry commits with the approval\'s cancellation (in the workflow\'s activity)', async () => {
  const g = await governedAccount(approval());
  const res = await offRamp(g, '120');
  const cancellation = `audit-${randomUUID()}`;
  const cancelled = await org.api('POST', `/off-ramp-sessions/${res.body.id}/cancel`, undefined, { 'x-request-id': cancellation });
  expect(cancelled.status).toBe(200);
  expect(cancelled.body.status).toBe('cancelled');
  expect(await org.balance(g.account)).toEqual({ total: '1000000000', held: '0', available: '1000000000' });
  expect((await org.ok(200, 'GET', `/${res.body.approval_ref}`)).status).toBe('cancelled');
  const sql = h.app.services.sql;
  expect(await entriesCommittedWithRow(sql, cancellation, 'approvals', res.body.approval_ref.split('/')[1])).toEqual([
    { action: 'cancelOffRampSession', resource_ref: `off-ramp-sessions/${res.body.id}`, status_code: 200, with_row: true },
  ]);
  expect(await entryOutcomes(sql, cancellation)).toEqual(['succeeded']);
  const refusal = `audit-${randomUUID()}`;
  const again = await org.api('POST', `/off-ramp-sessions/${res.body.id}/cancel`, undefined, { 'x-request-id': refusal });
  expect([again.status, again.body.reason]).toEqual([409, 'off_ramp_cancelled']);
  // Refused by the guarded transition (nothing changed): the pipeline's refused entry is the only one.
  expect(await entriesCommittedWithRow(sql, refusal, 'off_ramp_sessions', res.body.id)).toEqual([
    { action: 'cancelOffRampSession', resource_ref: `off-ramp-sessions/${res.body.id}`, status_code: 409, with_row: false },
  ]);
  expect(await entryOutcomes(sql, refusal)).toEqual(['refused']);
});

it('is refused with 422 policy_denied by a deny rule, holding nothing; below the threshold it runs as before', async () => {
  const g = await governedAccount({ type: 'deny' });
  const res = await offRamp(g, '100');
  expect(res.status).toBe(422);
  expect(res.body).toMatchObject({ reason: 'policy_denied', rule_ref: expect.stringMatching(/^policy-rules\//) });
  expect(await org.balance(g.account)).toEqual({ total: '1000000000', held: '0', available: '1000000000' });
  const small = await offRamp(g, '10');
  expect(small.body).toMatchObject({ status: 'requested', approval_ref: null, policy_decision: { effect: 'allow' } });
  expect((await waitFor(small.body.id, ['completed', 'failed'])).status).toBe('completed');
});

it('leaves the ledger consistent', async () => {
  expect((await verifyLedger(h.app.services.sql)).violations).toEqual([]);
});
