import { Migration } from '@mikro-orm/migrations';

/**
 * Request budgets shared by every API instance when COUNTERFOIL_RATE_LIMIT_STORE=postgres
 * (src/http/rate-limit.ts): the columns rate-limiter-flexible's PostgreSQL store reads and writes.
 * Unlogged: a counter lost in a crash only resets a window, and no write per request reaches the WAL.
 */
export class Migration20261126040000_rate_limits extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create unlogged table rate_limits (
        key varchar(255) primary key,
        points integer not null default 0,
        -- Milliseconds since the Unix epoch at which the window ends.
        expire bigint
      );
    `);
  }

  override async down(): Promise<void> {
    this.addSql('drop table rate_limits;');
  }
}
