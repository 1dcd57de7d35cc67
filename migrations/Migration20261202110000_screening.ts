import { Migration } from '@mikro-orm/migrations';

/**
 * Adds `value` to the `in (...)` list of a check constraint, whatever else the list holds now: other
 * migrations widen the same lists, and this one must not drop what they added.
 */
const widenCheck = (table: string, constraint: string, value: string) => `
  do $$
  declare def text;
  begin
    select pg_get_constraintdef(oid) into def from pg_constraint where conname = '${constraint}' and conrelid = '${table}'::regclass;
    if def is not null and position('''${value}''' in def) = 0 then
      execute format('alter table ${table} drop constraint ${constraint}');
      execute format('alter table ${table} add constraint ${constraint} %s', regexp_replace(def, '\\]\\)\\)', ', ''${value}''::text]))'));
    end if;
  end $$;`;

/**
 * Screening before money moves (docs/compliance.md): each enterprise's compliance policy, every
 * screening with its verdict and the outcome it decided, withdrawals waiting for a compliance decision
 * (`pending_compliance`), and compliance policy changes under the policy-change quorum.
 */
export class Migration20261202110000_screening extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table compliance_policies (
        enterprise_id uuid primary key references enterprises (id) deferrable initially deferred,
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        rules jsonb not null,
        provider_failure text not null check (provider_failure in ('fail_closed', 'fail_open')),
        verdict_source text not null check (verdict_source in ('provider', 'enterprise')),
        verdict_timeout_seconds integer not null check (verdict_timeout_seconds between 10 and 604800),
        decision_quorum integer not null check (decision_quorum between 1 and 10),
        decision_ttl_seconds integer not null check (decision_ttl_seconds > 0),
        overrides_allowed boolean not null,
        travel_rule jsonb not null
      );

      create table screenings (
        id uuid primary key,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        enterprise_id uuid not null references enterprises (id) deferrable initially deferred,
        business_key text not null unique,
        subject_ref text not null,
        scope_path text[] not null,
        direction text not null check (direction in ('outgoing', 'incoming', 'counterparty')),
        asset text,
        amount numeric,
        rail text not null,
        subject jsonb not null,
        verdict_source text not null check (verdict_source in ('provider', 'enterprise')),
        provider text not null,
        provider_screening_id text,
        status text not null check (status in ('screening', 'pending', 'completed', 'timed_out')),
        verdict jsonb,
        verdict_at timestamptz,
        outcome text check (outcome in ('accept', 'alert', 'reject', 'freeze')),
        decided_by text check (decided_by in ('policy', 'enterprise', 'timeout', 'provider_failure')),
        deadline timestamptz,
        late_verdict jsonb,
        late_verdict_at timestamptz,
        travel_rule_sent boolean not null default false
      );
      create unique index screenings_provider_id_idx on screenings (provider, provider_screening_id) where provider_screening_id is not null;
      create index screenings_enterprise_idx on screenings (enterprise_id, id);

      -- Travel Rule data of a withdrawal: sealed at rest (sealed-secrets), opened only to send it and for compliance.read.
      create table withdrawal_travel_rule (
        withdrawal_id uuid primary key references withdrawals (id) deferrable initially deferred,
        created_at timestamptz not null default now(),
        sealed text not null
      );

      ${widenCheck('withdrawals', 'withdrawals_status_check', 'pending_compliance')}
      -- The frozen-withdrawals gauges read only these (src/metrics/backlogs.ts).
      create index withdrawals_pending_compliance_idx on withdrawals (asset) where status = 'pending_compliance';
      ${widenCheck('policy_changes', 'policy_changes_kind_check', 'compliance_policy.update')}
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop table withdrawal_travel_rule;
      drop table screenings;
      drop table compliance_policies;
    `);
  }
}
