import type { Sql } from 'postgres';
import type { ExportSelection, ExportSource } from '../exports/source';
import { formatAmount, presentBalance, statementEntries, type Balance, type EntryPosition } from '../../ledger';
import { accountBalancesAt, statementLine, type StatementLine } from './statements';

// Columns are appended, never renamed or moved: spreadsheets and scripts read them by position too.
const COLUMNS = [
  'row_type', 'booked_at', 'transaction_id', 'entry_id', 'kind', 'asset', 'debit', 'credit', 'amount', 'balance', 'held', 'available',
  'operation_kind', 'operation_id', 'account_ref',
] as const;

type Row = Partial<Record<(typeof COLUMNS)[number], string | null>>;

/** The opening or closing line: the balance item of the JSON statement, at the period's bound. */
function balanceRow(rowType: 'opening' | 'closing', at: string, balance: Balance): Row {
  const item = presentBalance(balance);
  return { row_type: rowType, booked_at: at, asset: item.asset, balance: item.total, held: item.held, available: item.available, account_ref: balance.accountRef };
}

function entryRow(accountRef: string, asset: string, e: StatementLine): Row {
  return {
    row_type: 'entry',
    booked_at: e.bookedAt,
    transaction_id: e.transactionId,
    entry_id: e.chainSeq,
    kind: e.kind,
    asset,
    debit: e.amount < 0n ? formatAmount(-e.amount, asset) : null,
    credit: e.amount > 0n ? formatAmount(e.amount, asset) : null,
    amount: formatAmount(e.amount, asset),
    balance: formatAmount(e.balanceAfter, asset),
    operation_kind: e.operation?.kind ?? null,
    operation_id: e.operation?.id ?? null,
    account_ref: accountRef,
  };
}

/**
 * A client account's statement of one asset over (from, to], as GET …/statement answers it: the
 * opening balance, every entry in booking order with the running total, the closing balance. Read
 * with the same ledger functions as the JSON statement, page by page, so the figures are the same.
 */
async function* statementRows(sql: Sql, s: ExportSelection, batchSize: number): AsyncIterable<readonly Row[]> {
  const accountRef = s.scopeRef;
  const asset = s.asset!;
  const [from, to] = [s.rangeStart.toISOString(), s.rangeEnd.toISOString()];
  const [[opening], [closing]] = await Promise.all([
    accountBalancesAt(sql, s.enterpriseId, accountRef, from, asset),
    accountBalancesAt(sql, s.enterpriseId, accountRef, to, asset),
  ]);
  yield [balanceRow('opening', from, opening)];
  let after: EntryPosition = { at: from };
  for (;;) {
    const entries = await statementEntries(sql, { accountRef, asset, after, to, limit: batchSize });
    if (entries.length > 0) yield entries.map((e) => entryRow(accountRef, asset, statementLine(e)));
    if (entries.length < batchSize) break;
    const last = entries[entries.length - 1];
    after = { at: last.bookedAt, transactionId: last.transactionId };
  }
  yield [balanceRow('closing', to, closing)];
}

export const statementSource: ExportSource = { columns: COLUMNS, numeric: ['debit', 'credit', 'amount', 'balance', 'held', 'available'], rows: statementRows };
