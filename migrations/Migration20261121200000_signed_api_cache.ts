import { Migration } from '@mikro-orm/migrations';

/**
 * The signed API serves a key's standing, conversion pairs and fee schedules from per-process caches
 * (src/signed-api/caches.ts). Every committed change of what they hold notifies the cache's channel
 * with an empty payload (drop everything: these changes are rare), whichever code path wrote the row.
 * PostgreSQL folds identical notifications of one transaction into one.
 */
export class Migration20261121200000_signed_api_cache extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create function counterfoil_notify_signed_standing() returns trigger language plpgsql as $$
      begin
        perform pg_notify('counterfoil_signed_standing', '');
        return null;
      end $$;
      create trigger clients_signed_standing after update of status, kyc_status, api_access on clients for each row
        when (old.status is distinct from new.status or old.kyc_status is distinct from new.kyc_status or old.api_access is distinct from new.api_access)
        execute function counterfoil_notify_signed_standing();
      create trigger client_accounts_signed_standing after update of status on client_accounts for each row
        when (old.status is distinct from new.status)
        execute function counterfoil_notify_signed_standing();
      create trigger enterprises_signed_standing after update of admission_state on enterprises for each row
        when (old.admission_state is distinct from new.admission_state)
        execute function counterfoil_notify_signed_standing();
      create trigger capability_settings_signed_standing after insert or update or delete on capability_settings
        for each statement execute function counterfoil_notify_signed_standing();

      create function counterfoil_notify_conversion_pairs() returns trigger language plpgsql as $$
      begin
        perform pg_notify('counterfoil_conversion_pairs', '');
        return null;
      end $$;
      create trigger conversion_pairs_changed after insert or update or delete on conversion_pairs
        for each statement execute function counterfoil_notify_conversion_pairs();

      create function counterfoil_notify_fee_schedules() returns trigger language plpgsql as $$
      begin
        perform pg_notify('counterfoil_fee_schedules', '');
        return null;
      end $$;
      create trigger platform_commercial_agreements_changed after insert or update or delete on platform_commercial_agreements
        for each statement execute function counterfoil_notify_fee_schedules();
      create trigger enterprise_commercial_agreements_changed after insert or update or delete on enterprise_commercial_agreements
        for each statement execute function counterfoil_notify_fee_schedules();
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop trigger if exists clients_signed_standing on clients;
      drop trigger if exists client_accounts_signed_standing on client_accounts;
      drop trigger if exists enterprises_signed_standing on enterprises;
      drop trigger if exists capability_settings_signed_standing on capability_settings;
      drop trigger if exists conversion_pairs_changed on conversion_pairs;
      drop trigger if exists platform_commercial_agreements_changed on platform_commercial_agreements;
      drop trigger if exists enterprise_commercial_agreements_changed on enterprise_commercial_agreements;
      drop function if exists counterfoil_notify_signed_standing();
      drop function if exists counterfoil_notify_conversion_pairs();
      drop function if exists counterfoil_notify_fee_schedules();
    `);
  }
}
