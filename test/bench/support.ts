import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { createScratchDatabase, dropDatabase } from '../../src/db/postgres-server';
import { freePort } from '../../temporal/dev-server';

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
async function spawnRole(role: 'api' | 'worker', env: Record<string, string>, nodeArgs: string[]) {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/cli.ts', role], {
    cwd: ROOT,
    // The malloc setting the launchers give (bin/counterfoil, npm start), unless this environment sets its own.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', MALLOC_MMAP_THRESHOLD_: '131072', ...mallocSettings(), ...env },
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

/** glibc malloc settings of this environment (MALLOC_*_, GLIBC_TUNABLES), passed through to the measured processes. */
const mallocSettings = () => Object.fromEntries(Object.entries(process.env).filter(([k, v]) => v !== undefined && (/^MALLOC_[A-Z_]+_$/.test(k) || k === 'GLIBC_TUNABLES'))) as Record<string, string>;

const nodeArgsFrom = (value: string | undefined) => (value ?? '').split(' ').filter(Boolean);

/** `counterfoil api` in its own process; BENCH_API_NODE_ARGS adds node flags. */
export async function spawnApi(env: Record<string, string>): Promise<{ url: string; child: ChildProcess; stop: () => Promise<void> }> {
  const port = await freePort();
  const api = await spawnRole('api', { COUNTERFOIL_API_PORT: String(port), COUNTERFOIL_SIGNED_API_PORT: String(await freePort()), ...env }, nodeArgsFrom(process.env.BENCH_API_NODE_ARGS));
  return { url: `http://127.0.0.1:${port}`, ...api };
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
 * whether or not earlier ones have been answered, over at most `connections` keep-alive sockets,
 * and its latency counts from when it was due, so a stall is charged to every request it delayed
 * (no coordinated omission). autocannon's `overallRate` is not that: each connection sends flat out
 * until the second's budget is spent and then idles, so "half the rate" is full load half the time.
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
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  const total = Math.round(opts.rate * opts.seconds);
  const latencies: number[] = [];
  const result = { sent: 0, ok: 0, non2xx: 0, status5xx: 0, errors: 0 };
  const start = performance.now();
  const inFlight = new Set<Promise<void>>();
  const send = (due: number) => {
    const r = opts.request();
    const done = new Promise<void>((resolve) => {
      const req = http.request(
        { host: target.hostname, port: target.port, method: r.method, path: r.path, headers: r.headers, agent },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - due);
            const status = res.statusCode ?? 0;
            opts.onStatus?.(status);
            if (status >= 200 && status < 300) result.ok++;
            else result.non2xx++;
            if (status >= 500) result.status5xx++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        result.errors++;
        resolve();
      });
      req.end(r.body);
    });
    inFlight.add(done);
    void done.then(() => inFlight.delete(done));
    result.sent++;
  };
  while (result.sent < total) {
    const now = performance.now();
    // Everything due by now goes out now; then sleep until the next one is due.
    while (result.sent < total && start + (result.sent * 1000) / opts.rate <= now) send(start + (result.sent * 1000) / opts.rate);
    const next = start + (result.sent * 1000) / opts.rate;
    await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
  }
  await Promise.all(inFlight);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (p: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0) * 10) / 10;
  return { ...result, p50: at(50), p99: at(99), max: at(100) };
}

export function report(title: string, rows: Record<string, string | number>): void {
  process.stdout.write(`\n${title}\n`);
  for (const [k, v] of Object.entries(rows)) process.stdout.write(`  ${k.padEnd(36)} ${v}\n`);
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
