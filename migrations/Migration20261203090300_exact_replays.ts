import { Migration } from '@mikro-orm/migrations';

/**
 * An Idempotency-Key answer is replayed byte for byte: its body is kept as the JSON text first sent
 * (`response_text`), because jsonb reorders keys. A new column rather than a change of type: adding
 * it rewrites nothing and locks the table for an instant; records stored before keep `response_body`
 * (or the event they refer to) until they expire, 24 hours later.
 */
export class Migration20261203090300_exact_replays extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table idempotency_records add column response_text text;
      do $$
      begin
        if exists (select from pg_settings where name = 'default_toast_compression' and 'lz4' = any(enumvals)) then
          alter table idempotency_records alter column response_text set compression lz4;
        end if;
      end $$;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      update idempotency_records set response_body = response_text::jsonb where response_text is not null;
      alter table idempotency_records drop column response_text;
    `);
  }
}
