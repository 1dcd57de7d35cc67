import type { Schemas } from '../../clients/typescript/index';
import { statementCsv, statementCsvName } from '../../console/src/features/statements/csv';
import { statementDownloadName } from '../../src/reference/statement-download';

// The console's own CSV of a statement: the screen's entries with the operation, account and asset they belong to.

const ACCOUNT = 'client-accounts/0193a1c2-7f00-7abc-8def-0123456789ab';
const WITHDRAWAL = '0193a1c2-7f00-7abc-8def-000000000001';
const LEDGER_TX = '0193a1c2-7f00-7abc-8def-000000000002';
const balance = { asset: 'USDC', total: '10.000000', held: '0.000000', available: '10.000000' } as Schemas['BalanceItem'];

const statement: Schemas['Statement'] = {
  resource: 'statement',
  account_ref: ACCOUNT,
  asset: 'USDC',
  from: '2026-01-08T00:00:00.000Z',
  to: '2026-01-15T23:59:59.999Z',
  opening_balance: balance,
  closing_balance: balance,
  entries: [
    { booked_at: '2026-01-09T10:00:00.000001Z', kind: 'withdrawal', transaction_id: LEDGER_TX, amount: '-103.500000', balance_after: '896.500000', operation_kind: 'withdrawal', operation_id: WITHDRAWAL },
    { booked_at: '2026-01-09T11:00:00.000001Z', kind: 'deposit', transaction_id: LEDGER_TX.replace(/2$/, '3'), amount: '5.000000', balance_after: '901.500000', operation_kind: null, operation_id: null },
  ],
  next_page_token: null,
};

describe('the console\'s statement CSV', () => {
  it('keeps the first five columns and adds the operation, the account and the asset to each entry', () => {
    expect(statementCsv(statement).split('\r\n')).toEqual([
      'booked_at,kind,transaction_id,amount,balance_after,operation_kind,operation_id,account_ref,asset',
      `2026-01-09T10:00:00.000001Z,withdrawal,${LEDGER_TX},-103.500000,896.500000,withdrawal,${WITHDRAWAL},${ACCOUNT},USDC`,
      `2026-01-09T11:00:00.000001Z,deposit,${LEDGER_TX.replace(/2$/, '3')},5.000000,901.500000,,,${ACCOUNT},USDC`,
      '',
    ]);
  });

  it('is saved under a name of its account, asset and days, which an export of the same period does not take', () => {
    const name = statementCsvName(statement);
    expect(name).toBe('statement-0193a1c2-7f00-7abc-8def-0123456789ab-USDC-2026-01-08-to-2026-01-15.csv');
    const exportName = statementDownloadName({ file: 'statement-export', accountRef: ACCOUNT, asset: 'USDC', from: statement.from, to: statement.to, format: 'csv' });
    expect(exportName).toBe('statement-export-0193a1c2-7f00-7abc-8def-0123456789ab-USDC-2026-01-08-to-2026-01-15.csv');
  });
});
