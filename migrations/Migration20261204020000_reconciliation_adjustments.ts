import { Migration } from '@mikro-orm/migrations';

/**
 * Governed reconciliation adjustments (docs/reconciliation.md, "Adjustments"): a correcting booking a
 * break asks for, under the policy rules of family `reconciliation_adjustment` and the approval
 * machinery; immutable once booked, undone only by another adjustment that reverses it.
 */
export class Migration20261204020000_reconciliation_adjustments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`set local lock_timeout = '5s'`);
    this.addSql(`
      create table reconciliation_adjustments (
        id uuid primary key,
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        break_id uuid not null references reconciliation_breaks(id) deferrable initially deferred,
        reverses_id uuid references reconciliation_adjustments(id) deferrable initially deferred,
        account_ref text not null,
        client_id uuid,
        -- credit: money the statement holds and the ledger lacks comes in to the account; debit: it leaves it.
        direction text not null check (direction in ('credit', 'debit')),
        asset text not null,
        amount numeric(78,0) not null check (amount > 0),
        note text not null,
        status text not null check (status in ('pending_approval', 'executing', 'executed', 'rejected', 'expired', 'cancelled', 'failed')),
        failure_reason text,
        hold_id uuid,
        approval_ref text,
        policy_decision jsonb not null,
        subject_attribution jsonb not null,
        ledger_transaction_id uuid,
        executed_at timestamptz
      );
      create index reconciliation_adjustments_break_idx on reconciliation_adjustments (break_id, id);
      create index reconciliation_adjustments_enterprise_idx on reconciliation_adjustments (enterprise_id, id);
      -- One reversal per adjustment, ever.
      create unique index reconciliation_adjustments_reverses_idx on reconciliation_adjustments (reverses_id) where reverses_id is not null and status not in ('rejected', 'expired', 'cancelled', 'failed');
    `);
    this.addSql(`
      -- squawk-ignore constraint-missing-not-valid -- policy_rules holds a few rows per enterprise; the check is rebuilt with one more family
      alter table policy_rules drop constraint policy_rules_action_family_check, add constraint policy_rules_action_family_check
        check (action_family in ('withdrawal', 'internal_transfer', 'conversion', 'off_ramp', 'deposit_return', 'reconciliation_adjustment'));
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop table if exists reconciliation_adjustments;
      delete from policy_rules where action_family = 'reconciliation_adjustment';
      alter table policy_rules drop constraint policy_rules_action_family_check;
      alter table policy_rules add constraint policy_rules_action_family_check
        check (action_family in ('withdrawal', 'internal_transfer', 'conversion', 'off_ramp', 'deposit_return'));
    `);
  }
}
