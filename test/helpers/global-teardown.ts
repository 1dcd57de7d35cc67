import { rmSync } from 'node:fs';
import type { DevServer } from '../../temporal/dev-server';
import { dropDatabase } from '../../src/db/postgres-server';
import type { RunState } from './run-state';

export default async function globalTeardown(): Promise<void> {
  const run = (globalThis as Record<string, unknown>).__counterfoil as
    | { temporal: DevServer; stopPostgres?: () => Promise<void>; state: RunState; statePath: string }
    | undefined;
  if (!run) return;
  await run.temporal.stop();
  if (!process.env.KEEP_TEST_DATABASE) await dropDatabase(run.state.databaseUrl);
  await run.stopPostgres?.();
  rmSync(run.statePath, { force: true });
  rmSync(run.state.tmpDir, { recursive: true, force: true });
}
