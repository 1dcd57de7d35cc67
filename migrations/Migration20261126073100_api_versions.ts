import { Migration } from '@mikro-orm/migrations';

/**
 * API versions (docs/api-versions.md): the version each service account and webhook subscription is
 * pinned to. Rows from before versions existed stay null and are answered at the first version,
 * the shape their integrations were written against.
 */
export class Migration20261126073100_api_versions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table service_accounts add column api_version text;
      alter table webhook_subscriptions add column api_version text;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      alter table webhook_subscriptions drop column api_version;
      alter table service_accounts drop column api_version;
    `);
  }
}
