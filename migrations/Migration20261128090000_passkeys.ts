import { Migration } from '@mikro-orm/migrations';

/**
 * People's passkeys (WebAuthn credentials) and the challenges they answer (docs/access.md#passkeys).
 * A challenge is single use and short lived; an assertion challenge carries the action and resource
 * its action token will be bound to. `passkey_step_up` turns the requirement on per enterprise.
 */
export class Migration20261128090000_passkeys extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table passkeys (
        id uuid primary key,
        enterprise_id uuid not null references enterprises (id),
        user_id uuid not null references users (id),
        credential_id text not null unique,
        public_key bytea not null,
        counter bigint not null default 0,
        transports text[] not null default '{}',
        name text not null,
        created_at timestamptz not null default now(),
        last_used_at timestamptz
      );
      create index passkeys_user on passkeys (enterprise_id, user_id);
      create table passkey_challenges (
        id uuid primary key,
        enterprise_id uuid not null references enterprises (id),
        user_id uuid not null references users (id),
        purpose text not null check (purpose in ('registration', 'assertion')),
        challenge text not null,
        action text,
        resource_ref text,
        expires_at timestamptz not null,
        used_at timestamptz,
        created_at timestamptz not null default now()
      );
      create index passkey_challenges_expiry on passkey_challenges (expires_at);
      alter table governance_settings add column passkey_step_up boolean not null default false;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table passkey_challenges; drop table passkeys; alter table governance_settings drop column passkey_step_up;`);
  }
}
