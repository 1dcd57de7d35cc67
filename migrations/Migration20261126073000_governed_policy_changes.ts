import { Migration } from '@mikro-orm/migrations';

/**
 * Policy changes under quorum (docs/policy-changes.md): each enterprise's governance settings, the
 * policy changes (rule activation, edit, retirement, a settings change, a new withdrawal destination)
 * that wait for a quorum of admins before they apply, and the destination columns for approval and
 * cooling-off.
 */
export class Migration20261126073000_governed_policy_changes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table governance_settings (
        enterprise_id uuid primary key references enterprises(id) deferrable initially deferred,
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        policy_change_quorum integer not null default 0 check (policy_change_quorum between 0 and 10),
        approver_role_id uuid references roles(id) deferrable initially deferred,
        change_ttl_seconds integer not null default 604800 check (change_ttl_seconds between 1 and 2592000),
        destination_approval_quorum integer not null default 0 check (destination_approval_quorum between 0 and 10),
        destination_cooling_off_seconds integer not null default 0 check (destination_cooling_off_seconds between 0 and 2592000)
      );

      create table policy_changes (
        id uuid primary key,
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        scope_path text[] not null,
        kind text not null check (kind in ('policy_rule.activate', 'policy_rule.update', 'policy_rule.retire', 'governance_settings.update', 'withdrawal_destination.create')),
        target_ref text not null,
        -- The target's version the change was proposed against: applying it to a target changed since fails.
        target_version integer not null,
        change jsonb not null,
        status text not null check (status in ('pending_approval', 'applied', 'rejected', 'expired', 'cancelled', 'failed')),
        failure_reason text,
        approval_id uuid not null unique,
        initiated_by jsonb not null,
        approved_by jsonb,
        applied_at timestamptz
      );
      create index policy_changes_enterprise_idx on policy_changes (enterprise_id, id);
      create index policy_changes_target_idx on policy_changes (target_ref) where status = 'pending_approval';

      alter table withdrawal_destinations drop constraint withdrawal_destinations_status_check;
      alter table withdrawal_destinations add constraint withdrawal_destinations_status_check
        check (status in ('pending_approval', 'active', 'disabled', 'retired', 'rejected'));
      alter table withdrawal_destinations add column usable_from timestamptz;
      alter table withdrawal_destinations add column approval_id uuid;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      alter table withdrawal_destinations drop column approval_id;
      alter table withdrawal_destinations drop column usable_from;
      delete from withdrawal_destinations where status in ('pending_approval', 'rejected');
      alter table withdrawal_destinations drop constraint withdrawal_destinations_status_check;
      alter table withdrawal_destinations add constraint withdrawal_destinations_status_check check (status in ('active', 'disabled', 'retired'));
      drop table if exists policy_changes;
      drop table if exists governance_settings;
    `);
  }
}
