import { Migration } from '@mikro-orm/migrations';

const TABLES = ['internal_transfers', 'withdrawals', 'conversions', 'on_ramp_sessions', 'off_ramp_sessions', 'deposits', 'withdrawal_destinations'];

/**
 * The integrator's `reference` and `metadata` on every money object (docs/references-and-metadata.md).
 * `metadata @>` filters use the GIN index; `?reference=` the btree. A reference created with
 * `unique_reference: true` is unique per enterprise and object type among those that asked for it.
 */
export class Migration20261128041000_references_metadata extends Migration {
  override async up(): Promise<void> {
    for (const t of TABLES) {
      this.addSql(`
        alter table ${t}
          add column reference text,
          add column reference_unique boolean not null default false,
          add column metadata jsonb not null default '{}';
        create index ${t}_metadata_gin on ${t} using gin (metadata jsonb_path_ops);
        create index ${t}_reference on ${t} (enterprise_id, reference) where reference is not null;
        create unique index ${t}_reference_unique on ${t} (enterprise_id, reference) where reference_unique;
      `);
    }
  }

  override async down(): Promise<void> {
    for (const t of TABLES) this.addSql(`alter table ${t} drop column reference, drop column reference_unique, drop column metadata;`);
  }
}
