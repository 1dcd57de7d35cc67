import { Migration } from '@mikro-orm/migrations';

/**
 * Clients, client accounts, the double-entry ledger (transactions, postings, balances, holds) and
 * internal transfers. Amounts are minor units in NUMERIC(78,0). See docs/ledger.md.
 */
export class Migration20261121001000_ledger extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table clients (
        id uuid primary key,
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        display_name text not null,
        external_id text not null,
        metadata jsonb not null default '{}',
        status text not null default 'active' check (status in ('active', 'suspended', 'closed')),
        kyc_status text not null default 'verified' check (kyc_status in ('pending', 'verified', 'rejected')),
        api_access boolean not null default true,
        default_client_account_id uuid not null,
        unique (enterprise_id, external_id)
      );
      create index clients_enterprise_idx on clients (enterprise_id, id);

      create table client_accounts (
        id uuid primary key,
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        client_id uuid not null references clients(id) deferrable initially deferred,
        display_name text not null,
        status text not null default 'active' check (status in ('active', 'suspended', 'closed'))
      );
      create index client_accounts_enterprise_idx on client_accounts (enterprise_id, id);
      create index client_accounts_client_idx on client_accounts (client_id, id);

      -- One row per (account, asset). total = fold of postings; held = sum of pending holds;
      -- available = total - held. A null overdraft_limit is unbounded (system accounts only).
      create table ledger_balances (
        id bigint generated always as identity primary key,
        account_ref text not null,
        asset text not null,
        enterprise_id uuid not null,
        total numeric(78,0) not null default 0,
        held numeric(78,0) not null default 0 check (held >= 0),
        overdraft_limit numeric(78,0) default 0 check (overdraft_limit >= 0),
        updated_at timestamptz not null default now(),
        unique (account_ref, asset),
        constraint ledger_balances_funds_check check (overdraft_limit is null or total - held + overdraft_limit >= 0)
      );
      create index ledger_balances_enterprise_idx on ledger_balances (enterprise_id);

      -- Business key: a retried booking with the same key never books twice.
      create table ledger_transactions (
        id uuid primary key,
        enterprise_id uuid not null,
        business_key text not null unique,
        kind text not null,
        created_at timestamptz not null default now()
      );

      -- Immutable. No foreign keys: only the ledger writes these, in the statement that also
      -- updates the balance row, and verifyLedger checks the links; FK checks would double the
      -- index work on the hottest table.
      create table ledger_postings (
        transaction_id uuid not null,
        balance_id bigint not null,
        amount numeric(78,0) not null check (amount <> 0),
        primary key (transaction_id, balance_id)
      );

      create table ledger_holds (
        id uuid primary key,
        enterprise_id uuid not null,
        business_key text not null unique,
        account_ref text not null,
        asset text not null,
        amount numeric(78,0) not null check (amount > 0),
        target_ref text,
        status text not null default 'pending' check (status in ('pending', 'posted', 'voided')),
        posted_amount numeric(78,0),
        transaction_id uuid,
        created_at timestamptz not null default now(),
        resolved_at timestamptz
      );
      create index ledger_holds_pending_idx on ledger_holds (account_ref, asset) where status = 'pending';

      create table internal_transfers (
        id uuid primary key,
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        source_ref text not null,
        target_ref text not null,
        asset text not null,
        amount numeric(78,0) not null check (amount > 0),
        status text not null check (status in ('pending_approval', 'executing', 'executed', 'cancelled', 'rejected', 'failed')),
        approval_ref text,
        failure_reason text,
        ledger_transaction_id uuid,
        subject_attribution jsonb not null,
        settled_at timestamptz
      );
      create index internal_transfers_enterprise_idx on internal_transfers (enterprise_id, id);
      create index internal_transfers_source_idx on internal_transfers (source_ref, id);
      create index internal_transfers_target_idx on internal_transfers (target_ref, id);
    `);
  }

  override async down(): Promise<void> {
    this.addSql(
      'drop table if exists internal_transfers, ledger_holds, ledger_postings, ledger_transactions, ledger_balances, client_accounts, clients cascade;',
    );
  }
}
