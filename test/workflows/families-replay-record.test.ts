import { localActivityResults, writeHistory } from '../helpers/history-json';
import { OutboxDispatcher } from '../../src/domain/webhooks/dispatcher';
import { uuidv7 } from '../../src/ids';
import { deliveryWorkflowId, laneWorkflowId, type LaneStep } from '../../src/domain/webhooks/messages';
import { SA } from '../../src/temporal/search-attributes';
import { eventually, startReceiver } from '../helpers/webhook-fixtures';
import { Org, startGovernedHarness, type GovernedHarness } from './withdrawal-fixtures';

/*
 * One history per workflow family besides withdrawals (replay-record.test.ts), recorded with the
 * current code: an off-ramp and an on-ramp that complete, an internal transfer and a conversion
 * approved under a policy rule, a sandbox deposit credited, and a policy change approved by the
 * quorum, a webhook test delivery, a subscription's delivery lane that sends a redelivery and
 * goes idle (terminated there: an idle lane waits minutes for more work), and one that backs off
 * through an outage, is cut short by a redelivery and drains its backlog. Written to test/workflows/histories/ as `<family>-<ending>.json` only with
 * RECORD_HISTORIES=1 (replay.test.ts replays them all); otherwise to the run's scratch folder.
 * Histories recorded before a patch keep a version suffix (`off-ramp-completed-v0.json`) and are
 * never re-recorded: they prove runs started by older code still replay.
 */

let h: GovernedHarness;

beforeAll(async () => {
  h = await startGovernedHarness();
});
afterAll(() => h.stop());

/** Polls `/<collection>/<id>` until its status is one of `statuses` (workflows run asynchronously). */
async function statusOf(org: Org, ref: string, statuses: string[]): Promise<any> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const r = await org.ok(200, 'GET', `/${ref}`);
    if (statuses.includes(r.status)) return r;
    if (Date.now() > deadline) throw new Error(`${ref} stayed ${r.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it('records off-ramp, on-ramp, internal transfer, conversion, deposit, policy change and webhook runs', async () => {
  const org = await Org.create(h.app, 'Families Replay Ltd');
  const [client, account] = await org.newClient();
  const [, target] = await org.newClient();
  await org.fund(account, '10000.00');
  const approver = await org.user(['approver']);
  const over = { amount_at_least: { currency: 'USDC', value: '100.00' } };
  await org.rule({ action_family: 'internal_transfer', scope_ref: client, order: 1, conditions: over, effect: org.approvalEffect() });
  await org.rule({ action_family: 'conversion', scope_ref: client, order: 1, conditions: over, effect: org.approvalEffect() });

  // Ramps: no rule covers them, so both run straight through.
  const method = await org.payoutMethod(account, 'Ada Lovelace');
  const offRamp = await org.ok(201, 'POST', '/off-ramp-sessions', { account_ref: account, asset: 'USDC', fiat_currency: 'EUR', amount: { currency: 'USDC', value: '10' }, payout_method_id: method }, { 'idempotency-key': uuidv7() });
  const onRamp = await org.ok(201, 'POST', '/on-ramp-sessions', { account_ref: account, fiat_currency: 'EUR', asset: 'USDC' });
  await statusOf(org, `on-ramp-sessions/${onRamp.id}`, ['awaiting_payment']);
  await org.ok(200, 'POST', `/sandbox/on-ramp-sessions/${onRamp.id}/payment`, { amount: { currency: 'EUR', value: '100.00' } });

  // Governed money: pending_approval, approved, executed.
  const transfer = await org.ok(201, 'POST', '/internal-transfers', { amount: { currency: 'USDC', value: '150' }, source_ref: account, target_ref: target }, { 'idempotency-key': uuidv7() });
  const conversion = await org.ok(201, 'POST', '/conversions', { account_ref: account, from_amount: { currency: 'USDC', value: '150' }, to_currency: 'EUR' }, { 'idempotency-key': uuidv7() });
  expect([transfer.status, conversion.status]).toEqual(['pending_approval', 'pending_approval']);
  expect((await org.decide(transfer.approval_ref, 'approve', approver.token)).status).toBe(200);
  expect((await org.decide(conversion.approval_ref, 'approve', approver.token)).status).toBe(200);

  // A deposit through the account's USDC instruction on ethereum.
  const instructions = (await org.ok(200, 'GET', `/deposit-instructions?account_ref=${account}&page_size=50`)).items as any[];
  const usdc = instructions.find((i) => i.asset === 'USDC' && i.crypto_routing?.network === 'ethereum');
  const deposit = await org.ok(201, 'POST', '/sandbox/deposits', { deposit_instruction_id: usdc.id, amount: { currency: 'USDC', value: '25' } });

  // A policy change: with a quorum of one, retiring a rule is a proposal another governor approves.
  const governors = await org.ok(201, 'POST', '/roles', {
    name: `governors-${uuidv7()}`,
    description: 'Policy admins',
    permissions: ['policies.read', 'policies.manage', 'approvals.read', 'approvals.decide', 'action_tokens.create'],
    scope_ref: org.enterpriseRef,
  });
  const [alice, bob] = await Promise.all([org.user([governors.id]), org.user([governors.id])]);
  const retired = await org.rule({ order: 5, effect: { type: 'deny' } });
  await org.ok(200, 'PATCH', '/governance-settings', { policy_change_quorum: 1, approver_role_ref: `roles/${governors.id}` });
  const change = await org.ok(202, 'POST', `/policy-rules/${retired.id}/retire`, undefined, {}, alice.token);
  expect((await org.decide(change.approval_ref, 'approve', bob.token)).status).toBe(200);

  // Webhooks: a test delivery runs its own workflow; redelivering it goes through the subscription's lane.
  const receiver = await startReceiver();
  const temporal = await h.app.services.temporal.get();
  let lane: string;
  let testDelivery: string;
  try {
    const subscription = await org.ok(201, 'POST', '/webhook-subscriptions', { scope_ref: org.enterpriseRef, url: receiver.url, event_types: ['webhooks.subscription.updated.v1'] });
    const sent = await org.ok(202, 'POST', `/webhook-subscriptions/${subscription.id}/test`);
    testDelivery = deliveryWorkflowId({ subscriptionId: subscription.id, deliveryId: sent.id });
    expect(await temporal.workflow.getHandle(testDelivery).result()).toBe('succeeded');
    await org.ok(202, 'POST', `/webhook-subscriptions/${subscription.id}/deliveries/${sent.id}/redeliver`);
    lane = laneWorkflowId(subscription.id);
    await eventually(async () => (await temporal.workflow.getHandle(lane).describe()).typedSearchAttributes.get(SA.status) === 'idle');
    await temporal.workflow.getHandle(lane).terminate('replay history recorded');
    expect(receiver.received).toHaveLength(2);
  } finally {
    await receiver.close();
  }

  // A lane through an outage: a first attempt fails, the lane backs off, a redelivery cuts that short, the backlog drains.
  // Its own enterprise, so the first subscription matches none of its events; the outbox dispatcher sends them.
  const failing = await startReceiver((n) => ({ status: n <= 1 ? 503 : 200 }));
  const outage = await Org.create(h.app, 'Lane Outage Ltd');
  const dispatcher = new OutboxDispatcher(h.app.services);
  await dispatcher.start();
  let recovered: string;
  try {
    const subscription = await outage.ok(201, 'POST', '/webhook-subscriptions', { scope_ref: outage.enterpriseRef, url: failing.url, event_types: ['webhooks.subscription.updated.v1'] });
    recovered = laneWorkflowId(subscription.id);
    for (let i = 0; i < 4; i++) await outage.ok(200, 'PATCH', `/webhook-subscriptions/${subscription.id}`, { description: `outage ${i}` });
    // The lane workflow starts after the failed first attempt commits: until then there is nothing to describe.
    const status = async () => (await temporal.workflow.getHandle(recovered).describe().catch(() => null))?.typedSearchAttributes.get(SA.status);
    const backingOff = async () => (await temporal.workflow.getHandle(recovered).fetchHistory()).events?.some((e) => e.timerStartedEventAttributes);
    await eventually(async () => (await status()) === 'backing_off' && (await backingOff()));
    const [head] = (await outage.ok(200, 'GET', `/webhook-subscriptions/${subscription.id}/deliveries?page_size=10`)).items;
    await outage.ok(202, 'POST', `/webhook-subscriptions/${subscription.id}/deliveries/${head.id}/redeliver`);
    await eventually(async () => (await status()) === 'idle');
    await temporal.workflow.getHandle(recovered).terminate('replay history recorded');
    expect(failing.received.length).toBeGreaterThanOrEqual(5);
  } finally {
    await dispatcher.stop();
    await failing.close();
  }

  const runs: [string, string, string][] = [
    ['off-ramp-completed', `off-ramp/${offRamp.id}`, 'completed'],
    ['on-ramp-completed', `on-ramp/${onRamp.id}`, 'completed'],
    ['internal-transfer-approved', `internal-transfer/${transfer.id}`, 'executed'],
    ['conversion-approved', `conversion/${conversion.id}`, 'executed'],
    ['deposit-credited', `deposit/${deposit.id}`, 'credited'],
    ['policy-change-approved', `policy-change/${change.id}`, 'applied'],
    ['webhook-delivery-succeeded', testDelivery, 'succeeded'],
  ];
  for (const [name, workflowId, expected] of runs) {
    const handle = temporal.workflow.getHandle(workflowId);
    expect([name, await handle.result()]).toEqual([name, expected]);
    writeHistory(`${name}`, await handle.fetchHistory());
  }
  const laneHistory = await temporal.workflow.getHandle(lane).fetchHistory();
  // It sent the redelivery through its local activity, then waited idle on a timer.
  expect(laneHistory.events?.filter((e) => e.markerRecordedEventAttributes?.markerName === 'core_local_activity').length).toBeGreaterThanOrEqual(2);
  expect(laneHistory.events?.some((e) => e.timerStartedEventAttributes)).toBe(true);
  writeHistory('webhook-lane-idle', laneHistory);
  const recoveredHistory = await temporal.workflow.getHandle(recovered).fetchHistory();
  // It backed off on a timer, was signalled by the redelivery, and drained at a rate it carries to the next step.
  const steps = localActivityResults<LaneStep>(recoveredHistory);
  expect(steps.map((step) => step.kind)).toEqual(expect.arrayContaining(['backoff', 'sent', 'idle']));
  expect(steps.find((step): step is Extract<LaneStep, { kind: 'sent' }> => step.kind === 'sent')?.rate).toBeGreaterThan(0);
  expect(recoveredHistory.events?.some((e) => e.workflowExecutionSignaledEventAttributes)).toBe(true);
  writeHistory('webhook-lane-recovered', recoveredHistory);
  expect((await org.ok(200, 'GET', `/policy-rules/${retired.id}`)).status).toBe('retired');
});
