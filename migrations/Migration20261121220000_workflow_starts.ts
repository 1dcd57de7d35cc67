import { Migration } from '@mikro-orm/migrations';

/**
 * Workflow starts owed by committed records (src/temporal/start-outbox.ts): a route writes the start
 * in the record's transaction and forgets it once Temporal has the workflow, so a process that dies
 * between its commit and the start leaves a row here, which the worker's sweeper starts.
 */
export class Migration20261121220000_workflow_starts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table workflow_starts (
        workflow_id text primary key,
        workflow_type text not null,
        task_queue text not null,
        args jsonb not null,
        created_at timestamptz not null default now()
      );
      create index workflow_starts_created_idx on workflow_starts (created_at);
    `);
  }

  override async down(): Promise<void> {
    this.addSql('drop table workflow_starts;');
  }
}
