import { Migration } from '@mikro-orm/migrations';

/**
 * Client account statements as an export kind (docs/ledger.md, "Statements as a file"): a statement is
 * of one asset, so its export records the asset; no other kind has one.
 */
export class Migration20261126091000_statement_exports extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table exports drop constraint exports_kind_check;
      alter table exports add constraint exports_kind_check check (kind in ('operations_activity', 'user_action_audit', 'client_account_statement'));
      alter table exports add column asset text;
      alter table exports add constraint exports_asset_check check ((kind = 'client_account_statement') = (asset is not null));
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      delete from exports where kind = 'client_account_statement';
      alter table exports drop constraint exports_asset_check;
      alter table exports drop column asset;
      alter table exports drop constraint exports_kind_check;
      alter table exports add constraint exports_kind_check check (kind in ('operations_activity', 'user_action_audit'));
    `);
  }
}
