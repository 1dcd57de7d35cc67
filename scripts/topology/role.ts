// The long-running Counterfoil processes of a topology run, and the one-shot `counterfoil` commands.
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import path from 'node:path';
import { withParentDeathSignal } from '../../temporal/dev-server';

export const ROOT = path.resolve(__dirname, '..', '..');
export const COUNTERFOIL = path.join(ROOT, 'bin', 'counterfoil');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A `counterfoil api|worker` with fixed addresses, so it can be killed and started again in place. An
 * interface so the same load and faults drive local processes or containers.
 */
export interface Role {
  readonly name: string;
  readonly kind: 'api' | 'worker';
  /** The tenant API (an API role). */
  readonly url: string;
  /** The ops endpoint (`/readyz`, `/metrics`). */
  readonly opsUrl: string;
  /** Resolves once the role is ready (`/readyz` answers 200). */
  start(): Promise<void>;
  /** Sends `signal` and resolves once the role is gone (SIGKILL after 30 s); a stopped role is left alone. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** A Role as a local process: `bin/counterfoil <kind>`, its output appended to `<logDir>/<name>.log`. */
export class ProcessRole implements Role {
  private child: ChildProcess | undefined;
  private starts = 0;
  constructor(
    readonly name: string,
    readonly kind: 'api' | 'worker',
    /** The whole environment; COUNTERFOIL_OPS_PORT (and for an API, COUNTERFOIL_API_PORT) fixed. */
    readonly env: Record<string, string>,
    readonly logDir: string,
    private readonly readyWithinMs = 120_000,
  ) {}

  get opsUrl(): string {
    return `http://127.0.0.1:${this.env.COUNTERFOIL_OPS_PORT}`;
  }

  get url(): string {
    return `http://127.0.0.1:${this.env.COUNTERFOIL_API_PORT}`;
  }

  private get logFile(): string {
    return path.join(this.logDir, `${this.name}.log`);
  }

  async start(): Promise<void> {
    const out = fs.openSync(this.logFile, 'a');
    // Through setpriv --pdeathsig: a role never outlives the script, however it ends.
    const { command, args } = withParentDeathSignal(COUNTERFOIL, [this.kind]);
    const child = spawn(command, args, { cwd: ROOT, env: this.env, stdio: ['ignore', out, out] });
    fs.closeSync(out);
    this.child = child;
    this.starts++;
    const deadline = Date.now() + this.readyWithinMs;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${this.name} exited during start-up (${child.exitCode ?? child.signalCode}); see ${this.logFile}`);
      if (Date.now() > deadline) throw new Error(`${this.name} was not ready within ${this.readyWithinMs / 1000} s; see ${this.logFile}`);
      // Bounded: a port reused by something that accepts and never answers must not stall the start.
      const readyz = await fetch(`${this.opsUrl}/readyz`, { signal: AbortSignal.timeout(2000) }).then((r) => r.status, () => 0);
      if (readyz === 200) return;
      // A build without the ops endpoint: the banner the role prints once it is up.
      if (readyz === 0 && this.bannersPrinted() >= this.starts) return;
      await sleep(200);
    }
  }

  /** When the process has exited: how, and the last lines of its log (a run that fails says why). */
  exitNote(lines = 20): string | null {
    const child = this.child;
    if (!child || (child.exitCode === null && child.signalCode === null)) return null;
    const tail = fs.readFileSync(this.logFile, 'utf8').trimEnd().split('\n').slice(-lines);
    return `${this.name} exited (${child.exitCode ?? child.signalCode}); the end of its log:\n${tail.map((l) => `    ${l}`).join('\n')}`;
  }

  private bannersPrinted(): number {
    return fs.readFileSync(this.logFile, 'utf8').split('Press Ctrl-C to stop.').length - 1;
  }

  async kill(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    // A role still loading when told to stop may not act on SIGTERM yet.
    const escalation = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(escalation);
  }
}

/** A `counterfoil` command to completion: its exit code and output (stdout and stderr together). */
export async function counterfoil(args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(COUNTERFOIL, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** A `counterfoil` command that must succeed; its output is logged. */
export async function mustRun(args: string[], env: Record<string, string>, log: (m: string) => void): Promise<string> {
  const { code, output } = await counterfoil(args, env);
  log(`counterfoil ${args.join(' ')} (exit ${code}):\n${output.trimEnd().replace(/^/gm, '    ')}`);
  if (code !== 0) throw new Error(`counterfoil ${args.join(' ')} failed`);
  return output;
}

export interface Credentials {
  enterprise_id: string;
  client_id: string;
  client_secret: string;
}

/**
 * The release order: `temporal setup --create-namespace`, `migrate`, `bootstrap`. Setup is idempotent and
 * run again while a namespace just created is not yet in every service's namespace cache (the real
 * server's operator service can answer NOT_FOUND for a few seconds after the create).
 */
export async function setUpCounterfoil(env: Record<string, string>, credentialsFile: string, log: (m: string) => void): Promise<Credentials> {
  for (let attempt = 1; ; attempt++) {
    const setup = await counterfoil(['temporal', 'setup', '--create-namespace', '--retention', '1d'], env);
    log(`counterfoil temporal setup --create-namespace --retention 1d (exit ${setup.code}):\n${setup.output.trimEnd().split('\n').filter((l) => !/^\s+at /.test(l)).join('\n').replace(/^/gm, '    ')}`);
    if (setup.code === 0) break;
    if (attempt === 5) throw new Error('counterfoil temporal setup failed 5 times');
    await sleep(3000);
  }
  await mustRun(['migrate'], env, log);
  await mustRun(['bootstrap', '--credentials-file', credentialsFile], env, log);
  return JSON.parse(fs.readFileSync(credentialsFile, 'utf8')) as Credentials;
}
