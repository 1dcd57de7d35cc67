// npm run upgrade-drill — a rolling upgrade with Worker Versioning on the real Temporal server
// (PostgreSQL persistence, mTLS): withdrawals waiting for approval are started on release A; release B,
// whose withdrawal workflow has a new first step, is deployed beside it and made the current version;
// the waiting withdrawals are approved and finish on A, new ones run on B, no workflow task fails; A is
// drained and stopped. An auto-upgrade family moves instead: a webhook lane started on A (its receiver
// refuses until the switch) runs its next tasks on B. Prints a table; exits non-zero when a check fails.
// README "Upgrading" is the procedure this follows.
//
// Settings: DATABASE_URL (a server to create the databases on; default 127.0.0.1:5432),
// UPGRADE_DRILL_WAITING (withdrawals waiting on A, 4), UPGRADE_DRILL_NEW (started on B, 4),
// UPGRADE_DRILL_READY_MS (a process's start-up allowance, 600000), UPGRADE_DRILL_KEEP=1 keeps the
// databases and the work folder.
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client as TemporalClient, Connection } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import type postgres from 'postgres';
import { connectPostgres } from '../src/db/connect';
import { createScratchDatabase, dropDatabase, withDatabase } from '../src/db/postgres-server';
import { withdrawalWorkflowId } from '../src/domain/withdrawals/messages';
import { laneWorkflowId } from '../src/domain/webhooks/messages';
import { freePort } from '../temporal/dev-server';
import {
  clientTls,
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
import { uuidv7 } from '../src/ids';
import { printReport, type Check } from './topology/checks';
import { Client } from './topology/client';
import { MixedLoad, settled, setUpTenant, type Tenant } from './topology/load';
import { dedupingReceiver } from './topology/receiver';
import { ROOT, setUpCounterfoil } from './topology/role';
import { buildReleaseB, Deployments, Release, RELEASE_B_STEP_MS } from './upgrade/release';

const WAITING = Number(process.env.UPGRADE_DRILL_WAITING ?? 4);
const NEW = Number(process.env.UPGRADE_DRILL_NEW ?? 4);
const KEEP = process.env.UPGRADE_DRILL_KEEP === '1';
const DEPLOYMENT = 'counterfoil';
const NAMESPACE = 'default';
const DRAIN_TIMEOUT_MS = 180_000;

const log = (m: string) => process.stderr.write(`[upgrade-drill ${new Date().toISOString().slice(11, 19)}] ${m}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const { EventType, WorkflowTaskFailedCause, VersioningBehavior } = temporal.api.enums.v1;

/** What one withdrawal's history says: the build ids that completed its tasks, failed tasks, release B's step. */
interface RunReport {
  buildIds: Set<string>;
  failedTasks: number;
  nondeterminism: number;
  releaseBStep: boolean;
  behavior: string;
}

async function report(temporalClient: TemporalClient, workflowId: string): Promise<RunReport> {
  const handle = temporalClient.workflow.getHandle(workflowId);
  const history = await handle.fetchHistory();
  const out: RunReport = { buildIds: new Set(), failedTasks: 0, nondeterminism: 0, releaseBStep: false, behavior: '' };
  for (const e of history.events ?? []) {
    if (e.eventType === EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED) {
      const a = e.workflowTaskCompletedEventAttributes;
      // The deprecated string form (`<deployment>.<build id>`) where the server filled only that.
      out.buildIds.add(a?.deploymentVersion?.buildId || a?.workerDeploymentVersion?.replace(/^[^.:]*[.:]/, '') || '(unversioned)');
    } else if (e.eventType === EventType.EVENT_TYPE_WORKFLOW_TASK_FAILED) {
      out.failedTasks++;
      if (e.workflowTaskFailedEventAttributes?.cause === WorkflowTaskFailedCause.WORKFLOW_TASK_FAILED_CAUSE_NON_DETERMINISTIC_ERROR) out.nondeterminism++;
    } else if (e.eventType === EventType.EVENT_TYPE_TIMER_STARTED) {
      const d = e.timerStartedEventAttributes?.startToFireTimeout;
      if (d && Number(d.seconds ?? 0) * 1000 + Math.round((d.nanos ?? 0) / 1e6) === RELEASE_B_STEP_MS) out.releaseBStep = true;
    }
  }
  const behavior = (await handle.describe()).raw.workflowExecutionInfo?.versioningInfo?.behavior ?? 0;
  out.behavior = (VersioningBehavior[behavior] ?? String(behavior)).replace('VERSIONING_BEHAVIOR_', '');
  return out;
}

/** A webhook receiver that answers 503 until told to accept: its subscription's deliveries wait in a lane. */
async function refusingReceiver(): Promise<{ url: string; accept(): void; accepted: () => number; close(): Promise<void> }> {
  let refusing = true;
  let accepted = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (!refusing) accepted++;
      res.writeHead(refusing ? 503 : 200, { 'content-length': '2' }).end(refusing ? 'no' : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    accept: () => (refusing = false),
    accepted: () => accepted,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

async function main(): Promise<void> {
  const started = Date.now();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'counterfoil-upgrade-'));
  const logDir = path.join(work, 'logs');
  fs.mkdirSync(logDir);
  log(`work folder ${work}`);
  const serverUrl = withDatabase(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', 'postgres');
  const pg = postgresTarget(serverUrl);
  const suffix = randomBytes(4).toString('hex');
  const temporalDbs = { database: `temporal_upgrade_${suffix}`, visibilityDatabase: `temporal_upgrade_${suffix}_visibility` };

  const bins = await ensureTemporalServer(log);
  const certs = await makeCertificates(path.join(work, 'certs'));
  await setUpTemporalDatabases(bins, pg, temporalDbs);
  const databaseUrl = await createScratchDatabase(serverUrl, 'counterfoil_upgrade');
  let server: RealServer | undefined;
  let sql: postgres.Sql | undefined;
  let connection: Connection | undefined;
  const processes: Release[] = [];
  const receiver = await dedupingReceiver();
  const refusing = await refusingReceiver();
  let failed = true;
  try {
    server = await startRealServer({
      binaries: bins,
      postgres: pg,
      ...temporalDbs,
      certificates: certs,
      dir: path.join(work, 'temporal'),
      // A version's drainage is re-checked every 3 minutes by default, after a 3-minute visibility grace: seconds here.
      dynamicConfig: { 'matching.wv.VersionDrainageStatusVisibilityGracePeriod': '5s', 'matching.wv.VersionDrainageStatusRefreshInterval': '5s' },
    });
    log(`Temporal server ${server.address} (pid ${server.pid()}, mTLS), log ${server.logFile}`);
    const base: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATABASE_URL: databaseUrl,
      ...temporalEnv(server, certs, NAMESPACE),
      TEMPORAL_TASK_QUEUE: 'counterfoil-upgrade',
      COUNTERFOIL_DATA_DIR: path.join(work, 'data'),
      COUNTERFOIL_SANDBOX_BLOCK_MS: '50',
      COUNTERFOIL_RATE_LIMIT_WRITE_PER_SECOND: '100000',
      COUNTERFOIL_RATE_LIMIT_TOKEN_PER_SECOND: '100000',
      LOG_LEVEL: 'info',
      // A refused delivery is retried every 5 s for 5 minutes (the schedule's length is its attempts), so
      // the lane has tasks on both sides of the switch, however long the machine takes to get there.
      COUNTERFOIL_WEBHOOK_RETRY_SCHEDULE: ['0', '2', ...Array(60).fill('5')].join(','),
    };
    const credentials = await setUpCounterfoil(base, path.join(work, 'credentials.json'), log);
    const releaseB = buildReleaseB(ROOT, path.join(work, 'release-b'));
    log(`release B: ${releaseB} (withdrawals start with a ${RELEASE_B_STEP_MS} ms timer)`);

    const role = async (name: string, root: string, kind: 'api' | 'worker', extra: Record<string, string> = {}) => {
      const env = { ...base, ...extra, COUNTERFOIL_OPS_PORT: String(await freePort()) };
      if (kind === 'api') Object.assign(env, { COUNTERFOIL_API_PORT: String(await freePort()), COUNTERFOIL_SIGNED_API_PORT: String(await freePort()) });
      const r = new Release(name, root, kind, env, path.join(logDir, `${name}.log`));
      processes.push(r);
      return r;
    };
    // One data folder for all (the sandbox's sealing keys are there); each release caches its own bundle in it.
    const versioned = { COUNTERFOIL_WORKER_DEPLOYMENT: DEPLOYMENT };
    const api = await role('api', ROOT, 'api');
    const workerA = await role('worker-a', ROOT, 'worker', versioned);
    const workerB = await role('worker-b', releaseB, 'worker', versioned);

    connection = await Connection.connect({ address: server.address, tls: clientTls(certs) });
    const temporalClient = new TemporalClient({ connection, namespace: NAMESPACE });
    const deployments = new Deployments(connection, NAMESPACE, DEPLOYMENT);

    // Release A: the first version of the deployment is made current by hand, as an operator does once.
    await Promise.all([api.start(), workerA.start()]);
    const buildA = await deployments.newVersion([]);
    await deployments.setCurrent(buildA);
    log(`release A ready: build id ${buildA}, current version of Worker Deployment ${DEPLOYMENT}`);

    sql = connectPostgres(databaseUrl, { max: 2, onnotice: () => {} });
    const tenant: Tenant = await setUpTenant(api, sql, credentials, receiver.url, 8);
    // The auto-upgrade family: deliveries to a refusing receiver wait in its lane, started on A.
    const laneSubscription = (await tenant.org.ok(201, 'POST', '/webhook-subscriptions', { scope_ref: tenant.org.enterpriseRef, url: refusing.url, event_types: ['operations.*'] })).id as string;
    const client = new Client({ retryForMs: 90_000, requestTimeoutMs: 20_000 });
    const load = new MixedLoad(tenant, client, log);
    const withdraw = async (account: string, value: string) => {
      const res = await client.send([api], 'POST', '/withdrawals', tenant.admin, { account_ref: account, amount: { currency: 'USDC', value }, rail: 'ethereum', withdrawal_destination_id: tenant.destination }, { 'idempotency-key': uuidv7() });
      if (res.status !== 201) throw new Error(`POST /withdrawals answered ${res.status}: ${JSON.stringify(res.body)}`);
      return { id: res.body.id as string, approvalRef: res.body.approval_ref as string | null };
    };

    // Withdrawals waiting for approval on A: each has run its first task once its approval is pending.
    const waiting = [];
    for (let i = 0; i < WAITING; i++) waiting.push(await withdraw(tenant.governed[i % tenant.governed.length], '150.00'));
    for (const w of waiting) {
      const deadline = Date.now() + 60_000;
      while ((await call(api.url, 'GET', `/${w.approvalRef}`, { token: tenant.approver.token })).body?.status !== 'pending') {
        if (Date.now() > deadline) throw new Error(`${w.approvalRef} not pending within 60 s`);
        await sleep(250);
      }
    }
    log(`${waiting.length} withdrawals waiting for approval on release A`);
    const lane = temporalClient.workflow.getHandle(laneWorkflowId(laneSubscription));
    for (const deadline = Date.now() + 60_000; !(await lane.describe().then(() => true, () => false)); await sleep(500)) {
      if (Date.now() > deadline) throw new Error('the refusing subscription\'s lane did not start within 60 s');
    }
    log(`webhook lane ${lane.workflowId} backing off on release A`);

    // Release B beside A, then made current: new runs go to B, A's pinned runs stay on A.
    await workerB.start();
    const buildB = await deployments.newVersion([buildA]);
    await deployments.setCurrent(buildB);
    const afterSwitch = await deployments.describe();
    const drainingAfterSwitch = await deployments.drainage(buildA);
    log(`release B ready: build id ${buildB}, now current (A: ${drainingAfterSwitch})`);
    refusing.accept();

    const fresh = [];
    for (let i = 0; i < NEW; i++) fresh.push(await withdraw(tenant.accounts[i % tenant.accounts.length], '1.00'));
    for (const w of waiting) await load.approve([api], w.approvalRef!);
    log(`${fresh.length} new withdrawals started on B; the ${waiting.length} waiting ones approved`);
    await settled(sql, [...waiting, ...fresh].map((w) => w.id));

    // A is drained once no open pinned run is left on it, then stopped; B carries on alone.
    const drainStart = Date.now();
    let drainage = await deployments.drainage(buildA);
    while (drainage !== 'DRAINED' && Date.now() - drainStart < DRAIN_TIMEOUT_MS) {
      await sleep(1000);
      drainage = await deployments.drainage(buildA);
    }
    const drainedAfterS = (Date.now() - drainStart) / 1000;
    await workerA.stop();
    log(`release A ${drainage} after ${drainedAfterS.toFixed(0)} s, stopped`);
    const last = await withdraw(tenant.accounts[0], '1.00');
    await settled(sql, [last.id]);
    // The lane's run (auto-upgrade) carried on on B once its receiver accepted: no new run, no A left.
    let laneRun = await report(temporalClient, lane.workflowId);
    for (const deadline = Date.now() + 60_000; !laneRun.buildIds.has(buildB) && Date.now() < deadline; laneRun = await report(temporalClient, lane.workflowId)) await sleep(1000);

    const statuses = new Map((await sql`select id::text, status from withdrawals where id = any(${[...waiting, ...fresh, last].map((w) => w.id)}::uuid[])`).map((r) => [r.id as string, r.status as string]));
    const runs = async (ws: Array<{ id: string }>) => Promise.all(ws.map((w) => report(temporalClient, withdrawalWorkflowId(w.id))));
    const [onA, onB, afterA] = [await runs(waiting), await runs(fresh), await runs([last])];
    const only = (rs: RunReport[], buildId: string) => rs.filter((r) => r.buildIds.size === 1 && r.buildIds.has(buildId)).length;
    const executed = (ws: Array<{ id: string }>) => ws.filter((w) => statuses.get(w.id) === 'executed').length;

    // Every workflow of the namespace (withdrawals, housekeeping, webhook deliveries and lanes): no failed task.
    let workflows = 0;
    let failedTasks = 0;
    let nondeterminism = 0;
    for await (const wf of temporalClient.workflow.list({ query: `TaskQueue = '${base.TEMPORAL_TASK_QUEUE}'` })) {
      const r = await report(temporalClient, wf.workflowId);
      workflows++;
      failedTasks += r.failedTasks;
      nondeterminism += r.nondeterminism;
    }
    const behaviors = [...new Set([...onA, ...onB].map((r) => r.behavior))].join(', ');

    const checks: Check[] = [
      { name: 'B is the current version after the switch', ok: afterSwitch.current === buildB && buildA !== buildB, detail: `current ${afterSwitch.current}; A ${buildA}, B ${buildB}` },
      { name: 'A drains once B is current', ok: drainingAfterSwitch === 'DRAINING', detail: `A ${drainingAfterSwitch} right after the switch` },
      { name: 'waiting withdrawals finish on A only', ok: only(onA, buildA) === waiting.length && executed(waiting) === waiting.length && onA.every((r) => !r.releaseBStep), detail: `${only(onA, buildA)}/${waiting.length} ran only on A, ${executed(waiting)} executed` },
      { name: 'new withdrawals run on B only, with its new step', ok: only(onB, buildB) === fresh.length && onB.every((r) => r.releaseBStep) && executed(fresh) === fresh.length, detail: `${only(onB, buildB)}/${fresh.length} ran only on B, ${onB.filter((r) => r.releaseBStep).length} with the ${RELEASE_B_STEP_MS} ms step, ${executed(fresh)} executed` },
      { name: 'withdrawals are pinned', ok: behaviors === 'PINNED', detail: behaviors },
      { name: 'no non-determinism, no failed workflow task', ok: nondeterminism === 0 && failedTasks === 0, detail: `${nondeterminism} non-determinism / ${failedTasks} failed tasks over ${workflows} workflows` },
      { name: 'A drained, then stopped', ok: drainage === 'DRAINED' && !workerA.running, detail: `${drainage} ${drainedAfterS.toFixed(0)} s after the last run on A closed` },
      { name: 'a withdrawal after A stopped runs on B', ok: only(afterA, buildB) === 1 && executed([last]) === 1, detail: statuses.get(last.id) ?? 'missing' },
      {
        name: 'an auto-upgrade run started on A moves to B',
        ok: laneRun.behavior === 'AUTO_UPGRADE' && laneRun.buildIds.has(buildA) && laneRun.buildIds.has(buildB) && laneRun.failedTasks === 0 && refusing.accepted() > 0,
        detail: `${lane.workflowId}: ${laneRun.behavior}, tasks on ${[...laneRun.buildIds].map((b) => (b === buildA ? 'A' : b === buildB ? 'B' : b)).join(' then ')}, ${refusing.accepted()} deliveries accepted after the switch`,
      },
    ];
    const table: Array<[string, string]> = [
      ['Worker Deployment', `${DEPLOYMENT}: A = ${buildA}, B = ${buildB}`],
      ['withdrawals waiting on A, approved after the switch', String(waiting.length)],
      ['withdrawals started after the switch', `${fresh.length} (+1 after A stopped)`],
      ['withdrawals (pinned): waiting ones on / new ones on', `${only(onA, buildA) === waiting.length ? 'A only' : 'mixed'} / ${only(onB, buildB) === fresh.length ? 'B only' : 'mixed'}`],
      ['webhook lane (auto-upgrade), one run, tasks on', [...laneRun.buildIds].map((b) => (b === buildA ? 'A' : b === buildB ? 'B' : b)).join(' then ')],
      ['workflows checked for failed tasks', String(workflows)],
      ['A drained after its last pinned run closed', `${drainedAfterS.toFixed(0)} s (server re-checks every 5 s here)`],
      ['whole drill', `${Math.round((Date.now() - started) / 1000)} s`],
    ];
    failed = !printReport('Upgrade drill: Worker Versioning on the real Temporal server (PostgreSQL, mTLS)', table, checks);
  } finally {
    for (const p of processes) await p.stop();
    await receiver.close();
    await refusing.close();
    await sql?.end({ timeout: 5 });
    await connection?.close();
    await server?.stop();
    if (!KEEP) {
      await dropDatabase(databaseUrl).catch((err: Error) => log(`could not drop the Counterfoil database: ${err.message}`));
      await dropTemporalDatabases(bins, pg, temporalDbs).catch((err: Error) => log(`could not drop the Temporal databases: ${err.message}`));
      fs.rmSync(work, { recursive: true, force: true });
    } else log(`kept ${work}, ${temporalDbs.database}, ${temporalDbs.visibilityDatabase}`);
  }
  process.exitCode = failed ? 1 : 0;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
