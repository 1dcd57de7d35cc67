import { createHash } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import os from 'node:os';
import { execFileSync } from 'node:child_process';
import { createScratchDatabase, dropDatabase } from '../../src/db/postgres-server';
import { ensureNodeLts } from '../../scripts/node-lts';
import { SEARCH_ATTRIBUTE_REGISTRATION } from '../../src/temporal/search-attributes';
import { ensureTemporalCli } from '../../temporal/cli';
import { freePort, startDevServerOnFreePort } from '../../temporal/dev-server';

export const ROOT = path.resolve(__dirname, '../..');
const MACHINE_POSTGRES = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh database on the machine's PostgreSQL, dropped by the returned function. */
export async function scratchDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const url = await createScratchDatabase(MACHINE_POSTGRES, prefix);
  return { url, drop: () => dropDatabase(url) };
}

/**
 * A `counterfoil <role>` process (node --import tsx, not the tsx wrapper, so the measured pid is the
 * process itself), resolved once it prints that it is ready. `nodeArgs`: extra node flags, e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof` (NODE_OPTIONS refuses --cpu-prof).
 */
/**
 * The Node the roles run on: this one, or with BENCH_NODE=lts the pinned Node 24 LTS the container image
 * runs (scripts/node-lts.ts), for figures that depend on the runtime (tracing's context propagation does).
 */
async function roleNode(): Promise<string> {
  return process.env.BENCH_NODE === 'lts' ? ensureNodeLts() : process.execPath;
}

/** "Node v24.21.0": what the roles run on, for a report. */
export async function roleRuntime(): Promise<string> {
  return `Node ${execFileSync(await roleNode(), ['--version'], { encoding: 'utf8' }).trim()}`;
}

async function spawnRole(role: 'api' | 'worker', env: Record<string, string>, nodeArgs: string[]) {
  // The heap setting bin/counterfoil gives the roles that serve HTTP.
  const launcherArgs = role === 'api' ? ['--initial-old-space-size=1024'] : [];
  const child = spawn(await roleNode(), [...launcherArgs, ...nodeArgs, '--import', 'tsx', 'src/cli.ts', role], {
    cwd: ROOT,
    // The malloc setting the launchers give (bin/counterfoil, npm start), unless this environment sets its own.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', MALLOC_MMAP_THRESHOLD_: '131072', ...passedSettings(), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      if (out.includes('Press Ctrl-C to stop.')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`${role} exited with ${code}: ${out}`)));
  });
  child.removeAllListeners('exit');
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { child, stop };
}

const settingsOf = (keep: (name: string) => boolean) =>
  Object.fromEntries(Object.entries(process.env).filter(([k, v]) => v !== undefined && keep(k))) as Record<string, string>;

/** Counterfoil's settings in this environment (COUNTERFOIL_*, e.g. COUNTERFOIL_LEDGER_GROUP_COMMITS): a bench runs under them. */
export const counterfoilSettings = () => settingsOf((k) => k.startsWith('COUNTERFOIL_'));

/**
 * Settings of this environment passed through to the measured processes: glibc malloc's (MALLOC_*_,
 * GLIBC_TUNABLES) and Counterfoil's own; the bench's own settings win.
 */
const passedSettings = () => ({ ...settingsOf((k) => /^MALLOC_[A-Z_]+_$/.test(k) || k === 'GLIBC_TUNABLES'), ...counterfoilSettings() });

const nodeArgsFrom = (value: string | undefined) => (value ?? '').split(' ').filter(Boolean);

/**
 * `counterfoil api` in its own process (tenant API at `url`, signed API at `signedUrl`); BENCH_API_NODE_ARGS
 * adds node flags. The API refuses to start without Temporal (it checks the search attributes), so
 * without TEMPORAL_ADDRESS in `env` a dev server of its own starts beside it and stops with it.
 */
export async function spawnApi(env: Record<string, string>): Promise<{ url: string; signedUrl: string; opsUrl: string; child: ChildProcess; stop: () => Promise<void> }> {
  const temporal = env.TEMPORAL_ADDRESS
    ? undefined
    : await startDevServerOnFreePort({
        cliPath: await ensureTemporalCli(),
        uiPort: null,
        dbFile: null,
        namespace: 'default',
        logFile: path.join(os.tmpdir(), `counterfoil-bench-temporal-${process.pid}.log`),
        searchAttributes: SEARCH_ATTRIBUTE_REGISTRATION,
      });
  const ports = {
    COUNTERFOIL_API_PORT: String(await freePort()),
    COUNTERFOIL_SIGNED_API_PORT: String(await freePort()),
    COUNTERFOIL_OPS_PORT: String(await freePort()),
    ...(temporal ? { TEMPORAL_ADDRESS: temporal.address } : {}),
    ...env,
  };
  const api = await spawnRole('api', ports, nodeArgsFrom(process.env.BENCH_API_NODE_ARGS));
  const at = (port: string) => `http://127.0.0.1:${port}`;
  const stop = async () => {
    await api.stop();
    await temporal?.stop();
  };
  return { url: at(ports.COUNTERFOIL_API_PORT), signedUrl: at(ports.COUNTERFOIL_SIGNED_API_PORT), opsUrl: at(ports.COUNTERFOIL_OPS_PORT), child: api.child, stop };
}

/** `counterfoil worker` in its own process (migrations, the Temporal worker, the outbox dispatcher); BENCH_WORKER_NODE_ARGS adds node flags. */
export async function spawnWorker(env: Record<string, string>): Promise<{ child: ChildProcess; stop: () => Promise<void> }> {
  return spawnRole('worker', env, nodeArgsFrom(process.env.BENCH_WORKER_NODE_ARGS));
}

export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 102.4) / 10;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
}

/** A bounded autocannon run against 127.0.0.1 only. */
export async function load(opts: autocannon.Options): Promise<LoadResult> {
  if (!/^https?:\/\/(127\.0\.0\.1|\[::1\]|localhost)[:/]/.test(String(opts.url))) throw new Error('load tests target loopback only');
  const r = await autocannon({ duration: 10, ...opts });
  return {
    requestsPerSecond: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    total: r.requests.total,
  };
}

export interface OpenLoopResult {
  sent: number;
  /** Answers by status class. */
  ok: number;
  non2xx: number;
  status5xx: number;
  errors: number;
  /** Latency from each request's scheduled start (not its actual send) to the end of its answer, ms. */
  p50: number;
  p99: number;
  max: number;
}

/**
 * An open-loop load at a constant arrival rate (as wrk2): request i is due at start + i/rate,
 * whether or not earlier ones have been answered, over at most `connections` keep-alive sockets
 * (one request at a time each; the rest wait their turn), and its latency counts from when it was
 * due, so a stall is charged to every request it delayed (no coordinated omission). autocannon's
 * `overallRate` is not that: each connection sends flat out until the second's budget is spent and
 * then idles, so "half the rate" is full load half the time.
 *
 * HTTP/1.1 is written and read on raw sockets, as autocannon does, so the generator's own CPU (it
 * shares the machine with what it measures) stays a fraction of Node's http client's; answers must
 * carry Content-Length, as the API's do.
 */
export async function openLoop(opts: {
  url: string;
  rate: number;
  seconds: number;
  connections: number;
  request: () => { method: string; path: string; headers: Record<string, string>; body?: string };
  onStatus?: (status: number) => void;
}): Promise<OpenLoopResult> {
  const target = new URL(opts.url);
  if (target.hostname !== '127.0.0.1' && target.hostname !== '::1' && target.hostname !== '[::1]') throw new Error('load tests target loopback only');
  const total = Math.round(opts.rate * opts.seconds);
  const latencies: number[] = [];
  const result = { sent: 0, ok: 0, non2xx: 0, status5xx: 0, errors: 0 };
  const waiting: number[] = []; // due times of requests no socket has taken yet
  let answered = 0;
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const settle = (due: number, status: number) => {
    latencies.push(performance.now() - due);
    opts.onStatus?.(status);
    if (status >= 200 && status < 300) result.ok++;
    else if (status > 0) result.non2xx++;
    else result.errors++;
    if (status >= 500) result.status5xx++;
    if (++answered === total) finish();
  };

  const idle: RawConnection[] = [];
  const connections = await Promise.all(Array.from({ length: opts.connections }, () => RawConnection.open(target, settle)));
  const dispatch = () => {
    while (waiting.length > 0 && idle.length > 0) idle.pop()!.send(waiting.shift()!, opts.request());
  };
  for (const c of connections) {
    c.onIdle = () => {
      idle.push(c);
      dispatch();
    };
    idle.push(c);
  }

  const start = performance.now();
  while (result.sent < total) {
    const now = performance.now();
    // Everything due by now goes out now (or waits for a free socket); then sleep until the next one is due.
    while (result.sent < total && start + (result.sent * 1000) / opts.rate <= now) waiting.push(start + (result.sent++ * 1000) / opts.rate);
    dispatch();
    const next = start + (result.sent * 1000) / opts.rate;
    await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
  }
  // Stops by itself: answers still missing 30 s after the last request was due count as errors.
  let drained: NodeJS.Timeout | undefined;
  if (total > 0) await Promise.race([finished, new Promise<void>((resolve) => (drained = setTimeout(resolve, 30_000)))]);
  clearTimeout(drained);
  result.errors += total - answered;
  for (const c of connections) c.close();
  latencies.sort((a, b) => a - b);
  const at = (p: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0) * 10) / 10;
  return { ...result, p50: at(50), p99: at(99), max: at(100) };
}

/**
 * One keep-alive HTTP/1.1 connection with at most one request in flight; answers are framed by
 * Content-Length. A connection the server drops fails its request in flight (status 0) and is opened
 * again. An idle one is closed by this side after IDLE_CLOSE_MS, under the API's 65 s keep-alive
 * timeout, as HTTP clients do: else the server closes it, and a request sent at that moment is lost.
 * A request sent while the connection is being opened again waits for it.
 */
class RawConnection {
  static readonly IDLE_CLOSE_MS = 30_000;
  onIdle: () => void = () => {};
  private buffered: Buffer = Buffer.alloc(0);
  private due = 0;
  private inFlight = false;
  private closing = false;
  private socket!: net.Socket;
  /** Set while the connection is being opened again; a request sent meanwhile waits in `pending`. */
  private reopening: Promise<void> | null = null;
  private pending: string | null = null;

  private constructor(
    private readonly target: URL,
    private readonly settle: (due: number, status: number) => void,
  ) {}

  static async open(target: URL, settle: (due: number, status: number) => void): Promise<RawConnection> {
    const c = new RawConnection(target, settle);
    await c.connect();
    return c;
  }

  private connect(): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host: this.target.hostname.replace(/^\[|\]$/g, ''), port: Number(this.target.port) }, () => {
        socket.off('error', reject);
        socket.setNoDelay(true);
        socket.setTimeout(RawConnection.IDLE_CLOSE_MS, () => !this.inFlight && socket.destroy());
        socket.on('data', (chunk: Buffer) => this.read(chunk));
        socket.on('error', () => {}); // 'close' follows
        socket.on('close', () => this.dropped());
        this.socket = socket;
        this.buffered = Buffer.alloc(0);
        resolve();
      });
      socket.once('error', reject);
    });
  }

  send(due: number, r: { method: string; path: string; headers: Record<string, string>; body?: string }): void {
    this.due = due;
    this.inFlight = true;
    const body = r.body ?? '';
    let head = `${r.method} ${r.path} HTTP/1.1\r\nhost: ${this.target.host}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n`;
    for (const [k, v] of Object.entries(r.headers)) head += `${k}: ${v}\r\n`;
    if (this.reopening) this.pending = `${head}\r\n${body}`;
    else this.socket.write(`${head}\r\n${body}`);
  }

  close(): void {
    this.closing = true;
    this.socket.destroy();
  }

  private read(chunk: Buffer): void {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    const headEnd = this.buffered.indexOf('\r\n\r\n');
    if (headEnd < 0) return;
    const head = this.buffered.toString('latin1', 0, headEnd);
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? NaN);
    if (Number.isNaN(length)) return void this.socket.destroy(); // not an answer this reader can frame: fail it
    if (this.buffered.length < headEnd + 4 + length) return;
    this.buffered = this.buffered.subarray(headEnd + 4 + length);
    this.inFlight = false;
    this.settle(this.due, Number(head.slice(9, 12)));
    this.onIdle();
  }

  private dropped(): void {
    if (this.closing) return;
    // A request in flight is lost; the connection is free again once reopened. An idle one is still among the idle.
    const lost = this.inFlight;
    if (lost) {
      this.inFlight = false;
      this.pending = null;
      this.settle(this.due, 0);
    }
    this.reopening = this.connect().then(
      () => {
        this.reopening = null;
        if (this.pending !== null) {
          this.socket.write(this.pending);
          this.pending = null;
        } else if (lost) this.onIdle();
      },
      () => void setTimeout(() => this.dropped(), 100), // still reopening: a request sent meanwhile waits
    );
  }
}

export function report(title: string, rows: Record<string, string | number>): void {
  process.stdout.write(`\n${title}\n`);
  for (const [k, v] of Object.entries(rows)) process.stdout.write(`  ${k.padEnd(36)} ${v}\n`);
}

/**
 * The VM's speed of the moment: milliseconds for a fixed single-threaded workload shaped like the
 * API's (JSON in and out, SHA-256 of small buffers, map lookups), best of three. This machine's speed
 * has drifted by 2–3x within a session; a bench prints this before and after its phases so its figures
 * can be read against it (lower is faster).
 */
export function machineProbeMs(): number {
  const body = { amount: { currency: 'USD', value: '0.01' }, source_ref: `client-accounts/${'0'.repeat(36)}`, target_ref: `client-accounts/${'1'.repeat(36)}`, metadata: { note: 'probe' } };
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    const seen = new Map<string, number>();
    for (let i = 0; i < 40_000; i++) {
      const text = JSON.stringify({ ...body, n: i });
      const parsed = JSON.parse(text) as { n: number };
      const digest = createHash('sha256').update(text).digest('hex');
      seen.set(digest.slice(0, 8), parsed.n);
    }
    best = Math.min(best, performance.now() - started);
  }
  return Math.round(best);
}

/** CPU time (user + system, ms) a process has used so far, from /proc. */
export function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in clock ticks of 1/100 s
  } catch {
    return 0; // the process has gone
  }
}

/** CPU time (ms) used so far by the PostgreSQL backends connected to database `name` (their process titles name it). */
export function postgresCpuMs(name: string): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let cmdline: string;
    try {
      cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (cmdline.startsWith('postgres: ') && cmdline.includes(` ${name} `)) total += cpuMs(Number(entry));
  }
  return total;
}
