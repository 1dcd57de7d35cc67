import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import path from 'node:path';
import { Connection } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import { freePort } from '../../temporal/dev-server';
import {
  clientTls,
  dropTemporalDatabases,
  ensureTemporalServer,
  makeCertificates,
  postgresTarget,
  setUpTemporalDatabases,
  startRealServer,
  temporalEnv,
  type Certificates,
  type RealServer,
  type TemporalServerBinaries,
} from '../../temporal/real-server';
import { sealingKeyFile, testServices } from '../helpers/app';
import { runState } from '../helpers/run-state';
import { Org } from '../workflows/withdrawal-fixtures';
import { closeServices, type Services } from '../../src/services';

/*
 * Acceptance (issue 21): the real Temporal server (PostgreSQL persistence, not the dev server, which
 * cannot serve TLS) with mTLS on its frontend, certificates made here. A `counterfoil api` and a
 * `counterfoil worker` process reach it through the SDK's TEMPORAL_* connection settings and carry a
 * withdrawal through its workflow; connections without the client certificate are refused.
 */

const ROOT = path.resolve(__dirname, '../..');
const log = (m: string) => process.stderr.write(`[temporal-mtls] ${m}\n`);

let bins: TemporalServerBinaries;
let certs: Certificates;
let server: RealServer;
let services: Services;
let dir: string;
const databases = { database: `temporal_mtls_${randomBytes(4).toString('hex')}`, visibilityDatabase: '' };
databases.visibilityDatabase = `${databases.database}_visibility`;
const processes: ChildProcess[] = [];

/** The environment of a Counterfoil process on the run's database, connected to the mTLS server. */
function processEnv(extra: Record<string, string> = {}): Record<string, string> {
  const state = runState();
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    DATABASE_URL: state.databaseUrl,
    ...temporalEnv(server, certs),
    TEMPORAL_TASK_QUEUE: `mtls-${randomBytes(4).toString('hex')}`,
    COUNTERFOIL_DATA_DIR: path.join(dir, 'data'),
    COUNTERFOIL_SEALING_KEY_FILE: sealingKeyFile(),
    COUNTERFOIL_SANDBOX_BLOCK_MS: '2',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

function run(args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(ROOT, 'bin', 'counterfoil'), args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** A long-running role, resolved when its ops port answers /readyz with 200. */
async function startRole(role: 'api' | 'worker', env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(path.join(ROOT, 'bin', 'counterfoil'), [role], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  processes.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`counterfoil ${role} exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`counterfoil ${role} not ready in 60 s:\n${output}`);
    if (await fetch(`http://127.0.0.1:${env.COUNTERFOIL_OPS_PORT}/readyz`).then((r) => r.ok, () => false)) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  const state = runState();
  dir = fs.mkdtempSync(path.join(state.tmpDir, 'mtls-'));
  // Built once into the per-user cache (minutes cold); later runs find it there.
  bins = await ensureTemporalServer(log);
  certs = await makeCertificates(path.join(dir, 'certs'));
  const pg = postgresTarget(state.serverUrl);
  await setUpTemporalDatabases(bins, pg, databases);
  server = await startRealServer({ binaries: bins, postgres: pg, ...databases, certificates: certs, dir: path.join(dir, 'temporal'), maxConns: 5 });
  services = await testServices();
}, 600_000);

afterAll(async () => {
  await Promise.all(
    processes.map((child) =>
      child.exitCode !== null || child.signalCode !== null ? undefined : new Promise<void>((resolve) => (child.once('exit', () => resolve()), child.kill('SIGTERM')))),
  );
  await closeServices(services);
  await server?.stop();
  if (bins) await dropTemporalDatabases(bins, postgresTarget(runState().serverUrl), databases);
}, 60_000);

it('a client and a worker with the client certificate run a withdrawal through its workflow', async () => {
  const setup = await run(['temporal', 'setup', '--create-namespace'], processEnv());
  expect(setup).toMatchObject({ code: 0 });

  const env = processEnv();
  const [api] = await Promise.all([
    (async () => {
      const ports = { COUNTERFOIL_API_PORT: String(await freePort()), COUNTERFOIL_SIGNED_API_PORT: String(await freePort()), COUNTERFOIL_OPS_PORT: String(await freePort()) };
      await startRole('api', { ...env, ...ports });
      return `http://127.0.0.1:${ports.COUNTERFOIL_API_PORT}`;
    })(),
    (async () => startRole('worker', { ...env, COUNTERFOIL_OPS_PORT: String(await freePort()) }))(),
  ]);

  const org = await Org.create({ url: api, services } as never, 'Mutual TLS Ltd');
  const { account, destination } = await org.withdrawalAccount('100.00');
  const created = await org.withdraw(account, destination, '10.00');
  expect(created.status).toBe(201);
  const done = await org.waitFor(created.body.id, ['executed'], 30_000);
  expect(done).toMatchObject({ status: 'executed', settled_at: expect.any(String) });

  // The workflow ran on this server, under its workflow id, with Counterfoil's search attributes.
  const connection = await Connection.connect({ address: server.address, tls: clientTls(certs) });
  try {
    const described = await connection.workflowService.describeWorkflowExecution({ namespace: 'default', execution: { workflowId: `withdrawal/${created.body.id}` } });
    expect(described.workflowExecutionInfo?.type?.name).toBe('withdrawalWorkflow');
    expect(Object.keys(described.workflowExecutionInfo?.searchAttributes?.indexedFields ?? {})).toEqual(expect.arrayContaining(['CounterfoilStatus', 'CounterfoilAccount']));
  } finally {
    await connection.close();
  }
}, 120_000);

describe('without the client certificate', () => {
  it('the SDK client is refused', async () => {
    await expect(Connection.connect({ address: server.address, tls: clientTls(certs, { withClientCertificate: false }), connectTimeout: '5s' })).rejects.toThrow();
    // With it, the same call answers: the refusal is the missing certificate, not the server.
    const connection = await Connection.connect({ address: server.address, tls: clientTls(certs), connectTimeout: '5s' });
    await expect(connection.workflowService.getSystemInfo({})).resolves.toBeDefined();
    await connection.close();
  });

  it('the worker connection is refused', async () => {
    await expect(NativeConnection.connect({ address: server.address, tls: clientTls(certs, { withClientCertificate: false }) })).rejects.toThrow();
  });

  it('a connection without TLS is refused', async () => {
    await expect(Connection.connect({ address: server.address, connectTimeout: '5s' })).rejects.toThrow();
  });

  it('`counterfoil worker` stops at start-up', async () => {
    const env = processEnv({ COUNTERFOIL_OPS_PORT: String(await freePort()) });
    delete env.TEMPORAL_TLS_CLIENT_CERT_PATH;
    delete env.TEMPORAL_TLS_CLIENT_KEY_PATH;
    const child = spawn(path.join(ROOT, 'bin', 'counterfoil'), ['worker'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'ignore'] });
    processes.push(child);
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    expect(code).not.toBe(0);
  }, 60_000);
});
