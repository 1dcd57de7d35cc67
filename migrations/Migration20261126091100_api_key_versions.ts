import { Migration } from '@mikro-orm/migrations';

/**
 * API versions on the signed API (docs/api-versions.md): the version each API key is pinned to. Keys
 * from before are left null and answered at the first version, the shape their integrations know.
 */
export class Migration20261126091100_api_key_versions extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table api_keys add column api_version text;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table api_keys drop column api_version;');
  }
}
