// The real Temporal server (not the CLI's dev server) on PostgreSQL, with mTLS on its frontend:
// what a self-hosted production cluster runs, in one process, for the topology run and the mTLS test.
//
// Binaries: `go install go.temporal.io/server/cmd/server@v1.29.1` (the server the pinned CLI embeds)
// and its schema tool `cmd/tools/sql`, built once into ${XDG_CACHE_HOME:-~/.cache}/counterfoil/
// temporal-server/v1.29.1/ under the same cross-process lock as the CLI, with the module's
// schema/postgresql/v12 copied next to them.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { Connection } from '@temporalio/client';
import { acquireBuildLock, counterfoilCacheDir, findGo, isExecutableFile, lastLines, runCollecting, type Log } from './cli';
import { acceptsConnections, freePort, withParentDeathSignal } from './dev-server';

export const TEMPORAL_SERVER_VERSION = 'v1.29.1';
const SERVER_MODULE = 'go.temporal.io/server';
const SERVER_BINARY = 'temporal-server';
const SQL_TOOL_BINARY = 'temporal-sql-tool';
const SQL_PLUGIN = 'postgres12';
const START_TIMEOUT_MS = 90_000;
const STOP_GRACE_MS = 15_000;
const TOOL_TIMEOUT_MS = 120_000;
const CERT_DAYS = 30;

export interface TemporalServerBinaries {
  server: string;
  sqlTool: string;
  /** schema/postgresql/v12 of the module: `temporal/` and `visibility/`, each with `versioned/`. */
  schemaDir: string;
}

/** Where the built server, schema tool and schemas live (outside the work tree, keyed by version). */
export function serverCacheDir(env: NodeJS.ProcessEnv = process.env, home = os.homedir()): string {
  return path.join(counterfoilCacheDir(env, home), 'temporal-server', TEMPORAL_SERVER_VERSION);
}

function binariesIn(dir: string): TemporalServerBinaries {
  return {
    server: path.join(dir, SERVER_BINARY),
    sqlTool: path.join(dir, SQL_TOOL_BINARY),
    schemaDir: path.join(dir, 'schema', 'postgresql', 'v12'),
  };
}

async function complete(bins: TemporalServerBinaries): Promise<boolean> {
  return (
    (await isExecutableFile(bins.server)) &&
    (await isExecutableFile(bins.sqlTool)) &&
    fs.existsSync(path.join(bins.schemaDir, 'visibility', 'versioned'))
  );
}

/** The server, its schema tool and its schemas, built from the Go module proxy once (minutes cold, seconds with a warm Go cache). */
export async function ensureTemporalServer(log: Log = () => undefined): Promise<TemporalServerBinaries> {
  const dir = serverCacheDir();
  const bins = binariesIn(dir);
  if (await complete(bins)) return bins;
  const go = await findGo(process.env);
  if (!go) {
    throw new Error(
      `The Temporal server ${TEMPORAL_SERVER_VERSION} is not built in ${dir}, and Go is not installed to build it. ` +
        'Install Go >= 1.25 from https://go.dev/dl/ and run again.',
    );
  }
  await fs.promises.mkdir(dir, { recursive: true });
  const release = await acquireBuildLock(path.join(dir, '.build.lock'), log);
  try {
    if (await complete(bins)) return bins; // the previous lock holder built it
    await build(go, dir, log);
  } finally {
    await release();
  }
  return bins;
}

async function build(go: string, dir: string, log: Log): Promise<void> {
  const env = { ...process.env, GOFLAGS: '-mod=mod' };
  const staging = await fs.promises.mkdtemp(path.join(dir, '.gobin-'));
  const packages = [`${SERVER_MODULE}/cmd/server@${TEMPORAL_SERVER_VERSION}`, `${SERVER_MODULE}/cmd/tools/sql@${TEMPORAL_SERVER_VERSION}`];
  log(`Temporal server ${TEMPORAL_SERVER_VERSION} not found: building it once with \`go install ${packages.join(' ')}\` into ${dir}`);
  const startedAt = Date.now();
  try {
    const installed = await runCollecting(go, ['install', ...packages], { cwd: dir, env: { ...env, GOBIN: staging } });
    if (installed.code !== 0) throw new Error(`\`go install\` of the Temporal server failed (exit ${installed.code}):\n${lastLines(installed.output, 30)}`);
    // The schemas ship in the module, not the binaries: take them from the module cache.
    const downloaded = await runCollecting(go, ['mod', 'download', '-json', `${SERVER_MODULE}@${TEMPORAL_SERVER_VERSION}`], { cwd: dir, env });
    if (downloaded.code !== 0) throw new Error(`\`go mod download ${SERVER_MODULE}\` failed:\n${lastLines(downloaded.output, 30)}`);
    const moduleDir = (JSON.parse(downloaded.output) as { Dir: string }).Dir;
    const schemaTarget = path.join(dir, 'schema', 'postgresql', 'v12');
    await fs.promises.rm(schemaTarget, { recursive: true, force: true });
    await fs.promises.cp(path.join(moduleDir, 'schema', 'postgresql', 'v12'), schemaTarget, { recursive: true });
    await fs.promises.chmod(schemaTarget, 0o755);
    // Renames are atomic: nobody ever runs a half-written binary.
    await fs.promises.rename(path.join(staging, 'sql'), path.join(dir, SQL_TOOL_BINARY));
    await fs.promises.rename(path.join(staging, 'server'), path.join(dir, SERVER_BINARY));
  } finally {
    await fs.promises.rm(staging, { recursive: true, force: true });
  }
  log(`Built Temporal server ${TEMPORAL_SERVER_VERSION} in ${Math.round((Date.now() - startedAt) / 1000)} s`);
}

// ---------------------------------------------------------------------------
// Certificates. The openssl CLI (in every Debian/Ubuntu base image) rather than an npm package: Node's
// crypto cannot issue X.509 certificates, and a system tool adds no dependency to the product.

export interface Certificates {
  dir: string;
  caCert: string;
  serverCert: string;
  serverKey: string;
  clientCert: string;
  clientKey: string;
  /** The name the server certificate is issued for (also 127.0.0.1 as an IP SAN). */
  serverName: string;
}

/** A throwaway CA, a server certificate for localhost/127.0.0.1 and a client certificate, under `dir` (keys 0600). */
export async function makeCertificates(dir: string): Promise<Certificates> {
  await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
  const file = (name: string) => path.join(dir, name);
  const certs: Certificates = {
    dir,
    caCert: file('ca.pem'),
    serverCert: file('server.pem'),
    serverKey: file('server.key'),
    clientCert: file('client.pem'),
    clientKey: file('client.key'),
    serverName: 'localhost',
  };
  const ecKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-noenc'];
  await openssl(['req', '-x509', ...ecKey, '-keyout', file('ca.key'), '-out', certs.caCert, '-days', String(CERT_DAYS),
    '-subj', '/CN=Counterfoil topology CA', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign']);
  const issue = async (name: 'server' | 'client', subject: string, extensions: string) => {
    await openssl(['req', ...ecKey, '-keyout', file(`${name}.key`), '-out', file(`${name}.csr`), '-subj', subject]);
    await fs.promises.writeFile(file(`${name}.ext`), extensions);
    await openssl(['x509', '-req', '-in', file(`${name}.csr`), '-CA', certs.caCert, '-CAkey', file('ca.key'),
      '-set_serial', `0x${randomBytes(16).toString('hex')}`, '-days', String(CERT_DAYS), '-extfile', file(`${name}.ext`), '-out', file(`${name}.pem`)]);
    await fs.promises.rm(file(`${name}.csr`));
    await fs.promises.rm(file(`${name}.ext`));
  };
  await issue('server', `/CN=${certs.serverName}`,
    `basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\nsubjectAltName=DNS:${certs.serverName},IP:127.0.0.1\n`);
  await issue('client', '/CN=counterfoil', 'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=clientAuth\n');
  for (const key of ['ca.key', 'server.key', 'client.key']) await fs.promises.chmod(file(key), 0o600);
  return certs;
}

async function openssl(args: string[]): Promise<void> {
  const result = await runCollecting('openssl', args, { timeoutMs: 30_000 }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') throw new Error('The `openssl` command is needed to make the certificates (Debian: apt-get install openssl).');
    throw err;
  });
  if (result.code !== 0) throw new Error(`openssl ${args[0]} failed:\n${lastLines(result.output, 20)}`);
}

// ---------------------------------------------------------------------------
// Databases

export interface PostgresTarget {
  host: string;
  port: number;
  user: string;
  password: string;
}

/** Host, port and credentials of a postgres:// URL (single host). */
export function postgresTarget(url: string): PostgresTarget {
  const parsed = new URL(url);
  return {
    host: parsed.hostname || '127.0.0.1',
    port: Number(parsed.port || 5432),
    user: decodeURIComponent(parsed.username || 'postgres'),
    password: decodeURIComponent(parsed.password),
  };
}

/** Creates `database` and `visibilityDatabase` and brings both to the module's schema with the schema tool (setup, then update). */
export async function setUpTemporalDatabases(
  bins: TemporalServerBinaries,
  pg: PostgresTarget,
  databases: { database: string; visibilityDatabase: string },
): Promise<void> {
  const plan: Array<[string, 'temporal' | 'visibility']> = [
    [databases.database, 'temporal'],
    [databases.visibilityDatabase, 'visibility'],
  ];
  await Promise.all(
    plan.map(async ([database, schema]) => {
      await sqlTool(bins, pg, database, ['create-database']);
      await sqlTool(bins, pg, database, ['setup-schema', '-v', '0.0']);
      await sqlTool(bins, pg, database, ['update-schema', '-d', path.join(bins.schemaDir, schema, 'versioned')]);
    }),
  );
}

/** Drops both databases (the server must be stopped). */
export async function dropTemporalDatabases(bins: TemporalServerBinaries, pg: PostgresTarget, databases: { database: string; visibilityDatabase: string }): Promise<void> {
  for (const database of [databases.database, databases.visibilityDatabase]) await sqlTool(bins, pg, database, ['drop-database', '--force']);
}

async function sqlTool(bins: TemporalServerBinaries, pg: PostgresTarget, database: string, command: string[]): Promise<void> {
  const args = ['--plugin', SQL_PLUGIN, '--endpoint', pg.host, '--port', String(pg.port), '--user', pg.user, '--database', database, ...command];
  // The password travels in the environment (the tool's SQL_PASSWORD), never on a command line others can read.
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', SQL_PASSWORD: pg.password };
  const result = await runCollecting(bins.sqlTool, args, { env, timeoutMs: TOOL_TIMEOUT_MS });
  if (result.code !== 0) throw new Error(`temporal-sql-tool ${command[0]} on ${database} failed (exit ${result.code}):\n${lastLines(result.output, 20)}`);
}

// ---------------------------------------------------------------------------
// The server

export interface RealServerOptions {
  binaries: TemporalServerBinaries;
  postgres: PostgresTarget;
  database: string;
  visibilityDatabase: string;
  certificates: Certificates;
  /** Config, dynamic config and the log go here. */
  dir: string;
  /** Persistence connections per store (the server holds up to this many per database). */
  maxConns?: number;
  /** Dynamic config values on top of this file's own (`{ key: value }`). */
  dynamicConfig?: Record<string, unknown>;
}

export interface RealServer {
  /** host:port of the gRPC frontend (TLS, client certificate required). */
  address: string;
  pid(): number;
  logFile: string;
  /** Stops (SIGTERM, or SIGKILL when `hard`) and starts again on the same ports and databases. */
  restart(opts?: { hard?: boolean }): Promise<void>;
  stop(): Promise<void>;
}

type ServiceName = 'frontend' | 'history' | 'matching' | 'worker';

interface Ports {
  services: Record<ServiceName, { grpcPort: number; membershipPort: number }>;
  frontendHttp: number;
}

async function pickPorts(): Promise<Ports> {
  const pair = async () => ({ grpcPort: await freePort(), membershipPort: await freeMembershipPort() });
  return {
    services: { frontend: await pair(), history: await pair(), matching: await pair(), worker: await pair() },
    frontendHttp: await freePort(),
  };
}

/**
 * The SQL schema stores membership ports as smallint, and the OS hands out ephemeral ports above 32767:
 * a free one below that, found by binding.
 */
async function freeMembershipPort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port between 20000 and 32000 for the Temporal server');
}

/**
 * The server config. JSON is YAML (1.2), so the server reads this file as its YAML config; writing JSON
 * needs no YAML library. One process runs all four services on loopback ports.
 */
export function serverConfig(opts: RealServerOptions, ports: Ports, dynamicConfigFile: string): Record<string, unknown> {
  const store = (database: string, maxConns: number) => ({
    sql: {
      pluginName: SQL_PLUGIN,
      databaseName: database,
      connectAddr: `${opts.postgres.host}:${opts.postgres.port}`,
      connectProtocol: 'tcp',
      user: opts.postgres.user,
      password: opts.postgres.password,
      maxConns,
      maxIdleConns: maxConns,
      maxConnLifetime: '1h',
    },
  });
  const certs = opts.certificates;
  const maxConns = opts.maxConns ?? 10;
  return {
    log: { stdout: true, level: 'warn' },
    persistence: {
      defaultStore: 'default',
      visibilityStore: 'visibility',
      numHistoryShards: 4,
      datastores: { default: store(opts.database, maxConns), visibility: store(opts.visibilityDatabase, Math.max(2, Math.ceil(maxConns / 2))) },
    },
    global: {
      membership: { maxJoinDuration: '30s', broadcastAddress: '127.0.0.1' },
      pprof: { port: 0 },
      tls: {
        frontend: {
          server: { certFile: certs.serverCert, keyFile: certs.serverKey, requireClientAuth: true, clientCaFiles: [certs.caCert] },
          client: { serverName: certs.serverName, rootCaFiles: [certs.caCert] },
        },
        // The server's own system workers call the frontend too, so they present the client certificate.
        systemWorker: { certFile: certs.clientCert, keyFile: certs.clientKey, client: { serverName: certs.serverName, rootCaFiles: [certs.caCert] } },
      },
    },
    services: Object.fromEntries(
      Object.entries(ports.services).map(([name, p]) => [
        name,
        { rpc: { ...p, bindOnLocalHost: true, ...(name === 'frontend' ? { httpPort: ports.frontendHttp } : {}) } },
      ]),
    ),
    clusterMetadata: {
      enableGlobalNamespace: false,
      failoverVersionIncrement: 10,
      masterClusterName: 'active',
      currentClusterName: 'active',
      clusterInformation: { active: { enabled: true, initialFailoverVersion: 1, rpcName: 'frontend', rpcAddress: `127.0.0.1:${ports.services.frontend.grpcPort}` } },
    },
    dcRedirectionPolicy: { policy: 'noop' },
    dynamicConfigClient: { filepath: dynamicConfigFile, pollInterval: '10s' },
  };
}

/**
 * One process serves every task queue, so the default four partitions per queue only forward tasks
 * between themselves (as the dev server's launcher says). A real cluster keeps its own dynamic config.
 */
const DYNAMIC_CONFIG = {
  'matching.numTaskqueueReadPartitions': [{ value: 1 }],
  'matching.numTaskqueueWritePartitions': [{ value: 1 }],
};

/** Starts the server on free loopback ports and resolves once its frontend answers over mTLS. */
export async function startRealServer(opts: RealServerOptions): Promise<RealServer> {
  await fs.promises.mkdir(path.join(opts.dir, 'config'), { recursive: true });
  const ports = await pickPorts();
  const dynamicConfigFile = path.join(opts.dir, 'dynamicconfig.yaml');
  const extra = Object.fromEntries(Object.entries(opts.dynamicConfig ?? {}).map(([key, value]) => [key, [{ value }]]));
  await fs.promises.writeFile(dynamicConfigFile, JSON.stringify({ ...DYNAMIC_CONFIG, ...extra }, null, 2));
  // The config holds the database password: owner-only.
  await fs.promises.writeFile(path.join(opts.dir, 'config', 'development.yaml'), JSON.stringify(serverConfig(opts, ports, dynamicConfigFile), null, 2), { mode: 0o600 });
  const address = `127.0.0.1:${ports.services.frontend.grpcPort}`;
  const logFile = path.join(opts.dir, 'temporal-server.log');

  let child: ChildProcess | undefined;
  const launch = async () => {
    await fs.promises.appendFile(logFile, `\n=== ${new Date().toISOString()} start\n`);
    const fd = fs.openSync(logFile, 'a');
    const { command, args } = withParentDeathSignal(opts.binaries.server, ['--root', opts.dir, '--config', 'config', '--env', 'development', '--allow-no-auth', 'start']);
    // No TEMPORAL_* of ours leaks into the server (it reads some of them as its own settings).
    const env = { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('TEMPORAL_'))), GOGC: process.env.GOGC ?? '400' };
    const started = spawn(command, args, { env, stdio: ['ignore', fd, fd] });
    fs.closeSync(fd);
    child = started;
    untilExit.add(started);
    started.once('exit', () => untilExit.delete(started));
    await waitUntilServing(started, address, opts.certificates, logFile);
  };
  const halt = async (signal: NodeJS.Signals) => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill(signal);
    const escalation = setTimeout(() => running.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(escalation);
  };
  ensureExitHook();
  try {
    await launch();
  } catch (err) {
    await halt('SIGKILL');
    throw err;
  }
  return {
    address,
    logFile,
    pid: () => child?.pid ?? -1,
    restart: async ({ hard = false } = {}) => {
      await halt(hard ? 'SIGKILL' : 'SIGTERM');
      await launch();
    },
    stop: () => halt('SIGTERM'),
  };
}

/** Client TLS options for the Temporal SDK from the certificate files (the mTLS settings Counterfoil's processes get from TEMPORAL_TLS_*). */
export function clientTls(certs: Certificates, { withClientCertificate = true } = {}) {
  return {
    serverNameOverride: certs.serverName,
    serverRootCACertificate: fs.readFileSync(certs.caCert),
    ...(withClientCertificate ? { clientCertPair: { crt: fs.readFileSync(certs.clientCert), key: fs.readFileSync(certs.clientKey) } } : {}),
  };
}

/** The `TEMPORAL_*` environment (the SDK's envconfig names) that points a Counterfoil process at this server with mTLS. */
export function temporalEnv(server: Pick<RealServer, 'address'>, certs: Certificates, namespace = 'default'): Record<string, string> {
  return {
    TEMPORAL_ADDRESS: server.address,
    TEMPORAL_NAMESPACE: namespace,
    TEMPORAL_TLS_SERVER_CA_CERT_PATH: certs.caCert,
    TEMPORAL_TLS_SERVER_NAME: certs.serverName,
    TEMPORAL_TLS_CLIENT_CERT_PATH: certs.clientCert,
    TEMPORAL_TLS_CLIENT_KEY_PATH: certs.clientKey,
  };
}

/** Serving = the frontend port accepts, and a mTLS client gets the system info. */
async function waitUntilServing(child: ChildProcess, address: string, certs: Certificates, logFile: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  const [host, port] = [address.slice(0, address.lastIndexOf(':')), Number(address.slice(address.lastIndexOf(':') + 1))];
  let last = 'no answer yet';
  const failure = async (reason: string) => {
    const text = await fs.promises.readFile(logFile, 'utf8').catch(() => '');
    // Its lines are JSON with stack traces: the start of each says enough.
    const tail = lastLines(text, 12).split('\n').map((l) => l.slice(0, 400)).join('\n');
    return new Error(`Temporal server ${reason} (last check: ${last}). Last output (${logFile}):\n${tail}`);
  };
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw await failure(`exited during startup (${child.exitCode ?? child.signalCode})`);
    if (Date.now() > deadline) throw await failure(`was not serving within ${START_TIMEOUT_MS / 1000} s`);
    if (await acceptsConnections(host, port)) {
      try {
        const connection = await Connection.connect({ address, tls: clientTls(certs), connectTimeout: '2s' });
        try {
          await connection.workflowService.getSystemInfo({});
          return;
        } finally {
          await connection.close();
        }
      } catch (err) {
        last = String((err as Error).message).split('\n')[0];
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

// Servers still running when this process exits normally get SIGTERM (setpriv covers a SIGKILLed parent).
const untilExit = new Set<ChildProcess>();
function ensureExitHook(): void {
  if (process.listeners('exit').includes(stopAllOnExit)) return;
  process.on('exit', stopAllOnExit);
}
function stopAllOnExit(): void {
  for (const child of untilExit) child.kill('SIGTERM');
}
