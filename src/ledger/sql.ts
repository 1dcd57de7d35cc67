import type { Sql, TransactionSql } from 'postgres';

// The types core.ts and monitors.ts share, apart so that neither file imports the other for them.

/** A postgres.js client or an open transaction of one; ledger calls join the transaction when given one. */
export type LedgerSql = Sql | TransactionSql;

/** Writes happen only when the claimed row exists (the claim was this call's, not a replay's). */
export interface WriteGuard {
  table: 'ledger_transactions' | 'ledger_holds';
  id: string;
}
