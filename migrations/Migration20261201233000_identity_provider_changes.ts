import { Migration } from '@mikro-orm/migrations';

/**
 * Identity providers under the policy-change quorum (docs/policy-changes.md): creating one, or changing
 * who can sign in with one, is a policy change of kind `identity_provider.create` or `.update`.
 */
export class Migration20261201233000_identity_provider_changes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table policy_changes drop constraint policy_changes_kind_check;
      alter table policy_changes add constraint policy_changes_kind_check check (kind in ('policy_rule.activate', 'policy_rule.update', 'policy_rule.retire',
        'governance_settings.update', 'withdrawal_destination.create', 'identity_provider.create', 'identity_provider.update'));
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      delete from policy_changes where kind in ('identity_provider.create', 'identity_provider.update');
      alter table policy_changes drop constraint policy_changes_kind_check;
      alter table policy_changes add constraint policy_changes_kind_check check (kind in ('policy_rule.activate', 'policy_rule.update', 'policy_rule.retire',
        'governance_settings.update', 'withdrawal_destination.create'));
    `);
  }
}
