import { Webhook } from 'standardwebhooks';
import { call, createTenant, startTestApp, tokenFor, type TestApp } from '../helpers/app';
import { eventually, startReceiver, startWebhookWorker, type Received, type Reply } from '../helpers/webhook-fixtures';
import { OutboxDispatcher } from '../../src/domain/webhooks/dispatcher';
import { enableWebhookSubscription, disableWebhookSubscription } from '../../src/http/routes/webhooks/subscriptions';

const UPDATED = 'webhooks.subscription.updated.v1';

let app: TestApp;
let production: TestApp;
let worker: { stop(): Promise<void> } | undefined;
let dispatcher: OutboxDispatcher | undefined;
const receivers: Array<{ close(): Promise<void> }> = [];

const FAILURE_WINDOW_SECONDS = 10;

beforeAll(async () => {
  app = await startTestApp({
    TEMPORAL_TASK_QUEUE: `webhooks-${process.pid}-${Date.now()}`,
    COUNTERFOIL_WEBHOOK_RETRY_SCHEDULE: '0,1,1',
    COUNTERFOIL_WEBHOOK_TIMEOUT_MS: '500',
    // Far beyond the 2 s retry schedule, so a slow machine never ends a window inside one delivery.
    COUNTERFOIL_WEBHOOK_FAILURE_WINDOW_SECONDS: String(FAILURE_WINDOW_SECONDS),
    COUNTERFOIL_OUTBOX_SWEEP_MS: '200',
  });
  production = await startTestApp({ COUNTERFOIL_MODE: 'production' });
  worker = await startWebhookWorker(app.services);
  dispatcher = new OutboxDispatcher(app.services);
  await dispatcher.start();
});

afterAll(async () => {
  await dispatcher?.stop();
  await worker?.stop();
  await Promise.all(receivers.map((r) => r.close()));
  await production?.close();
  await app?.close();
});

/** A fresh tenant per scenario, so one scenario's events never reach another's receiver. */
async function scenario(target: TestApp = app) {
  const tenant = await createTenant(target.services);
  const token = await tokenFor(target.url, tenant);
  const api = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => call(target.url, method, path, { token, body, headers });
  return { tenant, token, api, scope: `enterprises/${tenant.enterpriseId}` };
}

async function receiver(reply?: (n: number, r: Received) => Reply) {
  const r = await startReceiver(reply);
  receivers.push(r);
  return r;
}

/** A subscription listening to its own updates, and a way to make one. */
async function selfSubscribed(reply?: (n: number, r: Received) => Reply) {
  const s = await scenario();
  const rx = await receiver(reply);
  const created = await s.api('POST', '/webhook-subscriptions', { scope_ref: s.scope, url: rx.url, event_types: [UPDATED] });
  expect(created.status).toBe(201);
  const sub = created.body;
  const touch = (description: string) => s.api('PATCH', `/webhook-subscriptions/${sub.id}`, { description });
  return { ...s, rx, sub, secret: sub.secret as string, touch };
}

const deliveriesOf = async (s: { api: (m: string, p: string) => Promise<any> }, subId: string) =>
  (await s.api('GET', `/webhook-subscriptions/${subId}/deliveries`)).body.items as any[];

async function finishedDelivery(s: { api: (m: string, p: string) => Promise<any> }, subId: string, count = 1) {
  const items = await eventually(async () => {
    const list = await deliveriesOf(s, subId);
    return list.length >= count && list.every((d) => d.status !== 'pending') && list;
  });
  const last = items[items.length - 1];
  return (await s.api('GET', `/webhook-subscriptions/${subId}/deliveries/${last.id}`)).body;
}

describe('subscriptions', () => {
  it('creates a subscription and returns the whsec_ secret once', async () => {
    const s = await scenario();
    const rx = await receiver();
    const res = await s.api('POST', '/webhook-subscriptions', { scope_ref: s.scope, url: rx.url, event_types: [UPDATED], description: 'ops' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ resource: 'webhook_subscription', scope_ref: s.scope, url: rx.url, event_types: [UPDATED], status: 'active', disabled_reason: null });
    expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(res.headers.get('etag')).toBe(res.body.etag);
    const got = await s.api('GET', `/webhook-subscriptions/${res.body.id}`);
    expect(got.body.secret).toBeUndefined();
    expect(got.body.etag).toBe(res.body.etag);
    const events = await s.api('GET', `/events?resource_ref=webhook-subscriptions/${res.body.id}`);
    expect(events.body.items.map((e: any) => e.type)).toEqual(['webhooks.subscription.created.v1']);
    // The event carries the subscription's representation; GET adds what waits for its receiver.
    const { backlog, ...representation } = got.body;
    expect(events.body.items[0].data).toEqual(representation);
    expect(backlog).toEqual({ lane: 'direct', pending: 0, oldest_pending_at: null, next_attempt_at: null });
    expect(events.body.items[0].subject_attribution.subject.id).toBe(s.tenant.serviceAccountId);
  });

  const refusals: Array<{ name: string; url: string; detail: RegExp }> = [
    { name: 'plain http to a public host', url: 'http://93.184.215.14/hook', detail: /https/ },
    { name: 'a private address', url: 'https://10.1.2.3/hook', detail: /private/ },
    { name: 'another private range', url: 'https://192.168.1.10/hook', detail: /private/ },
    { name: 'the metadata address', url: 'https://169.254.169.254/latest', detail: /metadata/ },
    { name: 'a link-local address', url: 'https://169.254.10.10/', detail: /link-local/ },
    { name: 'an IPv6 unique-local address', url: 'https://[fd12::1]/', detail: /private/ },
    { name: 'an IPv4-mapped private address', url: 'https://[::ffff:10.0.0.1]/', detail: /private/ },
    { name: 'credentials in the URL', url: 'https://user:pw@93.184.215.14/', detail: /credentials/ },
    { name: 'another scheme', url: 'ftp://93.184.215.14/', detail: /https/ },
    { name: 'not a URL', url: 'hook', detail: /valid URL/ },
  ];
  it.each(refusals)('refuses $name with 422 at /body/url', async ({ url, detail }) => {
    const s = await scenario();
    const res = await s.api('POST', '/webhook-subscriptions', { scope_ref: s.scope, url, event_types: [UPDATED] });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('EdgeUnprocessable');
    expect(res.body.errors[0].pointer).toBe('/body/url');
    expect(res.body.errors[0].detail).toMatch(detail);
  });

  it.each([
    { name: 'loopback over http', url: 'http://127.0.0.1:9/hook' },
    { name: 'loopback over https', url: 'https://127.0.0.1:9/hook' },
    { name: 'localhost', url: 'https://localhost:9/hook' },
    { name: 'IPv6 loopback', url: 'https://[::1]:9/hook' },
  ])('production mode refuses $name; sandbox accepts it', async ({ url }) => {
    const prod = await scenario(production);
    const refused = await prod.api('POST', '/webhook-subscriptions', { scope_ref: prod.scope, url, event_types: [UPDATED] });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].detail).toMatch(/loopback/);
    const sandbox = await scenario();
    const accepted = await sandbox.api('POST', '/webhook-subscriptions', { scope_ref: sandbox.scope, url, event_types: [UPDATED] });
    expect(accepted.status).toBe(201);
  });

  it.each([
    { name: 'unknown event type', body: { event_types: ['nope.nothing.here.v1'] }, status: 422, pointer: '/body/event_types/0' },
    { name: 'empty event types', body: { event_types: [] }, status: 400, pointer: '/body/event_types' },
    { name: 'malformed scope', body: { scope_ref: 'enterprises/x' }, status: 400, pointer: '/body/scope_ref' },
    { name: 'unknown field', body: { colour: 'red' }, status: 400, pointer: '/body/colour' },
  ])('refuses $name', async ({ body, status, pointer }) => {
    const s = await scenario();
    const res = await s.api('POST', '/webhook-subscriptions', { scope_ref: s.scope, url: 'http://127.0.0.1:9/', event_types: [UPDATED], ...body });
    expect(res.status).toBe(status);
    expect(res.body.errors.map((e: any) => e.pointer)).toContain(pointer);
  });

  it('another enterprise sees nothing: 404 on its subscriptions, and a foreign scope is 404', async () => {
    const a = await selfSubscribed();
    const b = await scenario();
    expect((await b.api('GET', `/webhook-subscriptions/${a.sub.id}`)).status).toBe(404);
    expect((await b.api('PATCH', `/webhook-subscriptions/${a.sub.id}`, { description: 'x' })).status).toBe(404);
    expect((await b.api('GET', `/webhook-subscriptions/${a.sub.id}/deliveries`)).status).toBe(404);
    expect((await b.api('GET', '/webhook-subscriptions')).body.items).toEqual([]);
    const foreign = await b.api('POST', '/webhook-subscriptions', { scope_ref: a.scope, url: a.rx.url, event_types: [UPDATED] });
    expect(foreign.status).toBe(404);
  });

  it('updates with If-Match, disables, enables and deletes, each with its event', async () => {
    const s = await selfSubscribed();
    const path = `/webhook-subscriptions/${s.sub.id}`;
    const stale = await s.api('PATCH', path, { description: 'x' }, { 'if-match': '"stale"' });
    expect(stale.status).toBe(412);
    const updated = await s.api('PATCH', path, { description: 'renamed' }, { 'if-match': s.sub.etag });
    expect(updated.status).toBe(200);
    expect(updated.body.description).toBe('renamed');
    expect(updated.body.etag).not.toBe(s.sub.etag);

    const disabled = await s.api('POST', `${path}/disable`);
    expect(disabled.body).toMatchObject({ status: 'disabled', disabled_reason: 'disabled_by_caller' });
    const enabled = await s.api('POST', `${path}/enable`);
    expect(enabled.body).toMatchObject({ status: 'active', disabled_reason: null });
    const again = await s.api('POST', `${path}/enable`);
    expect(again.body.etag).toBe(enabled.body.etag);

    const deleted = await s.api('POST', `${path}/delete`);
    expect(deleted.body.status).toBe('deleted');
    const refused = await s.api('POST', `${path}/enable`);
    expect(refused.status).toBe(409);
    expect(refused.body.reason).toBe('subscription_deleted');
    expect((await s.api('GET', '/webhook-subscriptions')).body.items).toEqual([]);
    expect((await s.api('GET', '/webhook-subscriptions?status=deleted')).body.items.map((x: any) => x.id)).toEqual([s.sub.id]);

    const types = (await s.api('GET', `/events?resource_ref=webhook-subscriptions/${s.sub.id}`)).body.items.map((e: any) => e.type);
    expect(types).toEqual([
      'webhooks.subscription.created.v1',
      'webhooks.subscription.updated.v1',
      'webhooks.subscription.disabled.v1',
      'webhooks.subscription.enabled.v1',
      'webhooks.subscription.deleted.v1',
    ]);
  });

  it('enable and disable declare the webhooks.manage capability', () => {
    for (const route of [enableWebhookSubscription, disableWebhookSubscription]) {
      expect(route.auth).toEqual({ kind: 'bearer', permission: 'webhooks.manage', capability: 'webhooks.manage' });
    }
  });
});

// Each delivery test has its own tenant, subscription and receiver, and waits mostly on retry delays:
// they run side by side (jest runs the one that changes the shared config after them, alone).
describe('deliveries', () => {
  it.concurrent('signs per Standard Webhooks: the standardwebhooks package verifies the delivery', async () => {
    const s = await selfSubscribed();
    await s.touch('first');
    const [request] = await eventually(() => s.rx.received.length >= 1 && s.rx.received);
    const payload = new Webhook(s.secret).verify(request.body, request.headers as Record<string, string>) as any;
    expect(payload).toMatchObject({ resource: 'event', type: UPDATED, resource_ref: `webhook-subscriptions/${s.sub.id}` });
    expect(payload.data.description).toBe('first');
    expect(request.headers['webhook-id']).toBe(payload.id);
    expect(() => new Webhook(`whsec_${Buffer.alloc(24, 1).toString('base64')}`).verify(request.body, request.headers as Record<string, string>)).toThrow();
    const event = await s.api('GET', `/events/${payload.id}`);
    expect(JSON.parse(request.body)).toEqual(event.body);
    const delivery = await finishedDelivery(s, s.sub.id);
    expect(delivery).toMatchObject({ status: 'succeeded', origin: 'event', webhook_id: payload.id, event_ref: `events/${payload.id}`, attempt_count: 1 });
    expect(delivery.attempts[0]).toMatchObject({ number: 1, status_code: 200, error: null, next_attempt_at: null });
  });

  it.concurrent('retries a receiver that fails the first two attempts, with the same id and body bytes', async () => {
    const s = await selfSubscribed((n) => ({ status: n <= 2 ? 500 : 204 }));
    await s.touch('retry me');
    const delivery = await finishedDelivery(s, s.sub.id);
    expect(delivery.status).toBe('succeeded');
    expect(delivery.attempts.map((a: any) => a.status_code)).toEqual([500, 500, 204]);
    expect(delivery.attempts[0].next_attempt_at).not.toBeNull();
    expect(s.rx.received).toHaveLength(3);
    expect(new Set(s.rx.received.map((r) => r.body)).size).toBe(1);
    expect(new Set(s.rx.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    for (const r of s.rx.received) expect(() => new Webhook(s.secret).verify(r.body, r.headers as Record<string, string>)).not.toThrow();
  });

  it.concurrent('gives up after the schedule and says why', async () => {
    const s = await selfSubscribed(() => ({ status: 500 }));
    await s.touch('never');
    const delivery = await finishedDelivery(s, s.sub.id);
    expect(delivery).toMatchObject({ status: 'failed', failure_reason: 'attempts_exhausted', attempt_count: 3, next_attempt_at: null });
    expect((await s.api('GET', `/webhook-subscriptions/${s.sub.id}`)).body.status).toBe('active');
  });

  it.concurrent('honours Retry-After beyond the planned delay', async () => {
    const s = await selfSubscribed((n) => (n === 1 ? { status: 503, headers: { 'retry-after': '3' } } : { status: 200 }));
    await s.touch('later');
    const delivery = await finishedDelivery(s, s.sub.id);
    expect(delivery.status).toBe('succeeded');
    const [first] = delivery.attempts;
    expect(Date.parse(first.next_attempt_at) - Date.parse(first.attempted_at)).toBeGreaterThanOrEqual(3000);
    expect(s.rx.received[1].at - s.rx.received[0].at).toBeGreaterThanOrEqual(2900);
  });

  it.concurrent('a receiver that hangs past the response timeout is a failed attempt', async () => {
    const s = await selfSubscribed((n) => (n === 1 ? { status: 200, delayMs: 3000 } : { status: 200 }));
    await s.touch('slow');
    const delivery = await finishedDelivery(s, s.sub.id);
    expect(delivery.status).toBe('succeeded');
    expect(delivery.attempts[0]).toMatchObject({ status_code: null, error: 'no complete response within 500 ms' });
    expect(delivery.attempts[1].status_code).toBe(200);
  });

  it.concurrent('does not follow redirects: a 3xx is a failure and the target is never called', async () => {
    const target = await receiver();
    const s = await selfSubscribed(() => ({ status: 302, headers: { location: target.url } }));
    await s.touch('moved');
    const delivery = await finishedDelivery(s, s.sub.id);
    expect(delivery).toMatchObject({ status: 'failed', attempt_count: 3 });
    expect(delivery.attempts.every((a: any) => a.status_code === 302 && /redirect .* not followed/.test(a.error))).toBe(true);
    expect(target.received).toHaveLength(0);
  });

  it.concurrent('410 Gone disables the subscription, with an event', async () => {
    const s = await selfSubscribed(() => ({ status: 410 }));
    await s.touch('gone');
    const delivery = await finishedDelivery(s, s.sub.id);
    expect(delivery).toMatchObject({ status: 'failed', failure_reason: 'receiver_gone', attempt_count: 1 });
    const sub = (await s.api('GET', `/webhook-subscriptions/${s.sub.id}`)).body;
    expect(sub).toMatchObject({ status: 'disabled', disabled_reason: 'receiver_gone' });
    const disabledEvents = await s.api('GET', `/events?type=webhooks.subscription.disabled.v1&resource_ref=webhook-subscriptions/${s.sub.id}`);
    expect(disabledEvents.body.items).toHaveLength(1);
    expect(disabledEvents.body.items[0].data.disabled_reason).toBe('receiver_gone');
    expect(disabledEvents.body.items[0].subject_attribution).toBeNull();
  });

  it.concurrent('failures lasting the whole failure window disable the subscription', async () => {
    const s = await selfSubscribed(() => ({ status: 500 }));
    await s.touch('failing');
    const first = await finishedDelivery(s, s.sub.id);
    expect(first.failure_reason).toBe('attempts_exhausted');
    // The window runs from the first failure, across deliveries, until a success.
    await new Promise((r) => setTimeout(r, Math.max(0, Date.parse(first.attempts[0].attempted_at) + FAILURE_WINDOW_SECONDS * 1000 - Date.now())));
    const again = await s.api('POST', `/webhook-subscriptions/${s.sub.id}/deliveries/${first.id}/redeliver`);
    expect(again.status).toBe(202);
    const second = await finishedDelivery(s, s.sub.id, 2);
    expect(second).toMatchObject({ origin: 'redelivery', status: 'failed', failure_reason: 'subscription_disabled', attempt_count: 1 });
    expect((await s.api('GET', `/webhook-subscriptions/${s.sub.id}`)).body).toMatchObject({ status: 'disabled', disabled_reason: 'repeated_failures' });
  });

  it.concurrent('redelivers with the same webhook-id and body', async () => {
    const s = await selfSubscribed();
    await s.touch('again');
    const first = await finishedDelivery(s, s.sub.id);
    const res = await s.api('POST', `/webhook-subscriptions/${s.sub.id}/deliveries/${first.id}/redeliver`);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ origin: 'redelivery', status: 'pending', webhook_id: first.webhook_id });
    await eventually(() => s.rx.received.length === 2);
    expect(s.rx.received[1].body).toBe(s.rx.received[0].body);
    expect(s.rx.received[1].headers['webhook-id']).toBe(s.rx.received[0].headers['webhook-id']);
  });

  it.concurrent('sends a test event now', async () => {
    const s = await selfSubscribed();
    const res = await s.api('POST', `/webhook-subscriptions/${s.sub.id}/test`);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ origin: 'test', event_type: 'webhooks.subscription.test.v1', event_ref: null });
    const [request] = await eventually(() => s.rx.received.length >= 1 && s.rx.received);
    const payload = new Webhook(s.secret).verify(request.body, request.headers as Record<string, string>) as any;
    expect(payload).toMatchObject({ type: 'webhooks.subscription.test.v1', data: { id: s.sub.id } });
  });

  it('checks the receiver again at send time', async () => {
    const s = await selfSubscribed();
    app.services.config.mode = 'production'; // the same URL, now refused when sending
    try {
      await s.api('POST', `/webhook-subscriptions/${s.sub.id}/test`);
      const delivery = await finishedDelivery(s, s.sub.id);
      expect(delivery.attempts[0]).toMatchObject({ status_code: null, error: 'receiver refused: must not resolve to a loopback address' });
    } finally {
      app.services.config.mode = 'sandbox';
    }
    expect(s.rx.received).toHaveLength(0);
  });

  it.concurrent('signs with both secrets during a rotation overlap', async () => {
    const s = await selfSubscribed();
    const rotated = await s.api('POST', `/webhook-subscriptions/${s.sub.id}/rotate-secret`, { overlap_seconds: 3600 });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(s.secret);
    expect(Date.parse(rotated.body.previous_secret_expires_at)).toBeGreaterThan(Date.now());
    await s.touch('rotated');
    const [request] = await eventually(() => s.rx.received.length >= 1 && s.rx.received);
    expect((request.headers['webhook-signature'] as string).split(' ')).toHaveLength(2);
    for (const secret of [s.secret, rotated.body.secret]) {
      expect(() => new Webhook(secret).verify(request.body, request.headers as Record<string, string>)).not.toThrow();
    }
  });

  it.concurrent('replays an event to every matching subscription, or to one', async () => {
    const s = await selfSubscribed();
    const elsewhere = await receiver();
    const other = await s.api('POST', '/webhook-subscriptions', { scope_ref: s.scope, url: elsewhere.url, event_types: ['webhooks.subscription.created.v1'] });
    await s.touch('replayed');
    await eventually(() => s.rx.received.length === 1);
    const eventId = s.rx.received[0].headers['webhook-id'];
    const all = await s.api('POST', `/events/${eventId}/replay`);
    expect(all.status).toBe(202);
    expect(all.body.items).toHaveLength(1);
    expect(all.body.items[0]).toMatchObject({ origin: 'replay', subscription_ref: `webhook-subscriptions/${s.sub.id}`, webhook_id: eventId });
    const one = await s.api('POST', `/events/${eventId}/replay`, { subscription_id: s.sub.id });
    expect(one.body.items).toHaveLength(1);
    const refused = await s.api('POST', `/events/${eventId}/replay`, { subscription_id: other.body.id });
    expect(refused.status).toBe(422);
    await eventually(() => s.rx.received.length === 3);
    expect(new Set(s.rx.received.map((r) => r.body)).size).toBe(1);
  });

  it.concurrent('lists deliveries in pages', async () => {
    const s = await selfSubscribed();
    for (let i = 0; i < 3; i++) await s.touch(`page ${i}`);
    await finishedDelivery(s, s.sub.id, 3);
    const first = await s.api('GET', `/webhook-subscriptions/${s.sub.id}/deliveries?page_size=2`);
    expect(first.body.items).toHaveLength(2);
    const second = await s.api('GET', `/webhook-subscriptions/${s.sub.id}/deliveries?page_size=2&page_token=${first.body.next_page_token}`);
    expect(second.body.items).toHaveLength(1);
    expect(second.body.next_page_token).toBeNull();
    expect((await s.api('GET', `/webhook-subscriptions/${s.sub.id}/deliveries?status=failed`)).body.items).toEqual([]);
  });
});

describe('outbox → delivery under crashes', () => {
  const undispatched = async (subId: string) =>
    (await app.services.sql`select count(*)::int as n from events where dispatched_at is null and type = ${UPDATED} and resource_ref = ${`webhook-subscriptions/${subId}`}`)[0].n as number;

  /** The API committed `count` events while no dispatcher and no worker ran ("killed between commit and dispatch"). */
  async function committedWhileDown(s: Awaited<ReturnType<typeof selfSubscribed>>, count: number) {
    await dispatcher!.stop();
    await worker!.stop();
    for (let i = 0; i < count; i++) await s.touch(`burst ${i}`);
  }

  /** A dispatcher killed after sending its batch's first attempts (and starting retry workflows), before its commit. */
  async function dispatcherKilledBeforeCommit() {
    const dying = new OutboxDispatcher(app.services, {
      beforeCommit: async () => {
        throw new Error('killed');
      },
    });
    await expect(dying.dispatchBatch()).rejects.toThrow('killed');
  }

  async function restart() {
    worker = await startWebhookWorker(app.services);
    dispatcher = new OutboxDispatcher(app.services);
    await dispatcher.start();
  }

  it('loses nothing: a first attempt sent before a crash is sent again with the same webhook-id, and recorded once', async () => {
    const s = await selfSubscribed();
    await committedWhileDown(s, 12);
    await dispatcherKilledBeforeCommit();
    expect(s.rx.received).toHaveLength(12);
    expect(await undispatched(s.sub.id)).toBe(12);
    expect(await deliveriesOf(s, s.sub.id)).toEqual([]);

    await restart();
    await eventually(async () => (await undispatched(s.sub.id)) === 0 && s.rx.received.length >= 24);
    const deliveries = await eventually(async () => {
      const list = await deliveriesOf(s, s.sub.id);
      return list.length === 12 && list;
    });
    expect(deliveries.every((d) => d.status === 'succeeded' && d.attempt_count === 1)).toBe(true);
    // At least once: each event reached the receiver twice (before and after the crash), under one webhook-id.
    const ids = s.rx.received.map((r) => r.headers['webhook-id'] as string);
    expect(ids).toHaveLength(24);
    const events = await s.api('GET', `/events?type=${UPDATED}&resource_ref=webhook-subscriptions/${s.sub.id}`);
    expect(new Set(ids)).toEqual(new Set(events.body.items.map((e: any) => e.id)));
    for (const id of new Set(ids)) expect(ids.filter((x) => x === id)).toHaveLength(2);
  });

  it('a failed first attempt before a crash is sent again by the next pass; the lane it queued died with the pass', async () => {
    const s = await selfSubscribed((n) => ({ status: n <= 3 ? 500 : 200 }));
    await committedWhileDown(s, 3);
    await dispatcherKilledBeforeCommit();
    expect(s.rx.received).toHaveLength(3);
    // The failures had queued the subscription's lane in the rolled-back transaction; lanes are woken only after a commit.
    expect((await s.api('GET', `/webhook-subscriptions/${s.sub.id}`)).body.backlog).toMatchObject({ lane: 'direct', pending: 0 });
    const client = await app.services.temporal.get();
    await expect(client.workflow.getHandle(`webhook-lane/${s.sub.id}`).describe()).rejects.toThrow(/not found/);

    await restart();
    await eventually(async () => (await undispatched(s.sub.id)) === 0);
    const deliveries = await finishedDelivery(s, s.sub.id, 3).then(() => deliveriesOf(s, s.sub.id));
    expect(deliveries).toHaveLength(3);
    expect(deliveries.every((d) => d.status === 'succeeded' && d.attempt_count === 1)).toBe(true);
    // Each event: the failed attempt before the crash, then the next pass's successful one, under one webhook-id.
    const ids = s.rx.received.map((r) => r.headers['webhook-id'] as string);
    expect(ids).toHaveLength(6);
    for (const id of new Set(ids)) expect(ids.filter((x) => x === id)).toHaveLength(2);
  });
});
