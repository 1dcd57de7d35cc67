import { Migration } from '@mikro-orm/migrations';

/**
 * Reconciliation's outcomes (docs/reconciliation.md): where each provider account's statement comes
 * from and what it held before its first line, the append-only log of every run, the breaks a run
 * opens (deduplicated per kind, fingerprint and period), and the signed close of each period. The
 * `reconciliation.*` permissions go to the platform roles that run money operations.
 */
export class Migration20261204010000_reconciliation_breaks extends Migration {
  override async up(): Promise<void> {
    // Waits at most this long for reconciliation_accounts' lock rather than queueing the accounts' runs behind it.
    this.addSql(`set local lock_timeout = '5s'`);
    this.addSql(`
      alter table reconciliation_accounts
        add column statement_source text not null default 'provider' check (statement_source in ('provider', 'files')),
        add column opening_balance numeric(78,0) not null default 0,
        add column description text not null default '',
        add column subject_attribution jsonb,
        -- The balance the provider answered with the last pull, kept here so no workflow history carries it.
        add column provider_balance numeric(78,0),
        add column provider_balance_at timestamptz;

      create table reconciliation_runs (
        id uuid primary key,
        created_at timestamptz not null default now(),
        enterprise_id uuid not null,
        account_id uuid not null references reconciliation_accounts(id) deferrable initially deferred,
        trigger text not null check (trigger in ('schedule', 'manual')),
        workflow_id text,
        read_at timestamptz not null,
        inputs_sha256 text not null,
        lines_added integer not null,
        lines_considered integer not null,
        transactions_considered integer not null,
        matched integer not null,
        breaks_opened integer not null,
        breaks_resolved integer not null,
        breaks_open integer not null,
        provider_balance numeric(78,0),
        provider_balance_at timestamptz,
        statement_total numeric(78,0) not null,
        ledger_total numeric(78,0) not null,
        duration_ms integer not null
      );
      create index reconciliation_runs_account_idx on reconciliation_runs (account_id, id);
      create function reconciliation_runs_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'reconciliation_runs is append-only (% refused)', tg_op using errcode = 'insufficient_privilege';
      end $$;
      create trigger reconciliation_runs_append_only before update or delete on reconciliation_runs
        for each row execute function reconciliation_runs_append_only();

      create table reconciliation_breaks (
        id uuid primary key,
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        enterprise_id uuid not null,
        account_id uuid not null references reconciliation_accounts(id) deferrable initially deferred,
        kind text not null check (kind in ('unmatched_line', 'unmatched_transaction', 'amount_mismatch', 'duplicate_line', 'balance_drift', 'closed_period_posting')),
        fingerprint text not null,
        period date not null,
        asset text not null,
        status text not null default 'open' check (status in ('open', 'acknowledged', 'resolved', 'accepted')),
        statement_line_id uuid,
        ledger_transaction_id uuid,
        match_id uuid,
        -- Signed minor units from the provider account's side: what is unexplained.
        difference numeric(78,0) not null,
        detail jsonb not null,
        opened_by_run uuid not null,
        snoozed_until timestamptz,
        note text,
        evidence jsonb,
        resolution text check (resolution in ('matched', 'corrected', 'cleared')),
        resolution_ledger_transaction_id uuid,
        decided_by jsonb,
        decided_at timestamptz,
        unique (account_id, kind, fingerprint, period)
      );
      create index reconciliation_breaks_enterprise_idx on reconciliation_breaks (enterprise_id, id);
      create index reconciliation_breaks_live_idx on reconciliation_breaks (account_id, period) where status in ('open', 'acknowledged');

      create table reconciliation_periods (
        account_id uuid not null references reconciliation_accounts(id) deferrable initially deferred,
        period date not null,
        enterprise_id uuid not null,
        closed_at timestamptz not null default now(),
        closed_by jsonb not null,
        -- The canonical text that was signed, its Ed25519 signature (base64url) and the key's id.
        payload text not null,
        signature text not null,
        key_id text not null,
        primary key (account_id, period)
      );

      update roles set permissions = permissions || array['reconciliation.read'], version = version + 1, updated_at = now()
       where platform_managed and not ('reconciliation.read' = any (permissions));
      update roles set permissions = permissions || array['reconciliation.manage'], version = version + 1, updated_at = now()
       where platform_managed and name in ('enterprise-admin', 'operator') and not ('reconciliation.manage' = any (permissions));
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      update roles set permissions = array_remove(array_remove(permissions, 'reconciliation.read'), 'reconciliation.manage') where platform_managed;
      drop table if exists reconciliation_periods;
      drop table if exists reconciliation_breaks;
      drop table if exists reconciliation_runs;
      drop function if exists reconciliation_runs_append_only();
      alter table reconciliation_accounts drop column statement_source, drop column opening_balance, drop column description, drop column subject_attribution, drop column provider_balance, drop column provider_balance_at;
    `);
  }
}
