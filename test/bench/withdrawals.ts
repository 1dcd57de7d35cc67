// npm run bench:withdrawals — withdrawals without approval, POST to `executed`, zero-delay sandbox rail:
// sustained withdrawals/s at an offered rate with the backlog sampled each second, p50/p99 time to
// executed; then bare workflows of the same shape (and of the former shape) on the same Temporal
// server (baselines) and the ratios. Targets: ≥ 50/s sustained, p50 ≤ 300 ms.
// Topology: API and worker each in their own process (as `counterfoil api` / `counterfoil worker`);
// the load generator and the baseline worker in this one. BENCH_RATE (50), BENCH_SECONDS (20),
// BENCH_ACCOUNTS (1: every withdrawal from one account, which serialises on its balance row).
// BENCH_TRACING=compare: a second API and worker pair with tracing on (test/bench/tracing.ts) beside the
// first, the offered load run BENCH_TRACING_ROUNDS (3) times on each, alternating; no baselines.
// Statements per withdrawal: the API's and the worker's connections go through a counting proxy
// (test/bench/statement-counter.ts), by kind and by statement text; BENCH_STATEMENTS=off connects them directly.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker, bundleWorkflowCode } from '@temporalio/worker';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import { closeServices, createServices } from '../../src/services';
import { createEnterpriseWithAdmin } from '../../src/bootstrap';
import { creditExternalDeposit, parseAmount } from '../../src/ledger';
import { installTemporalRuntime, isolateTimeoutOptions } from '../../src/temporal/worker';
import { SEARCH_ATTRIBUTE_REGISTRATION } from '../../src/temporal/search-attributes';
import { ensureTemporalCli } from '../../temporal/cli';
import { startDevServerOnFreePort } from '../../temporal/dev-server';
import { TRACING_COMPARE, TRACING_ROUNDS, change, median, pairedChange, startOtlpSink, type OtlpSink } from './tracing';
import { perOperation, startStatementCounter, topStatements, type StatementCounts } from './statement-counter';
import { cpuMs, machineProbeMs, postgresCpuMs, report, roleRuntime, scratchDatabase, spawnApi, spawnWorker } from './support';

const RATE = Number(process.env.BENCH_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
/** Client accounts of the one enterprise the withdrawals are spread over, round robin (1: all from one account). */
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 1);
const COUNT_STATEMENTS = process.env.BENCH_STATEMENTS !== 'off';
/** Statement texts listed in the report, most frequent first. */
const TOP_STATEMENTS = Number(process.env.BENCH_TOP_STATEMENTS ?? 30);
/**
 * Baselines, bare workflows on the same server at the same rate: the shape of a withdrawal without
 * approval (one local activity: submit, confirm, settle) — the ratio is taken against it — and the
 * shape it had before (three regular activities: submit, rail outcome, settle).
 */
const BASELINES: Array<{ label: string; args: [number, 'local' | 'regular'] }> = [
  { label: 'bare workflow (1 no-op local activity)', args: [1, 'local'] },
  { label: 'bare workflow (3 no-op activities)', args: [3, 'regular'] },
];

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]) : NaN;
};

const self = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };

/** Fires `fn` at `rate` per second for `seconds` (open loop: a slow answer does not slow the arrivals). */
async function openLoop(rate: number, seconds: number, fn: (i: number) => Promise<void>, onSecond: (s: number) => Promise<void>): Promise<void> {
  const started = Date.now();
  const inflight: Promise<void>[] = [];
  let next = 0;
  let second = 0;
  while (Date.now() - started < seconds * 1000) {
    const due = Math.floor(((Date.now() - started) / 1000) * rate);
    while (next < due) inflight.push(fn(next++));
    const s = Math.floor((Date.now() - started) / 1000);
    if (s > second) await onSecond((second = s));
    await new Promise((r) => setTimeout(r, 5));
  }
  await Promise.all(inflight);
}

async function main() {
  const probeBefore = machineProbeMs();
  const log = (m: string) => process.stderr.write(`[bench] ${m}\n`);
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'counterfoil-bench-wd-'));
  const temporal = await startDevServerOnFreePort({
    cliPath: await ensureTemporalCli(log),
    uiPort: null,
    dbFile: null,
    namespace: 'default',
    logFile: path.join(tmp, 'temporal.log'),
    searchAttributes: SEARCH_ATTRIBUTE_REGISTRATION,
  });
  const db = await scratchDatabase('counterfoil_bench_wd');
  const dbName = new URL(db.url).pathname.slice(1);
  const taskQueue = `bench-${randomUUID()}`;
  const dbUrl = new URL(db.url);
  const counter = COUNT_STATEMENTS ? await startStatementCounter({ host: dbUrl.hostname, port: Number(dbUrl.port || 5432) }) : undefined;
  const countedUrl = counter ? Object.assign(new URL(db.url), { hostname: '127.0.0.1', port: String(counter.port) }).toString() : db.url;
  const env = {
    DATABASE_URL: countedUrl,
    TEMPORAL_ADDRESS: temporal.address,
    TEMPORAL_TASK_QUEUE: taskQueue,
    COUNTERFOIL_SANDBOX_BLOCK_MS: '0',
    COUNTERFOIL_DATA_DIR: tmp,
    COUNTERFOIL_RATE_LIMIT_WRITE_PER_SECOND: '100000',
    COUNTERFOIL_RATE_LIMIT_READ_PER_SECOND: '100000',
    LOG_LEVEL: 'warn',
  };
  const services = await createServices({ config: loadConfig(env), log: createLogger('warn'), databaseUrl: db.url, temporalAddress: temporal.address, migrate: true, poolSize: 4 });
  let worker: Awaited<ReturnType<typeof spawnWorker>> | undefined;
  let api: Awaited<ReturnType<typeof spawnApi>> | undefined;
  let tracedPair: { api: Awaited<ReturnType<typeof spawnApi>>; worker: Awaited<ReturnType<typeof spawnWorker>>; sink: OtlpSink } | undefined;
  try {
    const tenant = await services.orm.em.fork().transactional((em) => createEnterpriseWithAdmin(em, { legalName: 'Bench Withdrawals Ltd', jurisdiction: 'GB', secretTtlDays: 1 }));
    worker = await spawnWorker(env);
    api = await spawnApi(env);
    // node:http on keep-alive sockets: the load generator shares the two cores with what it measures,
    // and fetch (undici) cost this process about 1 ms more CPU per request.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    const callAt = (base: string, method: string, p: string, body?: unknown, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; body: any }>((resolve, reject) => {
        const payload = body ? JSON.stringify(body) : undefined;
        const req = http.request(base + p, { method, agent, headers: { 'content-type': 'application/json', ...(payload ? { 'content-length': Buffer.byteLength(payload) } : {}), ...headers } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
          res.on('error', reject);
        });
        req.on('error', reject);
        req.end(payload);
      });
    const call = (method: string, p: string, body?: unknown, headers: Record<string, string> = {}) => callAt(api!.url, method, p, body, headers);
    const token = (await call('POST', '/oauth/token', { grant_type: 'client_credentials', client_id: tenant.client_id, client_secret: tenant.client_secret })).body.access_token;
    const auth = { authorization: `Bearer ${token}` };
    const accounts: string[] = [];
    for (let i = 0; i < ACCOUNTS; i++) {
      const client = (await call('POST', '/clients', { display_name: `Bench ${i}`, external_id: `bench-${i}`, metadata: {}, scope_ref: `enterprises/${tenant.enterprise_id}` }, auth)).body;
      accounts.push(client.default_client_account as string);
      await creditExternalDeposit(services.sql, { key: `bench-funding-${i}`, enterpriseId: tenant.enterprise_id, accountRef: accounts[i], asset: 'USDC', amount: parseAmount('100000000.00', 'USDC') });
    }
    const destination = (await call('POST', '/withdrawal-destinations', { rail_class: 'crypto', scope_ref: `enterprises/${tenant.enterprise_id}`, crypto_routing: { asset: 'USDC', network: 'ethereum', label: 'bench', destination: { address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', memo: null } } }, auth)).body.id;

    /** The offered load against one API and worker pair, through to every withdrawal executed. */
    const measure = async (target: { api: { url: string; child: { pid?: number } }; worker: { child: { pid?: number } } }) => {
      const posts: Array<{ id: string; startedAt: number }> = [];
      const postLatency: number[] = [];
      let failures = 0;
      let sent = 0;
      const withdraw = async () => {
        const startedAt = Date.now();
        const res = await callAt(target.api.url, 'POST', '/withdrawals', { account_ref: accounts[sent++ % ACCOUNTS], amount: { currency: 'USDC', value: '1.00' }, rail: 'ethereum', withdrawal_destination_id: destination }, { ...auth, 'idempotency-key': randomUUID() });
        if (res.status !== 201) {
          failures++;
          return;
        }
        postLatency.push(Date.now() - startedAt);
        posts.push({ id: res.body.id, startedAt });
      };
      log('warming up (the worker bundles its workflows on first start)');
      for (let i = 0; i < 5; i++) await withdraw();
      for (;;) {
        const [row] = await services.sql`select count(*)::int as n from withdrawals where status = 'executed' and id = any(${posts.map((p) => p.id)}::uuid[])`;
        if (row.n >= 5) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      posts.length = 0;
      postLatency.length = 0;

      log(`offering ${RATE} withdrawals/s for ${SECONDS} s`);
      const backlog: number[] = [];
      const pids = { api: target.api.child.pid!, worker: target.worker.child.pid!, temporal: temporal.pid };
      const cpuBefore = Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, cpuMs(pid)]));
      const [pgBefore, loadBefore] = [postgresCpuMs(dbName), self()];
      counter?.reset();
      const started = Date.now();
      await openLoop(RATE, SECONDS, () => withdraw(), async () => {
        const [row] = await services.sql`select count(*)::int as n from withdrawals where status = 'executing'`;
        backlog.push(row.n);
      });
      const ids = posts.map((p) => p.id);
      for (;;) {
        const [row] = await services.sql`select count(*) filter (where status <> 'executed')::int as open from withdrawals where id = any(${ids}::uuid[])`;
        if (row.open === 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const cpuPerWithdrawal = Object.entries(pids).map(([k, pid]) => ((cpuMs(pid) - cpuBefore[k]) / ids.length).toFixed(1)).join(' / ');
      const statements: StatementCounts | undefined = counter ? { ...counter.counts() } : undefined;
      const pgAndLoadPerWithdrawal = `${((postgresCpuMs(dbName) - pgBefore) / ids.length).toFixed(1)} / ${((self() - loadBefore) / ids.length).toFixed(1)}`;
      const rows = await services.sql`select id, settled_at from withdrawals where id = any(${ids}::uuid[])`;
      const settled = new Map(rows.map((r) => [r.id as string, new Date(r.settled_at).getTime()]));
      const toExecuted = posts.map((p) => settled.get(p.id)! - p.startedAt);
      const lastSettled = Math.max(...settled.values());
      const sustained = ids.length / ((lastSettled - started) / 1000);
      return { ids, failures, sustained, backlog, postLatency, toExecuted, cpuPerWithdrawal, pgAndLoadPerWithdrawal, statements };
    };

    if (TRACING_COMPARE) {
      const sink = await startOtlpSink();
      const tracedEnv = { ...env, ...sink.env, TEMPORAL_TASK_QUEUE: `${taskQueue}-traced` };
      tracedPair = { worker: await spawnWorker(tracedEnv), api: await spawnApi(tracedEnv), sink };
      const pairs = { off: { api, worker }, on: tracedPair };
      const rounds: Array<Record<'off' | 'on', Awaited<ReturnType<typeof measure>>>> = [];
      for (let i = 0; i < TRACING_ROUNDS; i++) rounds.push({ off: await measure(pairs.off), on: await measure(pairs.on) });
      type Run = Awaited<ReturnType<typeof measure>>;
      const row = (r: Run) =>
        `${r.sustained.toFixed(1)}/s, to executed p50 ${percentile(r.toExecuted, 50)} ms p99 ${percentile(r.toExecuted, 99)} ms, POST p50 ${percentile(r.postLatency, 50)} ms, CPU ms api / worker / temporal ${r.cpuPerWithdrawal}, ${r.failures} refused`;
      const line = (label: string, pick: (r: Run) => number, digits = 0) => {
        const [off, on] = [median(rounds.map((r) => pick(r.off))), median(rounds.map((r) => pick(r.on)))];
        return [label, `${off.toFixed(digits)} / ${on.toFixed(digits)} (${change(off, on)})`];
      };
      const cpu = (r: Run, k: number) => Number(r.cpuPerWithdrawal.split(' / ')[k]);
      report(`Withdrawals, tracing off / on (100 % sampled, OTLP http/protobuf), offered ${RATE}/s for ${SECONDS} s, ${TRACING_ROUNDS} alternating rounds (2 shared cores)`, {
        ...Object.fromEntries(rounds.flatMap((r, i) => [[`round ${i + 1} off`, row(r.off)], [`round ${i + 1} on`, row(r.on)]])),
        ...Object.fromEntries([
          line('median sustained withdrawals/s off / on', (r) => r.sustained, 1),
          line('median time to executed p50 (ms) off / on', (r) => percentile(r.toExecuted, 50)),
          line('median time to executed p99 (ms) off / on', (r) => percentile(r.toExecuted, 99)),
          line('median POST p50 (ms) off / on', (r) => percentile(r.postLatency, 50)),
          line('median CPU ms per withdrawal, api, off / on', (r) => cpu(r, 0), 1),
          line('median CPU ms per withdrawal, worker, off / on', (r) => cpu(r, 1), 1),
        ]),
        'paired: sustained/s, api CPU, worker CPU (median of the rounds\' on/off ratios)': [
          pairedChange(rounds.map((r) => ({ off: r.off.sustained, on: r.on.sustained }))),
          pairedChange(rounds.map((r) => ({ off: cpu(r.off, 0), on: cpu(r.on, 0) }))),
          pairedChange(rounds.map((r) => ({ off: cpu(r.off, 1), on: cpu(r.on, 1) }))),
        ].join(', '),
        ...Object.fromEntries([sink.summary()]),
        'API and worker runtime (BENCH_NODE=lts: the image\'s)': await roleRuntime(),
        'machine probe before / after (ms, lower is faster)': `${probeBefore} / ${machineProbeMs()}`,
      });
      return;
    }

    const { ids, failures, sustained, backlog, postLatency, toExecuted, cpuPerWithdrawal, pgAndLoadPerWithdrawal, statements } = await measure({ api, worker });

    // Baselines: bare workflows, same server, same rate.
    installTemporalRuntime(createLogger('warn'));
    const { code } = await bundleWorkflowCode({ workflowsPath: path.join(__dirname, 'withdrawals-baseline-workflow.ts'), logger: undefined });
    const tclient = new Client({ connection: await Connection.connect({ address: temporal.address }) });
    const baselines: Array<{ label: string; sustained: number; p50: number; p99: number; cpu: string }> = [];
    for (const { label, args } of BASELINES) {
      const baseQueue = `bench-bare-${randomUUID()}`;
      const bareWorker = await Worker.create({
        connection: await NativeConnection.connect({ address: temporal.address }),
        taskQueue: baseQueue,
        workflowBundle: { code },
        activities: { step: async (n: number) => n + 1 },
        // As the product's worker runs (its default COUNTERFOIL_WORKFLOW_ISOLATE_TIMEOUT_MS), so the ratio compares like with like.
        ...isolateTimeoutOptions(loadConfig(env).workflowIsolateTimeoutMs),
      });
      const bare: number[] = [];
      const bareRun = bareWorker.run();
      const runBare = async () => {
        const t0 = Date.now();
        await tclient.workflow.execute('bareWorkflow', { taskQueue: baseQueue, workflowId: `bare/${randomUUID()}`, args });
        bare.push(Date.now() - t0);
      };
      for (let i = 0; i < 5; i++) await runBare();
      bare.length = 0;
      const bareStarted = Date.now();
      const [selfBefore, temporalBefore] = [self(), cpuMs(temporal.pid)];
      await openLoop(RATE, SECONDS, () => runBare(), async () => {});
      const cpu = `${((self() - selfBefore) / bare.length).toFixed(1)} / ${((cpuMs(temporal.pid) - temporalBefore) / bare.length).toFixed(1)}`;
      baselines.push({ label, sustained: bare.length / ((Date.now() - bareStarted) / 1000), p50: percentile(bare, 50), p99: percentile(bare, 99), cpu });
      bareWorker.shutdown();
      await bareRun;
    }

    const [shape] = baselines;
    report(`Withdrawals without approval, POST → executed, zero-delay sandbox rail, offered ${RATE}/s for ${SECONDS} s from ${ACCOUNTS} account(s) (2 shared cores)`, {
      'withdrawals executed': `${ids.length} (${failures} refused)`,
      'sustained withdrawals/s': sustained.toFixed(1),
      'backlog (executing) per second': backlog.join(' '),
      'POST latency p50 / p99 (ms)': `${percentile(postLatency, 50)} / ${percentile(postLatency, 99)}`,
      'time to executed p50 / p99 (ms)': `${percentile(toExecuted, 50)} / ${percentile(toExecuted, 99)}`,
      'CPU ms per withdrawal: api / worker / temporal server': cpuPerWithdrawal,
      'CPU ms per withdrawal: PostgreSQL / this process (load, polls)': pgAndLoadPerWithdrawal,
      // API and worker only (this process's polls connect directly), from the first POST to the last executed.
      'statements per withdrawal (API + worker), by kind': statements ? perOperation(statements, ids.length) : 'not counted (BENCH_STATEMENTS=off)',
      ...(statements ? topStatements(statements, ids.length, TOP_STATEMENTS) : {}),
      ...Object.fromEntries(baselines.flatMap((b) => [
        [`${b.label} /s`, b.sustained.toFixed(1)],
        [`${b.label} p50 / p99 (ms)`, `${b.p50} / ${b.p99}`],
        [`${b.label} CPU ms: client+worker / temporal server`, b.cpu],
      ])),
      'ratio withdrawal / bare (1 local) /s': (sustained / shape.sustained).toFixed(2),
      'ratio withdrawal / bare (1 local) p50': (percentile(toExecuted, 50) / shape.p50).toFixed(2),
      'ratio withdrawal / bare (1 local) p99': (percentile(toExecuted, 99) / shape.p99).toFixed(2),
      'machine probe before / after (ms, lower is faster)': `${probeBefore} / ${machineProbeMs()}`,
    });
  } finally {
    await tracedPair?.api.stop();
    await tracedPair?.worker.stop();
    await tracedPair?.sink.stop();
    await api?.stop();
    await worker?.stop();
    await closeServices(services);
    await temporal.stop();
    await counter?.stop();
    await db.drop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
