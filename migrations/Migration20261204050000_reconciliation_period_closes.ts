import { Migration } from '@mikro-orm/migrations';

/**
 * Closing a reconciled day under approval (docs/reconciliation.md, "Periods"): policy rules of the new
 * family `reconciliation_period_close` may require a quorum before a day closes; the request waits in
 * reconciliation_period_closes, one pending per account and day, until its approval decides.
 */
export class Migration20261204050000_reconciliation_period_closes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`set local lock_timeout = '5s'`);
    this.addSql(`
      alter table policy_rules drop constraint policy_rules_action_family_check;
      -- Every existing row passed the narrower check it replaces: no scan to validate, new rows are checked.
      alter table policy_rules add constraint policy_rules_action_family_check
        check (action_family in ('withdrawal', 'internal_transfer', 'conversion', 'off_ramp', 'deposit_return', 'reconciliation_adjustment', 'reconciliation_period_close')) not valid;

      create table reconciliation_period_closes (
        id uuid primary key,
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        account_id uuid not null references reconciliation_accounts(id) deferrable initially deferred,
        period date not null,
        status text not null check (status in ('pending_approval', 'closed', 'rejected', 'expired', 'cancelled', 'failed')),
        failure_reason text,
        approval_ref text not null,
        policy_decision jsonb not null,
        subject_attribution jsonb not null
      );
      create unique index reconciliation_period_closes_pending_idx on reconciliation_period_closes (account_id, period) where status = 'pending_approval';
      create index reconciliation_period_closes_account_idx on reconciliation_period_closes (account_id, id);
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop table if exists reconciliation_period_closes;
      delete from policy_rules where action_family = 'reconciliation_period_close';
      alter table policy_rules drop constraint policy_rules_action_family_check;
      alter table policy_rules add constraint policy_rules_action_family_check
        check (action_family in ('withdrawal', 'internal_transfer', 'conversion', 'off_ramp', 'deposit_return', 'reconciliation_adjustment'));
    `);
  }
}
