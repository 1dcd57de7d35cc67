import { uuidv7 } from '../../src/ids';
import { creditExternalDeposit, debitExternalWithdrawal, placeHold, voidHold } from '../../src/ledger';
import { OutboxDispatcher } from '../../src/domain/webhooks/dispatcher';
import { call, startTestApp, type TestApp } from '../helpers/app';
import { eventually, startReceiver, startWebhookWorker } from '../helpers/webhook-fixtures';
import { newAdmin, newServiceAccount, type Admin } from './iam-fixtures';

/*
 * Balance monitors through HTTP on a real database: the resource, and crossings written by the
 * ledger's write engine in the booking's transaction — once per crossing, also under concurrency.
 */

const CROSSED = 'ledger.balance.threshold_crossed.v1';

let app: TestApp;
let admin: Admin;
let other: Admin;
let worker: { stop(): Promise<void> } | undefined;
let dispatcher: OutboxDispatcher | undefined;

const api = (method: string, path: string, body?: unknown, headers?: Record<string, string>, token = admin.token) => call(app.url, method, path, { token, body, headers });

async function newAccount(as: Admin = admin): Promise<string> {
  const res = await call(app.url, 'POST', '/clients', {
    token: as.token,
    body: { display_name: 'Monitored Client', external_id: `ext-${uuidv7()}`, metadata: {}, scope_ref: as.enterpriseRef },
  });
  expect(res.status).toBe(201);
  return res.body.default_client_account;
}

const e = () => admin.tenant.enterpriseId;
const deposit = (accountRef: string, amount: bigint) => creditExternalDeposit(app.services.sql, { key: `dep/${uuidv7()}`, enterpriseId: e(), accountRef, asset: 'USD', amount });
const withdraw = (accountRef: string, amount: bigint) => debitExternalWithdrawal(app.services.sql, { key: `wd/${uuidv7()}`, enterpriseId: e(), accountRef, asset: 'USD', amount });

async function monitor(body: Record<string, unknown>) {
  const res = await api('POST', '/balance-monitors', { asset: 'USD', balance: 'available', operator: '<', threshold: '50.00', ...body });
  expect(res.status).toBe(201);
  return res.body;
}

/** The crossings of a monitor, read through GET /events, oldest first. */
async function crossings(monitorId: string): Promise<any[]> {
  const res = await api('GET', `/events?type=${CROSSED}&resource_ref=${encodeURIComponent(`balance-monitors/${monitorId}`)}`);
  expect(res.status).toBe(200);
  return res.body.items;
}

beforeAll(async () => {
  app = await startTestApp({ TEMPORAL_TASK_QUEUE: `monitors-${process.pid}-${Date.now()}`, COUNTERFOIL_OUTBOX_SWEEP_MS: '200' });
  [admin, other] = await Promise.all([newAdmin(app, 'Monitors Ltd'), newAdmin(app, 'Other Monitors Ltd')]);
});
afterAll(async () => {
  await dispatcher?.stop();
  await worker?.stop();
  await app.close();
});

describe('the resource', () => {
  it('creates, reads, lists, updates with If-Match, disables and enables, with audit entries', async () => {
    const account = await newAccount();
    await deposit(account, 10000n);
    const key = uuidv7();
    const body = { account_ref: account, asset: 'USD', balance: 'available', operator: '<', threshold: '50.00', description: 'low funds' };
    const created = await api('POST', '/balance-monitors', body, { 'idempotency-key': key });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      resource: 'balance_monitor',
      account_ref: account,
      asset: 'USD',
      balance: 'available',
      operator: '<',
      threshold: '50.00',
      description: 'low funds',
      status: 'active',
      state: false,
      last_crossed_at: null,
    });
    expect(created.headers.get('etag')).toBe(created.body.etag);
    const replay = await api('POST', '/balance-monitors', body, { 'idempotency-key': key });
    expect(replay.status).toBe(201);
    expect(replay.body.id).toBe(created.body.id);

    const id = created.body.id;
    const got = await api('GET', `/balance-monitors/${id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(created.body);

    const second = await monitor({ account_ref: account, balance: 'total', operator: '>=', threshold: '1000' });
    const first = await api('GET', `/balance-monitors?account_ref=${account}&page_size=1`);
    expect(first.status).toBe(200);
    expect(first.body.items.map((m: any) => m.id)).toEqual([id]);
    const next = await api('GET', `/balance-monitors?account_ref=${account}&page_size=1&page_token=${first.body.next_page_token}`);
    expect(next.body.items.map((m: any) => m.id)).toEqual([second.id]);
    expect(next.body.next_page_token).toBeNull();
    expect(second.threshold).toBe('1000.00');

    const stale = await api('PATCH', `/balance-monitors/${id}`, { threshold: '150.00' }, { 'if-match': '"not-the-etag"' });
    expect(stale.status).toBe(412);
    // A new condition restarts from the balance now (100.00 < 150.00 already holds): no event.
    const updated = await api('PATCH', `/balance-monitors/${id}`, { threshold: '150.00' }, { 'if-match': created.body.etag });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ threshold: '150.00', state: true, description: 'low funds' });
    expect(updated.body.etag).not.toBe(created.body.etag);

    const disabled = await api('POST', `/balance-monitors/${id}/disable`);
    expect(disabled.body.status).toBe('disabled');
    expect((await api('GET', `/balance-monitors?account_ref=${account}&status=disabled`)).body.items.map((m: any) => m.id)).toEqual([id]);
    expect((await api('GET', `/balance-monitors?account_ref=${account}&status=active&asset=USD`)).body.items.map((m: any) => m.id)).toEqual([second.id]);
    expect((await api('GET', `/balance-monitors?account_ref=${account}&asset=EUR`)).body.items).toEqual([]);
    const enabled = await api('POST', `/balance-monitors/${id}/enable`);
    expect(enabled.body).toMatchObject({ status: 'active', state: true });
    expect(await crossings(id)).toEqual([]);

    // The replay is a request of its own, and so is the refused PATCH.
    const audited = await app.services.sql`
      select method, status_code from user_action_audit_entries where resource_ref = ${`balance-monitors/${id}`} order by occurred_at`;
    expect(audited.map((r) => `${r.method} ${r.status_code}`)).toEqual(['POST 201', 'POST 201', 'PATCH 412', 'PATCH 200', 'POST 200', 'POST 200']);
  });

  it('watches a master account too', async () => {
    const masters = await api('GET', '/master-accounts');
    const ref = `master-accounts/${masters.body.items[0].id}`;
    const m = await monitor({ account_ref: ref, operator: '>', threshold: '0' });
    expect(m).toMatchObject({ account_ref: ref, state: false, threshold: '0.00' });
  });

  it.each([
    ['no account_ref', { account_ref: undefined, asset: 'USD', balance: 'available', operator: '<', threshold: '1.00' }],
    ['an account_ref that is no account reference', { account_ref: 'clients/0193a1c2-7f00-7abc-8def-0123456789ab', asset: 'USD', balance: 'available', operator: '<', threshold: '1.00' }],
    ['an unknown asset', { asset: 'XYZ', balance: 'available', operator: '<', threshold: '1.00' }],
    ['an unknown balance', { asset: 'USD', balance: 'ledger', operator: '<', threshold: '1.00' }],
    ['an unknown operator', { asset: 'USD', balance: 'available', operator: '==', threshold: '1.00' }],
    ['a number as threshold', { asset: 'USD', balance: 'available', operator: '<', threshold: 1 }],
    ['an unknown field', { asset: 'USD', balance: 'available', operator: '<', threshold: '1.00', state: true }],
  ])('refuses %s with 400', async (_, body) => {
    const account = await newAccount();
    const res = await api('POST', '/balance-monitors', { account_ref: account, ...body });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
  });

  it.each([
    ['more decimals than the asset has', '1.001'],
    ['trailing zeros beyond the precision', '1.000'],
    ['exponent notation', '1e3'],
    ['a plus sign', '+1.00'],
    ['garbage', 'ten'],
  ])('refuses a threshold with %s with 422 at /body/threshold', async (_, threshold) => {
    const account = await newAccount();
    const res = await api('POST', '/balance-monitors', { account_ref: account, asset: 'USD', balance: 'available', operator: '<', threshold });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].pointer).toBe('/body/threshold');
  });

  it('accepts negative and zero thresholds exactly', async () => {
    const account = await newAccount();
    expect((await monitor({ account_ref: account, threshold: '-0.01' })).threshold).toBe('-0.01');
    const eth = await monitor({ account_ref: account, asset: 'ETH', threshold: '123.456789012345678901' });
    expect(eth.threshold).toBe('123.456789012345678901');
  });

  it('is 404 across enterprises, for the monitor and for the account', async () => {
    const account = await newAccount();
    const m = await monitor({ account_ref: account });
    for (const [method, path, body] of [
      ['GET', `/balance-monitors/${m.id}`, undefined],
      ['PATCH', `/balance-monitors/${m.id}`, { threshold: '1.00' }],
      ['POST', `/balance-monitors/${m.id}/disable`, undefined],
      ['POST', `/balance-monitors/${m.id}/enable`, undefined],
      ['POST', '/balance-monitors', { account_ref: account, asset: 'USD', balance: 'available', operator: '<', threshold: '1.00' }],
    ] as const) {
      const res = await api(method, path, body, undefined, other.token);
      expect([method, path, res.status]).toEqual([method, path, 404]);
    }
    const listed = await api('GET', `/balance-monitors?account_ref=${account}`, undefined, undefined, other.token);
    expect(listed.status).toBe(200);
    expect(listed.body.items).toEqual([]);
    expect((await api('GET', `/balance-monitors/${m.id}`)).body.status).toBe('active');
  });

  it('lets a viewer read and refuses it every change with 403', async () => {
    const account = await newAccount();
    const m = await monitor({ account_ref: account });
    const viewer = await newServiceAccount(app, admin, admin.enterpriseRef, [{ role: 'viewer', scope_ref: admin.enterpriseRef }]);
    expect((await api('GET', `/balance-monitors/${m.id}`, undefined, undefined, viewer.token)).status).toBe(200);
    expect((await api('GET', `/balance-monitors?account_ref=${account}`, undefined, undefined, viewer.token)).body.items).toHaveLength(1);
    for (const [method, path, body] of [
      ['PATCH', `/balance-monitors/${m.id}`, { threshold: '1.00' }],
      ['POST', `/balance-monitors/${m.id}/disable`, undefined],
      ['POST', '/balance-monitors', { account_ref: account, asset: 'USD', balance: 'available', operator: '<', threshold: '1.00' }],
    ] as const) {
      expect((await api(method, path, body, undefined, viewer.token)).status).toBe(403);
    }
    const operator = await newServiceAccount(app, admin, admin.enterpriseRef, [{ role: 'operator', scope_ref: admin.enterpriseRef }]);
    expect((await api('POST', `/balance-monitors/${m.id}/disable`, undefined, undefined, operator.token)).status).toBe(200);
  });

  it('is listed at GET /events/types', async () => {
    const res = await api('GET', '/events/types');
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).toContain(CROSSED);
  });
});

describe('crossings', () => {
  it('fires once per crossing: not again further below, again after crossing back', async () => {
    const account = await newAccount();
    await deposit(account, 10000n);
    const m = await monitor({ account_ref: account });

    const first = await withdraw(account, 6000n); // 100.00 → 40.00
    let events = await crossings(m.id);
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({
      resource: 'balance_threshold_crossing',
      monitor_ref: `balance-monitors/${m.id}`,
      account_ref: account,
      asset: 'USD',
      balance: 'available',
      operator: '<',
      threshold: '50.00',
      balance_before: '100.00',
      balance_after: '40.00',
      ledger_transaction_id: first.id,
    });
    expect(events[0].scope_ref).toBe(account);
    const crossed = (await api('GET', `/balance-monitors/${m.id}`)).body;
    expect(crossed.state).toBe(true);
    expect(crossed.last_crossed_at).toBe(events[0].data.crossed_at);
    expect(crossed.etag).toBe(m.etag);

    await withdraw(account, 1000n); // 40.00 → 30.00: still below, no event
    expect(await crossings(m.id)).toHaveLength(1);

    await deposit(account, 4000n); // 30.00 → 70.00: crossed back
    expect((await api('GET', `/balance-monitors/${m.id}`)).body.state).toBe(false);
    expect(await crossings(m.id)).toHaveLength(1);

    const again = await withdraw(account, 3000n); // 70.00 → 40.00
    events = await crossings(m.id);
    expect(events).toHaveLength(2);
    expect(events[1].data).toMatchObject({ balance_before: '70.00', balance_after: '40.00', ledger_transaction_id: again.id });
  });

  it('does not fire for a condition that held at creation', async () => {
    const account = await newAccount();
    await deposit(account, 1000n);
    const m = await monitor({ account_ref: account });
    expect(m.state).toBe(true);
    await withdraw(account, 500n);
    expect(await crossings(m.id)).toEqual([]);
  });

  it('judges holds on available and ignores them on total', async () => {
    const account = await newAccount();
    await deposit(account, 10000n);
    const available = await monitor({ account_ref: account });
    const total = await monitor({ account_ref: account, balance: 'total' });
    const held = await monitor({ account_ref: account, balance: 'held', operator: '>=', threshold: '80.00' });
    const hold = await placeHold(app.services.sql, { key: `hold/${uuidv7()}`, enterpriseId: e(), accountRef: account, asset: 'USD', amount: 8000n });
    const [event] = await crossings(available.id);
    expect(event.data).toMatchObject({ balance_before: '100.00', balance_after: '20.00', ledger_transaction_id: null });
    expect((await crossings(held.id))[0].data).toMatchObject({ balance: 'held', balance_before: '0.00', balance_after: '80.00' });
    expect(await crossings(total.id)).toEqual([]);
    await voidHold(app.services.sql, { holdId: hold.id });
    expect((await api('GET', `/balance-monitors/${available.id}`)).body.state).toBe(false);
  });

  it('leaves a disabled monitor alone', async () => {
    const account = await newAccount();
    await deposit(account, 10000n);
    const m = await monitor({ account_ref: account });
    await api('POST', `/balance-monitors/${m.id}/disable`);
    await withdraw(account, 9000n);
    expect(await crossings(m.id)).toEqual([]);
    // Enabled again below the threshold: it starts from now, holding, and does not fire.
    expect((await api('POST', `/balance-monitors/${m.id}/enable`)).body.state).toBe(true);
    expect(await crossings(m.id)).toEqual([]);
  });

  it('fires exactly once when concurrent bookings cross, lone or in group commits', async () => {
    const source = await newAccount();
    const target = await newAccount();
    await deposit(source, 10000n);
    const m = await monitor({ account_ref: source });
    const lone = await monitor({ account_ref: target, operator: '>', threshold: '60.00' });
    // Eight internal transfers of 10.00 at once (grouped by the booker), and eight lone withdrawals.
    const transfers = await Promise.all(
      Array.from({ length: 8 }, () =>
        api('POST', '/internal-transfers', { amount: { currency: 'USD', value: '10.00' }, source_ref: source, target_ref: target }, { 'idempotency-key': uuidv7() }),
      ),
    );
    expect(transfers.map((t) => t.status)).toEqual(Array(8).fill(201));
    const [event] = await crossings(m.id);
    expect(await crossings(m.id)).toHaveLength(1);
    expect(event.data).toMatchObject({ balance_before: '50.00', balance_after: '40.00' });
    const [credited] = await crossings(lone.id);
    expect(await crossings(lone.id)).toHaveLength(1);
    expect(credited.data).toMatchObject({ balance_before: '60.00', balance_after: '70.00' });

    const third = await newAccount();
    await deposit(third, 10000n);
    const w = await monitor({ account_ref: third, operator: '<=', threshold: '30.00' });
    await Promise.all(Array.from({ length: 8 }, () => withdraw(third, 1000n)));
    expect(await crossings(w.id)).toHaveLength(1);
    expect((await api('GET', `/balance-monitors/${w.id}`)).body.state).toBe(true);
  });

  it('creates a monitor only once a booking holding the balance has committed, from its result', async () => {
    const account = await newAccount();
    await deposit(account, 10000n);
    let created: Promise<any> | undefined;
    await app.services.sql.begin(async (tx) => {
      await debitExternalWithdrawal(tx, { key: `wd/${uuidv7()}`, enterpriseId: e(), accountRef: account, asset: 'USD', amount: 6000n }); // 100.00 → 40.00, not committed
      created = api('POST', '/balance-monitors', { account_ref: account, asset: 'USD', balance: 'available', operator: '<', threshold: '50.00' });
      // The creation waits for this transaction's lock of the balance row.
      await eventually(async () => {
        const waiting = await app.services.sql`
          select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like '%ledger_balances%'`;
        return waiting.length > 0;
      });
    });
    const m = (await created!).body;
    expect(m).toMatchObject({ state: true, threshold: '50.00' });
    await withdraw(account, 1000n);
    expect(await crossings(m.id)).toEqual([]);
  });

  it('judges each booking of one group commit in order: down, back up and down again is two crossings', async () => {
    const a = await newAccount();
    const b = await newAccount();
    await deposit(a, 10000n);
    const m = await monitor({ account_ref: a });
    const usd = (value: string, source_ref: string, target_ref: string) => ({ amount: { currency: 'USD', value }, source_ref, target_ref });
    const res = await api('POST', '/internal-transfer-batches', { atomic: true, transfers: [usd('60.00', a, b), usd('50.00', b, a), usd('60.00', a, b)] }, { 'idempotency-key': uuidv7() });
    expect(res.status).toBe(201);
    const events = await crossings(m.id);
    expect(events.map((x) => [x.data.balance_before, x.data.balance_after])).toEqual([
      ['100.00', '40.00'],
      ['90.00', '30.00'],
    ]);
    expect(new Set(events.map((x) => x.data.ledger_transaction_id)).size).toBe(2);
    expect((await api('GET', `/balance-monitors/${m.id}`)).body.state).toBe(true);
  });

  it('reaches a webhook subscription filtered to the crossing type', async () => {
    worker = await startWebhookWorker(app.services);
    dispatcher = new OutboxDispatcher(app.services);
    await dispatcher.start();
    const rx = await startReceiver();
    try {
      const sub = await api('POST', '/webhook-subscriptions', { scope_ref: admin.enterpriseRef, url: rx.url, event_types: [CROSSED] });
      expect(sub.status).toBe(201);
      const account = await newAccount();
      await deposit(account, 10000n);
      const m = await monitor({ account_ref: account });
      await withdraw(account, 9000n);
      const received = await eventually(() => rx.received.find((r) => JSON.parse(r.body).data?.monitor_ref === `balance-monitors/${m.id}`));
      expect(JSON.parse(received.body)).toMatchObject({ type: CROSSED, data: { balance_after: '10.00', threshold: '50.00' } });
    } finally {
      await rx.close();
    }
  });
});
