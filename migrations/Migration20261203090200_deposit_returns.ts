import { Migration } from '@mikro-orm/migrations';

/**
 * An operator's return of a credited deposit to its sender (POST /deposits/{id}/return,
 * docs/returns-and-reversals.md): governed by policy rules of the new family `deposit_return`, its
 * amount held on the account while it awaits approval, paid back through the deposit's provider and
 * booked as a reversal of the credit. Open returns count against what remains to reverse; the
 * platform roles of existing enterprises receive `deposits.return` as new enterprises' roles do.
 */
export class Migration20261203090200_deposit_returns extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table policy_rules drop constraint policy_rules_action_family_check;
      alter table policy_rules add constraint policy_rules_action_family_check
        check (action_family in ('withdrawal', 'internal_transfer', 'conversion', 'off_ramp', 'deposit_return'));

      create table deposit_returns (
        id uuid primary key,
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        deposit_id uuid not null references deposits(id) deferrable initially deferred,
        account_ref text not null,
        asset text not null,
        amount numeric(78,0) not null check (amount > 0),
        reason jsonb not null,
        status text not null check (status in ('pending_approval', 'executing', 'executed', 'rejected', 'expired', 'cancelled', 'failed')),
        failure_reason text,
        hold_id uuid,
        approval_ref text,
        policy_decision jsonb not null,
        subject_attribution jsonb not null,
        provider_reference text,
        ledger_transaction_id uuid,
        executed_at timestamptz
      );
      create index deposit_returns_deposit_idx on deposit_returns (deposit_id, id);
      create index deposit_returns_open_idx on deposit_returns (deposit_id) where status in ('pending_approval', 'executing');

      update roles set permissions = permissions || array['deposits.return'], version = version + 1, updated_at = now()
       where platform_managed and name in ('enterprise-admin', 'operator') and not ('deposits.return' = any (permissions));
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      update roles set permissions = array_remove(permissions, 'deposits.return') where platform_managed;
      drop table if exists deposit_returns;
      delete from policy_rules where action_family = 'deposit_return';
      alter table policy_rules drop constraint policy_rules_action_family_check;
      alter table policy_rules add constraint policy_rules_action_family_check
        check (action_family in ('withdrawal', 'internal_transfer', 'conversion', 'off_ramp'));
    `);
  }
}
