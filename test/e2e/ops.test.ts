import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Client, Connection } from '@temporalio/client';
import { Processes, exited } from '../workflows/process-fixtures';
import { runState } from '../helpers/run-state';
import { PgProxy } from '../helpers/pg-proxy';
import { uuidv7 } from '../../src/ids';
import { closeServices, type Services } from '../../src/services';
import { call, createTenant, testServices, tokenFor } from '../helpers/app';
import { exportedMetricNames, observabilityMetricNames } from '../helpers/observability';

/** Starts a role with its ops server on a free port; answers the process and the URLs its banner prints. */
async function startRole(processes: Processes, role: 'api' | 'worker', env: Record<string, string> = {}): Promise<{ child: ChildProcess; ops: string; api?: string }> {
  // A readiness drain longer than the probe's 250 ms, or a fast shutdown closes the ops port before a probe sees the 503.
  const child = processes.spawn(role, { COUNTERFOIL_OPS_PORT: '0', COUNTERFOIL_API_PORT: '0', COUNTERFOIL_SIGNED_API_PORT: '0', COUNTERFOIL_READINESS_DRAIN_MS: '1500', ...env }, 'pipe');
  const banner = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      if (out.includes('Press Ctrl-C to stop.')) resolve(out);
    });
    child.once('exit', (code) => reject(new Error(`${role} exited with ${code}`)));
  });
  child.removeAllListeners('exit');
  const ops = /Operations\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(banner)?.[1];
  const api = /Tenant API\s+(http:\/\/\S+)/.exec(banner)?.[1];
  return { child, ops: ops!, api };
}

const get = async (url: string) => {
  const res = await fetch(url);
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
};

/** The value of one sample line (`name{labels} value`), or undefined when the text has none. */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

/** What each role's /metrics answered, for the check of the dashboards' and rules' metrics at the end. */
const scraped: Record<'api' | 'worker', string> = { api: '', worker: '' };
let services: Services;

beforeAll(async () => {
  services = await testServices();
});
afterAll(() => closeServices(services));

async function eventually<T>(probe: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
}

it('the worker serves /healthz, /readyz (connected and polling) and /metrics with the Temporal SDK metrics on its ops port; /readyz turns 503 on SIGTERM', async () => {
  const processes = Processes.create('ops-worker');
  const { child, ops } = await startRole(processes, 'worker');
  try {
    expect(ops).toBeDefined();
    expect(await get(`${ops}/healthz`)).toMatchObject({ status: 200, text: '{"status":"ok"}' });
    const ready = await get(`${ops}/readyz`);
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.text)).toEqual({ status: 'ready', checks: { postgres: 'ok', clock: 'ok', temporal: 'ok', worker: 'ok' } });

    // A workflow with activities on this worker's task queue, so the SDK records its latencies.
    const connection = await Connection.connect({ address: runState().temporalAddress });
    try {
      await new Client({ connection }).workflow.execute('housekeepingWorkflow', { taskQueue: processes.taskQueue, workflowId: `ops-${processes.taskQueue}`, args: [{}] });
    } finally {
      await connection.close();
    }
    const metrics = await eventually(
      () => get(`${ops}/metrics`),
      (m) => m.text.includes('temporal_workflow_task_execution_latency') && m.text.includes('temporal_activity_execution_latency'),
    );
    expect(metrics.status).toBe(200);
    expect(metrics.type).toMatch(/^text\/plain/);
    expect(metrics.text).toMatch(new RegExp(`temporal_workflow_task_execution_latency_bucket\\{[^}]*task_queue="${processes.taskQueue}"`));
    expect(metrics.text).toMatch(/temporal_activity_execution_latency_bucket\{[^}]*activity_type="purgeExpiredIdempotencyRecords"/);
    expect(metrics.text).toContain('counterfoil_process_resident_memory_bytes');
    // The backlogs a worker reads from the database at scrape time.
    for (const series of [
      'counterfoil_webhook_backlog_deliveries{rank="all"}',
      'counterfoil_webhook_backlog_oldest_age_seconds{rank="all"}',
      'counterfoil_webhook_backlog_subscriptions',
      'counterfoil_outbox_pending_events',
      'counterfoil_outbox_lag_seconds',
      'counterfoil_withdrawals_open{status="pending_approval"}',
      'counterfoil_withdrawals_open{status="executing"}',
      'counterfoil_withdrawals_waiting_on_provider',
      'counterfoil_withdrawals_waiting_on_provider_oldest_age_seconds',
    ]) {
      expect({ series, value: sample(metrics.text, series) }).toEqual({ series, value: expect.any(Number) });
    }
    expect(metrics.text).toContain('# TYPE counterfoil_approvals_pending_next_expiry_seconds gauge');
    scraped.worker = metrics.text;
    expect((await get(`${ops}/nope`)).status).toBe(404);

    child.kill('SIGTERM');
    // Not ready before it drains: once the signal is handled, /readyz answers 503 while the worker stops.
    const draining = await eventually(
      () => fetch(`${ops}/readyz`).then(async (res) => ({ status: res.status, body: await res.text() }), () => null),
      (r) => r?.status !== 200,
      10_000,
    );
    expect(draining).toEqual({ status: 503, body: '{"status":"draining","checks":{}}' });
    await exited(child);
    expect(child.exitCode).toBe(0);
  } finally {
    child.kill('SIGKILL');
  }
}, 120_000);

it('the API serves /readyz and /metrics on its ops port (refusals, replays, its Temporal client), and no longer serves /metrics on the public port', async () => {
  const processes = Processes.create('ops-api');
  // One token request a second: of several at once, all but one are refused.
  const { child, ops, api } = await startRole(processes, 'api', { COUNTERFOIL_RATE_LIMIT_TOKEN_PER_SECOND: '1', COUNTERFOIL_RATE_LIMIT_BURST_SECONDS: '1' });
  try {
    expect(JSON.parse((await get(`${ops}/readyz`)).text)).toEqual({ status: 'ready', checks: { postgres: 'ok', clock: 'ok', temporal: 'ok' } });
    expect((await get(`${api}/healthz`)).status).toBe(200);
    expect((await get(`${api}/metrics`)).status).toBe(404);
    const metrics = await get(`${ops}/metrics`);
    expect(metrics.text).toMatch(/counterfoil_http_request_duration_seconds_count\{surface="tenant",route="\/healthz",method="GET",status="200"\} \d+/);
    expect(metrics.text).toContain('counterfoil_workflows_started_total');
    expect(metrics.text).not.toContain('temporal_workflow_task_execution_latency');

    const tenant = await createTenant(services);
    const token = await tokenFor(api!, tenant);
    const tokenRequest = { body: { grant_type: 'client_credentials', client_id: tenant.clientId, client_secret: tenant.clientSecret } };
    const statuses = await Promise.all(Array.from({ length: 5 }, () => call(api!, 'POST', '/oauth/token', tokenRequest).then((r) => r.status)));
    const refused = statuses.filter((s) => s === 429).length;
    expect(refused).toBeGreaterThanOrEqual(4);
    const body = { display_name: 'Replayed', external_id: `ext-${uuidv7()}`, metadata: {}, scope_ref: `enterprises/${tenant.enterpriseId}` };
    const headers = { 'idempotency-key': uuidv7() };
    expect((await call(api!, 'POST', '/clients', { token, body, headers })).status).toBe(201);
    expect((await call(api!, 'POST', '/clients', { token, body, headers })).headers.get('idempotent-replayed')).toBe('true');

    const after = (await get(`${ops}/metrics`)).text;
    expect(sample(after, 'counterfoil_rate_limit_refusals_total{surface="tenant"}')).toBe(refused);
    expect(sample(after, 'counterfoil_idempotent_replays_total{surface="tenant"}')).toBe(1);
    // The SDK's client measures its requests (the readiness checks' DescribeNamespace among them).
    expect(after).toMatch(/^temporal_request\{[^}]*operation="DescribeNamespace"[^}]*\} [1-9]/m);
    expect(after).toContain('# TYPE counterfoil_connector_request_duration_seconds histogram');
    expect(after).toContain('# TYPE counterfoil_transfer_group_commit_duration_seconds histogram');
    // The backlog gauges are the worker's: API replicas do not repeat their query.
    expect(after).not.toContain('counterfoil_outbox_lag_seconds');
    scraped.api = after;
  } finally {
    child.kill('SIGTERM');
    await exited(child);
  }
}, 120_000);

it('a worker started while the database does not answer waits for it and becomes ready once it does', async () => {
  const proxy = await PgProxy.start(PgProxy.targetOf(runState().databaseUrl));
  proxy.down();
  const processes = Processes.create('ops-db-wait');
  const child = processes.spawn('worker', { DATABASE_URL: PgProxy.urlThrough(runState().databaseUrl, proxy.port), COUNTERFOIL_OPS_PORT: '0', LOG_LEVEL: 'info' }, 'pipe');
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  try {
    // Refused: before, the process exited at once ("Connection terminated unexpectedly"). It says it waits
    // (loading its modules first takes seconds on a busy machine), and is still there 3 s later.
    await eventually(async () => out.includes('waiting for it before starting'), (seen) => seen, 60_000);
    expect(out).toContain('the database does not answer; waiting for it before starting');
    await new Promise((r) => setTimeout(r, 3000));
    expect(child.exitCode).toBeNull();
    proxy.up();
    const started = Date.now();
    await eventually(async () => out.includes('Press Ctrl-C to stop.'), (ready) => ready, 60_000);
    expect(out).toContain('Press Ctrl-C to stop.');
    expect(out).toMatch(/the database answers/);
    expect(Date.now() - started).toBeLessThan(60_000);
  } finally {
    child.kill('SIGTERM');
    await exited(child);
    await proxy.close();
  }
}, 120_000);

/** Debian's libfaketime (the `faketime` package, which .ci/run installs): a process's clock moved, its timers not. */
const LIBFAKETIME = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';

it('an API whose clock runs five minutes ahead is not ready and says why; its skew is exported, and a right clock is ready', async () => {
  expect(existsSync(LIBFAKETIME)).toBe(true);
  const processes = Processes.create('ops-clock');
  const skewed = await startRole(processes, 'api', { LD_PRELOAD: LIBFAKETIME, FAKETIME: '+5m', FAKETIME_DONT_FAKE_MONOTONIC: '1' });
  const right = await startRole(processes, 'api');
  try {
    const seconds = (text: string) => sample(text, 'counterfoil_clock_skew_seconds')!;
    const off = await get(`${skewed.ops}/readyz`);
    expect(off.status).toBe(503);
    const body = JSON.parse(off.text);
    expect(body).toMatchObject({ status: 'not_ready', checks: { postgres: 'ok', clock: 'down', temporal: 'ok' } });
    expect(body.details.clock).toMatch(/^the clock is 3\d\d\.\d s ahead of the database's \(at most 2\.0 s\)$/);
    const skew = seconds((await get(`${skewed.ops}/metrics`)).text);
    expect(skew).toBeGreaterThan(295);
    expect(skew).toBeLessThan(305);

    expect((await get(`${right.ops}/readyz`)).status).toBe(200);
    expect(Math.abs(seconds((await get(`${right.ops}/metrics`)).text))).toBeLessThan(2);
  } finally {
    for (const { child } of [skewed, right]) {
      child.kill('SIGTERM');
      await exited(child);
    }
  }
}, 120_000);

it('no label of ours holds an id, and every metric the dashboards and alert rules query is one the processes export', () => {
  const text = `${scraped.api}\n${scraped.worker}`;
  expect(scraped.api && scraped.worker).toBeTruthy();
  expect([...text.matchAll(/^counterfoil_[^{\s]*\{([^}]*)\}/gm)].map((m) => m[1]).join(',')).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  // Our series from the processes; the SDK's from its runtime (some appear only once something fails).
  const exported = exportedMetricNames(text);
  const used = [...observabilityMetricNames()];
  expect(used).toEqual(expect.arrayContaining(['counterfoil_webhook_backlog_oldest_age_seconds', 'temporal_workflow_task_execution_failed', 'up']));
  expect(used.filter((name) => !exported.has(name))).toEqual([]);
});
