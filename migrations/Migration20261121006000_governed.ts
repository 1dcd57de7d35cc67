import { Migration } from '@mikro-orm/migrations';

/**
 * Governed money movement: policy rules, the velocity register they read, approvals and their votes,
 * withdrawal destinations, withdrawals and the sandbox rail. See docs/governed-money.md.
 * `scope_path` columns hold the ancestry of the governed object (enterprise first) for scoped reads.
 */
export class Migration20261121006000_governed extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table policy_rules (
        id uuid primary key,
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        scope_ref text not null,
        scope_path text[] not null,
        name text not null,
        description text not null default '',
        action_family text not null check (action_family in ('withdrawal', 'internal_transfer', 'conversion', 'off_ramp')),
        rule_order integer not null,
        conditions jsonb not null,
        effect jsonb not null,
        status text not null default 'draft' check (status in ('draft', 'active', 'retired')),
        activated_at timestamptz,
        retired_at timestamptz
      );
      create index policy_rules_enterprise_idx on policy_rules (enterprise_id, id);
      create index policy_rules_active_idx on policy_rules (enterprise_id, action_family, rule_order) where status = 'active';

      -- Amounts of governed operations per account, for velocity conditions; released rows stop counting.
      create table policy_velocity (
        operation_ref text primary key,
        enterprise_id uuid not null,
        account_ref text not null,
        action_family text not null,
        asset text not null,
        amount numeric(78,0) not null check (amount > 0),
        created_at timestamptz not null default now(),
        released_at timestamptz
      );
      create index policy_velocity_window_idx on policy_velocity (account_ref, action_family, asset, created_at) where released_at is null;

      create table approvals (
        id uuid primary key,
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        scope_path text[] not null,
        action_family text not null,
        governed_ref text not null unique,
        operation_id uuid not null,
        workflow_id text not null,
        status text not null default 'pending' check (status in ('pending', 'approved', 'rejected', 'expired', 'cancelled')),
        expires_at timestamptz not null,
        initiated_by jsonb not null,
        requirement_snapshot jsonb not null,
        approver_role_id uuid not null,
        decision jsonb
      );
      create index approvals_enterprise_idx on approvals (enterprise_id, id);
      create index approvals_scope_idx on approvals using gin (scope_path);

      -- One row per (approval, user): a second approval by the same user counts once.
      create table approval_votes (
        approval_id uuid not null references approvals(id) deferrable initially deferred,
        user_id uuid not null,
        verdict text not null check (verdict in ('approve', 'reject')),
        attribution jsonb not null,
        created_at timestamptz not null default now(),
        primary key (approval_id, user_id)
      );

      create table withdrawal_destinations (
        id uuid primary key,
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        scope_ref text not null,
        scope_path text[] not null,
        rail_class text not null check (rail_class in ('crypto')),
        asset text not null,
        network text not null,
        label text not null,
        address text not null,
        memo text,
        status text not null default 'active' check (status in ('active', 'disabled', 'retired'))
      );
      create index withdrawal_destinations_enterprise_idx on withdrawal_destinations (enterprise_id, id);

      create table withdrawals (
        id uuid primary key,
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        client_id uuid,
        account_ref text not null,
        scope_path text[] not null,
        destination_id uuid not null references withdrawal_destinations(id) deferrable initially deferred,
        rail text not null,
        asset text not null,
        amount numeric(78,0) not null check (amount > 0),
        fee_components jsonb not null,
        fee_total numeric(78,0) not null check (fee_total >= 0),
        hold_id uuid not null,
        status text not null check (status in ('pending_approval', 'executing', 'executed', 'rejected', 'expired', 'cancelled', 'failed')),
        approval_id uuid,
        failure_reason text,
        policy_decision jsonb not null,
        subject_attribution jsonb not null,
        rail_reference text,
        rail_accepted_at timestamptz,
        ledger_transaction_id uuid,
        settled_at timestamptz
      );
      create index withdrawals_enterprise_idx on withdrawals (enterprise_id, id);
      create index withdrawals_account_idx on withdrawals (account_ref, id);

      -- The sandbox rail's own book: one submission per withdrawal (the business key).
      create table sandbox_rail_submissions (
        id uuid primary key,
        business_key text not null unique,
        enterprise_id uuid not null,
        network text not null,
        address text not null,
        asset text not null,
        amount numeric(78,0) not null,
        status text not null check (status in ('accepted', 'confirmed', 'failed')),
        -- True when the rail refused the submission outright (it never accepted it).
        refused boolean not null default false,
        failure_reason text,
        confirm_at timestamptz not null,
        created_at timestamptz not null default now()
      );

      -- Failures the sandbox rail was told to inject, consumed one per matching submission.
      create table sandbox_rail_failures (
        id uuid primary key,
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        address text not null,
        stage text not null check (stage in ('submission', 'confirmation')),
        failure_reason text not null,
        remaining integer not null check (remaining >= 0),
        created_at timestamptz not null default now()
      );
      create index sandbox_rail_failures_idx on sandbox_rail_failures (enterprise_id, address) where remaining > 0;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop table if exists sandbox_rail_failures;
      drop table if exists sandbox_rail_submissions;
      drop table if exists withdrawals;
      drop table if exists withdrawal_destinations;
      drop table if exists approval_votes;
      drop table if exists approvals;
      drop table if exists policy_velocity;
      drop table if exists policy_rules;
    `);
  }
}
