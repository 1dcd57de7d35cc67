import { Migration } from '@mikro-orm/migrations';

/** Tenancy roots, principals, roles, and the HTTP contract's own tables (idempotency, signing keys). */
export class Migration20261121000000_foundation extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table enterprises (
        id uuid primary key,
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        legal_name text not null,
        jurisdiction char(2) not null,
        external_id text not null unique,
        metadata jsonb not null default '{}',
        admission_state text not null default 'operational',
        restriction_state text not null default 'none',
        default_master_account_id uuid not null
      );

      create table master_accounts (
        id uuid primary key,
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        display_name text not null,
        status text not null default 'active'
      );
      create index master_accounts_enterprise_idx on master_accounts (enterprise_id, id);

      create table roles (
        id uuid primary key,
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        name text not null,
        description text not null default '',
        permissions text[] not null,
        scope_ref text not null,
        platform_managed boolean not null default false,
        status text not null default 'active',
        unique (enterprise_id, name)
      );

      create table service_accounts (
        id uuid primary key,
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        description text not null default '',
        parent_ref text not null,
        external_id text not null,
        status text not null default 'active',
        client_id text not null unique,
        secret_hash text not null,
        current_secret_expires_at timestamptz not null,
        previous_secret_hash text,
        previous_secret_expires_at timestamptz,
        unique (enterprise_id, external_id)
      );

      create table role_assignments (
        id uuid primary key,
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        principal_kind text not null check (principal_kind in ('user', 'service_account')),
        principal_id uuid not null,
        role_id uuid not null references roles(id) deferrable initially deferred,
        scope_ref text not null,
        scope_anchor_kind text not null default 'explicit',
        scope_propagation text not null default 'subtree' check (scope_propagation in ('subtree', 'exact')),
        status text not null default 'active'
      );
      create index role_assignments_principal_idx on role_assignments (principal_id, status);

      -- Idempotency-Key records, scoped to the principal; replayed for at least 24 hours.
      create table idempotency_records (
        principal_id uuid not null,
        key text not null,
        request_hash text not null,
        state text not null check (state in ('in_progress', 'completed')),
        response_status integer,
        response_body jsonb,
        response_headers jsonb,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        primary key (principal_id, key)
      );
      create index idempotency_records_expiry_idx on idempotency_records (expires_at);

      -- Process-shared secrets (token and page-token signing), generated once on first start.
      create table platform_keys (
        name text primary key,
        secret bytea not null,
        created_at timestamptz not null default now()
      );
    `);
  }

  override async down(): Promise<void> {
    this.addSql(
      'drop table if exists platform_keys, idempotency_records, role_assignments, service_accounts, roles, master_accounts, enterprises cascade;',
    );
  }
}
