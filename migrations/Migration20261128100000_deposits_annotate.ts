import { Migration } from '@mikro-orm/migrations';

/**
 * `deposits.annotate`: changing a deposit's reference and metadata (PATCH /deposits/{id},
 * docs/references-and-metadata.md). The columns exist since Migration20261128041000_references_metadata;
 * the platform roles of existing enterprises receive the permission as new enterprises' roles do.
 */
export class Migration20261128100000_deposits_annotate extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      update roles set permissions = permissions || array['deposits.annotate'], version = version + 1, updated_at = now()
       where platform_managed and name in ('enterprise-admin', 'operator') and not ('deposits.annotate' = any (permissions));
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`update roles set permissions = array_remove(permissions, 'deposits.annotate') where platform_managed;`);
  }
}
