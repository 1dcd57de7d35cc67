import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { NativeConnection, type Worker } from '@temporalio/worker';
import type { Config } from './config';
import type { Logger } from './logger';
import { closeServices, createServices, type Services } from './services';
import { provisionPostgres, type PostgresHandle } from '../temporal/postgres-dev-server';
import { ensureTemporalCli } from '../temporal/cli';
import { freePort, startDevServer, type DevServer } from '../temporal/dev-server';
import { SEARCH_ATTRIBUTE_REGISTRATION } from './temporal/search-attributes';
import { createWorker, installTemporalRuntime, workerWorkflowBundle } from './temporal/worker';
import { scrape, startOpsServer, type OpsServer } from './ops-server';
import { clockSkewMs, describeSkew } from './db/clock';
import { pingDatabase, waitForDatabase } from './db/connect';
import { ensureHousekeepingSchedule } from './temporal/schedules';
import { describeTemporalConnection } from './temporal/connection';
import { assertSearchAttributes } from './temporal/setup';
import { connectionOptionsOf } from './temporal/client';
import { OutboxDispatcher } from './domain/webhooks/dispatcher';
import { StartSweeper } from './temporal/start-outbox';
import { bootstrap, credentialsFile, credentialsFileFor, writeCredentials, type BootstrapCredentials } from './bootstrap';
import { assertMigrated } from './db/orm';
import { connectPostgres } from './db/connect';
import type { RunningServer } from './http/server';
import type { DevSignIn } from './dev-idp';
import { assertProductionProviders } from './providers/startup';
import { checkDependencyPatches, recordDependencyPatches } from './dependency-patches';
import { assertDevelopmentDependencies, EMBEDDED_POSTGRES, loadDevelopmentOnly, SANDBOX_IDENTITY_PROVIDER } from './development-only';

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
  /** This process's /healthz, /readyz and /metrics (COUNTERFOIL_OPS_HOST/PORT). */
  opsUrl: string;
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

async function checkMigrated(databaseUrl: string): Promise<void> {
  const sql = connectPostgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await assertMigrated(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * Starts this process's part of Counterfoil. `all` is `npm start`: PostgreSQL (or DATABASE_URL),
 * the Temporal dev server (or TEMPORAL_ADDRESS), migrations, bootstrap, the worker and both APIs.
 */
export async function startStack(config: Config, log: Logger, role: Role = 'all'): Promise<Stack> {
  // Before anything starts: a process missing a correctness patch to a dependency stops here, and
  // `start` in an install without the development dependencies it would load says so.
  const missingPatches = checkDependencyPatches(role, log);
  if (role === 'all') {
    await assertDevelopmentDependencies([...(config.databaseUrl === undefined ? [EMBEDDED_POSTGRES] : []), ...(config.devIdentityProvider ? [SANDBOX_IDENTITY_PROVIDER] : [])]);
  }
  // Both drivers name their connections from PGAPPNAME: pg_stat_activity then says which role holds each
  // one (an operator's first question when connections run out), unless the operator named them already.
  // eslint-disable-next-line no-restricted-properties -- a default for the drivers, which read it there
  process.env.PGAPPNAME ??= `counterfoil-${role}`;
  mkdirSync(config.dataDir, { recursive: true });
  const owned: Owned = {};
  let services: Services | undefined;
  let worker: Worker | undefined;
  let workerConnection: NativeConnection | undefined;
  let workerRun: Promise<void> | undefined;
  let dispatcher: OutboxDispatcher | undefined;
  let startSweeper: StartSweeper | undefined;
  const servers: RunningServer[] = [];
  let ops: OpsServer | undefined;

  let devSignIn: DevSignIn | null = null;
  const stop = async () => {
    // Not ready first, so balancers stop sending work; then HTTP (drain in-flight requests), the worker, the stores it writes to.
    ops?.drain();
    if (ops && config.readinessDrainMs > 0) await new Promise((r) => setTimeout(r, config.readinessDrainMs));
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
    await ops?.close();
  };

  try {
    const infra = await infrastructure(config, log, role, owned);
    // Only `start` (development) changes the schema; a production process finds it migrated or stops.
    if (role !== 'all') {
      const waitedMs = await waitForDatabase(infra.databaseUrl, config.databaseWaitMs, (err) =>
        log.warn({ err, wait_ms: config.databaseWaitMs }, 'the database does not answer; waiting for it before starting'),
      );
      if (waitedMs > 1000) log.info({ waited_ms: waitedMs }, 'the database answers');
      await checkMigrated(infra.databaseUrl);
    }
    services = await createServices({
      config,
      log,
      databaseUrl: infra.databaseUrl,
      temporalAddress: infra.temporalAddress,
      migrate: role === 'all',
    });
    recordDependencyPatches(services.metrics, role, missingPatches);
    // The SDK's metrics exporter listens on loopback only; the ops server forwards its text. The API
    // role's client goes through the SDK's native connection, so its requests are measured too.
    const sdkMetricsUrl = `http://127.0.0.1:${await freePort()}/metrics`;
    installTemporalRuntime(log, new URL(sdkMetricsUrl).host);
    if (role === 'api') services.temporal.connectWith((options) => NativeConnection.connect(options));
    // The worker owns the outbox and the workflows: it reports their backlogs (one query per scrape).
    else services.metrics.observeBacklogs(services.sql);
    log.info({ temporal: describeTemporalConnection(connectionOptionsOf(services.temporal.settings)), namespace: config.temporalNamespace }, 'temporal connection');
    await assertProductionProviders(services.sql, config);
    await assertSearchAttributes((await services.temporal.get()).connection, config.temporalNamespace);

    const live = services;
    ops = await startOpsServer({
      host: config.opsHost,
      port: config.opsPort,
      log,
      checks: {
        postgres: () => pingDatabase(live.sql),
        clock: clockCheck(live, config.maxClockSkewMs),
        temporal: () => live.temporal.ping(),
        // Connected and polling: the SDK worker runs only while its pollers do.
        ...(role === 'api' ? {} : {
              worker: async () => {
                if (worker?.getState() !== 'RUNNING') throw new Error(`worker ${worker?.getState() ?? 'not started'}`);
              },
            }),
      },
      metrics: async () => {
        // Measured at every scrape too, so a process no balancer probes still reports its clock.
        await clockSkewMs(live.sql).then((ms) => live.metrics.clockSkew.set(ms / 1000), () => undefined);
        const [own, sdk] = await Promise.all([live.metrics.registry.metrics(), scrape(sdkMetricsUrl)]);
        return { text: sdk ? `${own}\n${sdk}` : own, contentType: live.metrics.registry.contentType };
      },
    });

    let credentials: BootstrapCredentials | null = null;
    let credentialsPath = credentialsFile(config.dataDir);
    if (role === 'all') {
      const created = await bootstrap(services.orm, config, (creds) => writeCredentials(credentialsFileFor(config.dataDir, creds), creds));
      if (created) ({ credentials, path: credentialsPath } = created);
    }

    if (role !== 'api') {
      const bundle = await workerWorkflowBundle(path.join(config.dataDir, 'cache'));
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
      const [{ createTenantApp }, { createSignedApiApp }, { listen }] = await Promise.all([import('./http/app'), import('./http/signed/app'), import('./http/server')]);
      // The sandbox identity provider and its packages are development-only: a production install has none.
      if (role === 'all') {
        const devIdp = await loadDevelopmentOnly(SANDBOX_IDENTITY_PROVIDER.what, SANDBOX_IDENTITY_PROVIDER.packages, () => import('./dev-idp'));
        devSignIn = await devIdp.startDevSignIn(config, log, credentials);
      }
      const consoleOptions = { temporalUiUrl: config.temporalUiUrl ?? infra.temporalUiUrl, identityOrigins: devSignIn ? [devSignIn.issuer] : [] };
      tenantApi = await listen(createTenantApp(services, consoleOptions), config, config.tenantApiPort);
      signedApi = await listen(createSignedApiApp(services), config, config.signedApiPort);
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
      credentialsPath,
      opsUrl: ops.url,
      devSignIn: devSignIn ? { issuer: devSignIn.issuer, enterpriseId: devSignIn.enterpriseId } : undefined,
      stop,
    };
  } catch (err) {
    await stop().catch(() => {});
    throw err;
  }
}

/**
 * The readiness check of the clock: a process whose clock is off the database's by more than `maxMs`
 * refuses honest signed requests (their window), and issues tokens and expiries the others disagree
 * with, so it is taken out of rotation until its clock is right. Logged when it goes off and comes back.
 */
function clockCheck(services: Services, maxMs: number): () => Promise<void> {
  // Whether the last probe found it off: one line when it goes off, one when it comes back.
  let wasOff = false;
  return async () => {
    const skew = await clockSkewMs(services.sql);
    services.metrics.clockSkew.set(skew / 1000);
    const off = Math.abs(skew) > maxMs;
    if (off !== wasOff) services.log[off ? 'error' : 'info']({ clock_skew_ms: skew }, off ? `not ready: ${describeSkew(skew, maxMs)}` : 'the clock agrees with the database again');
    wasOff = off;
    if (off) throw new Error(describeSkew(skew, maxMs));
  };
}
