import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import path from 'node:path';
import { Connection } from '@temporalio/client';
import { NativeConnection, type Worker } from '@temporalio/worker';
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
import { testConfig } from '../helpers/app';
import { runState } from '../helpers/run-state';
import { Org } from '../workflows/withdrawal-fixtures';
import { closeServices, createServices, type Services } from '../../src/services';
import { createLogger } from '../../src/logger';
import { createTenantApp } from '../../src/http/app';
import { listen, type RunningServer } from '../../src/http/server';
import { createWorker } from '../../src/temporal/worker';
import { temporalSetup } from '../../src/temporal/setup';
import { temporalConnectionOptions } from '../../src/temporal/connection';

/*
 * Acceptance (issue 21): the real Temporal server (PostgreSQL persistence; the CLI's dev server cannot
 * serve TLS) with mTLS on its frontend and certificates made here. The API's client and a worker reach it
 * through Counterfoil's connection settings (the SDK's TEMPORAL_* variables, read by loadConfig) and
 * carry a withdrawal through its workflow; connections without the client certificate are refused.
 */

const log = (m: string) => process.stderr.write(`[temporal-mtls] ${m}\n`);

let bins: TemporalServerBinaries;
let certs: Certificates;
let server: RealServer;
let dir: string;
const databases = { database: `temporal_mtls_${randomBytes(4).toString('hex')}`, visibilityDatabase: '' };
databases.visibilityDatabase = `${databases.database}_visibility`;

/** Counterfoil's configuration for this server: the TEMPORAL_* variables a deployment sets. */
function mtlsConfig(drop: string[] = []) {
  const env: Record<string, string> = { ...temporalEnv(server, certs), TEMPORAL_TASK_QUEUE: `mtls-${randomBytes(4).toString('hex')}`, COUNTERFOIL_SANDBOX_BLOCK_MS: '2' };
  for (const name of drop) delete env[name];
  return testConfig(env);
}

async function mtlsServices(drop: string[] = []): Promise<Services> {
  const config = mtlsConfig(drop);
  return createServices({ config, log: createLogger(config.logLevel), databaseUrl: runState().databaseUrl, temporalAddress: server.address, poolSize: 4 });
}

/** `counterfoil temporal setup --create-namespace`, over a connection made from Counterfoil's settings. */
async function setUpNamespace(): Promise<void> {
  const connection = await Connection.connect(temporalConnectionOptions(mtlsConfig().temporal));
  try {
    // Idempotent: again while the new namespace is not yet in every service's cache (NOT_FOUND for a few
    // seconds), every 250 ms for up to some 20 s (as many seconds as ten tries 2 s apart gave).
    for (let attempt = 1; ; attempt++) {
      const said: string[] = [];
      const done = await temporalSetup(connection, { namespace: 'default', createNamespace: true, retentionSeconds: 86_400, say: (m) => said.push(m) }).then(
        () => true,
        (err: Error) => (attempt < 80 ? (attempt % 8 === 1 && log(err.message), false) : Promise.reject(err)),
      );
      if (attempt === 1 || done) said.forEach(log);
      if (done) return;
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    await connection.close();
  }
}

beforeAll(async () => {
  const state = runState();
  dir = fs.mkdtempSync(path.join(state.tmpDir, 'mtls-'));
  // Built once into the per-user cache (minutes cold); later runs find it there.
  bins = await ensureTemporalServer(log);
  const pg = postgresTarget(state.serverUrl);
  // Independent steps, side by side: the certificates (openssl) and the databases' schemas (the SQL tool).
  [certs] = await Promise.all([makeCertificates(path.join(dir, 'certs')), setUpTemporalDatabases(bins, pg, databases)]);
  server = await startRealServer({ binaries: bins, postgres: pg, ...databases, certificates: certs, dir: path.join(dir, 'temporal'), maxConns: 5 });
  await setUpNamespace();
}, 900_000);

afterAll(async () => {
  await server?.stop();
  if (bins) await dropTemporalDatabases(bins, postgresTarget(runState().serverUrl), databases);
}, 60_000);

it('a client and a worker with the client certificate run a withdrawal through its workflow', async () => {
  const services = await mtlsServices();
  let api: RunningServer | undefined;
  let worker: { worker: Worker; connection: NativeConnection } | undefined;
  try {
    expect(services.temporal.settings.tls).toMatchObject({ serverNameOverride: 'localhost', clientCertPair: { crt: expect.any(Buffer), key: expect.any(Buffer) } });
    api = await listen(createTenantApp(services), services.config, 0);
    worker = await createWorker(services, { codePath: runState().workflowBundlePath });
    const org = await Org.create({ url: api.url, services } as never, 'Mutual TLS Ltd');
    const { account, destination } = await org.withdrawalAccount('100.00');
    const w = worker.worker;
    const done = await w.runUntil(async () => {
      const created = await org.withdraw(account, destination, '10.00');
      expect(created.status).toBe(201);
      return org.waitFor(created.body.id, ['executed'], 30_000);
    });
    expect(done).toMatchObject({ status: 'executed', settled_at: expect.any(String) });

    // The workflow ran on this server, under its workflow id, with Counterfoil's search attributes.
    const client = await services.temporal.get();
    const described = await client.workflow.getHandle(`withdrawal/${done.id}`).describe();
    expect(described.type).toBe('withdrawalWorkflow');
    expect(described.status.name).toBe('COMPLETED');
    expect(Object.keys(described.searchAttributes)).toEqual(expect.arrayContaining(['CounterfoilStatus', 'CounterfoilAccount']));
  } finally {
    await worker?.connection.close();
    await api?.close(1000);
    await closeServices(services);
  }
}, 120_000);

describe('without the client certificate', () => {
  // gRPC retries a refused handshake until the connect deadline, so a refusal takes the whole timeout:
  // a short one, next to the same call with the certificate under the usual 5 s, which answers.
  const REFUSED_WITHIN = '1500ms';

  it('the SDK client is refused, and the same call with it answers', async () => {
    await expect(Connection.connect({ address: server.address, tls: clientTls(certs, { withClientCertificate: false }), connectTimeout: REFUSED_WITHIN })).rejects.toThrow();
    const connection = await Connection.connect({ address: server.address, tls: clientTls(certs), connectTimeout: '5s' });
    await expect(connection.workflowService.getSystemInfo({})).resolves.toBeDefined();
    await connection.close();
  });

  it('a connection without TLS is refused', async () => {
    await expect(Connection.connect({ address: server.address, connectTimeout: REFUSED_WITHIN })).rejects.toThrow();
  });

  it("Counterfoil's worker, configured without TEMPORAL_TLS_CLIENT_CERT_PATH and _KEY_PATH, cannot connect", async () => {
    const services = await mtlsServices(['TEMPORAL_TLS_CLIENT_CERT_PATH', 'TEMPORAL_TLS_CLIENT_KEY_PATH']);
    try {
      expect(services.temporal.settings.tls).toMatchObject({ serverNameOverride: 'localhost' });
      expect(services.temporal.settings.tls).not.toHaveProperty('clientCertPair');
      await expect(createWorker(services, { codePath: runState().workflowBundlePath })).rejects.toThrow();
      await expect(services.temporal.get()).rejects.toThrow();
    } finally {
      await closeServices(services);
    }
  }, 60_000);
});
