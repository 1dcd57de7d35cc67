/**
 * The ledger: the only writer of balances, postings and holds. Every function takes a postgres.js
 * client or an open transaction of one (`services.sql` or the `tx` of `sql.begin`) and joins the
 * transaction when given one, so a caller can book and write its own rows atomically. Amounts are
 * BigInt minor units; see src/money for parsing and formatting, docs/ledger.md for the model.
 */
export { ASSETS, ASSET_CODES, assetOf, formatAmount, isAsset, money, parseAmount, type Asset, type AssetClass } from '../money/assets';
export { accountRestrictedError, announceLedgerEventsTo, insufficientFundsError, type LedgerSql } from './core';
export { bookReversal, restrictionOf, reversalExceedsRemaining, reversalsOf, type BookedReversal, type ReversalInput } from './reversals';
export { SYSTEM_ACCOUNT_KINDS, systemAccountRef, type SystemAccountKind } from './system-accounts';
export {
  book,
  bookWithin,
  creditExternalDeposit,
  debitExternalWithdrawal,
  findTransaction,
  transfer,
  type BookInput,
  type ExternalFlowInput,
  type LedgerTransaction,
  type Leg,
  type TransferInput,
} from './transactions';
export { getHold, placeHold, postHold, voidHold, type Hold, type HoldStatus, type PlaceHoldInput, type PostHoldInput } from './holds';
export { balancesOf, emptyBalance, openPositions, ownerSubtype, presentBalance, setOverdraftLimit, type Balance } from './balances';
export { verifyLedger, type LedgerReport } from './verify';
export { issueBookings, type BatchBooking } from './batch';
export { ledgerEffects, type BookedTransaction, type HoldEffect, type LedgerEffects, type Posting } from './effects';
export { canonicalTransaction, chainLink, transactionHash, TRANSACTION_ENCODING, type ChainedTransaction } from './chain';
export { verifyChains, describeBrokenLink, type BrokenLink, type ChainReport } from './chain-verify';
export {
  CHECKPOINT_ENCODING,
  CHECKPOINT_KEY_NAME,
  checkpointAll,
  checkpointSigner,
  createCheckpoint,
  headsDigest,
  listCheckpoints,
  verifyCheckpointSignature,
  type CheckpointRow,
  type CheckpointSigner,
} from './checkpoints';
export { balancesAt, statementEntries, takeBalanceSnapshots, totalThrough, type EntryPosition, type StatementEntry } from './history';
