import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

export interface Started {
  child: ChildProcess;
  output: () => string;
  tenantUrl: string;
  signedUrl: string;
  temporalUiUrl: string | undefined;
  readyMs: number;
}

/** Runs `bin/counterfoil start`, as `npm start` does, with only `env` (and PATH, HOME), and waits for its banner. */
export function startCounterfoil(env: Record<string, string>, timeoutMs = 180_000): Promise<Started> {
  const began = Date.now();
  const child = spawn(path.join(ROOT, 'bin/counterfoil'), ['start'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      clearInterval(poll);
      child.kill('SIGKILL');
      reject(new Error(`no banner within ${timeoutMs / 1000} s:\n${out}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before ready:\n${out}`));
    });
    const poll = setInterval(() => {
      const tenant = /Tenant API\s+(\S+)/.exec(out);
      const signed = /Signed API\s+(\S+)/.exec(out);
      if (out.includes('Press Ctrl-C to stop.') && tenant && signed) {
        clearInterval(poll);
        clearTimeout(timer);
        child.removeAllListeners('exit');
        const ui = /Temporal UI\s+(\S+)/.exec(out);
        resolve({ child, output: () => out, tenantUrl: tenant[1]!, signedUrl: signed[1]!, temporalUiUrl: ui?.[1], readyMs: Date.now() - began });
      }
    }, 100);
  });
}

/** Ctrl-C, as a person stops it; its exit code. */
export function stopCounterfoil(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.kill('SIGINT');
  });
}
