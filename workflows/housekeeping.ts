import { proxyActivities, upsertSearchAttributes } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { DEFAULT_SNAPSHOT_EVERY_ENTRIES, type HousekeepingInput, type HousekeepingResult } from '../src/domain/housekeeping/messages';
import { SA } from '../src/temporal/search-attributes';
import { versioned } from './versioning';

const { purgeExpiredIdempotencyRecords, purgeExpiredActionTokens, signLedgerCheckpoints, takeBalanceSnapshots } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { maximumAttempts: 5 },
});

/** Periodic clean-up, run by the `housekeeping` Temporal Schedule. */
export async function housekeepingWorkflow(input: HousekeepingInput = {}): Promise<HousekeepingResult> {
  upsertSearchAttributes([
    { key: SA.family, value: 'housekeeping' },
    { key: SA.status, value: 'running' },
  ]);
  const idempotencyRecordsPurged = await purgeExpiredIdempotencyRecords();
  const actionTokensPurged = await purgeExpiredActionTokens(input.actionTokenGraceSeconds ?? 3600);
  const ledgerCheckpointsSigned = await signLedgerCheckpoints();
  const balanceSnapshotsWritten = await takeBalanceSnapshots(input.snapshotEveryEntries ?? DEFAULT_SNAPSHOT_EVERY_ENTRIES);
  upsertSearchAttributes([{ key: SA.status, value: 'completed' }]);
  return { idempotencyRecordsPurged, actionTokensPurged, ledgerCheckpointsSigned, balanceSnapshotsWritten };
}

versioned('AUTO_UPGRADE', housekeepingWorkflow);
