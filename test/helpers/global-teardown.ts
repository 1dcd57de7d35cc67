import { rmSync } from 'node:fs';
import type { DevServer } from '../../temporal/dev-server';
import { dropDatabase } from '../../src/db/postgres-server';
import type { RunState } from './run-state';
import { connectPostgres } from '../../src/db/connect';
import { describeOperations, verifyBooks, type BooksReport } from '../../src/domain/verify-books';
import { RECORD_ENV, recordEventExamples } from './openapi-examples';

/** `counterfoil ledger verify` over everything the run booked, while the database still exists. */
async function verifyRunLedger(databaseUrl: string): Promise<BooksReport> {
  const sql = connectPostgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    return await verifyBooks(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

export default async function globalTeardown(): Promise<void> {
  const run = (globalThis as Record<string, unknown>).__counterfoil as
    | { temporal: DevServer; stopPostgres?: () => Promise<void>; state: RunState; statePath: string }
    | undefined;
  if (!run) return;
  const ledger = await verifyRunLedger(run.state.databaseUrl);
  // `npm run record:examples`: the events the run wrote become the webhook examples.
  const recordDir = process.env[RECORD_ENV];
  if (recordDir) process.stderr.write(`[test teardown] recorded events of ${await recordEventExamples(run.state.databaseUrl, recordDir)} types\n`);
  await run.temporal.stop();
  if (!process.env.KEEP_TEST_DATABASE) await dropDatabase(run.state.databaseUrl);
  await run.stopPostgres?.();
  rmSync(run.statePath, { force: true });
  rmSync(run.state.tmpDir, { recursive: true, force: true });
  process.stderr.write(
    `[test teardown] ledger verify: ${ledger.ledger.transactions} transactions, ${ledger.ledger.balances} balances, ${describeOperations(ledger)}, ${ledger.violations.length} violations\n`,
  );
  if (!ledger.ok) throw new Error(`ledger verify failed after the test run:\n  ${ledger.violations.join('\n  ')}`);
}
