// npm run bench:webhooks — webhooks and exports against a real API process and a real worker process:
//   (a) deliveries/s from the outbox to a local receiver answering 200 (target ≥ 200/s),
//   (b) commit → first attempt latency p50/p99 at a steady 25 events/s (targets p50 ≤ 500 ms, p99 ≤ 5 s),
//   (c) an operations-activity export of 1,000,000 rows (BENCH_EXPORT_ROWS): rows/s, peak RSS of the API
//       and worker processes (target < 250 MB each), and the SHA-256 of the downloaded bytes against the export's,
//   (d) a dead receiver: 200 events/s (BENCH_DEAD_RATE; BENCH_DEAD_SOURCE=api sends them as API requests) for 60 s (BENCH_DEAD_SECONDS) to a
//       healthy subscription, once alone and once beside a subscription whose receiver port is closed: the
//       healthy receiver's commit → first attempt p50/p99 (target: with ≤ 1.2× without), CPU per event of
//       API, worker, Temporal server and PostgreSQL (target ≤ 1.5×), running workflows at the end (target:
//       not growing with events), then the dead receiver comes back: time to drain its backlog, 0 lost.
// BENCH_WEBHOOK_PHASES=burst,steady,export,dead (the default: all) runs only those named.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, Connection } from '@temporalio/client';
import { ensureTemporalCli } from '../../temporal/cli';
import { startDevServerOnFreePort } from '../../temporal/dev-server';
import { SEARCH_ATTRIBUTE_REGISTRATION } from '../../src/temporal/search-attributes';
import { outboxBell, recordEventSql } from '../../src/events/outbox';
import { WEBHOOK_EVENTS } from '../../src/domain/webhooks/events';
import { initOrm, migrate } from '../../src/db/orm';
import { entities } from '../../src/domain/entities';
import { createEnterpriseWithAdmin } from '../../src/bootstrap';
import { cpuMs, openLoop, postgresCpuMs, report, rssMiB, scratchDatabase, spawnApi, spawnWorker } from './support';
import { startReceiver } from '../helpers/webhook-fixtures';
import { seedOperationsEvents } from '../helpers/export-fixtures';

const BURST = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 3000);
const STEADY_RATE = 25;
const STEADY_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
const DEAD_RATE = Number(process.env.BENCH_DEAD_RATE ?? 200);
const DEAD_SECONDS = Number(process.env.BENCH_DEAD_SECONDS ?? 60);
// Where the dead-receiver phase's events come from: `sql` (the default) commits them from this process at an exact
// rate; `api` sends PATCHes through the API (its own cost included; the shared 2-core machine did not sustain 200/s).
const DEAD_SOURCE = process.env.BENCH_DEAD_SOURCE ?? 'sql';
const PHASES = new Set((process.env.BENCH_WEBHOOK_PHASES ?? 'burst,steady,export,dead').split(','));
// The dead-receiver phase's lane settings: the receiver is probed at least every 10 s, never exhausting a
// delivery's schedule during the outage; the backlog drains at 500/s, 16 in flight.
const LANE_SETTINGS = {
  COUNTERFOIL_WEBHOOK_RETRY_SCHEDULE: ['0', '2', '5', ...Array.from({ length: 60 }, () => '10')].join(','),
  COUNTERFOIL_WEBHOOK_DRAIN_PER_SECOND: process.env.COUNTERFOIL_WEBHOOK_DRAIN_PER_SECOND ?? '500',
  COUNTERFOIL_WEBHOOK_LANE_CONCURRENCY: process.env.COUNTERFOIL_WEBHOOK_LANE_CONCURRENCY ?? '16',
  // One principal sends all of the phase's writes.
  COUNTERFOIL_RATE_LIMIT_WRITE_PER_SECOND: '100000',
};

/** A free loopback port nothing listens on: a receiver that is down (connection refused). */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// V8 flags for the worker process (e.g. '--max-old-space-size=256'); none by default, as `counterfoil worker` runs.
async function main() {
  const log = (m: string) => process.stderr.write(`[bench] ${m}\n`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'counterfoil-bench-webhooks-'));
  const db = await scratchDatabase('counterfoil_bench_webhooks');
  const temporal = await startDevServerOnFreePort({
    cliPath: await ensureTemporalCli(log),
    uiPort: null,
    dbFile: null,
    namespace: 'default',
    logFile: path.join(dataDir, 'temporal.log'),
    searchAttributes: SEARCH_ATTRIBUTE_REGISTRATION,
  });
  const env = { DATABASE_URL: db.url, TEMPORAL_ADDRESS: temporal.address, COUNTERFOIL_DATA_DIR: dataDir, TEMPORAL_TASK_QUEUE: 'bench-webhooks', ...LANE_SETTINGS };
  // The worker and the API never migrate: a release runs `counterfoil migrate` before rolling them out.
  // Nor do they bootstrap: the bench makes its own enterprise, as `counterfoil bootstrap` would.
  const orm = await initOrm(db.url, entities);
  await migrate(orm);
  const creds = await orm.em.fork().transactional((em) => createEnterpriseWithAdmin(em, { legalName: 'Webhooks Bench Ltd', jurisdiction: 'GB', secretTtlDays: 1 }));
  await orm.close(true);
  const worker = await spawnWorker(env);
  const api = await spawnApi(env);
  const sql = postgres(db.url, { max: 10, onnotice: () => {} });
  // This process writes events as the API does, so it rings the outbox bell as the API's services do.
  outboxBell.attach(sql);
  const receiver = await startReceiver();
  try {
    const tokenRes = await fetch(`${api.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: creds.client_id, client_secret: creds.client_secret }),
    });
    const { access_token: token } = (await tokenRes.json()) as { access_token: string };
    const apiCall = async (method: string, p: string, body?: unknown) => {
      const res = await fetch(api.url + p, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
      return (await res.json()) as any;
    };
    const enterpriseId: string = creds.enterprise_id;
    const scope = `enterprises/${enterpriseId}`;
    const burstSub = await apiCall('POST', '/webhook-subscriptions', { scope_ref: scope, url: receiver.url, event_types: [WEBHOOK_EVENTS.updated] });

    const committedAt = new Map<string, number>();
    const commit = async (n: number) => {
      const ids = await sql.begin(async (tx) => {
        const out: string[] = [];
        for (let i = 0; i < n; i++) {
          out.push(await recordEventSql(tx, { type: WEBHOOK_EVENTS.updated, enterpriseId, scopeRef: scope, resourceRef: `webhook-subscriptions/bench`, payload: { i }, attribution: null }));
        }
        return out;
      });
      const at = Date.now();
      for (const id of ids) committedAt.set(id, at);
    };
    const firstReceipt = () => {
      const seen = new Map<string, number>();
      for (const r of receiver.received) {
        const id = r.headers['webhook-id'] as string;
        if (!seen.has(id)) seen.set(id, r.at);
      }
      return seen;
    };

    if (PHASES.has('burst') || PHASES.has('steady')) {
      // (a) Burst: BURST events committed by 10 concurrent writers in transactions of 10.
      log(`burst of ${BURST} events`);
      const burstStart = Date.now();
      const writers = Array.from({ length: 10 }, async () => {
        for (let i = 0; i < BURST / 100; i++) await commit(10);
      });
      await Promise.all(writers);
      const commitDone = Date.now();
      while (firstReceipt().size < BURST) {
        if (Date.now() - commitDone > 300_000) throw new Error(`only ${firstReceipt().size} of ${BURST} delivered`);
        await sleep(100);
      }
      const burstEnd = Math.max(...firstReceipt().values());
      const burstSeconds = (burstEnd - burstStart) / 1000;
      const duplicates = receiver.received.length - firstReceipt().size;

      // (b) Steady load, each event its own transaction.
      log(`steady ${STEADY_RATE}/s for ${STEADY_SECONDS} s`);
      receiver.received.length = 0;
      committedAt.clear();
      for (let i = 0; i < STEADY_RATE * STEADY_SECONDS; i++) {
        const due = Date.now() + 1000 / STEADY_RATE;
        await commit(1);
        await sleep(Math.max(0, due - Date.now()));
      }
      while (firstReceipt().size < committedAt.size) await sleep(100);
      const receipts = firstReceipt();
      const latencies = [...committedAt].map(([id, at]) => receipts.get(id)! - at).sort((a, b) => a - b);

      // Where the time goes: event row → delivery row (dispatch + workflow start + first task) → first attempt.
      const [stages] = await sql`
        select percentile_cont(0.5) within group (order by extract(epoch from d.created_at - e.occurred_at) * 1000)::int as to_delivery_p50,
               percentile_cont(0.5) within group (order by extract(epoch from a.attempted_at - d.created_at) * 1000)::int as to_attempt_p50
          from events e join webhook_deliveries d on d.event_id = e.id
          join webhook_delivery_attempts a on a.delivery_id = d.id and a.number = 1
         where e.id = any(${[...committedAt.keys()]}::uuid[])`;
      report('Webhooks: outbox → first attempt (API process + worker process + receiver on 127.0.0.1)', {
        'burst deliveries': BURST,
        'burst deliveries/s (commit → received)': Math.round(BURST / burstSeconds),
        'duplicate receipts in the burst': duplicates,
        'steady rate (events/s)': STEADY_RATE,
        'commit → first attempt p50 (ms)': percentile(latencies, 50),
        'commit → first attempt p99 (ms)': percentile(latencies, 99),
        'commit → first attempt max (ms)': latencies[latencies.length - 1],
        'event → delivery row p50 (ms)': stages.to_delivery_p50,
        'delivery row → first attempt p50 (ms)': stages.to_attempt_p50,
      });
    }
    await apiCall('POST', `/webhook-subscriptions/${burstSub.id}/disable`);

    if (PHASES.has('dead')) await deadReceiverPhase({ apiUrl: api.url, enterpriseId, token, scope, sql, dbName: new URL(db.url).pathname.slice(1), pids: { api: api.child.pid!, worker: worker.child.pid!, temporal: temporal.pid }, temporalAddress: temporal.address, log });

    if (PHASES.has('export')) {
      // (c) A large export; RSS of both processes sampled throughout.
      log(`seeding ${EXPORT_ROWS} operations events`);
      const from = new Date('2026-01-01T00:00:00Z');
      for (let done = 0; done < EXPORT_ROWS; done += 100_000) {
        await seedOperationsEvents(sql, enterpriseId, Math.min(100_000, EXPORT_ROWS - done), new Date(from.getTime() + done * 1000));
      }
      const peak = { api: rssMiB(api.child.pid!), worker: rssMiB(worker.child.pid!) };
      const baseline = { ...peak };
      const sampler = setInterval(() => {
        peak.api = Math.max(peak.api, rssMiB(api.child.pid!));
        peak.worker = Math.max(peak.worker, rssMiB(worker.child.pid!));
      }, 100);
      log('exporting');
      const created = await apiCall('POST', '/operations-activity-exports', { scope_ref: scope, from: from.toISOString(), to: '2027-01-01T00:00:00Z', format: 'csv' });
      let exp = created;
      while (exp.status === 'queued' || exp.status === 'running') {
        await sleep(250);
        exp = await apiCall('GET', `/operations-activity-exports/${created.id}`);
      }
      if (exp.status !== 'completed') throw new Error(`export ${exp.status}: ${exp.failure_reason}`);
      const seconds = (Date.parse(exp.completed_at) - Date.parse(exp.created_at)) / 1000;
      log('downloading');
      const res = await fetch(api.url + exp.download_path, { headers: { authorization: `Bearer ${token}` } });
      const hash = createHash('sha256');
      let bytes = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        hash.update(chunk);
        bytes += chunk.length;
      }
      clearInterval(sampler);
      const digest = hash.digest('hex');

      report('Exports: operations activity, CSV', {
        rows: exp.row_count,
        'file size (MiB)': Math.round(exp.byte_size / 1048576),
        'export time (s)': seconds.toFixed(1),
        'rows/s': Math.round(exp.row_count / seconds),
        'worker node flags (BENCH_WORKER_NODE_ARGS)': process.env.BENCH_WORKER_NODE_ARGS || '(none)',
        'API RSS before → peak (MiB)': `${baseline.api} → ${peak.api}`,
        'worker RSS before → peak (MiB)': `${baseline.worker} → ${peak.worker}`,
        'downloaded bytes = byte_size': String(bytes === exp.byte_size),
        'sha256 of download = export sha256': String(digest === exp.sha256),
      });
      if (digest !== exp.sha256 || bytes !== exp.byte_size) process.exitCode = 1;
    }
  } finally {
    await receiver.close();
    outboxBell.detach(sql);
    await sql.end({ timeout: 5 });
    await api.stop();
    await worker.stop();
    await temporal.stop();
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

interface DeadPhaseContext {
  apiUrl: string;
  enterpriseId: string;
  token: string;
  scope: string;
  sql: postgres.Sql;
  dbName: string;
  pids: { api: number; worker: number; temporal: number };
  temporalAddress: string;
  log: (m: string) => void;
}

/** (d): the same API traffic twice, the second time with a dead subscription beside the healthy one; then the dead one comes back. */
async function deadReceiverPhase(ctx: DeadPhaseContext) {
  const { sql, log } = ctx;
  const apiCall = async (method: string, p: string, body?: unknown) => {
    const res = await fetch(ctx.apiUrl + p, { method, headers: { authorization: `Bearer ${ctx.token}`, 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
    return (await res.json()) as any;
  };
  const temporal = new Client({ connection: await Connection.connect({ address: ctx.temporalAddress }) });
  const running = async () => (await temporal.workflow.count('ExecutionStatus = "Running"')).count;
  const deadPort = await closedPort();

  const run = async (withDead: boolean) => {
    const healthy = await startReceiver();
    const healthySub = await apiCall('POST', '/webhook-subscriptions', { scope_ref: ctx.scope, url: healthy.url, event_types: ['webhooks.subscription.updated.v1'] });
    const deadSub = withDead
      ? await apiCall('POST', '/webhook-subscriptions', { scope_ref: ctx.scope, url: `http://127.0.0.1:${deadPort}/hook`, event_types: ['webhooks.subscription.updated.v1'] })
      : null;
    // The API traffic: updates of subscriptions no receiver listens to, each one event (spread over 32, so no one row is a queue).
    const noise: Array<{ id: string }> = [];
    for (let i = 0; i < 32; i++) noise.push(await apiCall('POST', '/webhook-subscriptions', { scope_ref: ctx.scope, url: healthy.url, event_types: ['webhooks.subscription.deleted.v1'] }));
    const noiseRefs = noise.map((x) => `webhook-subscriptions/${x.id}`);
    await new Promise((r) => setTimeout(r, 2000)); // the creations' own events dispatched
    const [{ seq: fromSeq }] = await sql<{ seq: string }[]>`select coalesce(max(seq), 0)::text as seq from events`;
    const cpu0 = { api: cpuMs(ctx.pids.api), worker: cpuMs(ctx.pids.worker), temporal: cpuMs(ctx.pids.temporal), postgres: postgresCpuMs(ctx.dbName) };
    log(`${DEAD_SOURCE === 'api' ? 'API traffic' : 'events committed'} at ${DEAD_RATE}/s for ${DEAD_SECONDS} s, ${withDead ? 'with' : 'without'} a dead subscription`);
    let n = 0;
    const statuses = new Map<number, number>();
    if (DEAD_SOURCE === 'api') {
      await openLoop({
        onStatus: (status) => statuses.set(status, (statuses.get(status) ?? 0) + 1),
        url: ctx.apiUrl,
        rate: DEAD_RATE,
        seconds: DEAD_SECONDS,
        connections: 16,
        request: () => ({
          method: 'PATCH',
          path: `/webhook-subscriptions/${noise[n % noise.length].id}`,
          headers: { authorization: `Bearer ${ctx.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ description: `n${n++}` }),
        }),
      });
      log(`answers by status: ${JSON.stringify(Object.fromEntries(statuses))}`);
    } else {
      // Each event its own transaction, written as the API's change would write it, on an exact schedule.
      const start = Date.now();
      const pending: Promise<unknown>[] = [];
      for (let i = 0; i < DEAD_RATE * DEAD_SECONDS; i++) {
        const wait = start + (i * 1000) / DEAD_RATE - Date.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const ref = noiseRefs[i % noiseRefs.length];
        pending.push(
          sql.begin((tx) => recordEventSql(tx, { type: WEBHOOK_EVENTS.updated, enterpriseId: ctx.enterpriseId, scopeRef: ctx.scope, resourceRef: ref, payload: { i }, attribution: null })),
        );
      }
      await Promise.all(pending);
    }
    const events = await sql<{ id: string; occurred_at: Date }[]>`
      select id, occurred_at from events where seq > ${fromSeq} and resource_ref = any(${noiseRefs}) and type = 'webhooks.subscription.updated.v1'`;
    const firstReceipt = new Map<string, number>();
    const deadline = Date.now() + 120_000;
    while (firstReceipt.size < events.length && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      for (const r of healthy.received) {
        const id = r.headers['webhook-id'] as string;
        if (!firstReceipt.has(id)) firstReceipt.set(id, r.at);
      }
    }
    const cpu1 = { api: cpuMs(ctx.pids.api), worker: cpuMs(ctx.pids.worker), temporal: cpuMs(ctx.pids.temporal), postgres: postgresCpuMs(ctx.dbName) };
    const latencies = events.filter((e) => firstReceipt.has(e.id)).map((e) => firstReceipt.get(e.id)! - e.occurred_at.getTime()).sort((a, b) => a - b);
    const perEvent = Object.fromEntries(Object.entries(cpu1).map(([k, v]) => [k, (v - cpu0[k as keyof typeof cpu0]) / events.length])) as typeof cpu0;
    const result = {
      events: events.length,
      healthyReceived: firstReceipt.size,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      cpu: perEvent,
      runningWorkflows: await running(),
      deadSub,
    };
    await apiCall('POST', `/webhook-subscriptions/${healthySub.id}/disable`);
    for (const x of noise) await apiCall('POST', `/webhook-subscriptions/${x.id}/disable`);
    await healthy.close();
    return result;
  };

  const without = await run(false);
  const withDead = await run(true);
  const fmt = (c: DeadPhaseResult['cpu']) => `${c.api.toFixed(2)} / ${c.worker.toFixed(2)} / ${c.temporal.toFixed(2)} / ${c.postgres.toFixed(2)}`;
  const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : 'n/a');
  const cpuTotal = (c: DeadPhaseResult['cpu']) => c.api + c.worker + c.temporal + c.postgres;

  // The dead receiver comes back on its port.
  const deadId = withDead.deadSub.id as string;
  const backlog = async () =>
    (
      await sql<{ pending: number; failed: number; succeeded: number }[]>`
        select count(*) filter (where status = 'pending')::int as pending, count(*) filter (where status = 'failed')::int as failed,
               count(*) filter (where status = 'succeeded')::int as succeeded
          from webhook_deliveries where subscription_id = ${deadId}`
    )[0];
  const atRevival = await backlog();
  const lanes = (await temporal.workflow.count('CounterfoilFamily = "webhook_lane"')).count;
  const perDelivery = (await temporal.workflow.count('CounterfoilFamily = "webhook_delivery"')).count;
  log(`dead receiver back with ${atRevival.pending} deliveries waiting`);
  const revived = await startReceiver(() => ({ status: 200 }), deadPort);
  const revivedAt = Date.now();
  let state = atRevival;
  while (state.pending > 0 && Date.now() - revivedAt < 600_000) {
    await new Promise((r) => setTimeout(r, 250));
    state = await backlog();
  }
  const drainSeconds = (Date.now() - revivedAt) / 1000;
  // Lost: an event the dead subscription should have received (its type, committed while it was active) without a successful delivery.
  const [{ lost, owed }] = await sql<{ lost: number; owed: number }[]>`
    select count(*) filter (where not exists (
             select 1 from webhook_deliveries d where d.event_id = e.id and d.subscription_id = ${deadId} and d.status = 'succeeded'))::int as lost,
           count(*)::int as owed
      from events e
     where e.type = 'webhooks.subscription.updated.v1' and e.enterprise_id = (select enterprise_id from webhook_subscriptions where id = ${deadId})
       and e.occurred_at > (select created_at from webhook_subscriptions where id = ${deadId})
       and e.occurred_at < ${new Date(revivedAt)}`;
  const distinct = new Set(revived.received.map((r) => r.headers['webhook-id'])).size;
  await revived.close();
  await apiCall('POST', `/webhook-subscriptions/${deadId}/disable`);

  report(`Webhooks: a dead receiver beside a healthy one (${DEAD_RATE} events/s ${DEAD_SOURCE === 'api' ? 'through the API' : 'committed'} for ${DEAD_SECONDS} s; shared 2-core machine)`, {
    'events (without / with the dead one)': `${without.events} / ${withDead.events}`,
    'healthy commit → first attempt p50 (ms, without / with)': `${without.p50} / ${withDead.p50} (${ratio(withDead.p50, without.p50)}×)`,
    'healthy commit → first attempt p99 (ms, without / with)': `${without.p99} / ${withDead.p99} (${ratio(withDead.p99, without.p99)}×)`,
    'CPU ms per event API / worker / Temporal / PostgreSQL, without': fmt(without.cpu),
    'CPU ms per event API / worker / Temporal / PostgreSQL, with': fmt(withDead.cpu),
    'CPU per event, all four (with / without)': `${ratio(cpuTotal(withDead.cpu), cpuTotal(without.cpu))}×`,
    'running workflows at the end (without / with)': `${without.runningWorkflows} / ${withDead.runningWorkflows}`,
    'lane workflows ever / per-delivery workflows ever': `${lanes} / ${perDelivery}`,
    'dead subscription: waiting at revival': atRevival.pending,
    'time to drain after revival (s)': drainSeconds.toFixed(1),
    'dead subscription: delivered / failed': `${state.succeeded} / ${state.failed}`,
    'events it was owed / lost': `${owed} / ${lost}`,
    'distinct webhook-ids the revived receiver got': distinct,
  });
  if (state.failed > 0 || state.pending > 0 || lost > 0) process.exitCode = 1;
  await temporal.connection.close();
}

type DeadPhaseResult = { cpu: { api: number; worker: number; temporal: number; postgres: number } };

main().catch((err) => {
  process.stderr.write(`${err.stack ?? err}\n${err.cause ? `cause: ${err.cause.stack ?? err.cause}\n` : ""}`);
  process.exit(1);
});
