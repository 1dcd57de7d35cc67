import { Migration } from '@mikro-orm/migrations';

/**
 * Balance monitors: a condition on one balance of one account (`available < 0`), evaluated by the
 * ledger's write engine in the booking's own transaction. `state` remembers whether the condition
 * held after the last booking, so a crossing (false → true) is announced once until it is crossed back.
 * Event ids of crossings are made in SQL (the engine writes them in a statement of its own), hence a
 * UUIDv7 generator: the millisecond in the first 48 bits, as src/ids.ts makes them. Platform roles of
 * existing enterprises receive the new permissions as new enterprises' roles do.
 */
export class Migration20261126090000_balance_monitors extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create function counterfoil_uuidv7() returns uuid language sql volatile as $$
        select encode(
          set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
                                  placing substring(int8send(floor(extract(epoch from clock_timestamp()) * 1000)::bigint) from 3)
                                  from 1 for 6), 52, 1), 53, 1),
          'hex')::uuid
      $$;

      create table balance_monitors (
        id uuid primary key,
        version int not null default 1,
        enterprise_id uuid not null,
        account_ref text not null,
        asset text not null,
        balance text not null check (balance in ('available', 'total', 'held')),
        operator text not null check (operator in ('<', '<=', '>', '>=')),
        threshold numeric(78,0) not null,
        description text not null default '',
        status text not null default 'active' check (status in ('active', 'disabled')),
        state boolean not null,
        last_crossed_at timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      -- What the write engine looks up for every balance row a booking touches: active monitors only.
      create index balance_monitors_watch_idx on balance_monitors (account_ref, asset) where status = 'active';
      create index balance_monitors_enterprise_idx on balance_monitors (enterprise_id, id);

      -- Platform roles of existing enterprises get what src/auth/permissions.ts now gives new ones.
      update roles set permissions = permissions || array['balance_monitors.read'], version = version + 1, updated_at = now()
       where platform_managed and not ('balance_monitors.read' = any (permissions));
      update roles set permissions = permissions || array['balance_monitors.manage'], version = version + 1, updated_at = now()
       where platform_managed and name in ('enterprise-admin', 'operator') and not ('balance_monitors.manage' = any (permissions));
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop table balance_monitors;
      drop function counterfoil_uuidv7();
    `);
  }
}
