import { Migration } from '@mikro-orm/migrations';

/**
 * Every committed change of an enterprise row notifies `counterfoil_enterprises`, so API processes can
 * cache enterprise reads (the hottest authenticated path) whichever code path wrote the row.
 */
export class Migration20261121010000_enterprise_notify extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create function counterfoil_notify_enterprise_changed() returns trigger language plpgsql as $$
      begin
        perform pg_notify('counterfoil_enterprises', new.id::text);
        return new;
      end $$;
      create trigger enterprises_changed after update on enterprises
        for each row execute function counterfoil_notify_enterprise_changed();
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop trigger if exists enterprises_changed on enterprises;
      drop function if exists counterfoil_notify_enterprise_changed();
    `);
  }
}
