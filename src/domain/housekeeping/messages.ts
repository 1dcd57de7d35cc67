/*
 * What the hourly housekeeping workflow and the process that schedules it exchange. Imported by
 * workflows: constants and types only, no runtime dependencies.
 */

/** Workflow type (the exported function's name in workflows/): the `housekeeping` Schedule starts it by this name. */
export const HOUSEKEEPING_WORKFLOW = 'housekeepingWorkflow';
export const HOUSEKEEPING_WORKFLOW_ID = 'housekeeping';

export interface HousekeepingInput {
  /** How long after expiry an action token is kept (default 1 hour). */
  actionTokenGraceSeconds?: number;
  /** A balance gets a new snapshot once this many postings follow its last one (default 1,000). */
  snapshotEveryEntries?: number;
}

/** Bounds the postings an `as_of` balance query folds after its snapshot. */
export const DEFAULT_SNAPSHOT_EVERY_ENTRIES = 1000;

export interface HousekeepingResult {
  idempotencyRecordsPurged: number;
  actionTokensPurged: number;
  /** Enterprises whose hash chains got a new signed checkpoint (docs/ledger.md). */
  ledgerCheckpointsSigned: number;
  balanceSnapshotsWritten: number;
}
