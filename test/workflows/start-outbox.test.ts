import { WorkflowNotFoundError } from '@temporalio/client';
import { Caller, type PrincipalRef } from '../../src/auth/caller';
import { ALL_PERMISSIONS } from '../../src/auth/permissions';
import { acceptWithdrawal, createWithdrawal, findWithdrawal } from '../../src/domain/withdrawals';
import { acceptOffRamp, acceptOnRamp, createOffRamp, createOnRamp, onRampCollectionAccount } from '../../src/domain/ramps';
import { recordPendingDeposit, resolveDepositTarget } from '../../src/domain/deposits/deposits';
import { createSandboxDeposit } from '../../src/domain/deposits/sandbox';
import { queueExport, requestExport } from '../../src/domain/exports/exports';
import { requestFingerprint } from '../../src/http/idempotency';
import { runIdempotently } from '../../src/idempotency/run';
import { ASSETS, parseAmount } from '../../src/ledger';
import { StartSweeper } from '../../src/temporal/start-outbox';
import { uuidv7 } from '../../src/ids';
import { Org, ledgerTrail, startGovernedHarness, type GovernedHarness } from './withdrawal-fixtures';

/*
 * The API process dies after a withdrawal's transaction commits and before it starts the workflow
 * (simulated: the request's effect never returns). The start it owed was committed with the record,
 * so the worker's sweeper starts the workflow; the Idempotency-Key answer was committed too, so the
 * client's retry replays it instead of withdrawing a second time.
 */

let h: GovernedHarness;
let org: Org;
let account: string;
let destination: string;

beforeAll(async () => {
  h = await startGovernedHarness();
  org = await Org.create(h.app, 'Start Outbox Ltd');
  ({ account, destination } = await org.withdrawalAccount('1000.00'));
});
afterAll(() => h.stop());

/** The tenant's service account holding every permission at the enterprise: the caller of the routes' steps run here directly. */
function asAdmin() {
  const admin: PrincipalRef = { id: org.tenant.serviceAccountId, kind: 'service_account', tenant_ref: org.enterpriseRef };
  const caller = new Caller(org.tenant.enterpriseId, admin, admin, null, [{ permissions: new Set(ALL_PERMISSIONS), scopeRef: org.enterpriseRef, propagation: 'subtree' }], 'platform-managed', null, '');
  // The attribution the routes would record, so the events written here have the shape the API publishes.
  return { admin, caller, attribution: caller.attribution() };
}

/** A task queue the real server refuses to start a workflow on: names are limited to 1,000 characters. */
const REFUSED_QUEUE = 'q'.repeat(1_001);

/** An on-ramp (EUR → USDC) and an off-ramp (10 USDC → EUR) of `account`, as the routes ask for them, starting on `taskQueue`. */
const onRampOf = (account: string, taskQueue: string) =>
  ({ enterpriseId: org.tenant.enterpriseId, accountRef: account, fiatCurrency: 'EUR', asset: 'USDC', paymentWindowSeconds: 3600, attribution: asAdmin().attribution, taskQueue });
const offRampOf = async (account: string, taskQueue: string) => ({
  enterpriseId: org.tenant.enterpriseId,
  accountRef: account,
  asset: 'USDC',
  fiatCurrency: 'EUR',
  amount: parseAmount('10', 'USDC'),
  payoutMethodId: await org.payoutMethod(account),
  attribution: asAdmin().attribution,
  taskQueue,
  payoutSettleMs: 0,
  market: h.app.services.providers.market(org.tenant.enterpriseId),
});

/** Polls a resource through the API until its status is one of `statuses`; answers that status. */
async function settled(path: string, statuses: string[]): Promise<string> {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
    const { status } = await org.ok(200, 'GET', `/${path}`);
    if (statuses.includes(status)) return status;
  }
  throw new Error(`${path} did not reach ${statuses.join(' or ')}`);
}

const owed = async (workflowId: string) => (await h.app.services.sql`select 1 from workflow_starts where workflow_id = ${workflowId}`).length;

it('starts the workflow a dead process owed, once, and a retry under the same key replays the committed answer', async () => {
  const { services } = h.app;
  const { admin, caller } = asAdmin();
  const body = { account_ref: account, amount: { currency: 'USDC', value: '25.00' }, rail: 'ethereum', withdrawal_destination_id: destination };
  const key = `dies-${uuidv7()}`;
  const before = await org.balance(account);

  // The route's work up to the commit, as the pipeline runs it; then the process "dies".
  let accepted!: (id: string) => void;
  const acceptedId = new Promise<string>((resolve) => (accepted = resolve));
  void runIdempotently(services.sql, admin.id, key, requestFingerprint('post', '/withdrawals', Buffer.from(JSON.stringify(body))), async (idempotency) => {
    const { row } = await acceptWithdrawal(
      services.sql,
      caller,
      { accountRef: account, asset: ASSETS.USDC, amount: parseAmount('25.00', 'USDC'), rail: 'ethereum', destinationId: destination },
      services.metrics,
      { idempotency, taskQueue: h.taskQueue },
    );
    accepted(row.id);
    return new Promise(() => {}); // never returns: no workflow start, nothing after the commit
  });
  const id = await acceptedId;
  const workflowId = `withdrawal/${id}`;
  const client = await services.temporal.get();

  // Committed: the hold, the record, the owed start and the answer; no workflow.
  expect((await findWithdrawal(services.sql, id))?.status).toBe('executing');
  expect(BigInt(before.available) - BigInt((await org.balance(account)).available)).toBe(28_500_000n); // 25 + 3.5 fee, held
  expect(await owed(workflowId)).toBe(1);
  await expect(client.workflow.getHandle(workflowId).describe()).rejects.toBeInstanceOf(WorkflowNotFoundError);

  const retry = await org.api('POST', '/withdrawals', body, { 'idempotency-key': key });
  expect(retry.status).toBe(201);
  expect(retry.headers.get('idempotent-replayed')).toBe('true');
  expect(retry.body).toMatchObject({ id, status: 'executing', principal_amount: { currency: 'USDC', value: '25.000000' } });

  // The worker's sweep (grace 0 here; 30 s by default) starts it, and it runs to the end.
  const sweeper = new StartSweeper(services, { intervalMs: 3_600_000, graceMs: 0 });
  expect(await sweeper.sweep()).toBe(1);
  expect(await owed(workflowId)).toBe(0);
  expect((await org.waitFor(id, ['executed'])).settled_at).toEqual(expect.any(String));
  expect(await ledgerTrail(h.app, id)).toEqual({ hold: 'posted', settlements: 1 });

  // A start owed again for a workflow that has run (a process died after starting it, before forgetting it) is settled without a second run.
  const runs = async () => {
    const ids: string[] = [];
    for await (const w of client.workflow.list({ query: `WorkflowId = '${workflowId}'` })) ids.push(w.runId);
    return ids;
  };
  const runsBefore = await runs();
  await services.sql`insert into workflow_starts (workflow_id, workflow_type, task_queue, args) values (${workflowId}, 'withdrawalWorkflow', ${h.taskQueue}, '[]'::jsonb)`;
  expect(await sweeper.sweep()).toBe(1);
  expect(await owed(workflowId)).toBe(0);
  expect(await runs()).toEqual(runsBefore);
  expect(await ledgerTrail(h.app, id)).toEqual({ hold: 'posted', settlements: 1 });
  expect(await sweeper.sweep()).toBe(0);
});

it('forgets the start of a withdrawal whose workflow the route started; its audit entry commits with it', async () => {
  const res = await org.withdraw(account, destination, '1.00');
  expect(res.status).toBe(201);
  expect(await owed(`withdrawal/${res.body.id}`)).toBe(0);
  // Its audit entry was committed with it (alongside the answer), and only there.
  const entries = await h.app.services.sql`
    select outcome, status_code from user_action_audit_entries where action = 'createWithdrawal' and resource_ref = ${`withdrawals/${res.body.id}`}`;
  expect(entries).toEqual([{ outcome: 'succeeded', status_code: 201 }]);
  await org.waitFor(res.body.id, ['executed']);
  const [{ same }] = await h.app.services.sql`
    select (select xmin::text from user_action_audit_entries where action = 'createWithdrawal' and resource_ref = ${`withdrawals/${res.body.id}`})
         = (select xmin::text from policy_velocity where operation_ref = ${`withdrawals/${res.body.id}`}) as same`;
  expect(same).toBe(true); // one transaction wrote both
});

it('a governed internal transfer owes its start too: the route starts its workflow and forgets the start, and cancel works through it', async () => {
  const [client, source] = await org.newClient();
  const [, target] = await org.newClient();
  await org.fund(source, '500.00');
  await org.rule({ action_family: 'internal_transfer', scope_ref: client, order: 1, conditions: {}, effect: org.approvalEffect() });
  const res = await org.api('POST', '/internal-transfers', { amount: { currency: 'USDC', value: '100.00' }, source_ref: source, target_ref: target }, { 'idempotency-key': uuidv7() });
  expect(res.status).toBe(201);
  expect(res.body.status).toBe('pending_approval');
  // The route started it (the approval exists) and forgot the start it owed.
  expect(await owed(`internal-transfer/${res.body.id}`)).toBe(0);
  expect((await org.ok(200, 'GET', `/${res.body.approval_ref}`)).status).toBe('pending');
  await org.ok(200, 'POST', `/internal-transfers/${res.body.id}/cancel`);
  expect((await org.ok(200, 'GET', `/internal-transfers/${res.body.id}`)).status).toBe('cancelled');
});

it('ramp sessions owe their starts too: a session committed by a process that died before starting it is started by the sweeper', async () => {
  const { services } = h.app;
  const client = await services.temporal.get();
  const [, account] = await org.newClient();
  await org.fund(account, '100.00');

  // Through the routes: each started its workflow and forgot the start it owed.
  const viaRoute = await org.ok(201, 'POST', '/on-ramp-sessions', { account_ref: account, fiat_currency: 'EUR', asset: 'USDC' });
  expect(await owed(`on-ramp/${viaRoute.id}`)).toBe(0);

  // The routes' work up to the commit; then the process "dies".
  const onRamp = await acceptOnRamp(services.sql, onRampOf(account, h.taskQueue), await onRampCollectionAccount(services, org.tenant.enterpriseId, 'EUR'));
  const offRamp = await acceptOffRamp(services.sql, await offRampOf(account, h.taskQueue));
  for (const { start } of [onRamp, offRamp]) {
    expect(await owed(start.workflowId)).toBe(1);
    await expect(client.workflow.getHandle(start.workflowId).describe()).rejects.toBeInstanceOf(WorkflowNotFoundError);
  }
  expect((await org.balance(account)).held).toBe('10100000'); // 10 + 0.1 fee, committed with the session

  const sweeper = new StartSweeper(services, { intervalMs: 3_600_000, graceMs: 0 });
  expect(await sweeper.sweep()).toBe(2);
  expect(await owed(onRamp.start.workflowId)).toBe(0);
  expect(await owed(offRamp.start.workflowId)).toBe(0);
  expect(await settled(`on-ramp-sessions/${onRamp.row.id}`, ['awaiting_payment'])).toBe('awaiting_payment');
  expect(await settled(`off-ramp-sessions/${offRamp.row.id}`, ['completed', 'failed'])).toBe('completed');
  expect(await org.balance(account)).toEqual({ total: '89900000', held: '0', available: '89900000' });
});

it('a ramp session whose workflow cannot be started ends failed with nothing held, and the start is not left owed (503)', async () => {
  const { services } = h.app;
  const [, account] = await org.newClient();
  await org.fund(account, '100.00');
  const before = await services.sql`select count(*)::int as n from workflow_starts`;

  const onRamp = createOnRamp(services, onRampOf(account, REFUSED_QUEUE));
  await expect(onRamp).rejects.toMatchObject({ code: 'TemporarilyUnavailable', status: 503 });
  const offRamp = createOffRamp(services, await offRampOf(account, REFUSED_QUEUE));
  await expect(offRamp).rejects.toMatchObject({ code: 'TemporarilyUnavailable', status: 503 });

  const sessions = await services.sql`
    select 'on' as kind, status, failure_reason from on_ramp_sessions where account_ref = ${account}
    union all select 'off', status, failure_reason from off_ramp_sessions where account_ref = ${account} order by kind`;
  expect(sessions).toEqual([
    { kind: 'off', status: 'failed', failure_reason: 'workflow_start_failed' },
    { kind: 'on', status: 'failed', failure_reason: 'workflow_start_failed' },
  ]);
  expect(await org.balance(account)).toEqual({ total: '100000000', held: '0', available: '100000000' });
  expect(await services.sql`select count(*)::int as n from workflow_starts`).toEqual(before);
});

it('a withdrawal whose workflow cannot be started answers 503, ends failed with its hold released, and its key is free for a new attempt', async () => {
  const { services } = h.app;
  const { admin, caller } = asAdmin();
  const body = { account_ref: account, amount: { currency: 'USDC', value: '5.00' }, rail: 'ethereum', withdrawal_destination_id: destination };
  const key = `refused-${uuidv7()}`;
  const before = await org.balance(account);
  const fingerprint = requestFingerprint('post', '/withdrawals', Buffer.from(JSON.stringify(body)));
  const input = { accountRef: account, asset: ASSETS.USDC, amount: parseAmount('5.00', 'USDC'), rail: 'ethereum', destinationId: destination };

  // The route's pipeline, with a start the real server refuses.
  let refusedId = '';
  const refused = runIdempotently(services.sql, admin.id, key, fingerprint, async (idempotency) => {
    const view = await createWithdrawal(services, caller, input, { taskQueue: REFUSED_QUEUE, idempotency }).catch(async (err) => {
      [{ id: refusedId }] = await services.sql`select id from withdrawals where account_ref = ${account} order by created_at desc limit 1`;
      throw err;
    });
    return { status: 201, body: view };
  });
  await expect(refused).rejects.toMatchObject({ code: 'TemporarilyUnavailable', status: 503 });
  expect(await findWithdrawal(services.sql, refusedId)).toMatchObject({ status: 'failed', failure_reason: 'workflow_start_failed' });
  expect(await org.balance(account)).toEqual(before);
  expect(await owed(`withdrawal/${refusedId}`)).toBe(0);

  // The retry under the same key is a new withdrawal, not a replay of the failed one's answer.
  const retry = await org.api('POST', '/withdrawals', body, { 'idempotency-key': key });
  expect(retry.status).toBe(201);
  expect(retry.headers.get('idempotent-replayed')).toBeNull();
  expect(retry.body.id).not.toBe(refusedId);
  expect((await org.waitFor(retry.body.id, ['executed'])).status).toBe('executed');
});

it('a sandbox deposit owes its start too: a dead process leaves it to the sweeper, which gets it credited once; a refused start fails it, crediting nothing', async () => {
  const { services } = h.app;
  const [, account] = await org.newClient();
  const instructions = (await org.ok(200, 'GET', `/deposit-instructions?account_ref=${account}&page_size=50`)).items as { id: string; asset: string; crypto_routing?: { network: string } }[];
  const usdc = instructions.find((i) => i.asset === 'USDC' && i.crypto_routing?.network === 'ethereum')!;
  const endpoint = (await resolveDepositTarget(services.sql, { depositInstructionId: usdc.id }))!;
  const { attribution } = asAdmin();
  const deposit = { endpoint, currency: 'USDC', value: '7', attribution, blockMs: 1 };

  const { deposit: left, start } = await recordPendingDeposit(services.sql, { ...deposit, taskQueue: h.taskQueue });
  if (!start) throw new Error('a new deposit is owed its workflow start');
  expect(await owed(start.workflowId)).toBe(1);
  expect(await new StartSweeper(services, { intervalMs: 3_600_000, graceMs: 0 }).sweep()).toBe(1);
  expect(await (await services.temporal.get()).workflow.getHandle(start.workflowId).result()).toBe('credited');
  expect(await org.balance(account)).toEqual({ total: '7000000', held: '0', available: '7000000' });

  await expect(createSandboxDeposit(services, { ...deposit, taskQueue: REFUSED_QUEUE })).rejects.toMatchObject({ code: 'TemporarilyUnavailable', status: 503 });
  const rows = await services.sql`select id, status, failure_reason from deposits where account_ref = ${account} order by created_at`;
  expect(rows).toEqual([
    { id: left.id, status: 'credited', failure_reason: null },
    { id: expect.any(String), status: 'failed', failure_reason: 'workflow_start_failed' },
  ]);
  expect(await owed(`deposit/${rows[1].id}`)).toBe(0);
  expect(await org.balance(account)).toEqual({ total: '7000000', held: '0', available: '7000000' });
});

it('an export owes its start too: a dead process leaves it to the sweeper, which gets it produced; a refused start fails it (503)', async () => {
  const { services } = h.app;
  const request = { enterpriseId: org.tenant.enterpriseId, kind: 'operations_activity' as const, format: 'csv' as const, scopeRef: org.enterpriseRef, rangeStart: new Date(Date.now() - 3_600_000), rangeEnd: new Date(), attribution: null };
  const owes = (row: { id: string }) => ({ workflowType: 'exportWorkflow', workflowId: `export/${row.id}`, taskQueue: h.taskQueue, args: [{ exportId: row.id, retentionSeconds: 60 }] });

  const left = await queueExport(services.sql, request, owes);
  expect(await owed(`export/${left.id}`)).toBe(1);
  expect(await new StartSweeper(services, { intervalMs: 3_600_000, graceMs: 0 }).sweep()).toBe(1);
  // It completes, then waits out its retention (60 s here) before expiring the file.
  expect(await settled(`operations-activity-exports/${left.id}`, ['completed', 'failed'])).toBe('completed');
  await (await services.temporal.get()).workflow.getHandle(`export/${left.id}`).terminate('test over');

  // The route's way, with a start the real server refuses.
  await expect(requestExport(services, request, { taskQueue: REFUSED_QUEUE })).rejects.toMatchObject({ code: 'TemporarilyUnavailable', status: 503 });
  const [failed] = await services.sql`select id, status, failure_reason from exports where enterprise_id = ${org.tenant.enterpriseId} and id <> ${left.id}`;
  expect(failed).toMatchObject({ status: 'failed', failure_reason: 'workflow_start_failed' });
  expect(await owed(`export/${failed.id}`)).toBe(0);
});
