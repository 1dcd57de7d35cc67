import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { startTestApp, type TestApp } from '../helpers/app';
import { freePort } from '../../temporal/dev-server';
import { runState } from '../helpers/run-state';
import { Jaeger, type JaegerSpan, type JaegerTrace } from '../helpers/jaeger';
import { ReferenceConnector, productionThrough } from '../helpers/reference-connector';
import { Org } from './withdrawal-fixtures';
import { Processes, exited } from './process-fixtures';

/*
 * OpenTelemetry end to end: a real `counterfoil api` and `counterfoil worker` export over OTLP to a
 * real Jaeger. One withdrawal that needs an approval and is paid out through the reference connector
 * is created under a caller's `traceparent`; Jaeger must then hold that one trace with the API
 * request, the workflow start, the workflow run and its activities, its SQL statements and the
 * connector's /payouts call, and the log lines of the request and of its activities must carry its
 * trace id. A read served through the ORM gives a trace with node-postgres spans.
 */

let jaeger: Jaeger;
let connector: ReferenceConnector;
let processes: Processes;
let app: TestApp;
const children: ChildProcess[] = [];
const lines: Record<'api' | 'worker', Array<Record<string, unknown>>> = { api: [], worker: [] };

/** The process, its JSON log lines collected, once its banner says it is ready. */
async function start(role: 'api' | 'worker', extra: Record<string, string>): Promise<void> {
  const child = processes.spawn(role, extra, 'pipe');
  children.push(child);
  let buffered = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      buffered += d;
      const complete = buffered.split('\n');
      buffered = complete.pop()!;
      for (const line of complete) {
        if (line.includes('Press Ctrl-C to stop.')) resolve();
        if (line.startsWith('{')) lines[role].push(JSON.parse(line));
      }
    });
    child.once('exit', (code) => reject(new Error(`${role} exited with ${code}`)));
  });
  child.removeAllListeners('exit');
}

let apiUrl: string;

// Everything the test talks to starts side by side: most of it is waiting on child processes.
beforeAll(async () => {
  // The first run builds Jaeger (minutes); later runs find it in the per-user cache.
  [jaeger, connector] = await Promise.all([Jaeger.start(path.join(runState().tmpDir, `jaeger-${randomBytes(4).toString('hex')}`)), ReferenceConnector.start()]);
  const production = productionThrough(connector, 30_000);
  processes = Processes.create('tracing', {
    ...production,
    OTEL_EXPORTER_OTLP_ENDPOINT: jaeger.otlpEndpoint,
    OTEL_BSP_SCHEDULE_DELAY: '100',
  });
  const port = await freePort();
  apiUrl = `http://127.0.0.1:${port}`;
  [app] = await Promise.all([
    startTestApp({ ...production, TEMPORAL_TASK_QUEUE: processes.taskQueue }),
    start('worker', { LOG_LEVEL: 'debug' }),
    start('api', { LOG_LEVEL: 'info', COUNTERFOIL_API_PORT: String(port), COUNTERFOIL_SIGNED_API_PORT: String(await freePort()) }),
  ]);
}, 30 * 60_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map(exited));
  await app?.close();
  await connector?.stop();
  await jaeger?.stop();
});

const tag = (span: JaegerSpan, key: string) => span.tags.find((t) => t.key === key)?.value;

/** Polls Jaeger until the trace holds every part `complete` asks for (spans arrive per process and batch). */
async function traceOnceComplete(traceId: string, complete: (t: JaegerTrace) => boolean): Promise<JaegerTrace> {
  let last: JaegerTrace | null = null;
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
    last = await jaeger.trace(traceId);
    if (last && complete(last)) return last;
  }
  return last ?? { traceID: traceId, spans: [], processes: {} };
}

it('one withdrawal, approved and paid out through a connector, is one trace in Jaeger, and the log lines of the request and its activities carry the trace id', async () => {
  const org = await Org.create(app, 'Traced Ltd');
  const created = await org.ok(201, 'POST', '/connectors', { name: 'reference', base_url: connector.url });
  await connector.control('/control/configure', { secret: created.secret, counterfoil_url: app.url, connector_id: created.id });
  const approver = await org.user(['approver']);
  const { account, destination } = await org.withdrawalAccount('1000.00');
  await org.rule({ scope_ref: org.enterpriseRef, order: 1, effect: org.approvalEffect() });

  // The traced calls go to the `counterfoil api` process; the caller starts the trace.
  const traced = new Org({ ...app, url: apiUrl }, org.tenant, org.token);
  const traceId = randomBytes(16).toString('hex');
  const res = await traced.api(
    'POST',
    '/withdrawals',
    { account_ref: account, amount: { currency: 'USDC', value: '100.00' }, rail: 'ethereum', withdrawal_destination_id: destination },
    { 'idempotency-key': randomBytes(8).toString('hex'), traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
  );
  expect([res.status, res.body.status]).toEqual([201, 'pending_approval']);
  expect((await traced.decide(res.body.approval_ref, 'approve', approver.token)).status).toBe(200);
  // The connector holds the payout until told its outcome.
  const key = `withdrawal/${res.body.id}`;
  for (const deadline = Date.now() + 60_000; (await connector.payoutsFor(key)) === 0; await new Promise((r) => setTimeout(r, 100))) {
    if (Date.now() > deadline) throw new Error('the payout never reached the connector');
  }
  await connector.control('/control/payouts/confirm', { idempotency_key: key });
  expect((await traced.waitFor(res.body.id, ['executed', 'failed'], 60_000)).status).toBe('executed');

  const has = (t: JaegerTrace, name: RegExp, service?: string) => t.spans.some((s) => name.test(s.operationName) && (!service || t.processes[s.processID]?.serviceName === service));
  const parts = {
    apiRequest: (t: JaegerTrace) => has(t, /^POST \/withdrawals$/, 'counterfoil-api'),
    workflowStart: (t: JaegerTrace) => has(t, /^StartWorkflow:withdrawalWorkflow$/, 'counterfoil-api'),
    workflowRun: (t: JaegerTrace) => has(t, /^RunWorkflow:withdrawalWorkflow$/, 'counterfoil-worker'),
    activities: (t: JaegerTrace) => has(t, /^RunActivity:/, 'counterfoil-worker'),
    postgresJsSql: (t: JaegerTrace) => t.spans.some((s) => tag(s, 'db.system') === 'postgresql' && !s.operationName.startsWith('pg.') && typeof tag(s, 'db.statement') === 'string'),
    connectorPayout: (t: JaegerTrace) => has(t, /^POST \/payouts$/, 'counterfoil-worker'),
  };
  const trace = await traceOnceComplete(traceId, (t) => Object.values(parts).every((p) => p(t)));
  const found = Object.fromEntries(Object.entries(parts).map(([name, p]) => [name, p(trace)]));
  expect(found).toEqual(Object.fromEntries(Object.keys(parts).map((name) => [name, true])));
  // One trace: every span but the caller's root child hangs off another span of this trace.
  const ids = new Set(trace.spans.map((s) => s.spanID));
  const orphans = trace.spans.filter((s) => !s.references.some((r) => r.refType === 'CHILD_OF' && ids.has(r.spanID)));
  expect(orphans.map((s) => s.operationName)).toEqual(['POST /withdrawals']);

  // The request's line names the trace; every line of its activities (the SDK's and ours) names the
  // trace, a span of it, the run and the activity type; the workflow's own lines name the run.
  const workflowId = `withdrawal/${res.body.id}`;
  const spanIds = new Set(trace.spans.map((s) => s.spanID));
  expect(lines.api.filter((l) => l.trace_id === traceId && spanIds.has(l.span_id as string) && l.msg === 'request' && l.route === '/withdrawals')).toHaveLength(1);
  const ofRun = lines.worker.filter((l) => l.workflow_id === workflowId);
  const activityLines = ofRun.filter((l) => l.activity_type);
  const untraced = activityLines.filter((l) => !/^[0-9a-f]{32}$/.test(String(l.trace_id)) || !/^[0-9a-f]{16}$/.test(String(l.span_id)) || !l.run_id);
  expect(untraced.map((l) => `${l.activity_type}: ${l.msg}`)).toEqual([]);
  // The approval's decision is a request of its own (a trace of its own); the withdrawal's activities are in this one.
  const inTrace = activityLines.filter((l) => l.trace_id === traceId);
  expect(inTrace.filter((l) => !spanIds.has(l.span_id as string))).toEqual([]);
  // Settlement is its own activity when the rail confirms after the inline window, else executeWithdrawal's last step.
  expect([...new Set(inTrace.map((l) => l.activity_type))]).toEqual(expect.arrayContaining(['openApproval', 'executeWithdrawal']));
  const workflowLines = ofRun.filter((l) => !l.activity_type);
  expect(workflowLines.length).toBeGreaterThan(0);
  expect(workflowLines.filter((l) => !l.run_id)).toEqual([]);

  // SQL through the ORM (node-postgres): a read of roles under a trace of its own.
  const readTrace = randomBytes(16).toString('hex');
  await traced.ok(200, 'GET', '/roles', undefined, { traceparent: `00-${readTrace}-${randomBytes(8).toString('hex')}-01` });
  const pgSpan = (t: JaegerTrace) => t.spans.some((s) => s.operationName.startsWith('pg.query') && tag(s, 'db.system') === 'postgresql' && t.processes[s.processID]?.serviceName === 'counterfoil-api');
  expect(pgSpan(await traceOnceComplete(readTrace, pgSpan))).toBe(true);
}, 180_000);
