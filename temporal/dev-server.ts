// Runs `temporal server start-dev` as a child process: a real Temporal server
// (SQLite-backed) for `npm start` and the tests, with our search attributes.
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { runCollecting } from './cli';

export type SearchAttributeType = 'Keyword' | 'Text' | 'Int' | 'Double' | 'Bool' | 'Datetime' | 'KeywordList';

export interface DevServerOptions {
  cliPath: string;
  ip?: string; // default 127.0.0.1
  port: number; // gRPC frontend
  uiPort: number | null; // null => --headless
  dbFile: string | null; // SQLite file (persisted) or null for in-memory
  namespace: string;
  logFile?: string; // server stdout/stderr are appended here; default: discarded
  searchAttributes: Record<string, SearchAttributeType>;
  startTimeoutMs?: number; // default 60000
}

export interface DevServer {
  address: string;
  uiUrl: string | null;
  pid: number;
  stop(): Promise<void>;
}

const DEFAULT_IP = '127.0.0.1';
const DEFAULT_START_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 10_000;
const READY_POLL_MS = 100;
const CLI_CALL_TIMEOUT_MS = 20_000;
const LOG_TAIL_LINES = 40;
const IN_MEMORY_LOG_CHARS = 32 * 1024;

export async function startDevServer(opts: DevServerOptions): Promise<DevServer> {
  const ip = opts.ip ?? DEFAULT_IP;
  const address = hostPort(connectableHost(ip), opts.port);
  const uiUrl = opts.uiPort === null ? null : `http://${hostPort(connectableHost(ip), opts.uiPort)}`;

  try {
    await fs.promises.access(opts.cliPath, fs.constants.X_OK);
  } catch {
    throw new Error(`Temporal CLI "${opts.cliPath}" is not an executable file (see ensureTemporalCli in temporal/cli.ts).`);
  }
  if (opts.dbFile) await fs.promises.mkdir(path.dirname(path.resolve(opts.dbFile)), { recursive: true });

  const serverArgs = startDevArgs(opts, ip);
  const output = await openServerOutput(opts.logFile, opts.cliPath, serverArgs);
  const { command, args } = withParentDeathSignal(opts.cliPath, serverArgs);
  const startedAt = Date.now();
  const child = spawn(command, args, { env: cliEnv(), stdio: ['ignore', output.stdio, output.stdio] });
  output.attach(child);
  const exited = waitForExit(child);
  killWithParent(child);

  const stop = onceOnly(() => terminate(child, exited));
  try {
    const pid = await spawned(child);
    await waitUntilReady({
      cliPath: opts.cliPath,
      ip: connectableHost(ip),
      port: opts.port,
      address,
      namespace: opts.namespace,
      deadline: startedAt + (opts.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS),
      exited,
      hasExited: () => child.exitCode !== null || child.signalCode !== null,
      describeFailure: async (reason) =>
        `Temporal dev server (${opts.cliPath}) ${reason}.` +
        `\nLast server output${opts.logFile ? ` (${opts.logFile})` : ''}:\n${await output.tail()}`,
    });
    // --search-attribute only applies when the namespace is created, i.e. not on a
    // reused DB file; reconcile so both cases end with the same attributes.
    await registerSearchAttributes(opts.cliPath, address, opts.namespace, opts.searchAttributes);
    return { address, uiUrl, pid, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * One process serves every task queue here, so the default four partitions per queue only forward
 * tasks between themselves (docs/performance.md, "Temporal dev server"). A production cluster keeps
 * its own dynamic config.
 */
const DEV_SERVER_DYNAMIC_CONFIG: Record<string, unknown> = {
  'matching.numTaskqueueReadPartitions': 1,
  'matching.numTaskqueueWritePartitions': 1,
};

function startDevArgs(opts: DevServerOptions, ip: string): string[] {
  const args = ['server', 'start-dev', '--ip', ip, '--port', String(opts.port)];
  if (opts.uiPort === null) args.push('--headless');
  else args.push('--ui-port', String(opts.uiPort));
  if (opts.dbFile) {
    // WAL: readers (visibility queries) don't block the writer, and commits are cheaper.
    args.push('--db-filename', path.resolve(opts.dbFile), '--sqlite-pragma', 'journal_mode=wal');
  }
  // "default" is always created; naming it twice is harmless but noisy.
  if (opts.namespace !== 'default') args.push('--namespace', opts.namespace);
  // Registers them at namespace creation (fresh DB / in-memory), saving a round trip.
  for (const [name, type] of Object.entries(opts.searchAttributes)) {
    args.push('--search-attribute', `${name}=${type}`);
  }
  for (const [key, value] of Object.entries(DEV_SERVER_DYNAMIC_CONFIG)) args.push('--dynamic-config-value', `${key}=${JSON.stringify(value)}`);
  args.push('--log-level', 'warn', '--color', 'never');
  return args;
}

/** Creates the custom search attributes that `namespace` lacks; an existing one with another type is an error. */
export async function registerSearchAttributes(
  cliPath: string,
  address: string,
  namespace: string,
  attrs: DevServerOptions['searchAttributes'],
): Promise<void> {
  const wanted = Object.entries(attrs);
  if (wanted.length === 0) return;

  const existing = await listCustomSearchAttributes(cliPath, address, namespace);
  const missing: Array<[string, SearchAttributeType]> = [];
  for (const [name, type] of wanted) {
    const current = existing.get(name);
    if (current === undefined) missing.push([name, type]);
    else if (sameType(current, type)) continue;
    else {
      throw new Error(
        `Search attribute ${name} already exists in namespace ${namespace} with type ${current}, not ${type}; ` +
          'a type cannot be changed in place (use a new name, or a fresh DB file).',
      );
    }
  }
  if (missing.length === 0) return;

  const args = ['operator', 'search-attribute', 'create', ...clientArgs(address, namespace)];
  for (const [name, type] of missing) args.push('--name', name, '--type', type);
  const created = await runCli(cliPath, args);
  if (created.code === 0) return;

  // Another process may have registered them concurrently; only the end state matters.
  const after = await listCustomSearchAttributes(cliPath, address, namespace);
  const stillMissing = missing.filter(([name, type]) => !sameType(after.get(name), type));
  if (stillMissing.length > 0) {
    throw new Error(
      `Could not create search attributes ${stillMissing.map(([n, t]) => `${n}:${t}`).join(', ')} ` +
        `in namespace ${namespace} at ${address}:\n${lastLines(created.output, LOG_TAIL_LINES)}`,
    );
  }
}

async function listCustomSearchAttributes(
  cliPath: string,
  address: string,
  namespace: string,
): Promise<Map<string, string>> {
  const result = await runCli(cliPath, [
    'operator', 'search-attribute', 'list', ...clientArgs(address, namespace), '--output', 'json',
  ]);
  if (result.code !== 0) {
    throw new Error(
      `Could not list search attributes of namespace ${namespace} at ${address}:\n${lastLines(result.output, LOG_TAIL_LINES)}`,
    );
  }
  // Shape: {"customAttributes": {"Name": "INDEXED_VALUE_TYPE_KEYWORD", ...}, "systemAttributes": {...}}
  const parsed = JSON.parse(result.output) as { customAttributes?: Record<string, string> };
  return new Map(Object.entries(parsed.customAttributes ?? {}));
}

/** "INDEXED_VALUE_TYPE_KEYWORD_LIST" (server) and "KeywordList" (CLI flag) name the same type. */
function sameType(serverType: string | undefined, flagType: SearchAttributeType): boolean {
  if (serverType === undefined) return false;
  const normalize = (t: string): string => t.replace(/^INDEXED_VALUE_TYPE_/, '').replace(/_/g, '').toLowerCase();
  return normalize(serverType) === normalize(flagType);
}

/**
 * A dev server on a port the OS says is free (tests, benches). Between that answer and the server's
 * bind, another process can take the port (an outgoing connection gets its local port from the same
 * range): the server then exits during startup, and this tries again on another port, up to
 * `attempts` times. A server that does not come up in time is not retried.
 */
export async function startDevServerOnFreePort(
  opts: Omit<DevServerOptions, 'port'>,
  { attempts = 3, pickPort = freePort }: { attempts?: number; pickPort?: () => Promise<number> } = {},
): Promise<DevServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startDevServer({ ...opts, port: await pickPort() });
    } catch (err) {
      if (attempt >= attempts || !String((err as Error).message).includes('exited during startup')) throw err;
    }
  }
}

/**
 * An unused TCP port on 127.0.0.1, free now. Chosen at random below Linux's ephemeral range (32768 up),
 * where the OS never hands out a port by itself: an outgoing connection cannot take it before the caller
 * binds, as one did with ports the OS chose (bind to port 0). Never the same port twice in one process.
 * Another process can still bind it first; callers that start servers retry on another port.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = PORTS.low + Math.floor(Math.random() * (PORTS.high - PORTS.low));
    if (handedOut.has(port)) continue;
    if (await canBind(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`no free port found in ${PORTS.low}-${PORTS.high}`);
}

const PORTS = { low: 20000, high: 32000 };
const handedOut = new Set<number>();

function canBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

// ---------------------------------------------------------------------------
// Readiness

interface ReadinessCheck {
  cliPath: string;
  ip: string;
  port: number;
  address: string;
  namespace: string;
  deadline: number;
  exited: Promise<void>;
  hasExited: () => boolean;
  describeFailure: (reason: string) => Promise<string>;
}

/** Ready = the frontend answers and knows our namespace (so workers can poll it right away). */
async function waitUntilReady(check: ReadinessCheck): Promise<void> {
  // A probe must not outlive the server or the deadline: e.g. if something else owns
  // the port, the server exits at once while a CLI call to that port would hang.
  const giveUp = new AbortController();
  void check.exited.then(() => giveUp.abort());
  const deadlineTimer = setTimeout(() => giveUp.abort(), Math.max(0, check.deadline - Date.now()));
  try {
    let lastAnswer = 'no answer yet';
    for (;;) {
      if (check.hasExited()) throw new Error(await check.describeFailure('exited during startup'));
      if (Date.now() > check.deadline) {
        throw new Error(await check.describeFailure(`was not ready in time (last check: ${lastAnswer.trim()})`));
      }
      // A TCP probe is far cheaper than spawning the CLI while the port is still closed.
      if (await acceptsConnections(check.ip, check.port)) {
        const described = await runCli(
          check.cliPath,
          ['operator', 'namespace', 'describe', ...clientArgs(check.address, check.namespace), '--output', 'json'],
          giveUp.signal,
        ).catch((err: unknown) => {
          if (giveUp.signal.aborted) return null; // the checks at the top of the loop report why
          throw err;
        });
        if (described?.code === 0) return;
        if (described) lastAnswer = lastLines(described.output, 3);
      }
      await sleep(READY_POLL_MS);
    }
  } finally {
    clearTimeout(deadlineTimer);
  }
}

export function acceptsConnections(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

// ---------------------------------------------------------------------------
// Process lifetime

function spawned(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    child.once('spawn', () => resolve(child.pid ?? -1));
    child.once('error', reject);
  });
}

function waitForExit(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
    child.once('error', () => resolve()); // never started
  });
}

async function terminate(child: ChildProcess, exited: Promise<void>): Promise<void> {
  const running = child.pid !== undefined && child.exitCode === null && child.signalCode === null;
  if (!running) return exited; // already gone, or never started
  child.kill('SIGTERM');
  const escalation = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  try {
    await exited;
  } finally {
    clearTimeout(escalation);
  }
}

function onceOnly(fn: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => (running ??= fn());
}

/**
 * On Linux, `setpriv --pdeathsig` makes the kernel SIGTERM the server when we die,
 * even by SIGKILL (e.g. a killed jest worker), instead of leaving it holding
 * ports and the DB file. setpriv execs, so the pid stays the server's.
 * (The signal follows the spawning *thread*: spawn from a worker_thread and the
 * server ends with that thread.)
 */
export function withParentDeathSignal(cliPath: string, args: string[]): { command: string; args: string[] } {
  const setpriv = process.platform === 'linux' ? ['/usr/bin/setpriv', '/bin/setpriv'].find(isExecutableSync) : undefined;
  return setpriv
    ? { command: setpriv, args: ['--pdeathsig', 'TERM', '--', cliPath, ...args] }
    : { command: cliPath, args };
}

// The one piece of module state: servers to stop if this process exits normally
// without having called stop() (process.on('exit') handlers can only act synchronously).
const runningServers = new Set<ChildProcess>();

function killWithParent(child: ChildProcess): void {
  if (!process.listeners('exit').includes(stopAllOnExit)) process.on('exit', stopAllOnExit);
  runningServers.add(child);
  child.once('exit', () => runningServers.delete(child));
}

function stopAllOnExit(): void {
  for (const child of runningServers) child.kill('SIGTERM');
}

// ---------------------------------------------------------------------------
// Server output: appended to logFile, or kept as a short in-memory tail for error messages.

interface ServerOutput {
  stdio: 'pipe' | number;
  attach(child: ChildProcess): void;
  tail(): Promise<string>;
}

async function openServerOutput(logFile: string | undefined, cliPath: string, args: string[]): Promise<ServerOutput> {
  if (!logFile) {
    let recent = '';
    return {
      stdio: 'pipe',
      attach(child) {
        // Keep draining, or the server would block once the pipe buffer fills.
        const keep = (chunk: Buffer): void => {
          recent = (recent + chunk.toString('utf8')).slice(-IN_MEMORY_LOG_CHARS);
        };
        child.stdout?.on('data', keep);
        child.stderr?.on('data', keep);
      },
      tail: async () => lastLines(recent, LOG_TAIL_LINES) || '(no output)',
    };
  }

  await fs.promises.mkdir(path.dirname(path.resolve(logFile)), { recursive: true });
  await fs.promises.appendFile(logFile, `\n=== ${new Date().toISOString()} ${cliPath} ${args.join(' ')}\n`);
  const startOffset = (await fs.promises.stat(logFile)).size;
  // The child writes straight to the file, so it never depends on us draining a pipe.
  const fd = fs.openSync(logFile, 'a');
  return {
    stdio: fd,
    attach() {
      fs.closeSync(fd); // the child has its own copy now
    },
    async tail() {
      const text = await fs.promises.readFile(logFile, 'utf8').catch(() => '');
      return lastLines(Buffer.from(text).subarray(startOffset).toString('utf8'), LOG_TAIL_LINES) || '(no output)';
    },
  };
}

// ---------------------------------------------------------------------------
// Helpers

function runCli(cliPath: string, args: string[], signal?: AbortSignal): Promise<{ code: number; output: string }> {
  return runCollecting(cliPath, args, { env: cliEnv(), timeoutMs: CLI_CALL_TIMEOUT_MS, signal });
}

/** Always our local server: ignore the user's CLI profiles, config files and TEMPORAL_* (e.g. TLS, API key) settings. */
function clientArgs(address: string, namespace: string): string[] {
  return [
    '--address', address,
    '--namespace', namespace,
    '--disable-config-file',
    '--disable-config-env',
    '--color', 'never',
    '--command-timeout', `${CLI_CALL_TIMEOUT_MS / 1000}s`,
  ];
}

function cliEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('TEMPORAL_')));
  // The server allocates per request and its live heap is small: collecting less often saves CPU per
  // workflow for some memory (docs/performance.md, "Temporal dev server"). GOGC set by the caller wins.
  return { GOGC: '400', ...env };
}

/** A wildcard bind address is not something a client can dial. */
function connectableHost(ip: string): string {
  if (ip === '0.0.0.0') return '127.0.0.1';
  if (ip === '::') return '::1';
  return ip;
}

function hostPort(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

function isExecutableSync(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function lastLines(text: string, count: number): string {
  return text.trimEnd().split('\n').slice(-count).join('\n');
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
