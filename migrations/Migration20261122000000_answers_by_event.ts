import { Migration } from '@mikro-orm/migrations';

/**
 * An Idempotency-Key answer whose body is an event's payload (an executed internal transfer's
 * record, written in the same transaction) refers to that event instead of holding a second copy:
 * about 1.7 KB less to write, parse and log per transfer. No foreign key: events are never deleted,
 * and the check would cost an index probe per answer on the ledger's hot path.
 */
export class Migration20261122000000_answers_by_event extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table idempotency_records add column response_event_id uuid;');
  }

  override async down(): Promise<void> {
    this.addSql(`
      update idempotency_records r set response_body = e.payload, response_event_id = null
        from events e where e.id = r.response_event_id;
      alter table idempotency_records drop column response_event_id;
    `);
  }
}
