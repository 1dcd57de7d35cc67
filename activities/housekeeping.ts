import type { Services } from '../src/services';
import { purgeExpiredIdempotencyRecords } from '../src/idempotency/store';
import { purgeExpiredActionTokens } from '../src/auth/action-tokens';

export function createHousekeepingActivities(services: Services) {
  return {
    /** Deletes idempotency records past their retention; safe to repeat. Returns the count. */
    async purgeExpiredIdempotencyRecords(): Promise<number> {
      const purged = await purgeExpiredIdempotencyRecords(services.sql);
      services.log.info({ purged }, 'idempotency records purged');
      return purged;
    },

    /** Deletes action tokens expired for more than `graceSeconds`; safe to repeat. Returns the count. */
    async purgeExpiredActionTokens(graceSeconds: number): Promise<number> {
      const purged = await purgeExpiredActionTokens(services.sql, graceSeconds);
      services.log.info({ purged }, 'expired action tokens purged');
      return purged;
    },
  };
}
