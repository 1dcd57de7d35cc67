import { Migration } from '@mikro-orm/migrations';

/**
 * Batches of internal transfers (POST /internal-transfer-batches): one row per accepted batch with
 * each transfer's outcome. The transfers themselves are ordinary internal_transfers rows.
 */
export class Migration20261126072000_transfer_batches extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table internal_transfer_batches (
        id uuid primary key,
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        atomic boolean not null,
        status text not null check (status in ('completed')),
        transfer_count integer not null check (transfer_count between 1 and 1000),
        -- Every distinct source account: a reader needs transfers.read at each of them.
        source_refs text[] not null,
        -- [{index, outcome, transfer_ref, problem}] in request order.
        results jsonb not null,
        subject_attribution jsonb not null
      );
      create index internal_transfer_batches_enterprise_idx on internal_transfer_batches (enterprise_id, id);
    `);
  }

  override async down(): Promise<void> {
    this.addSql('drop table internal_transfer_batches;');
  }
}
