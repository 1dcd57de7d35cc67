import path from 'node:path';
import { mkdirSync } from 'node:fs';
import type { NativeConnection, Worker } from '@temporalio/worker';
import type { Config } from './config';
import type { Logger } from './logger';
import { closeServices, createServices, type Services } from './services';
import { provisionPostgres, type PostgresHandle } from './db/postgres-server';
import { ensureTemporalCli } from '../temporal/cli';
import { startDevServer, type DevServer } from '../temporal/dev-server';
import { SEARCH_ATTRIBUTE_REGISTRATION } from './temporal/search-attributes';
import { createWorker, workflowBundleOutOfProcess } from './temporal/worker';
import { ensureHousekeepingSchedule } from './temporal/schedules';
import { describeTemporalConnection } from './temporal/connection';
import { connectionOptionsOf } from './temporal/client';
import { OutboxDispatcher } from './events/dispatcher';
import { StartSweeper } from './temporal/start-outbox';
import { bootstrap, credentialsFile, writeCredentials, type BootstrapCredentials } from './bootstrap';
import type { RunningServer } from './http/server';
import type { DevSignIn } from './dev-idp';
import { assertProductionProviders } from './providers/startup';

export type Role = 'all' | 'api' | 'worker';

export interface Stack {
  services: Services;
  tenantApi?: RunningServer;
  signedApi?: RunningServer;
  temporalUiUrl: string | null;
  temporalAddress: string;
  databaseUrl: string;
  credentials: BootstrapCredentials | null;
  credentialsPath: string;
  /** Sandbox `start`: the development OpenID provider people sign in to the console with. */
  devSignIn?: { issuer: string; enterpriseId: string };
  stop(): Promise<void>;
}

/** Parts this process started itself, stopped in reverse order. */
interface Owned {
  postgres?: PostgresHandle;
  temporal?: DevServer;
}

async function infrastructure(config: Config, log: Logger, role: Role, owned: Owned) {
  let databaseUrl = config.databaseUrl;
  let temporalAddress = config.temporalAddress;
  let temporalUiUrl: string | null = null;

  // `start` brings up what is not configured; `api` and `worker` processes need both given.
  if (role === 'all') {
    const [pg, temporal] = await Promise.all([
      provisionPostgres({ databaseUrl, dataDir: config.dataDir, port: config.embeddedPostgresPort, log: (m) => log.info(m) }),
      temporalAddress
        ? Promise.resolve(undefined)
        : ensureTemporalCli((m) => log.info(m)).then((cliPath) =>
            startDevServer({
              cliPath,
              port: config.temporalPort,
              uiPort: config.temporalUiPort,
              dbFile: path.join(config.dataDir, 'temporal.sqlite'),
              namespace: config.temporalNamespace,
              logFile: path.join(config.dataDir, 'temporal.log'),
              searchAttributes: SEARCH_ATTRIBUTE_REGISTRATION,
            }),
          ),
    ]);
    owned.postgres = pg;
    databaseUrl = pg.url;
    if (temporal) {
      owned.temporal = temporal;
      temporalAddress = temporal.address;
      temporalUiUrl = temporal.uiUrl;
    }
  }
  if (!databaseUrl) throw new Error('DATABASE_URL is required for the api and worker commands.');
  if (!temporalAddress) throw new Error('TEMPORAL_ADDRESS is required for the api and worker commands.');
  return { databaseUrl, temporalAddress, temporalUiUrl };
}

/**
 * Starts this process's part of Counterfoil. `all` is `npm start`: PostgreSQL (or DATABASE_URL),
 * the Temporal dev server (or TEMPORAL_ADDRESS), migrations, bootstrap, the worker and both APIs.
 */
export async function startStack(config: Config, log: Logger, role: Role = 'all'): Promise<Stack> {
  mkdirSync(config.dataDir, { recursive: true });
  const owned: Owned = {};
  let services: Services | undefined;
  let worker: Worker | undefined;
  let workerConnection: NativeConnection | undefined;
  let workerRun: Promise<void> | undefined;
  let dispatcher: OutboxDispatcher | undefined;
  let startSweeper: StartSweeper | undefined;
  const servers: RunningServer[] = [];

  let devSignIn: DevSignIn | null = null;
  const stop = async () => {
    // HTTP first (drain in-flight requests), then the worker, then the stores it writes to.
    await Promise.all(servers.map((s) => s.close(config.shutdownGraceMs)));
    await devSignIn?.stop();
    await dispatcher?.stop();
    await startSweeper?.stop();
    if (worker && worker.getState() === 'RUNNING') worker.shutdown();
    await workerRun?.catch((err) => log.error({ err }, 'worker stopped with an error'));
    await workerConnection?.close().catch(() => {});
    if (services) await closeServices(services);
    await owned.temporal?.stop();
    await owned.postgres?.stop();
  };

  try {
    const infra = await infrastructure(config, log, role, owned);
    services = await createServices({
      config,
      log,
      databaseUrl: infra.databaseUrl,
      temporalAddress: infra.temporalAddress,
      migrate: role !== 'api',
    });
    log.info({ temporal: describeTemporalConnection(connectionOptionsOf(services.temporal.settings)), namespace: config.temporalNamespace }, 'temporal connection');
    await assertProductionProviders(services.sql, config);

    let credentials: BootstrapCredentials | null = null;
    if (role !== 'api') {
      credentials = await bootstrap(services.orm, config);
      if (credentials) writeCredentials(config.dataDir, credentials);
    }

    if (role !== 'api') {
      const bundle = await workflowBundleOutOfProcess(path.join(config.dataDir, 'cache'));
      ({ worker, connection: workerConnection } = await createWorker(services, bundle));
      workerRun = worker.run();
      await ensureHousekeepingSchedule(await services.temporal.get(), config.taskQueue);
      // The worker role moves committed events from the outbox to webhook deliveries.
      dispatcher = new OutboxDispatcher(services);
      await dispatcher.start();
      // …and starts the workflows that processes which died between a commit and a start still owe.
      startSweeper = new StartSweeper(services, { intervalMs: config.workflowStartSweepMs, graceMs: config.workflowStartGraceMs });
      startSweeper.start();
    }

    let tenantApi: RunningServer | undefined;
    let signedApi: RunningServer | undefined;
    if (role !== 'worker') {
      // Loaded only by roles that serve HTTP: the worker does not carry the routes and their schemas.
      const [{ createTenantApp }, { createSignedApp }, { listen }] = await Promise.all([import('./http/app'), import('./http/signed-app'), import('./http/server')]);
      if (role === 'all') devSignIn = await (await import('./dev-idp')).startDevSignIn(config, log, credentials);
      const consoleOptions = { temporalUiUrl: config.temporalUiUrl ?? infra.temporalUiUrl, identityOrigins: devSignIn ? [devSignIn.issuer] : [] };
      tenantApi = await listen(createTenantApp(services, consoleOptions), config, config.tenantApiPort);
      signedApi = await listen(createSignedApp(services), config, config.signedApiPort);
      servers.push(tenantApi, signedApi);
      await devSignIn?.setUp();
    }

    return {
      services,
      tenantApi,
      signedApi,
      temporalUiUrl: infra.temporalUiUrl,
      temporalAddress: infra.temporalAddress,
      databaseUrl: infra.databaseUrl,
      credentials,
      credentialsPath: credentialsFile(config.dataDir),
      devSignIn: devSignIn ? { issuer: devSignIn.issuer, enterpriseId: devSignIn.enterpriseId } : undefined,
      stop,
    };
  } catch (err) {
    await stop().catch(() => {});
    throw err;
  }
}
