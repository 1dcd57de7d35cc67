import { Migration } from '@mikro-orm/migrations';

/**
 * Reconciliation (docs/reconciliation.md): the provider accounts an enterprise reconciles, the
 * statement lines they report (pulled from the statements provider or imported from files), the
 * ordered matching rules, the matches that link lines to ledger transactions, and expected payments.
 * The sandbox statement provider keeps its own book here too, as the sandbox rail does.
 */
export class Migration20261202120000_reconciliation extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table reconciliation_accounts (
        id uuid primary key,
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        rail text not null,
        address text not null,
        asset text not null,
        -- How late a provider may report what the ledger booked (settlement lag), and how often to pull.
        lag_ms bigint not null default 86400000 check (lag_ms >= 0),
        interval_ms bigint not null default 3600000 check (interval_ms >= 60000),
        cursor text,
        available_through timestamptz,
        unique (enterprise_id, rail, address, asset)
      );
      create index reconciliation_accounts_enterprise_idx on reconciliation_accounts (enterprise_id, id);

      create table statement_imports (
        id uuid primary key,
        created_at timestamptz not null default now(),
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        account_id uuid not null references reconciliation_accounts(id) deferrable initially deferred,
        format text not null check (format in ('camt.053', 'camt.054', 'mt940', 'csv')),
        content_sha256 text not null,
        byte_size bigint not null,
        line_count integer not null,
        subject_attribution jsonb,
        unique (account_id, content_sha256)
      );
      create index statement_imports_enterprise_idx on statement_imports (enterprise_id, id);

      -- One row per line the provider reported; (account, provider_id) is the provider's own identity of it.
      create table statement_lines (
        id uuid primary key,
        created_at timestamptz not null default now(),
        enterprise_id uuid not null,
        account_id uuid not null references reconciliation_accounts(id) deferrable initially deferred,
        import_id uuid references statement_imports(id) deferrable initially deferred,
        provider_id text not null,
        booked_at timestamptz not null,
        value_at timestamptz,
        asset text not null,
        amount numeric(78,0) not null,
        counterparty text,
        reference text,
        remittance text,
        provider_status text not null default 'booked',
        unique (account_id, provider_id)
      );
      create index statement_lines_account_idx on statement_lines (account_id, booked_at, id);
      create index statement_lines_reference_idx on statement_lines (account_id, reference) where reference is not null;
      -- An incremental run reads what the last pull or import brought.
      create index statement_lines_created_idx on statement_lines (account_id, created_at);

      create table reconciliation_rules (
        id uuid primary key,
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        position integer not null check (position >= 0),
        name text not null,
        strategy text not null check (strategy in ('one_to_one', 'one_to_many', 'many_to_one')),
        criteria jsonb not null,
        group_by text,
        active boolean not null default true
      );
      create index reconciliation_rules_enterprise_idx on reconciliation_rules (enterprise_id, position, id);

      create table reconciliation_matches (
        id uuid primary key,
        created_at timestamptz not null default now(),
        enterprise_id uuid not null,
        account_id uuid not null references reconciliation_accounts(id) deferrable initially deferred,
        rule_id uuid,
        strategy text not null,
        difference numeric(78,0) not null default 0
      );
      create index reconciliation_matches_account_idx on reconciliation_matches (account_id, id);
      -- A line and a ledger transaction each take part in at most one match: a rerun matches nothing twice.
      create table reconciliation_match_lines (
        match_id uuid not null references reconciliation_matches(id) deferrable initially deferred,
        statement_line_id uuid not null unique references statement_lines(id) deferrable initially deferred,
        primary key (match_id, statement_line_id)
      );
      create table reconciliation_match_transactions (
        match_id uuid not null references reconciliation_matches(id) deferrable initially deferred,
        ledger_transaction_id uuid not null unique,
        primary key (match_id, ledger_transaction_id)
      );

      -- The sandbox statement provider's own book: lines it derived from the sandbox's deposits and payouts, and injected ones.
      create table sandbox_statement_lines (
        seq bigserial primary key,
        enterprise_id uuid not null,
        rail text not null,
        asset text not null,
        provider_id text not null,
        source_key text,
        booked_at timestamptz not null,
        value_at timestamptz not null,
        amount numeric(78,0) not null,
        counterparty text,
        reference text,
        remittance text,
        -- A payout the bank leaves off its statement (an injected discrepancy): kept, so it is not derived again.
        hidden boolean not null default false,
        unique (enterprise_id, rail, provider_id)
      );
      create index sandbox_statement_lines_source_idx on sandbox_statement_lines (enterprise_id, rail, source_key);
      create table sandbox_statement_discrepancies (
        id uuid primary key,
        created_at timestamptz not null default now(),
        enterprise_id uuid not null,
        rail text not null,
        kind text not null check (kind in ('payout_missing', 'deposit_duplicated', 'settlement_late', 'amount_off')),
        reference text not null,
        hours integer,
        amount numeric(78,0),
        consumed boolean not null default false
      );
      create index sandbox_statement_discrepancies_idx on sandbox_statement_discrepancies (enterprise_id, rail, reference) where not consumed;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop table if exists sandbox_statement_discrepancies;
      drop table if exists sandbox_statement_lines;
      drop table if exists reconciliation_match_transactions;
      drop table if exists reconciliation_match_lines;
      drop table if exists reconciliation_matches;
      drop table if exists reconciliation_rules;
      drop table if exists statement_lines;
      drop table if exists statement_imports;
      drop table if exists reconciliation_accounts;
    `);
  }
}
