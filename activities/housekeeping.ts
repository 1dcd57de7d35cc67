import type { Services } from '../src/services';
import { purgeExpiredIdempotencyRecords } from '../src/http/idempotency';

export function createHousekeepingActivities(services: Services) {
  return {
    /** Deletes idempotency records past their retention; safe to repeat. Returns the count. */
    async purgeExpiredIdempotencyRecords(): Promise<number> {
      const purged = await purgeExpiredIdempotencyRecords(services.sql);
      services.log.info({ purged }, 'idempotency records purged');
      return purged;
    },
  };
}
