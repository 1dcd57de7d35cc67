import { proxyActivities, upsertSearchAttributes } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { SA } from '../src/temporal/search-attributes';

const { purgeExpiredIdempotencyRecords } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { maximumAttempts: 5 },
});

export interface HousekeepingResult {
  idempotencyRecordsPurged: number;
}

/** Periodic clean-up, run by the `housekeeping` Temporal Schedule. */
export async function housekeepingWorkflow(): Promise<HousekeepingResult> {
  upsertSearchAttributes([
    { key: SA.family, value: 'housekeeping' },
    { key: SA.status, value: 'running' },
  ]);
  const idempotencyRecordsPurged = await purgeExpiredIdempotencyRecords();
  upsertSearchAttributes([{ key: SA.status, value: 'completed' }]);
  return { idempotencyRecordsPurged };
}
