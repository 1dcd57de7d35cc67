import { Migration } from '@mikro-orm/migrations';

/**
 * A decision says why: the rejecting approver's reason, or an approver's optional comment, kept with
 * the vote so the approval record and its events show it beside the verdict.
 */
export class Migration20261202130000_approval_vote_notes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table approval_votes add column note text check (char_length(note) <= 1000);`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table approval_votes drop column note;`);
  }
}
