import { Migration } from '@mikro-orm/migrations';

/** Webhook subscriptions, their deliveries and attempts; exports and export schedules. */
export class Migration20261121005000_webhooks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      -- GET /events filters by type within an enterprise, oldest first.
      create index events_enterprise_type_seq_idx on events (enterprise_id, type, seq);

      create table webhook_subscriptions (
        id uuid primary key,
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        scope_ref text not null,
        url text not null,
        event_types text[] not null,
        description text not null default '',
        status text not null default 'active' check (status in ('active', 'disabled', 'deleted')),
        disabled_reason text,
        -- Signing secrets are encrypted at rest (AES-256-GCM under a platform key); HMAC needs the secret itself.
        secret_sealed bytea not null,
        previous_secret_sealed bytea,
        previous_secret_expires_at timestamptz,
        -- Start of the current run of failed attempts; null after any success.
        failing_since timestamptz
      );
      create index webhook_subscriptions_enterprise_idx on webhook_subscriptions (enterprise_id, id);
      create index webhook_subscriptions_active_idx on webhook_subscriptions (enterprise_id) where status = 'active';

      create table webhook_deliveries (
        id uuid primary key,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        subscription_id uuid not null references webhook_subscriptions(id) deferrable initially deferred,
        event_id uuid references events(id) deferrable initially deferred,
        event_type text not null,
        -- Standard Webhooks message id: the same on every attempt and on redelivery of the same event.
        webhook_id text not null,
        origin text not null check (origin in ('event', 'replay', 'redelivery', 'test')),
        -- The exact bytes sent on every attempt.
        body text not null,
        status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
        failure_reason text,
        attempt_count integer not null default 0,
        last_attempt_at timestamptz,
        last_status_code integer,
        next_attempt_at timestamptz,
        completed_at timestamptz
      );
      -- One delivery per (event, subscription) from the outbox: the dispatcher may start it twice, it exists once.
      create unique index webhook_deliveries_event_uq on webhook_deliveries (event_id, subscription_id) where origin = 'event';
      create index webhook_deliveries_subscription_idx on webhook_deliveries (subscription_id, id);

      create table webhook_delivery_attempts (
        delivery_id uuid not null references webhook_deliveries(id) deferrable initially deferred,
        number integer not null,
        attempted_at timestamptz not null,
        status_code integer,
        latency_ms integer not null,
        error text,
        next_attempt_at timestamptz,
        primary key (delivery_id, number)
      );

      create table export_schedules (
        id uuid primary key,
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        kind text not null check (kind in ('operations_activity', 'user_action_audit')),
        format text not null check (format in ('csv', 'jsonl')),
        scope_ref text not null,
        cron text,
        interval_seconds integer,
        range_type text not null check (range_type in ('previous_utc_day', 'trailing')),
        range_seconds integer,
        description text not null default '',
        status text not null default 'active' check (status in ('active', 'paused', 'deleted')),
        attribution jsonb,
        check ((cron is null) <> (interval_seconds is null))
      );
      create index export_schedules_enterprise_idx on export_schedules (enterprise_id, id);

      create table exports (
        id uuid primary key,
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        kind text not null check (kind in ('operations_activity', 'user_action_audit')),
        format text not null check (format in ('csv', 'jsonl')),
        scope_ref text not null,
        range_start timestamptz not null,
        range_end timestamptz not null,
        status text not null default 'queued' check (status in ('queued', 'running', 'completed', 'failed', 'expired')),
        failure_reason text,
        row_count bigint,
        byte_size bigint,
        sha256 text,
        completed_at timestamptz,
        expires_at timestamptz,
        schedule_id uuid references export_schedules(id) deferrable initially deferred,
        scheduled_for timestamptz,
        attribution jsonb
      );
      create index exports_enterprise_kind_idx on exports (enterprise_id, kind, id);
      -- A schedule run (or its retry, or a backfill of the same instant) creates one export.
      create unique index exports_schedule_run_uq on exports (schedule_id, scheduled_for) where schedule_id is not null;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop table if exists exports, export_schedules, webhook_delivery_attempts, webhook_deliveries, webhook_subscriptions cascade;
      drop index if exists events_enterprise_type_seq_idx;
    `);
  }
}
