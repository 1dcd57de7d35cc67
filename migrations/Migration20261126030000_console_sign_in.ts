import { Migration } from '@mikro-orm/migrations';

/**
 * People may sign in to the web console through an identity provider only when the enterprise says
 * so: the console is a public client, so its ID-token exchange carries no client secret.
 */
export class Migration20261126030000_console_sign_in extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table identity_providers add column console_sign_in boolean not null default false;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table identity_providers drop column console_sign_in;');
  }
}
