/*
 * Internal transfers and their batches. The area is a model (./model, ./batch-model: states,
 * transitions, checks; pure), a store (./store: the rows, one column list per table) and one file
 * per operation (create, execute, release, cancel, reverse, annotate, read, batch-create).
 */

export {
  TRANSFER_STATUSES,
  TRANSFER_TRANSITIONS,
  canMove,
  executedRow,
  proposed,
  transferBooking,
  transferVelocity,
  type NewInternalTransfer,
  type ReleaseStatus,
  type TransferStatus,
} from './model';
export { MAX_BATCH_TRANSFERS, type BatchItem, type BatchOutcome, type BatchResult, type ItemProblem } from './batch-model';
export { findTransfer, type BatchRow, type TransferRow } from './store';
export { accountStates, lockMovable, transferRefusal } from './accounts';
export { presentBatch, presentTransfer, transferEvent } from './present';
export { createInternalTransfer } from './create';
export { markTransferExecuting, settleTransfer } from './execute';
export { releaseTransfer } from './release';
export { cancelInternalTransfer } from './cancel';
export { reverseInternalTransfer, type TransferReversalRequest } from './reverse';
export { REVERSAL_REASON_CODES, remainingToReverse, type ReversalReason } from './reversal-model';
export { updateTransferReferenceMetadata } from './annotate';
export { listTransfers, readableBatch, readableTransfer, type TransferFilter } from './read';
export { createTransferBatch } from './batch-create';
