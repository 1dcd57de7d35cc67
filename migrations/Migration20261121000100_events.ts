import { Migration } from '@mikro-orm/migrations';

/** The event log, written in the same transaction as each state change (a transactional outbox). */
export class Migration20261121000100_events extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table events (
        id uuid primary key,
        -- Stable, gap-tolerant cursor for GET /events (oldest first).
        seq bigint generated always as identity unique,
        type text not null,
        occurred_at timestamptz not null default now(),
        enterprise_id uuid not null,
        scope_ref text not null,
        resource_ref text not null,
        payload jsonb not null,
        attribution jsonb,
        dispatched_at timestamptz
      );
      create index events_enterprise_seq_idx on events (enterprise_id, seq);
      create index events_resource_idx on events (resource_ref, seq);
      create index events_undispatched_idx on events (seq) where dispatched_at is null;
    `);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists events;');
  }
}
