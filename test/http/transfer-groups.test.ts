// Group commit of executed internal transfers (src/domain/transfers/group-booking.ts): transfers that
// arrive together share one database transaction; a refused member costs the group a retry one by one.
import net from 'node:net';
import { uuidv7 } from '../../src/ids';
import { ASSETS, balancesOf, creditExternalDeposit, verifyLedger } from '../../src/ledger';
import { TransferBooker, connectBookerPool } from '../../src/domain/transfers/group-booking';
import { PipelineSockets } from '../../src/db/pipeline-sockets';
import type { TransferRow } from '../../src/domain/transfers';
import { Metrics } from '../../src/metrics';
import { call, createTenant, startTestApp, tokenFor, type Tenant, type TestApp } from '../helpers/app';
import { runState } from '../helpers/run-state';

let app: TestApp;
let tenant: Tenant;
let token: string;

const move = (body: unknown, key = uuidv7()) => call(app.url, 'POST', '/internal-transfers', { token, body, headers: { 'idempotency-key': key } });
const usd = (value: string, source_ref: string, target_ref: string) => ({ amount: { currency: 'USD', value }, source_ref, target_ref });

async function newAccount(): Promise<string> {
  const res = await call(app.url, 'POST', '/clients', {
    token,
    body: { display_name: 'Holder', external_id: `ext-${uuidv7()}`, metadata: {}, scope_ref: `enterprises/${tenant.enterpriseId}` },
  });
  expect(res.status).toBe(201);
  return res.body.default_client_account;
}

const fund = (accountRef: string, minor: bigint) =>
  creditExternalDeposit(app.services.sql, { key: `test-deposit/${uuidv7()}`, enterpriseId: tenant.enterpriseId, accountRef, asset: 'USD', amount: minor });

async function total(ref: string): Promise<bigint> {
  const [b] = await balancesOf(app.services.sql, ref, 'USD');
  return b?.total ?? 0n;
}

/** An executed transfer as the API builds it, for the booker directly. */
function executed(source: string, target: string, minor: bigint): { input: { sourceRef: string; targetRef: string; asset: typeof ASSETS.USD; amount: bigint }; row: TransferRow } {
  const now = new Date();
  const attribution = { subject: { id: tenant.serviceAccountId, kind: 'service_account', tenant_ref: `enterprises/${tenant.enterpriseId}` } } as unknown as TransferRow['subject_attribution'];
  return {
    input: { sourceRef: source, targetRef: target, asset: ASSETS.USD, amount: minor },
    row: {
      id: uuidv7(), version: 1, created_at: now, updated_at: now, enterprise_id: tenant.enterpriseId, source_ref: source, target_ref: target,
      asset: 'USD', amount: minor.toString(), status: 'executed', approval_ref: null, failure_reason: null, ledger_transaction_id: uuidv7(),
      subject_attribution: attribution, settled_at: now, policy_decision: null, hold_id: null,
      reference: null, reference_unique: false, metadata: {}, reversal_of: null, reversal_reason: null, reversed_amount: '0', reversals: [],
    },
  };
}

/** Groups that a refusal sent back one by one, so far. */
async function groupsRetried(metrics: Metrics): Promise<number> {
  const metric = await metrics.transferGroups.get();
  return metric.values.find((v) => v.metricName === 'counterfoil_transfer_group_size_count' && v.labels.outcome === 'retried')?.value ?? 0;
}

beforeAll(async () => {
  app = await startTestApp();
  tenant = await createTenant(app.services, 'Group Commit Ltd');
  token = await tokenFor(app.url, tenant);
});
afterAll(async () => {
  await app.close();
});

it('a burst of transfers with one refused member: the others execute, the refused one gets its own 422', async () => {
  const poor = await newAccount();
  const sink = await newAccount();
  const sources = await Promise.all(Array.from({ length: 24 }, () => newAccount()));
  await Promise.all(sources.map((s) => fund(s, 1_000n)));
  await fund(poor, 5n);

  const [refused, ...answers] = await Promise.all([move(usd('0.06', poor, sink)), ...sources.map((s) => move(usd('2.50', s, sink)))]);

  expect(refused.status).toBe(422);
  expect(refused.body).toMatchObject({ reason: 'insufficient_funds', available: '0.05', required: '0.06', account_ref: poor });
  expect(answers.map((a) => a.status)).toEqual(sources.map(() => 201));
  expect(await total(sink)).toBe(24n * 250n);
  expect(await total(poor)).toBe(5n);
  for (const s of sources) expect(await total(s)).toBe(750n);
  // Every executed transfer has its row, its event, its stored answer and its audit entry, once.
  const ids = answers.map((a) => a.body.id as string);
  const refs = ids.map((id) => `internal-transfers/${id}`);
  const [counts] = await app.services.sql`
    select (select count(*) from internal_transfers where id = any(${ids}::uuid[]))::int as transfers,
           (select count(*) from events where resource_ref = any(${refs}::text[]))::int as events,
           (select count(*) from user_action_audit_entries where resource_ref = any(${refs}::text[]) and outcome = 'succeeded')::int as audits,
           (select count(*) from idempotency_records r join events e on e.payload = r.response_text::jsonb
             where e.payload->>'id' = any(${ids}::text[]))::int as answers`;
  // The stored answers hold the answer's text, the same record as the event's payload.
  expect(counts).toEqual({ transfers: 24, events: 24, audits: 24, answers: 24 });
});

it('a refused member rolls its group back; the others are booked one by one and succeed', async () => {
  const metrics = new Metrics(false);
  const booker = new TransferBooker({ sql: app.services.sql }, metrics, { maxBatch: 64, concurrency: 1 });
  const [rich, poor, sink] = [await newAccount(), await newAccount(), await newAccount()];
  await fund(rich, 100n);
  // Submitted in one tick: one group of three, of which the middle one cannot pay.
  const outcomes = await Promise.allSettled([booker.book(executed(rich, sink, 10n)), booker.book(executed(poor, sink, 1n)), booker.book(executed(rich, sink, 20n))]);
  expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  expect((outcomes[1] as PromiseRejectedResult).reason.options?.extensions).toMatchObject({ available: '0.00', required: '0.01', account_ref: poor });
  expect([await total(rich), await total(poor), await total(sink)]).toEqual([70n, 0n, 30n]);
  expect(await groupsRetried(metrics)).toBe(1);
});

it('replaying a burst answers each request from its stored answer and books nothing again', async () => {
  const [a, b] = [await newAccount(), await newAccount()];
  await fund(a, 10_000n);
  const keys = Array.from({ length: 10 }, () => uuidv7());
  const first = await Promise.all(keys.map((k) => move(usd('1.00', a, b), k)));
  const again = await Promise.all(keys.map((k) => move(usd('1.00', a, b), k)));
  expect(first.map((r) => r.status)).toEqual(keys.map(() => 201));
  // Replayed from the stored text: the same bytes as the first answers.
  expect(again.map((r) => r.text)).toEqual(first.map((r) => r.text));
  expect(again.map((r) => r.body)).toEqual(first.map((r) => r.body));
  expect(again.every((r) => r.headers.get('idempotent-replayed') === 'true')).toBe(true);
  expect(await total(b)).toBe(1_000n);
});

it('an expired key is taken over with the new answer, never the old one', async () => {
  const [a, b] = [await newAccount(), await newAccount()];
  await fund(a, 500n);
  const [k1, k2] = [uuidv7(), uuidv7()];
  const [first, second] = await Promise.all([move(usd('1.00', a, b), k1), move(usd('2.00', a, b), k2)]);
  expect([first.status, second.status]).toEqual([201, 201]);
  await app.services.sql`update idempotency_records set expires_at = now() - interval '1 second' where key = any(${[k1, k2]})`;

  // Under k1 a new transfer executes; under k2 a transfer is refused (insufficient funds).
  const moved = await move(usd('0.50', a, b), k1);
  const refused = await move(usd('99.00', a, b), k2);
  expect([moved.status, refused.status]).toEqual([201, 422]);
  expect(moved.body.id).not.toBe(first.body.id);

  const [again1, again2] = [await move(usd('0.50', a, b), k1), await move(usd('99.00', a, b), k2)];
  expect([again1.status, again1.body]).toEqual([201, moved.body]);
  expect([again2.status, again2.body.reason]).toEqual([422, 'insufficient_funds']);
  const stored = await app.services.sql`select key, response_status, response_text::jsonb->>'id' as id from idempotency_records where key = any(${[k1, k2]}) order by key`;
  expect(stored.map((r) => [r.key, r.response_status, r.id])).toEqual([[k1, 201, moved.body.id], [k2, 422, null]].sort());
  expect(await total(b)).toBe(350n);
});

it('funds are checked transfer by transfer in group order, not on the group\'s net effect', async () => {
  const booker = new TransferBooker({ sql: app.services.sql }, new Metrics(), { maxBatch: 64, concurrency: 1 });
  const [x, y, z] = [await newAccount(), await newAccount(), await newAccount()];
  await fund(x, 10n);

  // In order, the second spends what the first brought: both execute in one group.
  const chained = await Promise.allSettled([booker.book(executed(x, y, 10n)), booker.book(executed(y, z, 10n))]);
  expect(chained.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
  expect([await total(x), await total(y), await total(z)]).toEqual([0n, 0n, 10n]);

  // Two empty accounts paying each other: the net change is zero, but neither can pay first.
  const crossed = await Promise.allSettled([booker.book(executed(x, y, 7n)), booker.book(executed(y, x, 7n))]);
  expect(crossed.map((o) => o.status)).toEqual(['rejected', 'rejected']);
  expect(crossed.map((o) => (o as PromiseRejectedResult).reason.options?.reason)).toEqual(['insufficient_funds', 'insufficient_funds']);
  expect([await total(x), await total(y)]).toEqual([0n, 0n]);

  const report = await verifyLedger(app.services.sql);
  expect(report.violations).toEqual([]);
});

it('a group of 16 (about 100 KiB of rows) leaves in one write on the booker\'s sockets and commits', async () => {
  const pool = connectBookerPool(runState().databaseUrl, 1);
  const booker = new TransferBooker(pool, new Metrics(), { maxBatch: 64, concurrency: 1 });
  const sources = await Promise.all(Array.from({ length: 16 }, () => newAccount()));
  const sink = await newAccount();
  await Promise.all(sources.map((s) => fund(s, 100n)));
  // Opens the connection and prepares a group's statements (postgres.js holds back the queries
  // behind one it must describe first; a group of one locks its accounts with another statement).
  await Promise.all([booker.book(executed(sources[0], sink, 1n)), booker.book(executed(sources[1], sink, 1n))]);

  // Writes handed to the booker's sockets (told apart by their high-water mark), one call per syscall.
  const calls: string[] = [];
  const spies = (['_write', '_writev'] as const).map((method) => {
    const original = net.Socket.prototype[method] as (this: net.Socket, ...args: unknown[]) => void;
    return jest.spyOn(net.Socket.prototype, method).mockImplementation(function (this: net.Socket, ...args: unknown[]) {
      if (this.writableHighWaterMark === PipelineSockets.HIGH_WATER_MARK) calls.push(method);
      return original.apply(this, args);
    } as never);
  });
  try {
    const booked = await Promise.all(sources.map((s) => booker.book(executed(s, sink, 10n))));
    expect(booked).toHaveLength(16);
  } finally {
    for (const spy of spies) spy.mockRestore();
    await pool.sql.end({ timeout: 5 });
  }
  // BEGIN, six statements and COMMIT: one writev. postgres.js alone wrote each statement over 1 KiB
  // separately, and after the first write past 16 KiB sent the rest one round trip apart.
  expect(calls).toEqual(['_writev']);
  expect(await total(sink)).toBe(162n);
  expect(await Promise.all(sources.map(total))).toEqual(sources.map((_, i) => (i < 2 ? 89n : 90n)));
});
