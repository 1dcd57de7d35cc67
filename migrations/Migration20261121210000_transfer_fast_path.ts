import { Migration } from '@mikro-orm/migrations';

/**
 * The internal-transfer fast path sends its whole transaction (BEGIN … COMMIT) in one write, so the
 * checks that used to run in the API between the statements and COMMIT run in SQL:
 * `counterfoil_refuse(reason)` raises SQLSTATE CF001 with the reason as message, aborting the
 * transaction (the pipelined COMMIT then rolls back). Policy rules are read from a per-process cache
 * instead of inside the transaction: every committed change of a rule notifies
 * `counterfoil_policy_rules` with its enterprise id.
 */
export class Migration20261121210000_transfer_fast_path extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create function counterfoil_refuse(reason text) returns boolean language plpgsql as $$
      begin
        raise exception using errcode = 'CF001', message = reason;
      end $$;

      create function counterfoil_notify_policy_rules() returns trigger language plpgsql as $$
      begin
        perform pg_notify('counterfoil_policy_rules', coalesce(new.enterprise_id, old.enterprise_id)::text);
        return null;
      end $$;
      create trigger policy_rules_changed after insert or update or delete on policy_rules
        for each row execute function counterfoil_notify_policy_rules();
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop trigger if exists policy_rules_changed on policy_rules;
      drop function if exists counterfoil_notify_policy_rules();
      drop function if exists counterfoil_refuse(text);
    `);
  }
}
