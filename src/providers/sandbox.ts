import type { Mode } from '../config';

/** A simulator asked to act in production mode: a configuration or code path that must never run. */
export class SandboxRefused extends Error {
  constructor(readonly simulator: string) {
    super(`the sandbox ${simulator} refuses to run in production mode`);
    this.name = 'SandboxRefused';
  }
}

/** Every simulator calls this before it books, answers or reports anything. */
export function assertSandboxMode(mode: Mode, simulator: string): void {
  if (mode !== 'sandbox') throw new SandboxRefused(simulator);
}
