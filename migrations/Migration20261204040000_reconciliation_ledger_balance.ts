import { Migration } from '@mikro-orm/migrations';

/**
 * The ledger's balance against the provider's (docs/reconciliation.md, "Runs"): each run records the
 * ledger's balance of the account at the provider's read time and what no break explains, and a
 * remainder is a break of the new kind `ledger_drift`. A statement file's closing balance is kept
 * with its import and is a file-only account's provider balance.
 */
export class Migration20261204040000_reconciliation_ledger_balance extends Migration {
  override async up(): Promise<void> {
    this.addSql(`set local lock_timeout = '5s'`);
    this.addSql(`
      alter table reconciliation_runs add column ledger_balance numeric(78,0), add column ledger_unexplained numeric(78,0);
      -- The closing balance a statement file states (camt CLBD, MT940 :62F:): a file-only account's provider balance.
      alter table statement_imports add column closing_balance numeric(78,0), add column closing_balance_at timestamptz;
      alter table reconciliation_breaks drop constraint reconciliation_breaks_kind_check;
      -- Every existing row passed the narrower check it replaces: no scan to validate, new rows are checked.
      alter table reconciliation_breaks add constraint reconciliation_breaks_kind_check
        check (kind in ('unmatched_line', 'unmatched_transaction', 'amount_mismatch', 'duplicate_line', 'balance_drift', 'ledger_drift', 'closed_period_posting')) not valid;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      delete from reconciliation_breaks where kind = 'ledger_drift';
      alter table reconciliation_breaks drop constraint reconciliation_breaks_kind_check;
      alter table reconciliation_breaks add constraint reconciliation_breaks_kind_check
        check (kind in ('unmatched_line', 'unmatched_transaction', 'amount_mismatch', 'duplicate_line', 'balance_drift', 'closed_period_posting'));
      alter table reconciliation_runs drop column ledger_balance, drop column ledger_unexplained;
      alter table statement_imports drop column closing_balance, drop column closing_balance_at;
    `);
  }
}
