import { Migration } from '@mikro-orm/migrations';

/**
 * Provider connectors (docs/connectors.md): an enterprise's registration of an external connector
 * service by the name the provider routing refers to, with its signing secret sealed as webhook
 * secrets are; the inbound events it sent (deduplicated by event id); the deposits it reported; and
 * the KYC decisions recorded for clients, by a connector or an operator.
 */
export class Migration20261126060000_connectors extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table connectors (
        id uuid primary key,
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        name text not null check (name ~ '^[a-z0-9][a-z0-9-]{0,39}$'),
        base_url text not null,
        description text not null default '',
        status text not null check (status in ('active', 'disabled')),
        secret_sealed bytea not null,
        previous_secret_sealed bytea,
        previous_secret_expires_at timestamptz,
        unique (enterprise_id, name)
      );
      create index connectors_enterprise_idx on connectors (enterprise_id, id);

      -- One row per event a connector delivered: a replay (same event id) answers what the first did.
      create table connector_events (
        connector_id uuid not null references connectors(id) deferrable initially deferred,
        event_id text not null,
        type text not null,
        received_at timestamptz not null default now(),
        answer jsonb not null,
        primary key (connector_id, event_id)
      );

      alter table deposits add column connector_id uuid references connectors(id) deferrable initially deferred;

      create table kyc_decisions (
        id uuid primary key,
        created_at timestamptz not null default now(),
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        client_id uuid not null references clients(id) deferrable initially deferred,
        status text not null check (status in ('pending', 'verified', 'rejected')),
        previous_status text not null,
        reason text,
        reference text,
        connector_id uuid references connectors(id) deferrable initially deferred,
        event_id text,
        subject_attribution jsonb,
        unique (connector_id, event_id)
      );
      create index kyc_decisions_client_idx on kyc_decisions (client_id, id);
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop table kyc_decisions;
      alter table deposits drop column connector_id;
      drop table connector_events;
      drop table connectors;
    `);
  }
}
