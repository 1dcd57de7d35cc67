import type { ChildProcess } from 'node:child_process';
import { uuidv7 } from '../../src/ids';
import { closeServices, type Services } from '../../src/services';
import { Processes, exited } from '../workflows/process-fixtures';
import { call, createTenant, testServices, tokenFor } from '../helpers/app';
import { exportedMetricNames, observabilityMetricNames } from '../helpers/observability';

/** Starts a role with its ops server on a free port; answers the process and the URLs its banner prints. */
async function startRole(processes: Processes, role: 'api' | 'worker', env: Record<string, string> = {}): Promise<{ child: ChildProcess; ops: string; api?: string }> {
  const child = processes.spawn(role, { COUNTERFOIL_OPS_PORT: '0', COUNTERFOIL_API_PORT: '0', COUNTERFOIL_SIGNED_API_PORT: '0', ...env }, 'pipe');
  const banner = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      if (out.includes('Press Ctrl-C to stop.')) resolve(out);
    });
    child.once('exit', (code) => reject(new Error(`${role} exited with ${code}`)));
  });
  child.removeAllListeners('exit');
  return { child, ops: /Operations\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(banner)![1]!, api: /Tenant API\s+(http:\/\/\S+)/.exec(banner)?.[1] };
}

const scrape = async (ops: string) => (await fetch(`${ops}/metrics`)).text();
/** The value of one sample line (`name{labels} value`), or undefined when the process does not print it. */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

let services: Services;
const children: ChildProcess[] = [];

beforeAll(async () => {
  services = await testServices();
});

afterAll(async () => {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map(exited));
  await closeServices(services);
});

it('the API and the worker export the operator metrics on their ops ports, with bounded labels; every metric the dashboards and alert rules query is among them', async () => {
  const processes = Processes.create('metrics');
  // One token request a second: of several at once, all but one are refused.
  const [worker, api] = await Promise.all([
    startRole(processes, 'worker'),
    startRole(processes, 'api', { COUNTERFOIL_RATE_LIMIT_TOKEN_PER_SECOND: '1', COUNTERFOIL_RATE_LIMIT_BURST_SECONDS: '1' }),
  ]);
  children.push(worker.child, api.child);

  const tenant = await createTenant(services);
  const token = await tokenFor(api.api!, tenant);
  const tokenRequest = { body: { grant_type: 'client_credentials', client_id: tenant.clientId, client_secret: tenant.clientSecret } };
  const statuses = await Promise.all(Array.from({ length: 5 }, () => call(api.api!, 'POST', '/oauth/token', tokenRequest).then((r) => r.status)));
  const refused = statuses.filter((s) => s === 429).length;
  expect(refused).toBeGreaterThanOrEqual(4);
  const body = { display_name: 'Replayed', external_id: `ext-${uuidv7()}`, metadata: {}, scope_ref: `enterprises/${tenant.enterpriseId}` };
  const headers = { 'idempotency-key': uuidv7() };
  expect((await call(api.api!, 'POST', '/clients', { token, body, headers })).status).toBe(201);
  const replay = await call(api.api!, 'POST', '/clients', { token, body, headers });
  expect(replay.headers.get('idempotent-replayed')).toBe('true');
  expect((await fetch(`${api.ops}/readyz`)).status).toBe(200); // a DescribeNamespace through the SDK's client

  const apiText = await scrape(api.ops);
  expect(sample(apiText, 'counterfoil_rate_limit_refusals_total{surface="tenant"}')).toBe(refused);
  expect(sample(apiText, 'counterfoil_idempotent_replays_total{surface="tenant"}')).toBe(1);
  expect(apiText).toMatch(/^temporal_request\{[^}]*operation="DescribeNamespace"[^}]*\} [1-9]/m);
  expect(apiText).toContain('# TYPE counterfoil_connector_request_duration_seconds histogram');
  expect(apiText).toContain('# TYPE counterfoil_transfer_group_commit_duration_seconds histogram');
  // The backlog gauges are the worker's: API replicas do not repeat their query.
  expect(apiText).not.toContain('counterfoil_outbox_lag_seconds');

  const workerText = await scrape(worker.ops);
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
    expect(sample(workerText, series)).toBeGreaterThanOrEqual(0);
  }
  expect(workerText).toContain('# TYPE counterfoil_approvals_pending_next_expiry_seconds gauge');
  // No id in a label: every label value of our series comes from a closed set.
  expect([...`${apiText}\n${workerText}`.matchAll(/^counterfoil_[^{\s]*\{([^}]*)\}/gm)].map((m) => m[1]).join(',')).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);

  // What the dashboards and alert rules query exists: our series from the processes, the SDK's from its runtime.
  const exported = exportedMetricNames(`${apiText}\n${workerText}`);
  const used = [...observabilityMetricNames()];
  expect(used).toEqual(expect.arrayContaining(['counterfoil_webhook_backlog_oldest_age_seconds', 'temporal_workflow_task_execution_failed', 'up']));
  expect(used.filter((name) => !exported.has(name))).toEqual([]);
}, 180_000);
