/*
 * Withdrawals and their destinations. The area is a model (./model: states, transitions, checks;
 * pure), a store (./store: the row, one column list), presenters (./present) and one file per
 * operation (accept, create, execute, release, cancel, annotate, read). Destinations are ./destinations.
 */

export * from './events';
export * from './destinations';
export * from './messages';
export { WITHDRAWAL_TRANSITIONS, canMove, isTerminal, type NewWithdrawal, type ReleaseOutcome } from './model';
export { findWithdrawal, type FeeComponentRow, type WithdrawalFilter, type WithdrawalRow } from './store';
export { presentWithdrawal, type WithdrawalView } from './present';
export { acceptWithdrawal, withdrawalStart, type AcceptedWithdrawal, type OwedStart } from './accept';
export { createWithdrawal } from './create';
export { markWithdrawalExecuting, recordRailAcceptance, settleWithdrawal } from './execute';
export { releaseWithdrawal } from './release';
export { withdrawalViolations } from './verify';
export { cancelWithdrawal } from './cancel';
export { updateWithdrawalReferenceMetadata } from './annotate';
export { listWithdrawals, readWithdrawal } from './read';
export { payoutNotSettled, returnCurrencyMismatch, returnWithdrawal, unknownPayout, type PayoutReturnInput } from './return';
