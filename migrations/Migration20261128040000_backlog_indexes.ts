import { Migration } from '@mikro-orm/migrations';

/**
 * Partial indexes of the rows not yet done, read by the backlog gauges of /metrics at every scrape
 * (src/metrics/backlogs.ts): their cost follows the open withdrawals and pending approvals, not the
 * tables' history.
 */
export class Migration20261128040000_backlog_indexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create index withdrawals_open_idx on withdrawals (status, rail_accepted_at) where status in ('pending_approval', 'executing');
      create index approvals_pending_idx on approvals (action_family, expires_at) where status = 'pending';
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop index if exists approvals_pending_idx;
      drop index if exists withdrawals_open_idx;
    `);
  }
}
