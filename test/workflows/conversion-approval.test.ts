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
  org = await Org.create(h.app, 'Governed Conversions Ltd');
  approver = await org.user(['approver']);
});
afterAll(() => h.stop());

/** A funded account under its own client, where converting 100 USDC or more needs one approval (or is denied). */
async function governedAccount(effect: Record<string, unknown>): Promise<string> {
  const [client, account] = await org.newClient();
  await org.fund(account, '1000.00');
  await org.rule({ action_family: 'conversion', scope_ref: client, order: 1, conditions: { amount_at_least: { currency: 'USDC', value: '100.00' } }, effect });
  return account;
}

const approval = { type: 'require_approval', required_human_approvals: 1, approver_role_ref: '', initiator_cannot_approve: true, approval_ttl_seconds: 3600 };
const requireOne = () => ({ ...approval, approver_role_ref: `roles/${org.tenant.roleIds.approver}` });

const convert = (account: string, value: string) =>
  org.api('POST', '/conversions', { account_ref: account, from_amount: { currency: 'USDC', value }, to_currency: 'EUR' }, { 'idempotency-key': uuidv7() });

async function waitFor(id: string, statuses: string[]): Promise<any> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const c = await org.ok(200, 'GET', `/conversions/${id}`);
    if (statuses.includes(c.status)) return c;
    if (Date.now() > deadline) throw new Error(`conversion ${id} stayed ${c.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

it('holds and waits for approval, then executes at the terms fixed at creation', async () => {
  const account = await governedAccount(requireOne());
  const res = await convert(account, '150');
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({ status: 'pending_approval', approval_ref: expect.stringMatching(/^approvals\//), settled_at: null, fill_rate: null });
  expect(await org.balance(account)).toMatchObject({ held: '150750000', total: '1000000000' });
  const pending = await org.ok(200, 'GET', `/${res.body.approval_ref}`);
  expect(pending).toMatchObject({ status: 'pending', action_family: 'conversion', governed_ref: `conversions/${res.body.id}` });
  // Small conversions under the threshold still execute at once.
  expect((await convert(account, '10')).body.status).toBe('executed');

  const decided = await org.decide(res.body.approval_ref, 'approve', approver.token);
  expect(decided.status).toBe(200);
  const done = await waitFor(res.body.id, ['executed']);
  expect(done).toMatchObject({ fill_rate: '0.9172', family_params: { to_amount: { currency: 'EUR', value: '137.58' } }, settled_at: expect.any(String) });
  expect(done.subject_attribution.approved_by).toEqual([expect.objectContaining({ id: approver.id, kind: 'user' })]);
  expect(await org.balance(account)).toEqual({ held: '0', total: String(1_000_000_000 - 150_750_000 - 10_050_000), available: String(1_000_000_000 - 150_750_000 - 10_050_000) });
  expect((await org.balance(account, 'EUR')).total).toBe(String(13758 + 917));
  const events = await h.app.services.sql`select type from events where resource_ref = ${`conversions/${res.body.id}`} order by seq`;
  expect(events.map((e) => e.type)).toEqual(['operations.conversion.pending_approval.v1', 'operations.conversion.executing.v1', 'operations.conversion.executed.v1']);
  const client = await h.app.services.temporal.get();
  const handle = client.workflow.getHandle(`conversion/${res.body.id}`);
  expect(await handle.result()).toBe('executed');
  expect((await handle.describe()).typedSearchAttributes.get(SA.status)).toBe('executed');
});

it('releases the hold exactly once when rejected', async () => {
  const account = await governedAccount(requireOne());
  const res = await convert(account, '200');
  expect(res.body.status).toBe('pending_approval');
  expect((await org.decide(res.body.approval_ref, 'reject', approver.token)).status).toBe(200);
  const done = await waitFor(res.body.id, ['rejected']);
  expect(done.settled_at).toBeNull();
  expect(await org.balance(account)).toEqual({ held: '0', total: '1000000000', available: '1000000000' });
  const [hold] = await h.app.services.sql`select status from ledger_holds where business_key = ${`conversion/${res.body.id}/hold`}`;
  expect(hold.status).toBe('voided');
});

it('expires on its durable timer when nobody decides: the hold is released and the expired event written', async () => {
  const account = await governedAccount({ ...requireOne(), approval_ttl_seconds: 1 });
  const res = await convert(account, '120');
  expect(res.body.status).toBe('pending_approval');
  const done = await waitFor(res.body.id, ['expired']);
  expect(done).toMatchObject({ settled_at: null, fill_rate: null });
  expect((await org.ok(200, 'GET', `/${res.body.approval_ref}`)).status).toBe('expired');
  expect(await org.balance(account)).toEqual({ held: '0', total: '1000000000', available: '1000000000' });
  const events = await h.app.services.sql`select type from events where resource_ref = ${`conversions/${res.body.id}`} order by seq`;
  expect(events.map((e) => e.type)).toEqual(['operations.conversion.pending_approval.v1', 'operations.conversion.expired.v1']);
});

it('is cancelled through its workflow while pending, once; the entry commits with the approval\'s cancellation (in the workflow\'s activity)', async () => {
  const account = await governedAccount(requireOne());
  const res = await convert(account, '300');
  const cancellation = `audit-${randomUUID()}`;
  const cancelled = await org.api('POST', `/conversions/${res.body.id}/cancel`, undefined, { 'x-request-id': cancellation });
  expect(cancelled.status).toBe(200);
  expect(cancelled.body.status).toBe('cancelled');
  expect(await org.balance(account)).toMatchObject({ held: '0', total: '1000000000' });
  expect((await org.ok(200, 'GET', `/${res.body.approval_ref}`)).status).toBe('cancelled');
  const sql = h.app.services.sql;
  expect(await entriesCommittedWithRow(sql, cancellation, 'approvals', res.body.approval_ref.split('/')[1])).toEqual([
    { action: 'cancelConversion', resource_ref: `conversions/${res.body.id}`, status_code: 200, with_row: true },
  ]);
  expect(await entryOutcomes(sql, cancellation)).toEqual(['succeeded']);
  const refusal = `audit-${randomUUID()}`;
  const again = await org.api('POST', `/conversions/${res.body.id}/cancel`, undefined, { 'x-request-id': refusal });
  expect(again.status).toBe(409);
  expect(again.body.reason).toBe('conversion_cancelled');
  // Refused before any Update: the pipeline's refused entry is the only one.
  expect(await entriesCommittedWithRow(sql, refusal, 'conversions', res.body.id)).toEqual([
    { action: 'cancelConversion', resource_ref: `conversions/${res.body.id}`, status_code: 409, with_row: false },
  ]);
  expect(await entryOutcomes(sql, refusal)).toEqual(['refused']);
});

it('is refused with 422 policy_denied by a deny rule, booking nothing', async () => {
  const account = await governedAccount({ type: 'deny' });
  const res = await convert(account, '100');
  expect(res.status).toBe(422);
  expect(res.body.reason).toBe('policy_denied');
  expect(await org.balance(account)).toEqual({ held: '0', total: '1000000000', available: '1000000000' });
});

it('leaves the ledger consistent', async () => {
  expect((await verifyLedger(h.app.services.sql)).violations).toEqual([]);
});
