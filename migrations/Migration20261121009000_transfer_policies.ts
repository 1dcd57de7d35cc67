import { Migration } from '@mikro-orm/migrations';

/**
 * Internal transfers and off-ramp sessions consult the policy rules: the decision trace each ran
 * under, the hold of a transfer awaiting approval, the approval of either, and the approval endings
 * (`rejected`, `expired`). See docs/governed-money.md.
 */
export class Migration20261121009000_transfer_policies extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table internal_transfers
        add column policy_decision jsonb,
        add column hold_id uuid;
      alter table internal_transfers drop constraint internal_transfers_status_check;
      alter table internal_transfers add constraint internal_transfers_status_check
        check (status in ('pending_approval', 'executing', 'executed', 'cancelled', 'rejected', 'expired', 'failed'));

      alter table off_ramp_sessions
        add column policy_decision jsonb,
        add column approval_ref text;
      alter table off_ramp_sessions drop constraint off_ramp_sessions_status_check;
      alter table off_ramp_sessions add constraint off_ramp_sessions_status_check
        check (status in ('pending_approval', 'requested', 'converting', 'payout_sent', 'completed', 'cancelled', 'rejected', 'expired', 'failed'));
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      alter table off_ramp_sessions drop constraint off_ramp_sessions_status_check;
      alter table off_ramp_sessions add constraint off_ramp_sessions_status_check
        check (status in ('requested', 'converting', 'payout_sent', 'completed', 'cancelled', 'failed'));
      alter table off_ramp_sessions drop column approval_ref, drop column policy_decision;
      alter table internal_transfers drop constraint internal_transfers_status_check;
      alter table internal_transfers add constraint internal_transfers_status_check
        check (status in ('pending_approval', 'executing', 'executed', 'cancelled', 'rejected', 'failed'));
      alter table internal_transfers drop column hold_id, drop column policy_decision;
    `);
  }
}
