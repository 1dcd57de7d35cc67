import { Migration } from '@mikro-orm/migrations';

/**
 * Decisions only by people who authenticated themselves (docs/access.md#who-decides-an-approval):
 * an action token records whether a passkey assertion proved it, and `delegated_approvals` (off by
 * default, a governance setting under the quorum) lets a delegate's decisions count, as one party.
 */
export class Migration20261201230000_human_approvals extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table action_tokens add column proof text not null default 'request' check (proof in ('request', 'passkey'));
      alter table governance_settings add column delegated_approvals boolean not null default false;
      -- How each vote's human was established (null: cast before this was recorded).
      alter table approval_votes add column proof text check (proof in ('sign_in', 'passkey', 'delegated'));
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table action_tokens drop column proof; alter table governance_settings drop column delegated_approvals; alter table approval_votes drop column proof;`);
  }
}
