import { Migration } from '@mikro-orm/migrations';

/**
 * An operator's reversal of an internal transfer is itself an internal transfer, the other way, that names
 * the one it undoes (`reversal_of`) and why (`reversal_reason`). The original's `reversed_amount` (added
 * with the returns) counts what its executed reversals booked; its pending ones are found by the index.
 */
export class Migration20261203090100_transfer_reversals extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table internal_transfers
        add column reversal_of uuid references internal_transfers(id) deferrable initially deferred,
        add column reversal_reason jsonb,
        add constraint internal_transfers_reversal_reason_check check ((reversal_of is null) = (reversal_reason is null)),
        add constraint internal_transfers_reversal_not_self check (reversal_of <> id);
      create index internal_transfers_reversal_of_idx on internal_transfers (reversal_of, id) where reversal_of is not null;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop index if exists internal_transfers_reversal_of_idx;
      alter table internal_transfers drop column reversal_of, drop column reversal_reason;
    `);
  }
}
