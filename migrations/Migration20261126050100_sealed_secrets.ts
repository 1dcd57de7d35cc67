import { Migration } from '@mikro-orm/migrations';

/**
 * Secrets at rest are sealed under a key ring kept outside the database (src/auth/sealing.ts).
 * Platform keys gain a sealed column; a row still holding its secret in the clear is sealed by the
 * first process that reads it (SQL cannot: the key is not here). Webhook secrets sealed under the
 * old in-database platform key are marked with a leading 0x00 (the key ring's format starts 0x01),
 * stay readable, and are re-sealed by `counterfoil keys rotate`.
 */
export class Migration20261126050100_sealed_secrets extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table platform_keys add column sealed bytea;
      alter table platform_keys alter column secret drop not null;
      alter table platform_keys add constraint platform_keys_one_form check ((secret is null) <> (sealed is null));
      update webhook_subscriptions
         set secret_sealed = decode('00', 'hex') || secret_sealed,
             previous_secret_sealed = decode('00', 'hex') || previous_secret_sealed;
    `);
  }

  override async down(): Promise<void> {
    throw new Error('Migration20261126050100_sealed_secrets cannot be reverted: it would take the sealing keys out of the key ring and put secrets back in the database in the clear');
  }
}
