// npm run bench:withdrawals — withdrawals without approval, POST to `executed`, zero-delay sandbox rail:
// sustained withdrawals/s at an offered rate with the backlog sampled each second, p50/p99 time to
// executed; then a bare workflow with the same number of activities on the same Temporal server
// (baseline) and the ratio. Targets: ≥ 50/s sustained, p50 ≤ 300 ms.
// Topology: API and worker each in their own process (as `counterfoil api` / `counterfoil worker`);
// the load generator and the baseline worker in this one. BENCH_RATE (50), BENCH_SECONDS (20).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker, bundleWorkflowCode } from '@temporalio/worker';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import { closeServices, createServices } from '../../src/services';
import { createEnterpriseWithAdmin } from '../../src/bootstrap';
import { creditExternalDeposit, parseAmount } from '../../src/ledger';
import { installTemporalRuntime } from '../../src/temporal/worker';
import { SEARCH_ATTRIBUTE_REGISTRATION } from '../../src/temporal/search-attributes';
import { ensureTemporalCli } from '../../temporal/cli';
import { freePort, startDevServer } from '../../temporal/dev-server';
import { ROOT, report, scratchDatabase, spawnApi } from './support';

const RATE = Number(process.env.BENCH_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
/** Activities of a withdrawal without approval: submit, rail outcome, settle. */
const ACTIVITIES = 3;

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]) : NaN;
};

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
  const log = (m: string) => process.stderr.write(`[bench] ${m}\n`);
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'counterfoil-bench-wd-'));
  const temporal = await startDevServer({
    cliPath: await ensureTemporalCli(log),
    port: await freePort(),
    uiPort: null,
    dbFile: null,
    namespace: 'default',
    logFile: path.join(tmp, 'temporal.log'),
    searchAttributes: SEARCH_ATTRIBUTE_REGISTRATION,
  });
  const db = await scratchDatabase('counterfoil_bench_wd');
  const taskQueue = `bench-${randomUUID()}`;
  const env = {
    DATABASE_URL: db.url,
    TEMPORAL_ADDRESS: temporal.address,
    TEMPORAL_TASK_QUEUE: taskQueue,
    COUNTERFOIL_SANDBOX_BLOCK_MS: '0',
    COUNTERFOIL_DATA_DIR: tmp,
    COUNTERFOIL_RATE_LIMIT_WRITE_PER_SECOND: '100000',
    COUNTERFOIL_RATE_LIMIT_READ_PER_SECOND: '100000',
    LOG_LEVEL: 'warn',
  };
  const services = await createServices({ config: loadConfig(env), log: createLogger('warn'), databaseUrl: db.url, temporalAddress: temporal.address, migrate: true, poolSize: 4 });
  let worker: ChildProcess | undefined;
  let api: Awaited<ReturnType<typeof spawnApi>> | undefined;
  try {
    const tenant = await services.orm.em.fork().transactional((em) => createEnterpriseWithAdmin(em, { legalName: 'Bench Withdrawals Ltd', jurisdiction: 'GB', secretTtlDays: 1 }));
    worker = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'worker'], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
    api = await spawnApi(env);
    const call = async (method: string, p: string, body?: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(api!.url + p, { method, headers: { 'content-type': 'application/json', ...headers }, body: body ? JSON.stringify(body) : undefined });
      return { status: res.status, body: (await res.json()) as any };
    };
    const token = (await call('POST', '/oauth/token', { grant_type: 'client_credentials', client_id: tenant.client_id, client_secret: tenant.client_secret })).body.access_token;
    const auth = { authorization: `Bearer ${token}` };
    const client = (await call('POST', '/clients', { display_name: 'Bench', external_id: 'bench', metadata: {}, scope_ref: `enterprises/${tenant.enterprise_id}` }, auth)).body;
    const account = client.default_client_account as string;
    await creditExternalDeposit(services.sql, { key: 'bench-funding', enterpriseId: tenant.enterprise_id, accountRef: account, asset: 'USDC', amount: parseAmount('100000000.00', 'USDC') });
    const destination = (await call('POST', '/withdrawal-destinations', { rail_class: 'crypto', scope_ref: `enterprises/${tenant.enterprise_id}`, crypto_routing: { asset: 'USDC', network: 'ethereum', label: 'bench', destination: { address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', memo: null } } }, auth)).body.id;

    const posts: Array<{ id: string; startedAt: number }> = [];
    const postLatency: number[] = [];
    let failures = 0;
    const withdraw = async () => {
      const startedAt = Date.now();
      const res = await call('POST', '/withdrawals', { account_ref: account, amount: { currency: 'USDC', value: '1.00' }, rail: 'ethereum', withdrawal_destination_id: destination }, { ...auth, 'idempotency-key': randomUUID() });
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
      const [row] = await services.sql`select count(*)::int as n from withdrawals where status = 'executed'`;
      if (row.n >= 5) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    posts.length = 0;
    postLatency.length = 0;

    log(`offering ${RATE} withdrawals/s for ${SECONDS} s`);
    const backlog: number[] = [];
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
    const rows = await services.sql`select id, settled_at from withdrawals where id = any(${ids}::uuid[])`;
    const settled = new Map(rows.map((r) => [r.id as string, new Date(r.settled_at).getTime()]));
    const toExecuted = posts.map((p) => settled.get(p.id)! - p.startedAt);
    const lastSettled = Math.max(...settled.values());
    const sustained = ids.length / ((lastSettled - started) / 1000);

    // Baseline: a bare workflow with the same number of activities, same server, same rate.
    installTemporalRuntime(createLogger('warn'));
    const baseQueue = `bench-bare-${randomUUID()}`;
    const { code } = await bundleWorkflowCode({ workflowsPath: path.join(__dirname, 'withdrawals-baseline-workflow.ts'), logger: undefined });
    const bareWorker = await Worker.create({
      connection: await NativeConnection.connect({ address: temporal.address }),
      taskQueue: baseQueue,
      workflowBundle: { code },
      activities: { step: async (n: number) => n + 1 },
    });
    const tclient = new Client({ connection: await Connection.connect({ address: temporal.address }) });
    const bare: number[] = [];
    const bareRun = bareWorker.run();
    const runBare = async () => {
      const t0 = Date.now();
      await tclient.workflow.execute('bareWorkflow', { taskQueue: baseQueue, workflowId: `bare/${randomUUID()}`, args: [ACTIVITIES] });
      bare.push(Date.now() - t0);
    };
    for (let i = 0; i < 5; i++) await runBare();
    bare.length = 0;
    const bareStarted = Date.now();
    await openLoop(RATE, SECONDS, () => runBare(), async () => {});
    const bareSustained = bare.length / ((Date.now() - bareStarted) / 1000);
    bareWorker.shutdown();
    await bareRun;

    report(`Withdrawals without approval, POST → executed, zero-delay sandbox rail, offered ${RATE}/s for ${SECONDS} s (2 shared cores)`, {
      'withdrawals executed': `${ids.length} (${failures} refused)`,
      'sustained withdrawals/s': sustained.toFixed(1),
      'backlog (executing) per second': backlog.join(' '),
      'POST latency p50 / p99 (ms)': `${percentile(postLatency, 50)} / ${percentile(postLatency, 99)}`,
      'time to executed p50 / p99 (ms)': `${percentile(toExecuted, 50)} / ${percentile(toExecuted, 99)}`,
      [`bare workflow (${ACTIVITIES} no-op activities) /s`]: bareSustained.toFixed(1),
      'bare workflow p50 / p99 (ms)': `${percentile(bare, 50)} / ${percentile(bare, 99)}`,
      'ratio withdrawal / bare p50': (percentile(toExecuted, 50) / percentile(bare, 50)).toFixed(2),
      'ratio withdrawal / bare p99': (percentile(toExecuted, 99) / percentile(bare, 99)).toFixed(2),
    });
  } finally {
    await api?.stop();
    if (worker) {
      worker.kill('SIGTERM');
      await new Promise((r) => worker!.once('exit', r));
    }
    await closeServices(services);
    await temporal.stop();
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
