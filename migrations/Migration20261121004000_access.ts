import { Migration } from '@mikro-orm/migrations';

/** Identity providers, action tokens, the append-only user action audit log, secret-expiry notices. */
export class Migration20261121004000_access extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table identity_providers (
        id uuid primary key,
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        display_name text not null,
        issuer text not null,
        audience text not null,
        jwks jsonb,
        jwks_uri text,
        claim_mapping jsonb not null,
        allowed_algorithms text[] not null,
        status text not null default 'active' check (status in ('active', 'disabled')),
        -- Token exchange finds the provider by the ID token's issuer within the client's enterprise.
        unique (enterprise_id, issuer),
        check ((jwks is null) <> (jwks_uri is null))
      );

      -- Single-use tokens for governed actions; only a hash of the token is kept.
      create table action_tokens (
        id uuid primary key,
        created_at timestamptz not null default now(),
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        subject_id uuid not null,
        subject_kind text not null,
        action text not null,
        resource_ref text not null,
        token_hash text not null unique,
        expires_at timestamptz not null,
        used_at timestamptz,
        used_by_request_id text
      );
      create index action_tokens_expiry_idx on action_tokens (expires_at);

      create table user_action_audit_entries (
        id uuid primary key,
        enterprise_id uuid not null,
        occurred_at timestamptz not null default now(),
        request_id text not null,
        action text not null,
        method text not null,
        path text not null,
        resource_ref text,
        outcome text not null check (outcome in ('succeeded', 'refused', 'failed')),
        status_code integer not null,
        error_code text,
        subject_id uuid not null,
        actor_id uuid,
        attribution jsonb not null,
        client_ip text not null,
        user_agent text,
        idempotency_key text
      );
      create index audit_enterprise_idx on user_action_audit_entries (enterprise_id, id);
      create index audit_subject_idx on user_action_audit_entries (enterprise_id, subject_id, id);
      create index audit_action_idx on user_action_audit_entries (enterprise_id, action, id);
      create index audit_resource_idx on user_action_audit_entries (enterprise_id, resource_ref, id);

      -- Append-only, whatever the client: no role of the application may rewrite history.
      create function user_action_audit_entries_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'user_action_audit_entries is append-only (% refused)', tg_op using errcode = 'insufficient_privilege';
      end $$;
      create trigger user_action_audit_entries_no_update_delete
        before update or delete on user_action_audit_entries
        for each row execute function user_action_audit_entries_append_only();
      create trigger user_action_audit_entries_no_truncate
        before truncate on user_action_audit_entries
        for each statement execute function user_action_audit_entries_append_only();

      -- One row per secret-expiry warning sent, so a retried activity records its event once.
      create table service_account_secret_notices (
        service_account_id uuid not null,
        secret_expires_at timestamptz not null,
        kind text not null,
        recorded_at timestamptz not null default now(),
        primary key (service_account_id, secret_expires_at, kind)
      );
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop table if exists service_account_secret_notices, user_action_audit_entries, action_tokens, identity_providers cascade;
      drop function if exists user_action_audit_entries_append_only();
    `);
  }
}
