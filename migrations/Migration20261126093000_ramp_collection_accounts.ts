import { Migration } from '@mikro-orm/migrations';

/**
 * On-ramp collection accounts (docs/connectors.md): the bank account an enterprise's on-ramp payers
 * pay into on a pay-in rail, issued once by the rail's deposits provider and kept here, one per
 * enterprise and rail. `provider` is who issued it: a rail routed to another provider is issued anew.
 */
export class Migration20261126093000_ramp_collection_accounts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table ramp_collection_accounts (
        id uuid primary key,
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        rail text not null,
        provider text not null,
        address text not null,
        details jsonb not null default '{}',
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (enterprise_id, rail)
      );
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists ramp_collection_accounts;`);
  }
}
