import { Migration } from '@mikro-orm/migrations';

/**
 * Expected payments (docs/reconciliation.md, "Expected payments"): what an integrator says will arrive on
 * (or leave) a reconciled account, in an amount range and a time window, and the statement lines that
 * fulfilled it, each line at most once.
 */
export class Migration20261204030000_expected_payments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`set local lock_timeout = '5s'`);
    this.addSql(`
      create table expected_payments (
        id uuid primary key,
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        account_id uuid not null references reconciliation_accounts(id) deferrable initially deferred,
        direction text not null check (direction in ('credit', 'debit')),
        asset text not null,
        -- Magnitudes in minor units: what the lines must add up to.
        amount_min numeric(78,0) not null check (amount_min > 0),
        amount_max numeric(78,0) not null check (amount_max >= amount_min),
        expected_from timestamptz not null,
        expected_to timestamptz not null check (expected_to > expected_from),
        reference text,
        counterparty text,
        description text not null default '',
        metadata jsonb not null default '{}',
        status text not null default 'unreconciled' check (status in ('unreconciled', 'partially_reconciled', 'reconciled', 'cancelled')),
        reconciled_amount numeric(78,0) not null default 0,
        reconciled_at timestamptz,
        subject_attribution jsonb not null,
        check (reference is not null or counterparty is not null)
      );
      create index expected_payments_enterprise_idx on expected_payments (enterprise_id, id);
      create index expected_payments_open_idx on expected_payments (account_id, expected_from) where status in ('unreconciled', 'partially_reconciled');
      create table expected_payment_lines (
        expected_payment_id uuid not null references expected_payments(id) deferrable initially deferred,
        statement_line_id uuid not null unique references statement_lines(id) deferrable initially deferred,
        primary key (expected_payment_id, statement_line_id)
      );
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists expected_payment_lines; drop table if exists expected_payments;`);
  }
}
