// npm run chaos — mixed load (transfers, withdrawals with and without approval, conversions, webhooks to a
// deduplicating receiver) on 2 API and 2 worker processes, with faults drawn from a seed: processes
// SIGKILLed, database connections terminated or cut, a COMMIT whose answer is lost, the database
// unreachable, 200 ms on every database round trip (all through a TCP proxy in front of PostgreSQL),
// activities failing after their effect, and the connector every withdrawal pays out through (the
// reference connector) answering 500 after recording a payout, answering late, or confirming twice. Then the same checks as `npm run topology` and `ledger verify`.
// Prints the seed and the schedule first; the same seed repeats the schedule. Exits non-zero on any loss.
//
// Settings: CHAOS_SEED (random), CHAOS_LOAD_SECONDS (60), CHAOS_FAULTS (8), CHAOS_CONCURRENCY (6),
// DATABASE_URL (a server to create the database on), CHAOS_KEEP=1 keeps the database and the work folder.
import { randomInt } from 'node:crypto';
import * as fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type postgres from 'postgres';
import { connectPostgres } from '../src/db/connect';
import { createScratchDatabase, dropDatabase, withDatabase } from '../src/db/postgres-server';
import { SEARCH_ATTRIBUTE_REGISTRATION } from '../src/temporal/search-attributes';
import { ensureTemporalCli } from '../temporal/cli';
import { freePort, startDevServerOnFreePort, type DevServer } from '../temporal/dev-server';
import { PgProxy } from '../test/helpers/pg-proxy';
import { ReferenceConnector } from '../test/helpers/reference-connector';
import { describeFault, drawSchedule, type Fault } from './chaos/schedule';
import { checkOutcome, printReport } from './topology/checks';
import { Client, drillLog, PATIENCE } from './topology/client';
import { MixedLoad, setUpTenant } from './topology/load';
import { dedupingReceiver } from './topology/receiver';
import { counterfoil, ProcessRole, setUpCounterfoil, type Role } from './topology/role';

const SEED = process.env.CHAOS_SEED ? Number(process.env.CHAOS_SEED) >>> 0 : randomInt(2 ** 31);
const LOAD_SECONDS = Number(process.env.CHAOS_LOAD_SECONDS ?? 60);
const FAULT_COUNT = Number(process.env.CHAOS_FAULTS ?? 8);
const CONCURRENCY = Number(process.env.CHAOS_CONCURRENCY ?? 6);
const KEEP = process.env.CHAOS_KEEP === '1';
const ACCOUNTS = 8;
const LATENCY_MS = 200;
/** Starts of a killed process before the run gives up on it (a second apart). */
const START_ATTEMPTS = 30;
const { retryForMs: RETRY_FOR_MS, requestTimeoutMs: REQUEST_TIMEOUT_MS, settleTimeoutMs: SETTLE_TIMEOUT_MS } = PATIENCE;

const log = drillLog('chaos');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Applies one fault; what heals by itself (a restart, the end of an outage) is pushed onto `healing`. */
function injector(roles: Map<string, Role>, proxy: PgProxy, sql: postgres.Sql, database: string, healing: Array<Promise<unknown>>) {
  // A process killed again while it restarts is killed once it is up: a kill never meets a start half-way.
  const restarting = new Map<string, Promise<unknown>>();
  return async (f: Fault): Promise<string> => {
    switch (f.kind) {
      case 'kill': {
        const role = roles.get(f.target!)!;
        const waited = restarting.has(role.name);
        const restart = (restarting.get(role.name) ?? Promise.resolve()).then(async () => {
          const killed = Date.now();
          await role.kill('SIGKILL');
          // A process that exits during start-up (the database lost half-way) is started again, as a supervisor would.
          for (let attempt = 1; ; attempt++) {
            try {
              await role.start();
              break;
            } catch (err) {
              if (attempt === START_ATTEMPTS) throw err;
              log(`${role.name} exited during start-up (${(err as Error).message.split(';')[0]}); starting it again, as its supervisor would`);
              await sleep(1000);
            }
          }
          log(`${role.name} ready again after ${((Date.now() - killed) / 1000).toFixed(1)} s`);
        });
        restarting.set(role.name, restart);
        const settled = () => restarting.get(role.name) === restart && restarting.delete(role.name);
        restart.then(settled, settled);
        healing.push(restart);
        return waited ? 'killed once its restart was done' : 'killed';
      }
      case 'terminate-backends': {
        // Only the sessions behind the proxy: Counterfoil's own, not this script's.
        const ports = proxy.backendClientPorts();
        const [row] = await sql`select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity where datname = ${database} and client_port = any(${ports}::int[])) t`;
        return `${row.n} terminated`;
      }
      case 'drop-connections': {
        const open = proxy.openSessions;
        proxy.dropAll();
        return `${open} cut`;
      }
      case 'lose-commit-answer':
        proxy.loseAnswerAfter(/\bcommit\b/i);
        return 'armed';
      case 'database-outage':
        proxy.down();
        healing.push(sleep(f.durationMs!).then(() => proxy.up()));
        return 'down';
      case 'latency':
        proxy.delayMs = LATENCY_MS;
        healing.push(sleep(f.durationMs!).then(() => (proxy.delayMs = 0)));
        return 'slow';
    }
  };
}

/** How many attempts the workers failed on purpose after their effect (the SDK logs each failed attempt). */
function activityFaultsLogged(logDir: string): number {
  return ['worker-1', 'worker-2']
    .map((w) => path.join(logDir, `${w}.log`))
    .filter((f) => fs.existsSync(f))
    .reduce((n, f) => n + (fs.readFileSync(f, 'utf8').match(/failed on purpose after its effect/g)?.length ?? 0), 0);
}

async function main(): Promise<void> {
  const started = Date.now();
  const schedule = drawSchedule(SEED, FAULT_COUNT, LOAD_SECONDS * 1000);
  const scheduleLines = schedule.faults.map(describeFault);
  process.stdout.write(
    `chaos seed ${SEED} (rerun: CHAOS_SEED=${SEED} npm run chaos); activity attempts failing after their effect: ${(schedule.activityFaultRate * 100).toFixed(1)} %; ` +
      `payouts the connector misbehaves on: ${(schedule.connectorFaultRate * 100).toFixed(1)} %\n`,
  );
  for (const line of scheduleLines) process.stdout.write(`  ${line}\n`);

  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'counterfoil-chaos-'));
  const logDir = path.join(work, 'logs');
  fs.mkdirSync(logDir);
  log(`work folder ${work}`);
  const serverUrl = withDatabase(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', 'postgres');
  let temporal: DevServer | undefined;
  let proxy: PgProxy | undefined;
  let connector: ReferenceConnector | undefined;
  let sql: postgres.Sql | undefined;
  const roles = new Map<string, Role>();
  const receiver = await dedupingReceiver();
  const databaseUrl = await createScratchDatabase(serverUrl, 'counterfoil_chaos');
  const database = new URL(databaseUrl).pathname.slice(1);
  let failed = true;
  try {
    temporal = await startDevServerOnFreePort({
      cliPath: await ensureTemporalCli(log),
      uiPort: null,
      dbFile: null,
      namespace: 'default',
      logFile: path.join(logDir, 'temporal.log'),
      searchAttributes: SEARCH_ATTRIBUTE_REGISTRATION,
    });
    proxy = await PgProxy.start(PgProxy.targetOf(databaseUrl));
    connector = await ReferenceConnector.start(work);
    const base: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATABASE_URL: PgProxy.urlThrough(databaseUrl, proxy.port),
      TEMPORAL_ADDRESS: temporal.address,
      TEMPORAL_NAMESPACE: 'default',
      TEMPORAL_TASK_QUEUE: 'counterfoil-chaos',
      COUNTERFOIL_DATA_DIR: path.join(work, 'data'),
      COUNTERFOIL_SANDBOX_BLOCK_MS: '50',
      COUNTERFOIL_SANDBOX_ACTIVITY_FAULTS: `${SEED}:${schedule.activityFaultRate}`,
      // Withdrawals pay out through the reference connector, trusted on loopback; a second unanswered counts as late.
      COUNTERFOIL_PROVIDERS: JSON.stringify({ rails: { ethereum: 'reference' } }),
      COUNTERFOIL_CONNECTOR_CA_FILE: connector.ca,
      COUNTERFOIL_CONNECTOR_ALLOW_LOOPBACK: '1',
      COUNTERFOIL_CONNECTOR_TIMEOUT_MS: '1000',
      COUNTERFOIL_RATE_LIMIT_READ_PER_SECOND: '100000',
      COUNTERFOIL_RATE_LIMIT_WRITE_PER_SECOND: '100000',
      COUNTERFOIL_RATE_LIMIT_TOKEN_PER_SECOND: '100000',
      LOG_LEVEL: 'warn',
    };
    const direct = { ...base, DATABASE_URL: databaseUrl };
    const credentials = await setUpCounterfoil(direct, path.join(work, 'credentials.json'), log);
    for (const [name, kind] of [['api-1', 'api'], ['api-2', 'api'], ['worker-1', 'worker'], ['worker-2', 'worker']] as const) {
      const env = { ...base, COUNTERFOIL_OPS_PORT: String(await freePort()) };
      if (kind === 'api') Object.assign(env, { COUNTERFOIL_API_PORT: String(await freePort()), COUNTERFOIL_SIGNED_API_PORT: String(await freePort()) });
      roles.set(name, new ProcessRole(name, kind, env, logDir));
    }
    await Promise.all([...roles.values()].map((r) => r.start()));
    const apis = [roles.get('api-1')!, roles.get('api-2')!];
    log('2 APIs and 2 workers ready');

    sql = connectPostgres(databaseUrl, { max: 2, onnotice: () => {} });
    const tenant = await setUpTenant(apis[0], sql, credentials, receiver.url, ACCOUNTS);
    await connector.registerIn(tenant.org, apis[0].url);
    await connector.control('/control/faults', { seed: SEED, rate: schedule.connectorFaultRate, confirm_after_ms: 200 });
    const client = new Client({ retryForMs: RETRY_FOR_MS, requestTimeoutMs: REQUEST_TIMEOUT_MS });
    const load = new MixedLoad(tenant, client, log);

    log(`mixed load for ${LOAD_SECONDS} s x ${CONCURRENCY} clients over both APIs, ${schedule.faults.length} faults`);
    const healing: Array<Promise<unknown>> = [];
    const inject = injector(roles, proxy, sql, database, healing);
    const applied: string[] = [];
    const t0 = Date.now();
    const faults = (async () => {
      for (const [i, f] of schedule.faults.entries()) {
        await sleep(Math.max(0, t0 + f.atMs - Date.now()));
        const what = await inject(f).catch((err: Error) => `not applied: ${err.message}`);
        applied.push(`${scheduleLines[i]}: ${what}`);
        log(`fault ${i + 1}/${schedule.faults.length}: ${scheduleLines[i]}: ${what}`);
      }
      await Promise.all(healing);
    })();
    const loadSeconds = await load.runThrough(apis, CONCURRENCY, t0, LOAD_SECONDS, faults);

    const outcome = await checkOutcome({
      sql,
      enterpriseId: credentials.enterprise_id,
      ops: load.ops,
      tally: client.tally,
      receiver,
      eventsAfterSeq: tenant.eventsAfterSeq,
      verify: () => counterfoil(['ledger', 'verify'], direct),
      retryForMs: RETRY_FOR_MS,
      settleTimeoutMs: SETTLE_TIMEOUT_MS,
      log,
    });
    const injected = activityFaultsLogged(logDir);
    // The provider's side: one payout per withdrawal that reached the rail, and none for one that did not.
    const paid = await connector.state();
    const [{ executed }] = await sql`select count(*)::int as executed from withdrawals where enterprise_id = ${credentials.enterprise_id} and status = 'executed'`;
    const confirmed = paid.payouts.filter((p) => p.status === 'confirmed').length;
    const connectorFaults = Object.entries(paid.faults_injected).map(([k, n]) => `${n} ${k.replace(/_/g, ' ')}`).join(', ');
    const checks = [
      ...outcome.checks,
      {
        name: 'the connector paid each executed withdrawal once, and nothing else',
        ok: paid.payouts.length === executed && confirmed === executed,
        detail: `${executed} executed; the connector holds ${paid.payouts.length} payouts (${confirmed} confirmed) from ${paid.payout_requests} requests`,
      },
      { name: 'every scheduled fault applied', ok: applied.every((a) => !a.includes('not applied')), detail: `${applied.length} of ${schedule.faults.length}` },
    ];
    const { tally } = client;
    const table: Array<[string, string]> = [
      ['seed', `${SEED} (CHAOS_SEED=${SEED} npm run chaos repeats the schedule)`],
      ['faults', applied.join('; ')],
      ['activity attempts failed after their effect', `${injected} (rate ${(schedule.activityFaultRate * 100).toFixed(1)} % of first and second attempts)`],
      ['COMMIT answers lost at the proxy', String(proxy.lostAnswers)],
      ['payouts the connector misbehaved on', `${connectorFaults} (rate ${(schedule.connectorFaultRate * 100).toFixed(1)} %); ${paid.payout_requests} requests for ${paid.payouts.length} payouts`],
      ['operations acknowledged (2xx)', String(tally.acknowledged)],
      ['operations refused (4xx: one in ten transfers on purpose)', String(tally.refused)],
      ['client retries (same Idempotency-Key)', `${tally.retries} (${tally.status5xx} after a 5xx, ${tally.timeouts} after no answer in ${REQUEST_TIMEOUT_MS / 1000} s)`],
      ['lost (events, transfers, withdrawals)', String(outcome.lost)],
      ['duplicated (stored twice / processed twice)', `${outcome.extra} / ${outcome.processedTwice} (webhook redeliveries deduplicated: ${outcome.redelivered})`],
      ['ledger violations', String(outcome.violations)],
      ['mixed load', `${loadSeconds.toFixed(0)} s, ${CONCURRENCY} clients; whole run ${Math.round((Date.now() - started) / 1000)} s`],
    ];
    failed = !printReport('Chaos run: 2 API + 2 worker processes, faults from a seed', table, checks);
    if (failed) process.stdout.write(`seed ${SEED}: rerun with CHAOS_SEED=${SEED} npm run chaos; logs in ${logDir} with CHAOS_KEEP=1\n`);
  } finally {
    for (const r of roles.values()) await r.kill('SIGTERM');
    await receiver.close();
    await proxy?.close();
    await connector?.stop();
    await sql?.end({ timeout: 5 });
    await temporal?.stop();
    if (!KEEP) {
      await dropDatabase(databaseUrl).catch((err: Error) => log(`could not drop ${database}: ${err.message}`));
      fs.rmSync(work, { recursive: true, force: true });
    } else log(`kept ${work} and ${database}`);
  }
  process.exitCode = failed ? 1 : 0;
}

main().catch((err) => {
  console.error(err);
  process.stdout.write(`seed ${SEED}: rerun with CHAOS_SEED=${SEED} npm run chaos\n`);
  process.exit(1);
});
