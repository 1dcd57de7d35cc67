import { Migration } from '@mikro-orm/migrations';

/** API keys of the signed API (/v1): see docs/signed-api.md. */
export class Migration20261121008000_api_keys extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table api_keys (
        id uuid primary key,
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        client_id uuid not null references clients(id) deferrable initially deferred,
        -- The client account the key acts on: the one it names, else the client's default account.
        client_account_id uuid not null references client_accounts(id) deferrable initially deferred,
        label text not null,
        -- Normalized addresses and CIDR ranges (IPv4 and IPv6); empty admits every address.
        ip_allowlist text[] not null default '{}',
        status text not null default 'active' check (status in ('active', 'revoked')),
        -- SHA-256 of the API key: the key itself is never stored, requests find the row by this hash.
        api_key_hash bytea not null unique check (length(api_key_hash) = 32),
        -- The first characters of the key, to tell keys apart in lists.
        api_key_prefix text not null,
        -- Raw 32-byte Ed25519 public key; the private key is never stored.
        public_key bytea not null check (length(public_key) = 32),
        key_issued_at timestamptz not null default now(),
        revoked_at timestamptz
      );
      create index api_keys_enterprise_idx on api_keys (enterprise_id, id);
      create index api_keys_client_idx on api_keys (client_id, id);
    `);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists api_keys cascade;');
  }
}
