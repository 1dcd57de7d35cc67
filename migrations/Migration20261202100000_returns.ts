import { Migration } from '@mikro-orm/migrations';

/**
 * Money that comes back (docs/returns-and-reversals.md). A return or reversal is a new ledger
 * transaction linked to the one it undoes (`reversal_of`); the original counts what was reversed
 * (`reversed_amount`) and the database refuses more than it may (`reversible_amount`). A balance row
 * a reversal overdrew is restricted: its available balance cannot fall again (the trigger) until the
 * shortfall is repaid, and the overdraft the reversal needed (`overdraft_granted`) shrinks as it is.
 * `money_returns` records each return, recall and operator reversal against the record it concerns.
 */
export class Migration20261202100000_returns extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table ledger_transactions
        add column reversal_of uuid references ledger_transactions(id),
        add column reversible_amount numeric(78,0),
        add column reversed_amount numeric(78,0) not null default 0,
        add constraint ledger_transactions_reversed_check
          check (reversed_amount >= 0 and reversed_amount <= coalesce(reversible_amount, 0)),
        add constraint ledger_transactions_reversal_not_self check (reversal_of <> id);
      create index ledger_transactions_reversal_of_idx on ledger_transactions (reversal_of) where reversal_of is not null;

      alter table ledger_balances
        add column restricted_reason text,
        add column overdraft_granted numeric(78,0) not null default 0 check (overdraft_granted >= 0);

      -- Only rows that are or were restricted pay for this: the WHEN clause is checked in C.
      create function counterfoil_restricted_balance() returns trigger language plpgsql as $$
      declare
        before_available numeric := old.total - old.held;
        after_available numeric := new.total - new.held;
        base numeric;
      begin
        if after_available < before_available then
          if new.restricted_reason is not null and current_setting('counterfoil.reversal', true) is distinct from 'on' then
            perform counterfoil_refuse('account_restricted');
          end if;
        elsif after_available > before_available and new.overdraft_limit is not null then
          -- A credit repays the shortfall first: the overdraft a reversal needed shrinks with it.
          base := new.overdraft_limit - new.overdraft_granted;
          new.overdraft_granted := greatest(0, least(new.overdraft_granted, -after_available - base));
          new.overdraft_limit := base + new.overdraft_granted;
          if after_available >= 0 then new.restricted_reason := null; end if;
        end if;
        return new;
      end $$;
      create trigger ledger_balances_restricted before update on ledger_balances
        for each row when (old.restricted_reason is not null or new.restricted_reason is not null)
        execute function counterfoil_restricted_balance();

      alter table withdrawals drop constraint withdrawals_status_check;
      alter table withdrawals add constraint withdrawals_status_check
        check (status in ('pending_approval', 'executing', 'executed', 'rejected', 'expired', 'cancelled', 'failed', 'partially_returned', 'returned'));
      alter table off_ramp_sessions drop constraint off_ramp_sessions_status_check;
      alter table off_ramp_sessions add constraint off_ramp_sessions_status_check
        check (status in ('pending_approval', 'requested', 'converting', 'payout_sent', 'completed', 'cancelled', 'rejected', 'expired', 'failed',
                          'partially_returned', 'returned'));
      alter table deposits drop constraint deposits_status_check;
      alter table deposits add constraint deposits_status_check
        check (status in ('pending', 'confirmed', 'credited', 'failed', 'partially_reversed', 'reversed'));

      -- What came back, on the record it concerns (the money_returns rows, as its answers show them).
      alter table withdrawals add column returns jsonb not null default '[]', add column returned_amount numeric(78,0) not null default 0;
      alter table off_ramp_sessions add column returns jsonb not null default '[]', add column returned_amount numeric(78,0) not null default 0;
      alter table deposits add column reversals jsonb not null default '[]', add column reversed_amount numeric(78,0) not null default 0;
      alter table internal_transfers add column reversals jsonb not null default '[]', add column reversed_amount numeric(78,0) not null default 0;

      create table money_returns (
        id uuid primary key,
        created_at timestamptz not null default now(),
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        -- withdrawals/<id>, off-ramp-sessions/<id>, deposits/<id>, internal-transfers/<id>
        subject_ref text not null,
        kind text not null check (kind in ('payout_return', 'deposit_reversal', 'operator_reversal')),
        -- The provider's id of the return or recall (return_id, reversal_id); the reversal's own id for an operator's.
        external_id text not null,
        account_ref text not null,
        asset text not null,
        amount numeric(78,0) not null check (amount > 0),
        fee_refund numeric(78,0) not null default 0 check (fee_refund >= 0),
        shortfall numeric(78,0) not null default 0 check (shortfall >= 0),
        reason jsonb not null,
        occurred_at timestamptz not null,
        ledger_transaction_id uuid not null references ledger_transactions(id),
        connector_id uuid,
        approval_ref text,
        unique (subject_ref, external_id)
      );
      create index money_returns_subject_idx on money_returns (subject_ref, id);
      create index money_returns_enterprise_idx on money_returns (enterprise_id, id);
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop table if exists money_returns;
      alter table withdrawals drop column returns, drop column returned_amount;
      alter table off_ramp_sessions drop column returns, drop column returned_amount;
      alter table deposits drop column reversals, drop column reversed_amount;
      alter table internal_transfers drop column reversals, drop column reversed_amount;
      update deposits set status = 'credited' where status in ('partially_reversed', 'reversed');
      alter table deposits drop constraint deposits_status_check;
      alter table deposits add constraint deposits_status_check check (status in ('pending', 'confirmed', 'credited', 'failed'));
      update off_ramp_sessions set status = 'completed' where status in ('partially_returned', 'returned');
      alter table off_ramp_sessions drop constraint off_ramp_sessions_status_check;
      alter table off_ramp_sessions add constraint off_ramp_sessions_status_check
        check (status in ('pending_approval', 'requested', 'converting', 'payout_sent', 'completed', 'cancelled', 'rejected', 'expired', 'failed'));
      update withdrawals set status = 'executed' where status in ('partially_returned', 'returned');
      alter table withdrawals drop constraint withdrawals_status_check;
      alter table withdrawals add constraint withdrawals_status_check
        check (status in ('pending_approval', 'executing', 'executed', 'rejected', 'expired', 'cancelled', 'failed'));
      drop trigger if exists ledger_balances_restricted on ledger_balances;
      drop function if exists counterfoil_restricted_balance();
      alter table ledger_balances drop column restricted_reason, drop column overdraft_granted;
      drop index if exists ledger_transactions_reversal_of_idx;
      alter table ledger_transactions drop column reversal_of, drop column reversible_amount, drop column reversed_amount;
    `);
  }
}
