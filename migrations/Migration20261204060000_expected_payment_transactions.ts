import { Migration } from '@mikro-orm/migrations';

/**
 * Expected payments fulfilled by the ledger directly (docs/reconciliation.md, "Expected payments"): a
 * deposit (or payout) the ledger booked before its statement line arrives fulfils an expectation by its
 * ledger transaction, each at most once; its line, when it comes, is the same money and fulfils nothing again.
 */
export class Migration20261204060000_expected_payment_transactions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`set local lock_timeout = '5s'`);
    this.addSql(`
      create table expected_payment_transactions (
        expected_payment_id uuid not null references expected_payments(id) deferrable initially deferred,
        ledger_transaction_id uuid not null unique,
        primary key (expected_payment_id, ledger_transaction_id)
      );
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists expected_payment_transactions;`);
  }
}
