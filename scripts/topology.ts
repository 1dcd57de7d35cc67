// npm run topology — the production topology, run for real on this machine: the real Temporal server
// (PostgreSQL persistence and visibility, mTLS on its frontend), `counterfoil temporal setup`, `migrate`
// and `bootstrap`, then 2 API and 2 worker processes under a mixed load with faults injected, then
// checks of what must hold afterwards. Prints a table; exits non-zero when a check fails.
//
// Settings: DATABASE_URL (a server to create the databases on; default the machine's 127.0.0.1:5432),
// TOPOLOGY_LOAD_SECONDS (60), TOPOLOGY_THROUGHPUT_SECONDS (15), TOPOLOGY_CONCURRENCY (8),
// TOPOLOGY_KEEP=1 keeps the databases and the work folder for a look afterwards.
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type postgres from 'postgres';
import { connectPostgres } from '../src/db/connect';
import { createScratchDatabase, dropDatabase, withDatabase } from '../src/db/postgres-server';
import { freePort } from '../temporal/dev-server';
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
import { checkOutcome, printReport } from './topology/checks';
import { Client, drillLog, PATIENCE } from './topology/client';
import { MixedLoad, setUpTenant } from './topology/load';
import { dedupingReceiver } from './topology/receiver';
import { counterfoil, ProcessRole, setUpCounterfoil, type Role } from './topology/role';

const LOAD_SECONDS = Number(process.env.TOPOLOGY_LOAD_SECONDS ?? 60);
const THROUGHPUT_SECONDS = Number(process.env.TOPOLOGY_THROUGHPUT_SECONDS ?? 15);
const CONCURRENCY = Number(process.env.TOPOLOGY_CONCURRENCY ?? 8);
const KEEP = process.env.TOPOLOGY_KEEP === '1';
const ACCOUNTS = 12;
const { retryForMs: RETRY_FOR_MS, requestTimeoutMs: REQUEST_TIMEOUT_MS, settleTimeoutMs: SETTLE_TIMEOUT_MS } = PATIENCE;

const log = drillLog('topology');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<void> {
  const started = Date.now();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'counterfoil-topology-'));
  const logDir = path.join(work, 'logs');
  fs.mkdirSync(logDir);
  log(`work folder ${work}`);
  const serverUrl = withDatabase(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', 'postgres');
  const pg = postgresTarget(serverUrl);
  const suffix = randomBytes(4).toString('hex');
  const temporalDbs = { database: `temporal_topology_${suffix}`, visibilityDatabase: `temporal_topology_${suffix}_visibility` };

  const bins = await ensureTemporalServer(log);
  const certs = await makeCertificates(path.join(work, 'certs'));
  log(`certificates in ${certs.dir}; creating ${temporalDbs.database} and ${temporalDbs.visibilityDatabase} with the schema tool`);
  await setUpTemporalDatabases(bins, pg, temporalDbs);
  const databaseUrl = await createScratchDatabase(serverUrl, 'counterfoil_topology');
  const dbName = new URL(databaseUrl).pathname.slice(1);
  let server: RealServer | undefined;
  let sql: postgres.Sql | undefined;
  const roles: Role[] = [];
  const receiver = await dedupingReceiver();
  let failed = false;
  try {
    server = await startRealServer({ binaries: bins, postgres: pg, ...temporalDbs, certificates: certs, dir: path.join(work, 'temporal') });
    log(`Temporal server ${server.address} (pid ${server.pid()}, mTLS), log ${server.logFile}`);

    const base: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATABASE_URL: databaseUrl,
      ...temporalEnv(server, certs),
      TEMPORAL_TASK_QUEUE: 'counterfoil-topology',
      COUNTERFOIL_DATA_DIR: path.join(work, 'data'),
      COUNTERFOIL_SANDBOX_BLOCK_MS: '50',
      COUNTERFOIL_RATE_LIMIT_READ_PER_SECOND: '100000',
      COUNTERFOIL_RATE_LIMIT_WRITE_PER_SECOND: '100000',
      COUNTERFOIL_RATE_LIMIT_TOKEN_PER_SECOND: '100000',
      LOG_LEVEL: 'warn',
    };

    const credentials = await setUpCounterfoil(base, path.join(work, 'credentials.json'), log);

    const role = async (name: string, kind: 'api' | 'worker') => {
      const env = { ...base, COUNTERFOIL_OPS_PORT: String(await freePort()) };
      if (kind === 'api') Object.assign(env, { COUNTERFOIL_API_PORT: String(await freePort()), COUNTERFOIL_SIGNED_API_PORT: String(await freePort()) });
      const r = new ProcessRole(name, kind, env, logDir);
      roles.push(r);
      return r;
    };
    const [api1, api2, worker1, worker2] = [await role('api-1', 'api'), await role('api-2', 'api'), await role('worker-1', 'worker'), await role('worker-2', 'worker')];
    await Promise.all([api1.start(), worker1.start()]);
    log('api-1 and worker-1 ready');

    // The tenant: the bootstrap enterprise, funded accounts, a destination, a withdrawal approval rule, a second principal.
    sql = connectPostgres(databaseUrl, { max: 2, onnotice: () => {} });
    const tenant = await setUpTenant(api1, sql, credentials, receiver.url, ACCOUNTS);
    log(`tenant ready: ${ACCOUNTS} funded accounts (${tenant.governed.length} under an approval rule), webhook subscription to ${receiver.url}`);
    const client = new Client({ retryForMs: RETRY_FOR_MS, requestTimeoutMs: REQUEST_TIMEOUT_MS });
    const tally = client.tally;
    const load = new MixedLoad(tenant, client, log);

    log(`throughput, 1 API + 1 worker, ${THROUGHPUT_SECONDS} s x ${CONCURRENCY} clients`);
    const one = await load.throughput([api1], sql, THROUGHPUT_SECONDS, CONCURRENCY, SETTLE_TIMEOUT_MS);
    await Promise.all([api2.start(), worker2.start()]);
    log('api-2 and worker-2 ready');
    log(`throughput, 2 APIs + 2 workers, ${THROUGHPUT_SECONDS} s x ${CONCURRENCY} clients`);
    const two = await load.throughput([api1, api2], sql, THROUGHPUT_SECONDS, CONCURRENCY, SETTLE_TIMEOUT_MS);

    // The mixed load with faults.
    log(`mixed load for ${LOAD_SECONDS} s over both APIs, with faults`);
    const faults: string[] = [];
    const t0 = Date.now();
    const at = (fraction: number) => sleep(Math.max(0, t0 + fraction * LOAD_SECONDS * 1000 - Date.now()));
    // A killed process is started again in the background (that takes seconds): the next fault keeps its time.
    const restarts: Array<Promise<void>> = [];
    const killAndRestart = (r: Role) => {
      const killed = Date.now();
      restarts.push(
        (async () => {
          await r.kill('SIGKILL');
          await r.start();
          faults.push(`SIGKILL ${r.name}, ready again after ${((Date.now() - killed) / 1000).toFixed(0)} s`);
          log(`${r.name} ready again`);
        })(),
      );
    };
    const injector = (async () => {
      await at(0.1);
      log('fault: SIGKILL worker-2');
      killAndRestart(worker2);
      await at(0.3);
      log('fault: SIGKILL api-2');
      killAndRestart(api2);
      await at(0.5);
      log('fault: Temporal server SIGKILL and start');
      const down = Date.now();
      await server!.restart({ hard: true });
      faults.push(`Temporal server SIGKILLed, serving again after ${((Date.now() - down) / 1000).toFixed(1)} s`);
      await at(0.7);
      const [terminated] = await sql!`select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity where datname = ${dbName} and pid <> pg_backend_pid()) t`;
      faults.push(`pg_terminate_backend on all ${terminated.n} PostgreSQL connections of Counterfoil`);
      log(`fault: terminated ${terminated.n} PostgreSQL backends of ${dbName}`);
      await Promise.all(restarts);
    })();
    const loadSeconds = await load.runThrough([api1, api2], CONCURRENCY, t0, LOAD_SECONDS, injector);

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
    const checks = outcome.checks;

    // Revocation through API 1 is seen by API 2 (cross-process cache invalidation).
    const { org, admin, roleIds } = tenant;
    const sa = await org.ok(201, 'POST', '/service-accounts', { parent_ref: org.enterpriseRef, roles: [{ role_ref: `roles/${roleIds.viewer}`, scope_ref: org.enterpriseRef }] });
    const saToken = (await call(api2.url, 'POST', '/oauth/token', { body: { grant_type: 'client_credentials', client_id: sa.client_id, client_secret: sa.client_secret } })).body.access_token as string;
    const warm = await call(api2.url, 'GET', '/roles', { token: saToken });
    await call(api1.url, 'POST', `/service-accounts/${sa.service_account.id}/revoke`, { token: admin });
    const revokedAt = Date.now();
    let seenAfterMs = -1;
    while (Date.now() - revokedAt < 5000) {
      if ((await call(api2.url, 'GET', '/roles', { token: saToken })).status === 401) {
        seenAfterMs = Date.now() - revokedAt;
        break;
      }
      await sleep(20);
    }
    checks.push({ name: 'revoked on API 1, 401 on API 2 within 1 s', ok: warm.status === 200 && seenAfterMs >= 0 && seenAfterMs <= 1000, detail: `200 before; 401 after ${seenAfterMs} ms` });

    const table: Array<[string, string]> = [
      ['operations acknowledged (2xx)', String(tally.acknowledged)],
      ['operations refused (4xx: one in ten transfers on purpose)', String(tally.refused)],
      ['client retries (same Idempotency-Key)', `${tally.retries} (${tally.status5xx} after a 5xx, ${tally.timeouts} after no answer in ${REQUEST_TIMEOUT_MS / 1000} s)`],
      ['faults injected', `${faults.length}: ${faults.join('; ')}`],
      ['lost (events, transfers, withdrawals)', String(outcome.lost)],
      ['duplicated (stored twice / processed twice)', `${outcome.extra} / ${outcome.processedTwice} (webhook redeliveries deduplicated: ${outcome.redelivered})`],
      ['ledger violations', String(outcome.violations)],
      [`throughput 1 API + 1 worker`, `${one.opsPerSecond.toFixed(1)} ops/s; ${one.withdrawalsPerSecond.toFixed(1)} withdrawals settled/s`],
      [`throughput 2 APIs + 2 workers`, `${two.opsPerSecond.toFixed(1)} ops/s; ${two.withdrawalsPerSecond.toFixed(1)} withdrawals settled/s`],
      ['mixed load', `${loadSeconds.toFixed(0)} s, ${CONCURRENCY} clients; whole run ${Math.round((Date.now() - started) / 1000)} s`],
    ];
    failed = !printReport('Topology run: real Temporal server (PostgreSQL, mTLS), 2 API + 2 worker processes', table, checks,
      '(on a machine shared with other work, the throughput figures move)');
  } finally {
    for (const r of roles) await r.kill('SIGTERM');
    await receiver.close();
    await sql?.end({ timeout: 5 });
    await server?.stop();
    if (!KEEP) {
      await dropDatabase(databaseUrl).catch((err: Error) => log(`could not drop ${dbName}: ${err.message}`));
      await dropTemporalDatabases(bins, pg, temporalDbs).catch((err: Error) => log(`could not drop the Temporal databases: ${err.message}`));
      fs.rmSync(work, { recursive: true, force: true });
    } else log(`kept ${work}, ${dbName}, ${temporalDbs.database}, ${temporalDbs.visibilityDatabase}`);
  }
  process.exitCode = failed ? 1 : 0;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
