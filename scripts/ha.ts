// npm run ha — Counterfoil on a highly available PostgreSQL, run for real on this machine, with faults of
// the database under the topology's mixed load, then a point-in-time recovery drill. Prints a table; exits
// non-zero when a check fails.
//
// What it starts (every process with setpriv --pdeathsig, nothing outlives it; a work folder under the OS
// temp dir, removed at the end): one etcd member, three Patroni-managed PostgreSQL 15 nodes in synchronous
// mode, HAProxy (read-write port to the leader, read-only port to the replicas), pgBackRest archiving and
// a full backup, the real Temporal server (its persistence on the machine's PostgreSQL, DATABASE_URL or
// 127.0.0.1:5432, so Temporal's own failover stays out of this test), and 2 API + 2 worker processes whose
// DATABASE_URL is HAProxy's read-write port. Ports 16400–16499 (see scripts/ha/cluster.ts).
//
// Needs root: it runs `apt-get install -y patroni etcd-server etcd-client haproxy pgbackrest` when those
// are missing, and PostgreSQL runs as the `postgres` OS user. PostgreSQL 15 in /usr/lib/postgresql/15/bin.
//
// Settings: HA_CONCURRENCY (6 clients), HA_KEEP=1 keeps the work folder (logs, configs) for a look afterwards.
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type postgres from 'postgres';
import { connectPostgres } from '../src/db/connect';
import { withDatabase } from '../src/db/postgres-server';
import {
  dropTemporalDatabases,
  ensureTemporalServer,
  makeCertificates,
  postgresTarget,
  setUpTemporalDatabases,
  startRealServer,
  temporalEnv,
  type RealServer,
} from '../temporal/real-server';
import { call } from '../test/helpers/app';
import { treeCpuSeconds } from './ha/cpu';
import { writeOutage, percentile, routeOf } from './ha/outage';
import { Daemon, ensurePackages, isAlive, PG_BIN, PORTS, startCluster, TIMINGS, until, type HaCluster } from './ha/cluster';
import { checkOutcome, printReport, type Check } from './topology/checks';
import { Client, type Attempt } from './topology/client';
import { MixedLoad, settled, setUpTenant } from './topology/load';
import { dedupingReceiver } from './topology/receiver';
import { counterfoil, ProcessRole, setUpCounterfoil, type Role } from './topology/role';

const CONCURRENCY = Number(process.env.HA_CONCURRENCY ?? 6);
const KEEP = process.env.HA_KEEP === '1';
const ACCOUNTS = 8;
/** How long a client retries one request (same Idempotency-Key); far longer than any failover. */
const RETRY_FOR_MS = 90_000;
/** An attempt without an answer within this is abandoned and retried: no request may hang past it. */
const REQUEST_TIMEOUT_MS = 15_000;
const SETTLE_TIMEOUT_MS = 180_000;
/** Each fault waits for the cluster to be whole again (a former primary rewound and streaming) within this. */
const HEAL_TIMEOUT_MS = 120_000;
/** Load between faults, so each outage is measured from a steady state. */
const STEADY_MS = 6_000;
const GOAL_UNPLANNED_S = 15;
const GOAL_SWITCHOVER_S = 3;
/** Each half of the read-heavy phase (without, then with DATABASE_READ_URL). */
const READ_PHASE_MS = 20_000;

const log = (m: string) => process.stderr.write(`[ha ${new Date().toISOString().slice(11, 19)}] ${m}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seconds = (ms: number) => (ms / 1000).toFixed(1);

interface Fault {
  name: string;
  kind: 'unplanned' | 'switchover' | 'replica';
  at: number;
  /** When the cluster was whole again (leader, synchronous standby, every member streaming). */
  healedAt?: number;
  detail?: string;
}

async function main(): Promise<void> {
  const started = Date.now();
  await ensurePackages(log);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'counterfoil-ha-'));
  log(`work folder ${work}`);
  const temporalServerUrl = withDatabase(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', 'postgres');
  const temporalPg = postgresTarget(temporalServerUrl);
  const suffix = randomBytes(4).toString('hex');
  const temporalDbs = { database: `temporal_ha_${suffix}`, visibilityDatabase: `temporal_ha_${suffix}_visibility` };

  let cluster: HaCluster | undefined;
  let server: RealServer | undefined;
  let sql: postgres.Sql | undefined;
  let restoredPostgres: Daemon | undefined;
  let temporalDbsMade = false;
  const roles: Role[] = [];
  const receiver = await dedupingReceiver(PORTS.receiver);
  let failed = true;
  try {
    const bins = await ensureTemporalServer(log);
    cluster = await startCluster(work, log);

    // Counterfoil's database on the cluster, owned by a role of its own (not the superuser).
    const appPassword = randomBytes(18).toString('base64url');
    const admin = connectPostgres(cluster.adminUrl('postgres'), { max: 1, onnotice: () => {} });
    await admin.unsafe(`create role counterfoil login password '${appPassword}'`);
    await admin.unsafe('create database counterfoil owner counterfoil');
    await admin.end({ timeout: 5 });
    const appUrl = (port: number) => `postgres://counterfoil:${appPassword}@127.0.0.1:${port}/counterfoil`;
    const databaseUrl = appUrl(PORTS.haproxyWrite);

    // Backups: the stanza, then archive_command through Patroni's dynamic configuration (a reload on every
    // node), a check that WAL reaches the repository, and a full backup.
    await cluster.pgbackrest(['stanza-create']);
    const archiveCommand = `pgbackrest --stanza=counterfoil archive-push "%p"`;
    await patchConfig(cluster, { postgresql: { parameters: { archive_command: archiveCommand } } });
    await until(async () => {
      const c = connectPostgres(cluster!.adminUrl('postgres'), { max: 1, onnotice: () => {} });
      try {
        const [row] = await c`select current_setting('archive_command') as cmd`;
        return row.cmd === archiveCommand;
      } finally {
        await c.end({ timeout: 1 });
      }
    }, 30_000, 'archive_command to reach the leader');
    await cluster.pgbackrest(['check']);
    log('pgBackRest stanza counterfoil: archiving checked');

    const certs = await makeCertificates(path.join(work, 'certs'));
    await setUpTemporalDatabases(bins, temporalPg, temporalDbs);
    temporalDbsMade = true;
    server = await startRealServer({ binaries: bins, postgres: temporalPg, ...temporalDbs, certificates: certs, dir: path.join(work, 'temporal') });
    log(`Temporal server ${server.address} (persistence on ${temporalPg.host}:${temporalPg.port}, not on the cluster)`);

    const base: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATABASE_URL: databaseUrl,
      ...temporalEnv(server, certs),
      TEMPORAL_TASK_QUEUE: 'counterfoil-ha',
      COUNTERFOIL_DATA_DIR: path.join(work, 'data'),
      COUNTERFOIL_SANDBOX_BLOCK_MS: '50',
      COUNTERFOIL_RATE_LIMIT_READ_PER_SECOND: '100000',
      COUNTERFOIL_RATE_LIMIT_WRITE_PER_SECOND: '100000',
      COUNTERFOIL_RATE_LIMIT_TOKEN_PER_SECOND: '100000',
      LOG_LEVEL: 'warn',
    };
    const logDir = path.join(work, 'logs');
    const credentials = await setUpCounterfoil(base, path.join(work, 'credentials.json'), log);
    const apiRole = (i: number, env: Record<string, string>) => {
      const p = PORTS.api(i);
      return new ProcessRole(`api-${i + 1}`, 'api', { ...env, COUNTERFOIL_API_PORT: String(p.api), COUNTERFOIL_SIGNED_API_PORT: String(p.signed), COUNTERFOIL_OPS_PORT: String(p.ops) }, logDir, 420_000);
    };
    const workerRole = (i: number) => new ProcessRole(`worker-${i + 1}`, 'worker', { ...base, COUNTERFOIL_OPS_PORT: String(PORTS.workerOps(i)) }, logDir, 420_000);
    const [api1, api2, worker1, worker2] = [apiRole(0, base), apiRole(1, base), workerRole(0), workerRole(1)];
    roles.push(api1, api2, worker1, worker2);
    // Two at a time, and started again when one gives up on reaching Temporal during its start-up (it
    // exits after the SDK's connect timeout, which a machine this busy can exceed).
    await Promise.all([startRetrying(api1, logDir), startRetrying(worker1, logDir)]);
    await Promise.all([startRetrying(api2, logDir), startRetrying(worker2, logDir)]);
    log('api-1, api-2, worker-1, worker-2 ready');
    // Out of the fault load: the read-heavy phase compares it (reads that tolerate lag on HAProxy's
    // read-only port) with api-1 (everything on the primary).
    const readerApi = apiRole(3, { ...base, DATABASE_READ_URL: appUrl(PORTS.haproxyRead) });
    roles.push(readerApi);
    // Awaited before the read-heavy phase; a failed start is kept until then (not an unhandled rejection).
    const readerStarted = startRetrying(readerApi, logDir).then(() => null, (err: Error) => err);

    sql = connectPostgres(databaseUrl, { max: 2, onnotice: () => {} });
    const tenant = await setUpTenant(api1, sql, credentials, receiver.url, ACCOUNTS);
    log(`tenant ready: ${ACCOUNTS} funded accounts (${tenant.governed.length} under an approval rule)`);

    const backupStarted = Date.now();
    await cluster.pgbackrest(['--type=full', 'backup']);
    const backupMs = Date.now() - backupStarted;
    const info = JSON.parse(await cluster.pgbackrest(['--output=json', 'info'])) as Array<{ backup: Array<{ info: { size: number; repository: { size: number } } }> }>;
    const full = info[0].backup[info[0].backup.length - 1].info;
    log(`full backup in ${seconds(backupMs)} s: database ${mb(full.size)}, in the repository ${mb(full.repository.size)}`);

    // The load with faults.
    const attempts: Attempt[] = [];
    // Every attempt, one JSON line each, for a look afterwards (HA_KEEP=1).
    const attemptLog = fs.openSync(path.join(logDir, 'attempts.jsonl'), 'a');
    const client = new Client({
      retryForMs: RETRY_FOR_MS,
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
      onAttempt: (a) => {
        attempts.push(a);
        fs.writeSync(attemptLog, `${JSON.stringify(a)}\n`);
      },
    });
    const tally = client.tally;
    const load = new MixedLoad(tenant, client, log);
    const apis = [api1, api2];
    let going = true;
    const running = load.run(apis, CONCURRENCY, () => going);
    const faults: Fault[] = [];
    const fault = (name: string, kind: Fault['kind']) => {
      const f: Fault = { name, kind, at: Date.now() };
      faults.push(f);
      log(`fault: ${name}`);
      return f;
    };
    const timeline = async () => (await cluster!.members()).find((m) => m.role === 'leader')?.timeline ?? 0;
    /** Whole again: healthy, and for a change of leader, on a new timeline (right after a kill Patroni has not noticed yet). */
    const heal = async (f: Fault, afterTimeline?: number) => {
      if (afterTimeline !== undefined) await until(async () => (await timeline()) > afterTimeline, HEAL_TIMEOUT_MS, 'a new leader on a new timeline');
      const members = await cluster!.waitHealthy(HEAL_TIMEOUT_MS);
      f.healedAt = Date.now();
      const lead = members.find((m) => m.role === 'leader');
      f.detail = `${lead?.name} leads on timeline ${lead?.timeline}, whole again after ${seconds(f.healedAt - f.at)} s`;
      log(`  ${f.detail}`);
      await sleep(STEADY_MS);
    };
    const killPostmaster = async (name: string) => {
      const pid = cluster!.postmasterPid(name);
      if (!pid || !isAlive(pid)) throw new Error(`no running postmaster on ${name}`);
      process.kill(pid, 'SIGKILL');
    };
    try {
      await sleep(STEADY_MS);

      let leader = await mustLead(cluster);
      let tl = await timeline();
      let f = fault(`SIGKILL the primary's postmaster (${leader})`, 'unplanned');
      await killPostmaster(leader);
      await heal(f, tl);

      leader = await mustLead(cluster);
      tl = await timeline();
      const candidate = (await cluster.waitHealthy(HEAL_TIMEOUT_MS)).find((m) => m.role === 'sync_standby')!.name;
      f = fault(`patronictl switchover ${leader} → ${candidate}`, 'switchover');
      await cluster.patronictl(['switchover', '--leader', leader, '--candidate', candidate, '--force']);
      await heal(f, tl);

      // A burst of group commits: many transfers at once, the postmaster killed while they commit.
      leader = await mustLead(cluster);
      tl = await timeline();
      const burst = Promise.all(Array.from({ length: 24 }, () => load.transfer(apis)));
      await sleep(150);
      f = fault(`SIGKILL the primary's postmaster (${leader}) during a burst of 24 transfers`, 'unplanned');
      await killPostmaster(leader);
      await heal(f, tl);
      await burst;

      leader = await mustLead(cluster);
      tl = await timeline();
      f = fault(`SIGKILL the leader's Patroni (${leader}; its PostgreSQL left running)`, 'unplanned');
      await cluster.node(leader).patroni.stop('SIGKILL');
      const former = leader;
      await until(async () => ((await cluster!.leader()) ?? former) !== former, HEAL_TIMEOUT_MS, 'a new leader');
      // Patroni started again finds its PostgreSQL a primary without the leader key: it demotes and rewinds it.
      cluster.node(former).patroni.start();
      await heal(f, tl);

      const sync = (await cluster.waitHealthy(HEAL_TIMEOUT_MS)).find((m) => m.role === 'sync_standby')!.name;
      f = fault(`stop the synchronous standby (${sync}), start it again`, 'replica');
      await cluster.node(sync).patroni.stop('SIGTERM', 60_000);
      await until(async () => (await cluster!.members()).some((m) => m.role === 'sync_standby' && m.name !== sync), HEAL_TIMEOUT_MS, 'another synchronous standby');
      const replaced = (await cluster.members()).find((m) => m.role === 'sync_standby')!.name;
      f.name += ` (${replaced} became the synchronous standby after ${seconds(Date.now() - f.at)} s)`;
      await sleep(STEADY_MS);
      cluster.node(sync).patroni.start();
      await heal(f);
    } finally {
      going = false;
      await running;
    }
    const loadEnded = Date.now();
    log('load done; waiting for withdrawals to settle and webhooks to arrive');

    const outcome = await checkOutcome({
      sql,
      enterpriseId: credentials.enterprise_id,
      ops: load.ops,
      tally,
      receiver,
      eventsAfterSeq: tenant.eventsAfterSeq,
      verify: () => counterfoil(['ledger', 'verify'], base),
      retryForMs: RETRY_FOR_MS,
      settleTimeoutMs: SETTLE_TIMEOUT_MS,
      log,
    });
    const checks: Check[] = outcome.checks;

    // RPO 0 on every node: each holds every acknowledged transfer (read straight from its port).
    const acknowledged = [...load.ops.transfers.values()].filter((t) => t.id).map((t) => t.id!);
    await cluster.waitHealthy(HEAL_TIMEOUT_MS);
    const perNode: string[] = [];
    for (let i = 0; i < cluster.nodes.length; i++) {
      const node = connectPostgres(appUrl(PORTS.postgres(i)), { max: 1, onnotice: () => {} });
      try {
        const [row] = await node`select count(*)::int as n from internal_transfers where id = any(${acknowledged}::uuid[])`;
        perNode.push(`${cluster.nodes[i].name} ${row.n}`);
      } finally {
        await node.end({ timeout: 1 });
      }
    }
    check(checks, 'every node holds every acknowledged transfer (RPO 0)', perNode.every((p) => p.endsWith(` ${acknowledged.length}`)), `${acknowledged.length} acknowledged; ${perNode.join(', ')}`);

    // Outages per fault.
    const rows: Array<[string, string]> = [];
    const gaps: Record<Fault['kind'], number[]> = { unplanned: [], switchover: [], replica: [] };
    const firstFailed: Record<Fault['kind'], number[]> = { unplanned: [], switchover: [], replica: [] };
    faults.forEach((f, i) => {
      const to = faults[i + 1]?.at ?? loadEnded;
      const o = writeOutage(attempts, f.at, to);
      gaps[f.kind].push(o.longestGapMs);
      firstFailed[f.kind].push(o.outageMs);
      const retries = attempts.filter((a) => !a.definitive && a.endedAt >= f.at && a.endedAt < to).length;
      rows.push([`${i + 1}. ${f.name}`, `no write succeeded for ${seconds(o.longestGapMs)} s (first failed → first succeeded ${seconds(o.outageMs)} s); ${o.failed} failed write attempts, ${retries} client retries, slowest write ${seconds(o.slowestWriteMs)} s (${o.slowestWritePath}); ${f.detail ?? 'did not heal'}`]);
      for (const a of attempts.filter((x) => x.method === 'POST' && x.endedAt >= f.at && x.endedAt < to && x.endedAt - x.startedAt > 5000)) {
        log(`  fault ${i + 1}: slow write ${routeOf(a.path)} ${a.status} ${seconds(a.endedAt - a.startedAt)} s, started ${seconds(a.startedAt - f.at)} s after the fault`);
      }
    });
    const unplanned = gaps.unplanned;
    const switchover = gaps.switchover;
    // The client abandons an attempt at REQUEST_TIMEOUT_MS; on a saturated machine its timer fires a few seconds late.
    const hung = tally.slowestMs > REQUEST_TIMEOUT_MS + 5000;
    check(checks, 'no request hung past the client timeout', !hung && tally.unanswered === 0,
      `slowest attempt ${seconds(tally.slowestMs)} s (timeout ${REQUEST_TIMEOUT_MS / 1000} s); ${tally.timeouts} attempts reached it and were retried`);
    check(checks, 'every fault healed (leader, synchronous standby, 3 members streaming)', faults.length === 5 && faults.every((f) => f.healedAt), `${faults.filter((f) => f.healedAt).length} of 5`);

    // The primary's CPU under reads that tolerate lag: api-1 (every read on the primary), then api-4 (those
    // reads on HAProxy's read-only port), the same reads and clients, one after the other.
    const readerFailed = await readerStarted;
    if (readerFailed) throw readerFailed;
    const cpu: Array<{ cpuPerS: number; readsPerS: number }> = [];
    for (const api of [api1, readerApi]) {
      const leaderPid = cluster.postmasterPid(await mustLead(cluster));
      if (!leaderPid) throw new Error('no postmaster pid of the leader');
      const c0 = treeCpuSeconds(leaderPid);
      const t0 = Date.now();
      const reads = await readHeavyMix(tenant, client, api, CONCURRENCY, started, READ_PHASE_MS);
      const elapsed = (Date.now() - t0) / 1000;
      cpu.push({ cpuPerS: (treeCpuSeconds(leaderPid) - c0) / elapsed, readsPerS: reads / elapsed });
      log(`read-heavy mix on ${api.name}: ${cpu[cpu.length - 1].readsPerS.toFixed(0)} reads/s, primary CPU ${cpu[cpu.length - 1].cpuPerS.toFixed(3)} s/s`);
    }
    const perThousand = (c: { cpuPerS: number; readsPerS: number }) => ((c.cpuPerS / c.readsPerS) * 1000).toFixed(1);
    const cpuRow = `${cpu[0].cpuPerS.toFixed(2)} CPU-s/s at ${cpu[0].readsPerS.toFixed(0)} reads/s (${perThousand(cpu[0])} CPU-s per 1000 reads) without DATABASE_READ_URL; ` +
      `${cpu[1].cpuPerS.toFixed(2)} CPU-s/s at ${cpu[1].readsPerS.toFixed(0)} reads/s (${perThousand(cpu[1])} per 1000) with it`;

    // A signed checkpoint of the hash chains before T: the restored ledger must verify it.
    const checkpoint = await counterfoil(['ledger', 'checkpoint'], base);
    const checkpointIds = checkpoint.code === 0 ? (JSON.parse(checkpoint.output.slice(checkpoint.output.indexOf('{'))) as { checkpoints: unknown[] }).checkpoints.length : 0;
    check(checks, 'a signed ledger checkpoint before T', checkpoint.code === 0 && checkpointIds > 0, `${checkpointIds} signed (exit ${checkpoint.code})${checkpoint.code === 0 ? '' : `: ${checkpoint.output.trim().split('\n').slice(-3).join(' ')}`}`);

    // Point-in-time recovery: quiet instant T, balances as of T from the live API, more load, restore to T.
    log('restore drill: noting instant T');
    await sleep(1500);
    const T = new Date();
    await sleep(1500);
    const sample = [...tenant.accounts.slice(0, 4), ...tenant.governed.slice(0, 2)];
    const asOf = new Map<string, unknown>();
    for (const account of sample) {
      const res = await call(api1.url, 'GET', `/${account}/balances?as_of=${encodeURIComponent(T.toISOString())}`, { token: tenant.admin });
      if (res.status !== 200) throw new Error(`as_of balances of ${account}: ${res.status} ${res.text}`);
      asOf.set(account, normalise(res.body.items));
    }
    const beforeT = new Set(load.ops.transfers.keys());
    let moreLoad = true;
    const afterLoad = load.run(apis, CONCURRENCY, () => moreLoad);
    await sleep(10_000);
    moreLoad = false;
    await afterLoad;
    const afterT = [...load.ops.transfers].filter(([k, t]) => !beforeT.has(k) && t.id).map(([, t]) => t.id!);
    const afterWithdrawals = [...load.ops.withdrawals.values()].filter((w) => w.id).map((w) => w.id!);
    await settled(sql, afterWithdrawals, SETTLE_TIMEOUT_MS).catch((err: Error) => log(err.message));
    // Switches WAL and waits until the segment holding the commits after T is in the repository.
    await cluster.pgbackrest(['check']);

    const restoreDir = path.join(work, 'restore');
    fs.mkdirSync(restoreDir, { mode: 0o700 });
    fs.chownSync(restoreDir, ...postgresIds());
    const target = T.toISOString().replace('T', ' ').replace('Z', '+00');
    const restoreStarted = Date.now();
    await cluster.pgbackrest([`--pg1-path=${restoreDir}`, '--type=time', `--target=${target}`, '--target-action=promote', 'restore']);
    restoredPostgres = new Daemon('postgres-restored', path.join(PG_BIN, 'postgres'), [
      '-D', restoreDir, '-c', `port=${PORTS.restored}`, '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${restoreDir}`,
      '-c', `hba_file=${restoreDir}/pg_hba.conf`, '-c', `ident_file=${restoreDir}/pg_ident.conf`,
      // A plain server: no archiving into the cluster's repository, no synchronous standby to wait for.
      '-c', 'archive_mode=off', '-c', 'synchronous_standby_names=', '-c', 'cluster_name=restored',
    ], logDir, { asPostgres: true });
    restoredPostgres.start();
    const restoredUrl = appUrl(PORTS.restored);
    await until(async () => {
      const c = connectPostgres(restoredUrl, { max: 1, onnotice: () => {}, connect_timeout: 2 });
      try {
        const [row] = await c`select pg_is_in_recovery() as r`;
        return row.r === false;
      } finally {
        await c.end({ timeout: 1 });
      }
    }, 300_000, 'the restored server to reach T and promote');
    const restoreMs = Date.now() - restoreStarted;
    log(`restored to ${target} and promoted in ${seconds(restoreMs)} s`);

    const restoredEnv = { ...base, DATABASE_URL: restoredUrl };
    const restoredVerify = await counterfoil(['ledger', 'verify'], restoredEnv);
    const verifiedCheckpoints = Number(/(\d+) checkpoints/.exec(restoredVerify.output)?.[1] ?? 0);
    const signaturesChecked = !restoredVerify.output.includes('signatures not checked');
    check(checks, 'restored: counterfoil ledger verify, signed checkpoints up to T included', restoredVerify.code === 0 && verifiedCheckpoints > 0 && signaturesChecked,
      `${restoredVerify.output.trim().split('\n').find((l) => l.startsWith('ledger')) ?? restoredVerify.output.trim()}${signaturesChecked ? '; signatures checked' : '; signatures NOT checked'}`);
    const restoredApi = apiRole(2, restoredEnv);
    roles.push(restoredApi);
    await startRetrying(restoredApi, logDir);
    const differing: string[] = [];
    for (const account of sample) {
      const res = await call(restoredApi.url, 'GET', `/${account}/balances`, { token: tenant.admin });
      if (res.status !== 200 || JSON.stringify(normalise(res.body.items)) !== JSON.stringify(asOf.get(account))) differing.push(`${account}: ${res.status} ${JSON.stringify(res.body?.items ?? res.text)} vs ${JSON.stringify(asOf.get(account))}`);
    }
    check(checks, 'restored balances equal the live as_of=T answers', differing.length === 0, `${sample.length} accounts; ${differing.length} differ${differing.length ? `: ${differing.join('; ')}` : ''}`);
    const rsql = connectPostgres(restoredUrl, { max: 1, onnotice: () => {} });
    try {
      const [late] = await rsql`select count(*)::int as n, max(booked_at)::text as last from ledger_postings where booked_at > ${T}`;
      const [beforeRow] = await rsql`select count(*)::int as n from internal_transfers where id = any(${acknowledged}::uuid[])`;
      const [afterRow] = await rsql`select count(*)::int as n from internal_transfers where id = any(${afterT}::uuid[])`;
      const [cp] = await rsql`select count(*)::int as n, count(*) filter (where created_at > ${T})::int as late from ledger_checkpoints`;
      check(checks, 'restored: signed checkpoints taken before T, none after', cp.n > 0 && cp.late === 0, `${cp.n} checkpoints, ${cp.late} after T`);
      check(checks, 'restored: everything up to T, nothing after it', late.n === 0 && afterRow.n === 0 && beforeRow.n === acknowledged.length,
        `${beforeRow.n} of ${acknowledged.length} transfers acknowledged before T, ${afterRow.n} of ${afterT.length} after T, ${late.n} postings booked after T`);
    } finally {
      await rsql.end({ timeout: 1 });
    }

    const table: Array<[string, string]> = [
      ['operations acknowledged (2xx)', String(tally.acknowledged)],
      ['operations refused (4xx: one in ten transfers on purpose)', String(tally.refused)],
      ['client retries (same Idempotency-Key)', `${tally.retries} (${tally.status5xx} after a 5xx, ${tally.timeouts} after no answer in ${REQUEST_TIMEOUT_MS / 1000} s)`],
      ['lost (events, transfers, withdrawals) = RPO', String(outcome.lost)],
      ['duplicated (stored twice / processed twice)', `${outcome.extra} / ${outcome.processedTwice} (webhook redeliveries deduplicated: ${outcome.redelivered})`],
      ['ledger violations', String(outcome.violations)],
      ...rows,
      ['longest stretch without a successful write, unplanned failovers (p50 / max)', `${seconds(percentile(unplanned, 50))} s / ${seconds(Math.max(...unplanned))} s (goal ≤ ${GOAL_UNPLANNED_S} s: ${Math.max(...unplanned) <= GOAL_UNPLANNED_S * 1000 ? 'met' : 'missed'})`],
      ['first failed → first succeeded write, unplanned failovers (p50 / max)', `${seconds(percentile(firstFailed.unplanned, 50))} s / ${seconds(Math.max(...firstFailed.unplanned))} s`],
      ['longest stretch without a successful write, switchover', `${seconds(switchover[0] ?? 0)} s; first failed → first succeeded ${seconds(firstFailed.switchover[0] ?? 0)} s (goal ≤ ${GOAL_SWITCHOVER_S} s: ${(switchover[0] ?? 0) <= GOAL_SWITCHOVER_S * 1000 ? 'met' : 'missed'})`],
      ['primary CPU under lag-tolerant reads (postmaster and backends)', cpuRow],
      ['slowest request attempt', `${seconds(tally.slowestMs)} s (client timeout ${REQUEST_TIMEOUT_MS / 1000} s)`],
      ['Patroni timings', `ttl ${TIMINGS.ttl} s, loop_wait ${TIMINGS.loop_wait} s, retry_timeout ${TIMINGS.retry_timeout} s, primary_start_timeout ${TIMINGS.primary_start_timeout}, synchronous_mode_strict on, wal_retrieve_retry_interval ${TIMINGS.wal_retrieve_retry_interval}`],
      ['full backup (pgBackRest, lz4)', `${seconds(backupMs)} s; database ${mb(full.size)}, repository ${mb(full.repository.size)}`],
      ['restore to T (fetch + WAL replay + promote)', `${seconds(restoreMs)} s`],
      ['whole run', `${Math.round((Date.now() - started) / 1000)} s, ${CONCURRENCY} clients`],
    ];
    failed = !printReport('HA run: 3 Patroni nodes (synchronous), HAProxy, 2 API + 2 worker processes, restore drill', table, checks);
  } catch (err) {
    log(`run failed: ${(err as Error).stack ?? err}`);
    for (const r of roles) {
      const note = r instanceof ProcessRole ? r.exitNote() : null;
      if (note) log(note);
    }
  } finally {
    for (const r of roles) await r.kill('SIGTERM');
    await receiver.close();
    await sql?.end({ timeout: 2 }).catch(() => undefined);
    await server?.stop();
    await restoredPostgres?.stop('SIGINT', 30_000);
    await cluster?.stop().catch((err: Error) => log(`stopping the cluster: ${err.message}`));
    if (temporalDbsMade) {
      const bins = await ensureTemporalServer(log);
      await dropTemporalDatabases(bins, temporalPg, temporalDbs).catch((err: Error) => log(`could not drop the Temporal databases: ${err.message}`));
    }
    if (!KEEP) fs.rmSync(work, { recursive: true, force: true });
    else log(`kept ${work}`);
  }
  process.exitCode = failed ? 1 : 0;
}

/**
 * `concurrency` closed-loop clients for `ms` on one API: statements, as_of balances and event listings
 * (the reads that tolerate lag), nothing else, so the primary's CPU is what these reads cost it (a
 * write now and then would dwarf them: a transfer is a group commit, an idempotency record, an event
 * and an outbox row). Answers how many reads were answered 200.
 */
async function readHeavyMix(tenant: Awaited<ReturnType<typeof setUpTenant>>, client: Client, api: Role, concurrency: number, since: number, ms: number): Promise<number> {
  const until = Date.now() + ms;
  let reads = 0;
  const one = async (worker: number) => {
    for (let i = worker; Date.now() < until; i++) {
      const account = tenant.accounts[i % tenant.accounts.length];
      // A second in the past: an instant the replica has usually replayed already.
      const past = new Date(Date.now() - 1000).toISOString();
      const paths = [
        `/${account}/statement?asset=USD&from=${encodeURIComponent(new Date(since).toISOString())}&to=${encodeURIComponent(past)}&page_size=50`,
        `/${account}/balances?as_of=${encodeURIComponent(past)}`,
        '/events?page_size=50',
      ];
      const res = await client.request(api.url, 'GET', paths[i % paths.length], tenant.admin, undefined, {});
      if (res.status === 200) reads++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, w) => one(w)));
  return reads;
}

async function startRetrying(role: Role, logDir: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await role.start();
    } catch (err) {
      const output = fs.readFileSync(path.join(logDir, `${role.name}.log`), 'utf8');
      const tail = output.trimEnd().split('\n').slice(-12);
      if (attempt === 3 || !/exited during start-up/.test(String(err)) || !tail.some((l) => l.includes('Failed to connect to Temporal server'))) {
        // The work folder goes when the run ends: the reason goes into the run's own output.
        throw new Error(`${String(err)}\n${tail.join('\n')}`);
      }
      log(`${role.name} exited during start-up: could not connect to Temporal in time; starting it again`);
    }
  }
}

function check(checks: Check[], name: string, ok: boolean, detail: string): void {
  checks.push({ name, ok, detail });
}

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** Balances as compared: asset, total, held, available (the instant they describe left out). */
function normalise(items: Array<Record<string, unknown>>): unknown {
  return (items ?? []).map((b) => ({ asset: b.asset, total: b.total, held: b.held, available: b.available })).sort((a, b) => String(a.asset).localeCompare(String(b.asset)));
}

function postgresIds(): [number, number] {
  const line = fs.readFileSync('/etc/passwd', 'utf8').split('\n').find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('no postgres OS user');
  const [, , uid, gid] = line.split(':');
  return [Number(uid), Number(gid)];
}

async function mustLead(cluster: HaCluster): Promise<string> {
  const leader = await cluster.leader();
  if (!leader) throw new Error('no leader');
  return leader;
}

/** Changes the cluster's dynamic configuration (Patroni's PATCH /config), which every node applies. */
async function patchConfig(cluster: HaCluster, patch: unknown): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${PORTS.patroni(0)}/config`, { method: 'PATCH', body: JSON.stringify(patch), headers: { 'content-type': 'application/json' } });
  if (res.status !== 200) throw new Error(`PATCH /config: ${res.status} ${await res.text()}`);
  void cluster;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
