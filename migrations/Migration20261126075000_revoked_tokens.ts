import { Migration } from '@mikro-orm/migrations';

/**
 * Revoked access tokens (RFC 7009, POST /oauth/revoke): the token's id until it would have expired
 * anyway. Every process keeps the live set in memory, loaded on start and extended by NOTIFY.
 */
export class Migration20261126075000_revoked_tokens extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table revoked_access_tokens (
        jti uuid primary key,
        enterprise_id uuid not null,
        expires_at timestamptz not null,
        revoked_at timestamptz not null default now()
      );
      create index revoked_access_tokens_expiry_idx on revoked_access_tokens (expires_at);
    `);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists revoked_access_tokens;');
  }
}
