import type { Schemas } from '../../../../clients/typescript/index';
import { csvField } from '../../../../src/reference/csv';
import { statementDownloadName } from '../../../../src/reference/statement-download';

type Statement = Schemas['Statement'];

// New columns go at the end: a spreadsheet or script that reads the first five by position keeps working.
const COLUMNS = ['booked_at', 'kind', 'transaction_id', 'amount', 'balance_after', 'operation_kind', 'operation_id', 'account_ref', 'asset'] as const;

/**
 * The statement as a CSV file: one line per entry, in booking order, the amounts as the API's decimal
 * strings, each with the operation that booked it (the id its screen shows), the account and the asset.
 */
export function statementCsv(s: Statement): string {
  const lines = [COLUMNS.join(',')];
  for (const e of s.entries) {
    const row = [e.booked_at, e.kind, e.transaction_id, e.amount, e.balance_after, e.operation_kind ?? '', e.operation_id ?? '', s.account_ref, s.asset];
    lines.push(row.map(csvField).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The name the statement's CSV is saved under: not the one of an export of the same period. */
export const statementCsvName = (s: Statement) => statementDownloadName({ file: 'statement', accountRef: s.account_ref, asset: s.asset, from: s.from, to: s.to, format: 'csv' });
