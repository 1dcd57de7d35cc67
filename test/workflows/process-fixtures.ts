import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdirSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import type { Sql } from 'postgres';
import { runState } from '../helpers/run-state';

/**
 * Real `counterfoil <role>` processes for the crash tests, on the test run's database and Temporal
 * server, polling one task queue of their own, with a data folder that reuses the workflow bundle the
 * run already built (same cache key) instead of bundling again.
 */
export class Processes {
  static readonly ROOT = path.resolve(__dirname, '../..');

  private constructor(
    readonly taskQueue: string,
    private readonly dataDir: string,
    private readonly settings: Record<string, string>,
  ) {}

  /** `settings`: environment every process of this harness gets on top of the common one. */
  static create(name: string, settings: Record<string, string> = {}): Processes {
    const dataDir = path.join(runState().tmpDir, `${name}-${randomUUID()}`);
    mkdirSync(dataDir, { recursive: true });
    symlinkSync(path.join(os.tmpdir(), 'counterfoil-workflow-bundles'), path.join(dataDir, 'cache'));
    return new Processes(`${name}-${randomUUID()}`, dataDir, settings);
  }

  env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
    const state = runState();
    return {
      ...process.env,
      DATABASE_URL: state.databaseUrl,
      TEMPORAL_ADDRESS: state.temporalAddress,
      TEMPORAL_TASK_QUEUE: this.taskQueue,
      COUNTERFOIL_DATA_DIR: this.dataDir,
      COUNTERFOIL_SEALING_KEY_FILE: path.join(state.tmpDir, 'sealing-keys'),
      COUNTERFOIL_SANDBOX_BLOCK_MS: '20',
      LOG_LEVEL: 'error',
      ...this.settings,
      ...extra,
    };
  }

  /** The process, not waiting for it to be ready. */
  spawn(role: 'api' | 'worker', extra: Record<string, string> = {}, stdout: 'ignore' | 'pipe' = 'ignore'): ChildProcess {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', role], { cwd: Processes.ROOT, env: this.env(extra), stdio: ['ignore', stdout, 'inherit'] });
    live.add(child);
    child.once('exit', () => live.delete(child));
    return child;
  }

  /** The process, once it says it is ready. */
  async start(role: 'api' | 'worker', extra: Record<string, string> = {}): Promise<ChildProcess> {
    const child = this.spawn(role, extra, 'pipe');
    await new Promise<void>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (d) => {
        out += d;
        if (out.includes('Press Ctrl-C to stop.')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`${role} exited with ${code}`)));
    });
    child.removeAllListeners('exit');
    return child;
  }

  /** `counterfoil ledger verify` in its own process; its output. */
  async ledgerVerify(): Promise<string> {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'ledger', 'verify'], { cwd: Processes.ROOT, env: this.env() });
    return stdout;
  }
}

/** The database sessions of `role` processes (each names its connections `counterfoil-<role>`). */
export async function sessionsOf(sql: Sql, role: 'api' | 'worker'): Promise<number> {
  const [{ n }] = await sql<{ n: number }[]>`
    select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = ${`counterfoil-${role}`}`;
  return n;
}

/**
 * Until the database has no session left of a killed `role` process. A backend still running what the
 * process sent before it died (its COMMIT, say) finishes it first: only then is what it committed final.
 */
export async function sessionsGone(sql: Sql, role: 'api' | 'worker', timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const n = await sessionsOf(sql, role);
    if (n === 0) return;
    if (Date.now() > deadline) throw new Error(`${n} database session(s) of the killed ${role} still open after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

/**
 * Every process a test file started and did not stop, stopped when the file ends: a test that fails
 * half-way (one of two APIs did not come up) would otherwise leave a child whose pipes keep jest alive.
 */
const live = new Set<ChildProcess>();
afterAll(async () => {
  const left = [...live];
  for (const child of left) child.kill('SIGKILL');
  await Promise.all(left.map(exited));
});
