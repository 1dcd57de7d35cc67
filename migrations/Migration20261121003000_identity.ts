import { Migration } from '@mikro-orm/migrations';

/** Users, user invitations and capability toggles; constraints that keep role assignments and accounts consistent. */
export class Migration20261121003000_identity extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table users (
        id uuid primary key,
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        scope_ref text not null,
        display_name text not null,
        email text not null,
        status text not null default 'active' check (status in ('active', 'suspended', 'deactivated')),
        identity_source text not null default 'platform-managed' check (identity_source in ('platform-managed', 'federated')),
        federation_issuer text,
        federation_subject text,
        check ((federation_issuer is null) = (federation_subject is null)),
        -- Token exchange finds a federated user by (issuer, subject) within the enterprise it is bound to.
        constraint users_federation_key unique (enterprise_id, federation_issuer, federation_subject)
      );
      create unique index users_email_key on users (enterprise_id, lower(email));
      create index users_enterprise_idx on users (enterprise_id, id);

      create table user_invitations (
        id uuid primary key,
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        scope_ref text not null,
        email text not null,
        display_name text not null,
        roles jsonb not null default '[]',
        -- SHA-256 of the single-use acceptance token; the token itself is returned once.
        token_hash text not null,
        status text not null default 'pending' check (status in ('pending', 'accepted', 'cancelled', 'expired')),
        expires_at timestamptz not null,
        invited_by jsonb not null,
        accepted_user_id uuid references users(id) deferrable initially deferred,
        closed_at timestamptz
      );
      create unique index user_invitations_pending_email_key on user_invitations (enterprise_id, lower(email)) where status = 'pending';
      create index user_invitations_enterprise_idx on user_invitations (enterprise_id, id);

      -- Product toggles per scope; absent rows mean the default (enabled). A client row overrides the enterprise row.
      create table capability_settings (
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        scope_ref text not null,
        name text not null,
        enabled boolean not null,
        version integer not null default 1,
        updated_at timestamptz not null default now(),
        primary key (enterprise_id, scope_ref, name)
      );

      -- One active grant of a role to a principal at a scope; a duplicate grant is a 409.
      create unique index role_assignments_active_key on role_assignments (principal_id, role_id, scope_ref, scope_propagation) where status = 'active';
      create index role_assignments_enterprise_idx on role_assignments (enterprise_id, id);
      create index roles_enterprise_idx on roles (enterprise_id, id);
      create index service_accounts_enterprise_idx on service_accounts (enterprise_id, id);
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop index if exists role_assignments_active_key, role_assignments_enterprise_idx, roles_enterprise_idx, service_accounts_enterprise_idx;
      drop table if exists capability_settings, user_invitations, users cascade;
    `);
  }
}
