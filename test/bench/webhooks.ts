// npm run bench:webhooks — webhooks and exports against a real API process and a real worker process:
//   (a) deliveries/s from the outbox to a local receiver answering 200 (target ≥ 200/s),
//   (b) commit → first attempt latency p50/p99 at a steady 25 events/s (targets p50 ≤ 500 ms, p99 ≤ 5 s),
//   (c) an operations-activity export of 1,000,000 rows (BENCH_EXPORT_ROWS): rows/s, peak RSS of the API
//       and worker processes (target < 250 MB each), and the SHA-256 of the downloaded bytes against the export's.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { ensureTemporalCli } from '../../temporal/cli';
import { startDevServerOnFreePort } from '../../temporal/dev-server';
import { SEARCH_ATTRIBUTE_REGISTRATION } from '../../src/temporal/search-attributes';
import { outboxBell, recordEventSql } from '../../src/events/outbox';
import { WEBHOOK_EVENTS } from '../../src/domain/webhooks/events';
import { report, rssMiB, scratchDatabase, spawnApi, spawnWorker } from './support';
import { startReceiver } from '../helpers/webhook-fixtures';
import { seedOperationsEvents } from '../helpers/export-fixtures';

const BURST = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 3000);
const STEADY_RATE = 25;
const STEADY_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);

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
  const env = { DATABASE_URL: db.url, TEMPORAL_ADDRESS: temporal.address, COUNTERFOIL_DATA_DIR: dataDir, TEMPORAL_TASK_QUEUE: 'bench-webhooks' };
  const worker = await spawnWorker(env);
  const api = await spawnApi(env);
  const sql = postgres(db.url, { max: 10, onnotice: () => {} });
  // This process writes events as the API does, so it rings the outbox bell as the API's services do.
  outboxBell.attach(sql);
  const receiver = await startReceiver();
  try {
    const creds = JSON.parse(readFileSync(path.join(dataDir, 'bootstrap-credentials.json'), 'utf8'));
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
    await apiCall('POST', '/webhook-subscriptions', { scope_ref: scope, url: receiver.url, event_types: [WEBHOOK_EVENTS.updated] });

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

main().catch((err) => {
  process.stderr.write(`${err.stack ?? err}\n`);
  process.exit(1);
});
