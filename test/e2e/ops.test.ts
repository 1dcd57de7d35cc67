import type { ChildProcess } from 'node:child_process';
import { Client, Connection } from '@temporalio/client';
import { Processes, exited } from '../workflows/process-fixtures';
import { runState } from '../helpers/run-state';

/** Starts a role with its ops server on a free port; answers the process and the URLs its banner prints. */
async function startRole(processes: Processes, role: 'api' | 'worker'): Promise<{ child: ChildProcess; ops: string; api?: string }> {
  // A readiness drain longer than the probe's 250 ms, or a fast shutdown closes the ops port before a probe sees the 503.
  const child = processes.spawn(role, { COUNTERFOIL_OPS_PORT: '0', COUNTERFOIL_API_PORT: '0', COUNTERFOIL_SIGNED_API_PORT: '0', COUNTERFOIL_READINESS_DRAIN_MS: '1500' }, 'pipe');
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
    expect(JSON.parse(ready.text)).toEqual({ status: 'ready', checks: { postgres: 'ok', temporal: 'ok', worker: 'ok' } });

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

it('the API serves /readyz and /metrics on its ops port, and no longer serves /metrics on the public port', async () => {
  const processes = Processes.create('ops-api');
  const { child, ops, api } = await startRole(processes, 'api');
  try {
    expect(JSON.parse((await get(`${ops}/readyz`)).text)).toEqual({ status: 'ready', checks: { postgres: 'ok', temporal: 'ok' } });
    expect((await get(`${api}/healthz`)).status).toBe(200);
    expect((await get(`${api}/metrics`)).status).toBe(404);
    const metrics = await get(`${ops}/metrics`);
    expect(metrics.text).toMatch(/counterfoil_http_request_duration_seconds_count\{surface="tenant",route="\/healthz",method="GET",status="200"\} \d+/);
    expect(metrics.text).toContain('counterfoil_workflows_started_total');
    expect(metrics.text).not.toContain('temporal_workflow_task_execution_latency');
  } finally {
    child.kill('SIGTERM');
    await exited(child);
  }
}, 120_000);
