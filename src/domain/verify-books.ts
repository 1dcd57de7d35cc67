import type { Sql } from 'postgres';
import { verifyLedger, type LedgerReport } from '../ledger';
import { withdrawalViolations } from './withdrawals';

export interface BooksReport {
  ok: boolean;
  ledger: LedgerReport;
  /** Withdrawals whose hold or settlement disagrees with their status. */
  withdrawals: { checked: number; violations: string[] };
  violations: string[];
}

/**
 * `counterfoil ledger verify`: the ledger's own invariants and hash chains (verifyLedger), then the
 * operations that hold money against their bookings, each in a snapshot of its own.
 */
export async function verifyBooks(sql: Sql, opts: { checkpointPublicKey?: Buffer | null } = {}): Promise<BooksReport> {
  const ledger = await verifyLedger(sql, opts);
  const withdrawals = (await sql.begin('isolation level repeatable read read only', (tx) => withdrawalViolations(tx))) as BooksReport['withdrawals'];
  const violations = [...ledger.violations, ...withdrawals.violations];
  return { ok: violations.length === 0, ledger, withdrawals, violations };
}
