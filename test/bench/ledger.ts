// npm run bench:ledger — internal transfers, in one run:
//   (a) a raw-SQL baseline doing the same database work per transfer (no HTTP, no auth, no validation),
//   (b) POST /internal-transfers over HTTP with auth and idempotency, random pairs of 1,000 accounts,
//       then the same at half that rate and at half the target's rate (750/s), arriving at a constant rate
//       (open loop), for the latency target,
//   (c) the same with every transfer touching one hot account,
// as transfers/s and p50/p99 latency, the ratio (b)/(a), and storage per transfer (tables + indexes).
// Targets: (b) ≥ 1,500/s with p99 ≤ 25 ms at half that load; (c) ≥ 500/s, no deadlock, no 5xx; (b)/(a) ≥ 0.5.
// BENCH_TRACING=compare runs only (b), BENCH_TRACING_ROUNDS (3) times with tracing off and on alternately
// (test/bench/tracing.ts), and compares them.
// BENCH_STEADY_RATE=<n> runs only (b') at n/s (to compare settings at one offered load); BENCH_SECONDS sets the other
// phases' length, BENCH_STEADY_SECONDS (b')'s (120: long enough to include a checkpoint that its own WAL starts).
import { randomInt } from 'node:crypto';
import autocannon from 'autocannon';
import type { Sql } from 'postgres';
import { loadConfig, type Config } from '../../src/config';
import { createLogger } from '../../src/logger';
import { closeServices, createServices } from '../../src/services';
import { createEnterpriseWithAdmin } from '../../src/bootstrap';
import { uuidv7 } from '../../src/ids';
import { ASSETS, book, systemAccountRef, verifyLedger } from '../../src/ledger';
import { TransferBooker, bookerOptions, connectBookerPool, type BookerPool } from '../../src/domain/transfers/group-booking';
import type { TransferRow } from '../../src/domain/transfers';
import { IdempotencyScope } from '../../src/idempotency/store';
import { AUDIT_ENTRIES, type EntryRecord } from '../../src/domain/audit/entries';
import { Metrics } from '../../src/metrics';
import type { SubjectAttribution } from '../../src/auth/caller';
import type { PolicyDecision } from '../../src/domain/policies';
import { TRACING_COMPARE, TRACING_ROUNDS, change, median, pairedChange, startOtlpSink } from './tracing';
import { counterfoilSettings, cpuMs, machineProbeMs, openLoop, postgresCpuMs, report, roleRuntime, scratchDatabase, spawnApi } from './support';

const ACCOUNTS = 1000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/**
 * Requests in flight in the closed-loop phases, (a) workers or HTTP connections. (b) is a capacity figure:
 * at 32 the load was bounded by latency, not by the machine (the two cores ~75% busy, 2,400/s); 64 took
 * (b) to 2,800–3,200/s, and 128 added nothing (3,100/s, p99 73 ms).
 */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const STEADY_RATE_ONLY = Number(process.env.BENCH_STEADY_RATE ?? 0);
const STEADY_SECONDS = Number(process.env.BENCH_STEADY_SECONDS ?? 120);
/** (b)'s target: "≥ 1,500 transfers/s with p99 ≤ 25 ms at half that load". */
const TARGET_RATE = 1500;
const TABLES = ['internal_transfers', 'ledger_transactions', 'ledger_postings', 'ledger_balances', 'events', 'idempotency_records', 'policy_velocity', 'user_action_audit_entries'];

interface Phase {
  transfers: number;
  /** CPU per transfer (ms) of the process that did the work (the API, or this one for the baseline) and of PostgreSQL. */
  appCpuMs?: number;
  pgCpuMs?: number;
  /** CPU per transfer (ms) of this process when it is the load generator (the HTTP phases). */
  loadCpuMs?: number;
  perSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  status5xx: number;
  errors: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function storageBytes(sql: Sql): Promise<number> {
  const [row] = await sql`select sum(pg_total_relation_size(t::regclass))::bigint as bytes from unnest(${TABLES}::text[]) as t`;
  return Number(row.bytes);
}

/** Transactions committed or rolled back in this database so far (statistics lag by up to a second). */
async function transactions(sql: Sql): Promise<number> {
  await sql`select pg_stat_clear_snapshot()`;
  const [row] = await sql`select (xact_commit + xact_rollback)::bigint as n from pg_stat_database where datname = current_database()`;
  return Number(row.n);
}

/** The write-ahead log's position, bytes (cluster-wide: the bench is the only writer). */
async function walPosition(sql: Sql): Promise<bigint> {
  const [row] = await sql`select (pg_current_wal_lsn() - '0/0'::pg_lsn)::text as bytes`;
  return BigInt(row.bytes);
}

/** Checkpoints the cluster has started so far, on schedule or requested (by WAL volume, CHECKPOINT, CREATE/DROP DATABASE). */
async function checkpoints(sql: Sql): Promise<number> {
  await sql`select pg_stat_clear_snapshot()`;
  const [row] = await sql`select (checkpoints_timed + checkpoints_req)::int as n from pg_stat_bgwriter`;
  return row.n;
}

/**
 * The latency phase at `rate`, as a system steadily at that load sees it: first a CHECKPOINT writes
 * out what the full-load phases left dirty (else the checkpoint their 450 MB of WAL calls for starts
 * inside this phase: p99 47–65 ms in 10-second phases, against 19–21 ms with the CHECKPOINT first), then
 * STEADY_SECONDS at the rate, long enough that this load's own WAL (~10 MB/s at 1,000/s) starts a
 * checkpoint within it (max_wal_size 1 GB) and its cost is in the figures. Reports how many started.
 */
async function steadyState(sql: Sql, run: () => Promise<Phase>): Promise<{ phase: Phase; checkpointsStarted: number }> {
  await sql`checkpoint`;
  const before = await checkpoints(sql);
  const phase = await run();
  await new Promise((r) => setTimeout(r, 600)); // statistics are reported at most twice a second
  return { phase, checkpointsStarted: (await checkpoints(sql)) - before };
}

async function deadlocks(sql: Sql): Promise<number> {
  const [row] = await sql`select deadlocks::int from pg_stat_database where datname = current_database()`;
  return row.deadlocks;
}

/** 1,000 client accounts (plus a hot one), created in bulk and funded in one ledger transaction. */
async function seedAccounts(sql: Sql, enterpriseId: string): Promise<{ accounts: string[]; hot: string }> {
  const clientIds = Array.from({ length: ACCOUNTS + 1 }, () => uuidv7());
  const accountIds = Array.from({ length: ACCOUNTS + 1 }, () => uuidv7());
  await sql`
    insert into clients (id, enterprise_id, display_name, external_id, default_client_account_id)
    select c, ${enterpriseId}, 'Bench client', 'bench-' || c, a from unnest(${clientIds}::uuid[], ${accountIds}::uuid[]) as x(c, a)`;
  await sql`
    insert into client_accounts (id, enterprise_id, client_id, display_name)
    select a, ${enterpriseId}, c, 'Bench account' from unnest(${clientIds}::uuid[], ${accountIds}::uuid[]) as x(c, a)`;
  const refs = accountIds.map((id) => `client-accounts/${id}`);
  const each = 100_000_000n; // 1,000,000.00 USD
  const hotExtra = 100_000_000_000n;
  await book(sql, {
    key: 'bench/funding',
    enterpriseId,
    kind: 'deposit',
    legs: [
      { accountRef: systemAccountRef(enterpriseId, 'external_deposits'), asset: 'USD', amount: -(each * BigInt(refs.length) + hotExtra) },
      ...refs.map((accountRef, i) => ({ accountRef, asset: 'USD', amount: i === ACCOUNTS ? each + hotExtra : each })),
    ],
  });
  return { accounts: refs.slice(0, ACCOUNTS), hot: refs[ACCOUNTS] };
}

function randomPair(accounts: string[]): [string, string] {
  const a = randomInt(accounts.length);
  let b = randomInt(accounts.length - 1);
  if (b >= a) b++;
  return [accounts[a], accounts[b]];
}

/**
 * (a) The database work of the API's transfers without HTTP, auth or validation: executed transfers
 * (rows as the API builds them) handed to a TransferBooker of its own — the API's group commit, on a
 * pool made as the API's (connectBookerPool) — by as many concurrent submitters as the HTTP phases have connections,
 * so the groups form as they do behind the API.
 */
async function baseline(pool: BookerPool, config: Config, enterpriseId: string, principalId: string, accounts: string[], responseBody: object): Promise<Phase> {
  const booker = new TransferBooker(pool, new Metrics(), bookerOptions(config));
  const sample = responseBody as { subject_attribution: SubjectAttribution; policy_decision: PolicyDecision };
  const audit = { table: AUDIT_ENTRIES, row: () => auditEntry(enterpriseId, principalId, sample.subject_attribution) };
  const latencies: number[] = [];
  let errors = 0;
  const deadline = Date.now() + SECONDS * 1000;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < deadline) {
        const [source, target] = randomPair(accounts);
        const now = new Date();
        const row: TransferRow = {
          id: uuidv7(), version: 1, created_at: now, updated_at: now, enterprise_id: enterpriseId, source_ref: source, target_ref: target,
          asset: 'USD', amount: '1', status: 'executed', approval_ref: null, failure_reason: null, ledger_transaction_id: uuidv7(),
          subject_attribution: sample.subject_attribution, settled_at: now, policy_decision: sample.policy_decision, hold_id: null,
          reference: null, reference_unique: false, metadata: {}, reversal_of: null, reversal_reason: null, reversed_amount: '0', reversals: [],
        };
        const t0 = performance.now();
        try {
          await booker.book({
            input: { sourceRef: source, targetRef: target, asset: ASSETS.USD, amount: 1n },
            row,
            idempotency: new IdempotencyScope(principalId, uuidv7(), 'baseline', false, audit),
          });
          latencies.push(performance.now() - t0);
        } catch (err) {
          if (errors++ === 0) process.stderr.write(`baseline transfer failed: ${err}\n`);
        }
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  latencies.sort((x, y) => x - y);
  return { transfers: latencies.length, perSecond: Math.round(latencies.length / elapsed), p50: round(percentile(latencies, 50)), p99: round(percentile(latencies, 99)), non2xx: 0, status5xx: 0, errors };
}

/** The audit entry the API commits with a transfer's answer. */
function auditEntry(enterpriseId: string, principalId: string, attribution: SubjectAttribution): EntryRecord {
  return {
    id: uuidv7(), enterprise_id: enterpriseId, request_id: uuidv7(), action: 'createInternalTransfer', method: 'POST', path: '/internal-transfers',
    resource_ref: `internal-transfers/${uuidv7()}`, outcome: 'succeeded', status_code: 201, error_code: null, subject_id: principalId,
    actor_id: null, attribution, client_ip: '127.0.0.1', user_agent: null, idempotency_key: uuidv7(),
  };
}

const round = (n: number) => Math.round(n * 10) / 10;

/** POST /internal-transfers under autocannon: a fresh Idempotency-Key per request. */
async function httpPhase(url: string, token: string, pair: () => [string, string], opts: { seconds: number }): Promise<Phase> {
  if (!url.startsWith('http://127.0.0.1:')) throw new Error('load tests target loopback only');
  let n = 0;
  let status5xx = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: opts.seconds,
    requests: [
      {
        method: 'POST',
        path: '/internal-transfers',
        setupRequest: (req) => {
          const [source, target] = pair();
          return {
            ...req,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': `bench-${process.pid}-${Date.now()}-${n++}` },
            body: JSON.stringify({ amount: { currency: 'USD', value: '0.01' }, source_ref: source, target_ref: target }),
          };
        },
        onResponse: (status) => {
          if (status >= 500) status5xx++;
        },
      },
    ],
  });
  const ok = result['2xx'];
  return {
    transfers: ok,
    perSecond: Math.round(ok / opts.seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    status5xx,
    errors: result.errors + result.timeouts,
  };
}

/**
 * POST /internal-transfers at a constant arrival rate (test/bench/support.ts openLoop): the latency
 * of a load that is steadily half the maximum, not full load half the time.
 */
async function steadyPhase(url: string, token: string, pair: () => [string, string], rate: number): Promise<Phase> {
  let n = 0;
  const r = await openLoop({
    url,
    rate,
    seconds: STEADY_SECONDS,
    connections: CONNECTIONS,
    request: () => {
      const [source, target] = pair();
      return {
        method: 'POST',
        path: '/internal-transfers',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': `bench-steady-${process.pid}-${Date.now()}-${n++}` },
        body: JSON.stringify({ amount: { currency: 'USD', value: '0.01' }, source_ref: source, target_ref: target }),
      };
    },
  });
  return { transfers: r.ok, perSecond: Math.round(r.ok / STEADY_SECONDS), p50: r.p50, p99: r.p99, non2xx: r.non2xx, status5xx: r.status5xx, errors: r.errors };
}

/** Runs a phase and charges it the CPU time its app process and the database's backends used. */
async function withCpu(dbName: string, appPid: number, run: () => Promise<Phase>): Promise<Phase> {
  const [app0, pg0, self0] = [cpuMs(appPid), postgresCpuMs(dbName), cpuMs(process.pid)];
  const phase = await run();
  const appMs = cpuMs(appPid) - app0;
  const n = Math.max(1, phase.transfers);
  const loadCpuMs = appPid === process.pid ? undefined : (cpuMs(process.pid) - self0) / n;
  return { ...phase, appCpuMs: appMs / n, pgCpuMs: (postgresCpuMs(dbName) - pg0) / n, loadCpuMs };
}

function show(title: string, p: Phase, extra: Record<string, string | number> = {}) {
  report(title, {
    'transfers/s': p.perSecond,
    'latency p50 (ms)': p.p50,
    'latency p99 (ms)': p.p99,
    'transfers executed': p.transfers,
    'non-2xx / 5xx / errors': `${p.non2xx} / ${p.status5xx} / ${p.errors}`,
    'CPU per transfer: app / PostgreSQL (ms)': `${p.appCpuMs?.toFixed(3)} / ${p.pgCpuMs?.toFixed(3)}`,
    ...(p.loadCpuMs === undefined ? {} : { 'CPU per transfer: load generator (ms)': p.loadCpuMs.toFixed(3) }),
    ...extra,
  });
}

/** (b) with tracing off (`api`) and on (a second API exporting every span), alternating. */
async function compareTracing(apiEnv: Record<string, string>, api: { url: string; child: { pid?: number } }, dbName: string, token: string, accounts: string[], probeBefore: number) {
  const sink = await startOtlpSink();
  const traced = await spawnApi({ ...apiEnv, ...sink.env });
  try {
    await httpPhase(traced.url, token, () => randomPair(accounts), { seconds: 3 }); // warm-up, as the untraced one had
    const rounds: Array<{ off: Phase; on: Phase }> = [];
    for (let i = 0; i < TRACING_ROUNDS; i++) {
      const off = await withCpu(dbName, api.child.pid!, () => httpPhase(api.url, token, () => randomPair(accounts), { seconds: SECONDS }));
      const on = await withCpu(dbName, traced.child.pid!, () => httpPhase(traced.url, token, () => randomPair(accounts), { seconds: SECONDS }));
      rounds.push({ off, on });
    }
    const row = (p: Phase) => `${p.perSecond}/s, p50 ${p.p50} ms, p99 ${p.p99} ms, API CPU ${p.appCpuMs?.toFixed(3)} ms/transfer, ${p.non2xx} non-2xx`;
    const med = (pick: (p: Phase) => number, which: 'off' | 'on') => median(rounds.map((r) => pick(r[which])));
    const line = (label: string, pick: (p: Phase) => number, digits = 0) => {
      const [off, on] = [med(pick, 'off'), med(pick, 'on')];
      return [label, `${off.toFixed(digits)} / ${on.toFixed(digits)} (${change(off, on)})`];
    };
    report(`(b) POST /internal-transfers, tracing off / on (100 % sampled, OTLP http/protobuf), ${TRACING_ROUNDS} alternating rounds of ${SECONDS} s, ${CONNECTIONS} connections`, {
      ...Object.fromEntries(rounds.flatMap((r, i) => [[`round ${i + 1} off`, row(r.off)], [`round ${i + 1} on`, row(r.on)]])),
      ...Object.fromEntries([
        line('median transfers/s off / on', (p) => p.perSecond),
        line('median p50 (ms) off / on', (p) => p.p50, 1),
        line('median p99 (ms) off / on', (p) => p.p99, 1),
        line('median API CPU per transfer (ms) off / on', (p) => p.appCpuMs ?? 0, 3),
      ]),
      'paired: transfers/s, API CPU per transfer (median of the rounds\' on/off ratios)': `${pairedChange(rounds.map((r) => ({ off: r.off.perSecond, on: r.on.perSecond })))}, ${pairedChange(rounds.map((r) => ({ off: r.off.appCpuMs ?? 0, on: r.on.appCpuMs ?? 0 })))}`,
      ...Object.fromEntries([sink.summary()]),
      'API runtime (BENCH_NODE=lts: the image\'s)': await roleRuntime(),
      'machine probe before / after (ms, lower is faster)': `${probeBefore} / ${machineProbeMs()}`,
    });
  } finally {
    await traced.stop();
    await sink.stop();
  }
}

async function main() {
  const probeBefore = machineProbeMs();
  const db = await scratchDatabase('counterfoil_bench_ledger');
  const setup = await createServices({ config: loadConfig(counterfoilSettings()), log: createLogger('warn'), databaseUrl: db.url, temporalAddress: '127.0.0.1:7233', migrate: true, poolSize: 2 });
  const tenant = await setup.orm.em.fork().transactional((em) => createEnterpriseWithAdmin(em, { legalName: 'Ledger Bench Ltd', jurisdiction: 'GB', secretTtlDays: 1 }));
  const { accounts, hot } = await seedAccounts(setup.sql, tenant.enterprise_id);
  const sql = setup.sql;

  const apiEnv = {
    DATABASE_URL: db.url,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    COUNTERFOIL_RATE_LIMIT_WRITE_PER_SECOND: '10000000',
    COUNTERFOIL_RATE_LIMIT_READ_PER_SECOND: '10000000',
  };
  const api = await spawnApi(apiEnv);
  try {
    const tokenRes = await fetch(`${api.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: tenant.client_id, client_secret: tenant.client_secret }),
    });
    const { access_token: token } = (await tokenRes.json()) as { access_token: string };

    // A real answer of the API, so the baseline stores rows of the same size.
    const [s0, t0] = randomPair(accounts);
    const sample = await fetch(`${api.url}/internal-transfers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': uuidv7() },
      body: JSON.stringify({ amount: { currency: 'USD', value: '0.01' }, source_ref: s0, target_ref: t0 }),
    });
    const responseBody = (await sample.json()) as object;
    if (sample.status !== 201) throw new Error(`sample transfer failed: ${sample.status} ${JSON.stringify(responseBody)}`);

    await httpPhase(api.url, token, () => randomPair(accounts), { seconds: 3 }); // warm-up (JIT, pools)

    if (TRACING_COMPARE) {
      await compareTracing(apiEnv, api, new URL(db.url).pathname.slice(1), token, accounts, probeBefore);
      return;
    }

    if (STEADY_RATE_ONLY) {
      // Diagnosis of the latency phase alone, at a chosen rate (BENCH_STEADY_RATE=<transfers/s>).
      const steady = await steadyState(sql, () => withCpu(new URL(db.url).pathname.slice(1), api.child.pid!, () => steadyPhase(api.url, token, () => randomPair(accounts), STEADY_RATE_ONLY)));
      show(`(b') alone: ${STEADY_RATE_ONLY}/s at a constant arrival rate (open loop), ${STEADY_SECONDS} s after a CHECKPOINT`, steady.phase, {
        'checkpoints started during the phase': steady.checkpointsStarted,
        'machine probe before / after (ms, lower is faster)': `${probeBefore} / ${machineProbeMs()}`,
      });
      return;
    }

    let before = await storageBytes(sql);
    const dbName = new URL(db.url).pathname.slice(1);
    const apiPid = api.child.pid!;
    // Its own pool, kept open until its backends' CPU time is read.
    const baselinePool = connectBookerPool(db.url, setup.config.ledgerGroupCommits);
    const a = await withCpu(dbName, process.pid, () => baseline(baselinePool, setup.config, tenant.enterprise_id, tenant.service_account_id, accounts, responseBody));
    await baselinePool.sql.end({ timeout: 5 });
    const storageA = (await storageBytes(sql)) - before;

    before = await storageBytes(sql);
    const xactsBefore = await transactions(sql);
    const walBefore = await walPosition(sql);
    const b = await withCpu(dbName, apiPid, () => httpPhase(api.url, token, () => randomPair(accounts), { seconds: SECONDS }));
    await new Promise((r) => setTimeout(r, 1500)); // backends report their statistics at most once a second
    const xactsPerTransfer = ((await transactions(sql)) - xactsBefore) / Math.max(1, b.transfers);
    const storageB = (await storageBytes(sql)) - before;
    const walB = (await walPosition(sql)) - walBefore;
    const half = await steadyState(sql, () => withCpu(dbName, apiPid, () => steadyPhase(api.url, token, () => randomPair(accounts), Math.max(1, Math.round(b.perSecond / 2)))));
    const halfTarget = await steadyState(sql, () => withCpu(dbName, apiPid, () => steadyPhase(api.url, token, () => randomPair(accounts), TARGET_RATE / 2)));

    const deadlocksBefore = await deadlocks(sql);
    let flip = 0;
    const c = await withCpu(dbName, apiPid, () => httpPhase(
      api.url,
      token,
      () => {
        const other = accounts[randomInt(accounts.length)];
        return flip++ % 2 === 0 ? [hot, other] : [other, hot];
      },
      { seconds: SECONDS },
    ));
    const deadlocksC = (await deadlocks(sql)) - deadlocksBefore;
    const verify = await verifyLedger(sql);
    const probeAfter = machineProbeMs();

    process.stdout.write(`\nLedger benchmark: ${SECONDS} s per phase ((b') ${STEADY_SECONDS} s), ${CONNECTIONS} HTTP connections, ${ACCOUNTS} accounts\n`);
    show('(a) raw-SQL baseline (the API\'s group commit, no HTTP/auth/validation)', a, { 'storage per transfer (bytes)': Math.round(storageA / Math.max(1, a.transfers)) });
    show('(b) POST /internal-transfers, random pairs of 1,000 accounts', b, {
      'storage per transfer (bytes, with indexes)': Math.round(storageB / Math.max(1, b.transfers)),
      'WAL per transfer (bytes)': Number(walB / BigInt(Math.max(1, b.transfers))),
      'database transactions per transfer': xactsPerTransfer.toFixed(2),
    });
    show(`(b') the same at half that rate: ${Math.round(b.perSecond / 2)}/s at a constant arrival rate (open loop), ${STEADY_SECONDS} s after a CHECKPOINT`, half.phase, {
      'checkpoints started during the phase': half.checkpointsStarted,
    });
    show(`(b'') the same at half the target's ${TARGET_RATE.toLocaleString('en')}/s: ${TARGET_RATE / 2}/s, ${STEADY_SECONDS} s after a CHECKPOINT`, halfTarget.phase, {
      'checkpoints started during the phase': halfTarget.checkpointsStarted,
    });
    show('(c) every transfer touching one hot account', c, { deadlocks: deadlocksC });
    report('Summary', {
      'ratio (b)/(a)': (b.perSecond / Math.max(1, a.perSecond)).toFixed(2),
      '(b) ≥ 1,500/s': b.perSecond >= 1500 ? 'met' : 'NOT met',
      // The target's half load is 750/s; half of what (b) reached is shown as well, a harder test when (b) exceeds 1,500/s.
      "(b'') p99 ≤ 25 ms at 750/s": halfTarget.phase.p99 <= 25 ? 'met' : 'NOT met',
      "(b') p99 ≤ 25 ms at half of (b)": half.phase.p99 <= 25 ? 'met' : 'NOT met',
      '(c) ≥ 500/s, no deadlock, no 5xx': c.perSecond >= 500 && deadlocksC === 0 && c.status5xx === 0 ? 'met' : 'NOT met',
      '(b)/(a) ≥ 0.5': b.perSecond / Math.max(1, a.perSecond) >= 0.5 ? 'met' : 'NOT met',
      'ledger verify': verify.ok ? `OK (${verify.transactions} transactions)` : `VIOLATED: ${verify.violations.slice(0, 3).join('; ')}`,
      'machine probe before / after (ms, lower is faster)': `${probeBefore} / ${probeAfter}`,
    });
  } finally {
    await api.stop();
    await closeServices(setup);
    await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
