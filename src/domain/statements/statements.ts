import { AppError } from '../../errors';
import { balancesAt, emptyBalance, statementEntries, type Balance, type EntryPosition, type LedgerSql, type StatementEntry } from '../../ledger';
import { operationOf, type Operation } from './operations';

/** An instant in the future has no exact balance yet: refused rather than answered with one that can still change. */
export function assertPast(instant: string, pointer: string): void {
  if (new Date(instant).getTime() > Date.now()) {
    throw new AppError('EdgeUnprocessable', 'The instant is in the future.', { errors: [{ pointer, detail: 'must not be in the future' }] });
  }
}

/** Balances of an account at an instant; with `asset`, one item even if the account never held it. */
export async function accountBalancesAt(sql: LedgerSql, enterpriseId: string, accountRef: string, asOf: string, asset?: string): Promise<Balance[]> {
  assertPast(asOf, '/query/as_of');
  const rows = await balancesAt(sql, accountRef, asOf, asset);
  if (asset && rows.length === 0) rows.push(emptyBalance(enterpriseId, accountRef, asset, new Date(asOf)));
  return rows;
}

/** An entry with the operation that booked it (a withdrawal, a transfer…), as its screen and resource show it. */
export interface StatementLine extends StatementEntry {
  operation: Operation | null;
}

export const statementLine = (e: StatementEntry): StatementLine => ({ ...e, operation: operationOf(e.businessKey, e.kind) });

export interface Statement {
  accountRef: string;
  asset: string;
  from: string;
  to: string;
  opening: Balance;
  closing: Balance;
  entries: StatementLine[];
  /** Position after the last entry when more follow. */
  next: EntryPosition | null;
}

/**
 * Statement of (account, asset) over (from, to]: the balance at `from`, the postings booked after
 * `from` and at or before `to` with the running total, the balance at `to`. Paged by `after`.
 */
export async function accountStatement(
  sql: LedgerSql,
  input: { enterpriseId: string; accountRef: string; asset: string; from: string; to: string; after: EntryPosition | null; limit: number },
): Promise<Statement> {
  assertPast(input.to, '/query/to');
  if (new Date(input.from).getTime() >= new Date(input.to).getTime()) {
    throw new AppError('EdgeUnprocessable', '`from` must be before `to`.', { errors: [{ pointer: '/query/from', detail: 'must be before to' }] });
  }
  const [[opening], [closing], rows] = await Promise.all([
    accountBalancesAt(sql, input.enterpriseId, input.accountRef, input.from, input.asset),
    accountBalancesAt(sql, input.enterpriseId, input.accountRef, input.to, input.asset),
    statementEntries(sql, { accountRef: input.accountRef, asset: input.asset, after: input.after ?? { at: input.from }, to: input.to, limit: input.limit + 1 }),
  ]);
  const entries = rows.slice(0, input.limit).map(statementLine);
  const last = entries[entries.length - 1];
  return {
    accountRef: input.accountRef,
    asset: input.asset,
    from: input.from,
    to: input.to,
    opening,
    closing,
    entries,
    next: rows.length > input.limit ? { at: last.bookedAt, transactionId: last.transactionId } : null,
  };
}
