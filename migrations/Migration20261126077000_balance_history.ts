import { Migration } from '@mikro-orm/migrations';

/**
 * Balances in time. Each posting carries the instant of its ledger transaction (`booked_at`, the same
 * `now()` of the booking's database transaction), indexed per balance row so "postings of this balance
 * between two instants" is one index range. Balance snapshots, written by housekeeping and never by a
 * booking, bound that range: a point-in-time balance reads one snapshot and the postings after it.
 */
export class Migration20261126077000_balance_history extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table ledger_postings add column booked_at timestamptz not null default now();
      update ledger_postings p set booked_at = t.created_at from ledger_transactions t where t.id = p.transaction_id;
      create index ledger_postings_history_idx on ledger_postings (balance_id, booked_at) include (amount, transaction_id);

      create index ledger_holds_created_history_idx on ledger_holds (account_ref, asset, created_at) include (amount);
      create index ledger_holds_resolved_history_idx on ledger_holds (account_ref, asset, resolved_at) include (amount) where resolved_at is not null;

      -- The balance row's total and held folded over everything booked at or before as_of.
      create table ledger_balance_snapshots (
        balance_id bigint not null,
        as_of timestamptz not null,
        account_ref text not null,
        asset text not null,
        total numeric(78,0) not null,
        held numeric(78,0) not null,
        entries bigint not null,
        last_transaction_id uuid,
        created_at timestamptz not null default now(),
        primary key (balance_id, as_of)
      );
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop table if exists ledger_balance_snapshots;
      drop index if exists ledger_holds_resolved_history_idx;
      drop index if exists ledger_holds_created_history_idx;
      alter table ledger_postings drop column if exists booked_at;
    `);
  }
}
