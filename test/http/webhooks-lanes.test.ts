import { call, createTenant, startTestApp, tokenFor, type TestApp } from '../helpers/app';
import { eventually, startReceiver, startWebhookWorker, type Received, type Reply } from '../helpers/webhook-fixtures';
import { OutboxDispatcher } from '../../src/domain/webhooks/dispatcher';
import type { LaneStep } from '../../src/domain/webhooks/messages';
import { localActivityResults } from '../helpers/history-json';

const UPDATED = 'webhooks.subscription.updated.v1';
const DRAIN_PER_SECOND = 20;
const DRAIN_MAX_PER_SECOND = 200;

let app: TestApp;
let worker: { stop(): Promise<void> } | undefined;
let dispatcher: OutboxDispatcher | undefined;
const receivers: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  app = await startTestApp({
    TEMPORAL_TASK_QUEUE: `webhook-lanes-${process.pid}-${Date.now()}`,
    // Many short steps: an outage in these tests never uses up a delivery's schedule.
    COUNTERFOIL_WEBHOOK_RETRY_SCHEDULE: Array.from({ length: 30 }, (_, i) => (i === 0 ? 0 : 1)).join(','),
    COUNTERFOIL_WEBHOOK_TIMEOUT_MS: '1000',
    COUNTERFOIL_WEBHOOK_FAILURE_WINDOW_SECONDS: '3600',
    COUNTERFOIL_OUTBOX_SWEEP_MS: '200',
    COUNTERFOIL_WEBHOOK_DRAIN_PER_SECOND: String(DRAIN_PER_SECOND),
    COUNTERFOIL_WEBHOOK_DRAIN_MAX_PER_SECOND: String(DRAIN_MAX_PER_SECOND),
    COUNTERFOIL_WEBHOOK_LANE_CONCURRENCY: '1',
    COUNTERFOIL_WEBHOOK_LANE_SWEEP_MS: '500',
  });
  worker = await startWebhookWorker(app.services);
  dispatcher = new OutboxDispatcher(app.services);
  await dispatcher.start();
});

afterAll(async () => {
  await dispatcher?.stop();
  await worker?.stop();
  await Promise.all(receivers.map((r) => r.close()));
  await app?.close();
});

async function scenario() {
  const tenant = await createTenant(app.services);
  const token = await tokenFor(app.url, tenant);
  const api = (method: string, path: string, body?: unknown) => call(app.url, method, path, { token, body });
  return { tenant, api, scope: `enterprises/${tenant.enterpriseId}` };
}

/** A subscription to its own updates, whose receiver answers `reply`. */
async function selfSubscribed(reply: (n: number, r: Received) => Reply, eventTypes = [UPDATED]) {
  const s = await scenario();
  const rx = await startReceiver(reply);
  receivers.push(rx);
  const created = await s.api('POST', '/webhook-subscriptions', { scope_ref: s.scope, url: rx.url, event_types: eventTypes });
  expect(created.status).toBe(201);
  const sub = created.body;
  const touch = (description: string) => s.api('PATCH', `/webhook-subscriptions/${sub.id}`, { description });
  const get = async () => (await s.api('GET', `/webhook-subscriptions/${sub.id}`)).body;
  const deliveries = async () => (await s.api('GET', `/webhook-subscriptions/${sub.id}/deliveries?page_size=100`)).body.items as any[];
  /** Touches once, and waits until the failed first attempt has queued the subscription's lane. */
  const queueLane = async () => {
    await touch('first');
    await eventually(async () => (await get()).backlog.lane === 'queued');
  };
  return { ...s, rx, sub, touch, get, deliveries, queueLane };
}

const updateEventIds = async (s: Awaited<ReturnType<typeof selfSubscribed>>) =>
  (await s.api('GET', `/events?type=${UPDATED}&resource_ref=webhook-subscriptions/${s.sub.id}&page_size=100`)).body.items.map((e: any) => e.id) as string[];

/** The drain rates a subscription's lane reached, step by step, read from its local activities' results in the workflow history. */
async function laneRates(subscriptionId: string): Promise<number[]> {
  const client = await app.services.temporal.get();
  const history = await client.workflow.getHandle(`webhook-lane/${subscriptionId}`).fetchHistory();
  return localActivityResults<LaneStep>(history).flatMap((step) => (step.kind === 'sent' && step.rate !== undefined ? [step.rate] : []));
}

describe('a subscription whose receiver fails', () => {
  it('queues its events behind one lane, probes the receiver as a whole, shows the backlog, and drains it in order from the configured rate up', async () => {
    let down = true;
    // The receiver comes back at an attempt of the oldest delivery: a probe tries it first, so no later
    // delivery can be the first to get through (as it could if the switch fell between a probe's two attempts).
    let backWith: string | undefined;
    const answeredOk: string[] = [];
    const s = await selfSubscribed((_n, r) => {
      if (r.headers['webhook-id'] === backWith) down = false;
      if (!down) answeredOk.push(r.headers['webhook-id'] as string);
      return { status: down ? 503 : 200 };
    });
    await s.queueLane();
    for (let i = 0; i < 29; i++) await s.touch(`queued ${i}`);
    const waiting = await eventually(async () => {
      const sub = await s.get();
      return sub.backlog.pending === 30 && sub;
    });
    const oldest = (await s.deliveries())[0];
    expect(waiting.backlog).toMatchObject({ lane: 'queued', pending: 30, oldest_pending_at: oldest.created_at });
    expect(Date.parse(waiting.backlog.next_attempt_at)).toBeGreaterThan(Date.parse(oldest.created_at));

    // One workflow for the subscription, not one per event.
    const client = await app.services.temporal.get();
    const workflowIds = await eventually(async () => {
      const ids: string[] = [];
      for await (const w of client.workflow.list({ query: `CounterfoilEnterprise = "${s.tenant.enterpriseId}"` })) ids.push(w.workflowId);
      return ids.length > 0 && ids;
    });
    expect(workflowIds).toEqual([`webhook-lane/${s.sub.id}`]);
    // While down, the receiver saw the first attempt and the lane's probes (two per backoff), not the backlog.
    const requestsWhileDown = s.rx.received.length;
    expect(requestsWhileDown).toBeLessThan(30);
    expect((await s.deliveries()).filter((d) => d.attempt_count === 0).length).toBeGreaterThanOrEqual(30 - requestsWhileDown);

    backWith = oldest.webhook_id;
    const delivered = await eventually(async () => {
      const list = await s.deliveries();
      return list.length === 30 && list.every((d) => d.status === 'succeeded') && list;
    });
    // In commit order (one in flight in this configuration), each event once after the recovery. Only the
    // answers of 200 count: a probe or attempt still refused between the count above and the switch is not a delivery.
    const firstOk = answeredOk.filter((id, i) => answeredOk.indexOf(id) === i);
    expect(firstOk).toEqual(await updateEventIds(s));
    // Paced: successive attempts of the drain start at least 1/rate apart.
    const attempts = await app.services.sql<{ attempted_at: Date }[]>`
      select a.attempted_at from webhook_delivery_attempts a
       where a.delivery_id = any(${delivered.map((d) => d.id)}::uuid[]) and a.status_code = 200 order by a.attempted_at`;
    expect(attempts).toHaveLength(30);
    // The first step, a whole batch at the starting rate; the second at the rate that step raised.
    const spanMs = (from: number, to: number) => attempts[to].attempted_at.getTime() - attempts[from].attempted_at.getTime();
    expect(spanMs(0, 19)).toBeGreaterThanOrEqual((19 * 1000) / DRAIN_PER_SECOND - 50);
    expect(spanMs(20, 29)).toBeGreaterThanOrEqual((9 * 1000) / (2 * DRAIN_PER_SECOND) - 50);
    // Steps are recorded when the workflow task that ran them completes, after their deliveries were written.
    expect(await eventually(async () => (await laneRates(s.sub.id)).includes(2 * DRAIN_PER_SECOND))).toBe(true);

    // Drained: the lane hands the subscription back to direct first attempts.
    expect(await eventually(async () => ((await s.get()).backlog.lane === 'direct' ? (await s.get()).backlog : null))).toEqual({
      lane: 'direct',
      pending: 0,
      oldest_pending_at: null,
      next_attempt_at: null,
    });
    await s.touch('after');
    const after = await eventually(async () => {
      const list = await s.deliveries();
      return list.length === 31 && list[30].status === 'succeeded' && list[30];
    });
    expect(after.attempt_count).toBe(1);
  });

  it('a redelivery cuts the backoff a Retry-After asked for short, and the backlog goes with it', async () => {
    let down = true;
    const s = await selfSubscribed(() => (down ? { status: 503, headers: { 'retry-after': '3600' } } : { status: 200 }));
    await s.queueLane();
    await s.touch('second');
    await s.touch('third');
    const sub = await eventually(async () => {
      const b = await s.get();
      return b.backlog.pending === 3 && b;
    });
    expect(Date.parse(sub.backlog.next_attempt_at) - Date.now()).toBeGreaterThan(3000 * 1000);
    down = false;
    const [first] = await s.deliveries();
    const again = await s.api('POST', `/webhook-subscriptions/${s.sub.id}/deliveries/${first.id}/redeliver`);
    expect(again.status).toBe(202);
    const list = await eventually(async () => {
      const l = await s.deliveries();
      return l.length === 4 && l.every((d) => d.status === 'succeeded') && l;
    });
    expect(list.map((d) => d.origin)).toEqual(['event', 'event', 'event', 'redelivery']);
    expect(list[3].webhook_id).toBe(first.webhook_id);
  });

  it('a 410 from a probe disables the subscription and ends everything that waits in its lane', async () => {
    const s = await selfSubscribed((n) => ({ status: n === 1 ? 500 : 410 }));
    await s.queueLane();
    await s.touch('second');
    await s.touch('third');
    const list = await eventually(async () => {
      const l = await s.deliveries();
      return l.length === 3 && l.every((d) => d.status === 'failed') && l;
    });
    expect(list[0]).toMatchObject({ failure_reason: 'receiver_gone', attempt_count: 2 });
    expect(list.slice(1).map((d) => d.failure_reason)).toEqual(['subscription_disabled', 'subscription_disabled']);
    const sub = await eventually(async () => {
      const b = await s.get();
      return b.backlog.lane === 'direct' && b;
    });
    expect(sub).toMatchObject({ status: 'disabled', disabled_reason: 'receiver_gone', backlog: { pending: 0 } });
  });

  it('disabling the subscription ends its backlog at once, though its lane was backing off for an hour', async () => {
    const s = await selfSubscribed(() => ({ status: 503, headers: { 'retry-after': '3600' } }));
    await s.queueLane();
    await s.touch('second');
    await eventually(async () => (await s.get()).backlog.pending === 2);
    expect((await s.api('POST', `/webhook-subscriptions/${s.sub.id}/disable`)).status).toBe(200);
    const list = await eventually(async () => {
      const l = await s.deliveries();
      return l.every((d) => d.status === 'failed') && l;
    });
    expect(list.map((d) => d.failure_reason)).toEqual(['subscription_disabled', 'subscription_disabled']);
    expect((await s.get()).backlog).toMatchObject({ lane: 'direct', pending: 0 });
  });

  it('the lane sweep starts a lane that died, and its backlog is delivered', async () => {
    let down = true;
    const s = await selfSubscribed(() => ({ status: down ? 500 : 200 }));
    await s.queueLane();
    const client = await app.services.temporal.get();
    const lane = client.workflow.getHandle(`webhook-lane/${s.sub.id}`);
    await eventually(async () => (await lane.describe()).status.name === 'RUNNING');
    await lane.terminate('lost in a test');
    await s.touch('behind a dead lane');
    await eventually(async () => (await s.get()).backlog.pending === 2);
    down = false;
    await eventually(async () => {
      const l = await s.deliveries();
      return l.length === 2 && l.every((d) => d.status === 'succeeded');
    });
    await eventually(async () => (await s.get()).backlog.lane === 'direct');
  });
});

describe('event type patterns', () => {
  it('`*` selects every type, `<prefix>.*` the types under it, a type itself', async () => {
    const s = await scenario();
    const rx = { all: await startReceiver(), area: await startReceiver(), one: await startReceiver(), other: await startReceiver() };
    receivers.push(...Object.values(rx));
    const subscribe = async (url: string, event_types: string[]) => (await s.api('POST', '/webhook-subscriptions', { scope_ref: s.scope, url, event_types })).body;
    const subs = [await subscribe(rx.all.url, ['*']), await subscribe(rx.area.url, ['webhooks.subscription.*']), await subscribe(rx.one.url, [UPDATED])];
    expect(subs.map((x) => x.event_types)).toEqual([['*'], ['webhooks.subscription.*'], [UPDATED]]);
    const target = (await s.api('POST', '/webhook-subscriptions', { scope_ref: s.scope, url: rx.other.url, event_types: ['webhooks.subscription.created.v1'] })).body;
    await s.api('PATCH', `/webhook-subscriptions/${target.id}`, { description: 'x' });
    await s.api('POST', `/webhook-subscriptions/${target.id}/disable`);
    const typesFor = (r: { received: Received[] }) =>
      r.received.map((x) => JSON.parse(x.body)).filter((e) => e.resource_ref === `webhook-subscriptions/${target.id}`).map((e) => e.type);
    const expected = ['webhooks.subscription.created.v1', UPDATED, 'webhooks.subscription.disabled.v1'];
    await eventually(() => typesFor(rx.all).length === 3 && typesFor(rx.area).length === 3 && typesFor(rx.one).length === 1);
    expect(new Set(typesFor(rx.all))).toEqual(new Set(expected));
    expect(new Set(typesFor(rx.area))).toEqual(new Set(expected));
    expect(typesFor(rx.one)).toEqual([UPDATED]);
  });

  it.each([
    { entry: 'opera*', detail: /not a pattern/ },
    { entry: '*.v1', detail: /not a pattern/ },
    { entry: 'operations.*.settled.v1', detail: /not a pattern/ },
    { entry: 'nothing.*', detail: /matches no event type/ },
    { entry: 'operations.nothing.*', detail: /matches no event type/ },
    { entry: 'operations.withdrawal.nothing.v1', detail: /unknown event type/ },
  ])('refuses $entry with 422 at its pointer', async ({ entry, detail }) => {
    const s = await scenario();
    const res = await s.api('POST', '/webhook-subscriptions', { scope_ref: s.scope, url: 'http://127.0.0.1:9/', event_types: [UPDATED, entry] });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ pointer: '/body/event_types/1', detail: expect.stringMatching(detail) }]);
  });
});

describe('deployments upgraded while deliveries were retrying', () => {
  it('a per-delivery workflow started by the dispatcher of an earlier release still delivers its event', async () => {
    const s = await selfSubscribed(() => ({ status: 200 }), ['webhooks.subscription.created.v1']);
    await s.touch('not a type this subscription takes');
    const [eventId] = await updateEventIds(s);
    const client = await app.services.temporal.get();
    const result = await client.workflow.execute('webhookDeliveryWorkflow', {
      taskQueue: app.config.taskQueue,
      workflowId: `webhook-delivery/${s.sub.id}/${eventId}`,
      args: [{ enterpriseId: s.tenant.enterpriseId, subscriptionId: s.sub.id, eventId, retryScheduleSeconds: [0, 1], resume: { attempt: 2, delayMs: 0 } }],
    });
    expect(result).toBe('succeeded');
    expect(s.rx.received.filter((r) => r.headers['webhook-id'] === eventId)).toHaveLength(1);
    const [row] = await app.services.sql`select in_lane, attempt_count from webhook_deliveries where event_id = ${eventId} and subscription_id = ${s.sub.id}`;
    expect(row).toEqual({ in_lane: false, attempt_count: 2 });
  });
});
