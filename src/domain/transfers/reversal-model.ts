import { AppError } from '../../errors';
import type { Leg } from '../../ledger';
import type { Asset } from '../../money/assets';
import type { NewInternalTransfer, TransferStatus } from './model';
import type { TransferRow } from './store';

/*
 * An operator's reversal of an internal transfer (docs/returns-and-reversals.md): a new transfer the
 * other way, linked to the one it undoes, for a reason. Pure: what may be reversed, what remains,
 * and what a booked reversal makes of the original, decided without a database.
 */

export const REVERSAL_REASON_CODES = [
  'duplicate',
  'incorrect_amount',
  'incorrect_receiving_account',
  'date_earlier_than_intended',
  'date_later_than_intended',
  'other',
] as const;
export type ReversalReasonCode = (typeof REVERSAL_REASON_CODES)[number];

export interface ReversalReason {
  code: ReversalReasonCode;
  note: string | null;
}

/** One reversal as the original's row lists it (store.ts reads them with the row). */
export interface ReversalEntry {
  id: string;
  amount: string;
  status: TransferStatus;
  reason: ReversalReason;
  approval_ref: string | null;
  ledger_transaction_id: string | null;
  created_at: string;
}

/** A reversal counts against what remains while it is booked or may still be: awaiting approval, executing or executed. */
export const COUNTED_REVERSAL_STATUSES: readonly TransferStatus[] = ['pending_approval', 'executing', 'executed'];

/** What is left to reverse of `amount` after the reversals that count. */
export function remainingToReverse(amount: bigint, reversals: readonly Pick<ReversalEntry, 'amount' | 'status'>[]): bigint {
  const counted = reversals.filter((r) => COUNTED_REVERSAL_STATUSES.includes(r.status)).reduce((s, r) => s + BigInt(r.amount), 0n);
  return amount - counted;
}

/** `reversed` once the executed reversals took all of it back, `partially_reversed` before. */
export const reversalExtent = (reversed: bigint, amount: bigint): 'reversed' | 'partially_reversed' => (reversed >= amount ? 'reversed' : 'partially_reversed');

/** `other` says why in its note: a code alone would not. */
export function assertReversalReason(reason: ReversalReason): void {
  if (reason.code === 'other' && !reason.note?.trim()) {
    throw new AppError('EdgeUnprocessable', 'A reversal for the reason `other` needs a note saying why.', { errors: [{ pointer: '/body/reason/note', detail: 'required when code is other' }] });
  }
}

/** Why this transfer cannot be reversed (422), or null: only an executed transfer, and never a reversal itself. */
export function reversalRefusal(original: Pick<TransferRow, 'status' | 'reversal_of' | 'ledger_transaction_id'>): AppError | null {
  if (original.status !== 'executed' || !original.ledger_transaction_id) {
    return new AppError('EdgeUnprocessable', `The internal transfer is ${original.status}: only an executed transfer can be reversed.`, {
      reason: 'internal_transfer_not_executed',
      extensions: { transfer_status: original.status },
    });
  }
  if (original.reversal_of) {
    return new AppError('EdgeUnprocessable', 'The internal transfer is itself a reversal: make a new transfer instead.', { reason: 'internal_transfer_is_reversal' });
  }
  return null;
}

/** The reversal as a transfer: the original's target pays its source back. */
export function reversalTransfer(original: Pick<TransferRow, 'source_ref' | 'target_ref'>, asset: Asset, amount: bigint): NewInternalTransfer {
  return { sourceRef: original.target_ref, targetRef: original.source_ref, asset, amount };
}

/** The legs a reversal books: its source debited, its target credited. */
export function reversalLegs(row: Pick<TransferRow, 'source_ref' | 'target_ref' | 'asset' | 'amount'>): Leg[] {
  return [
    { accountRef: row.source_ref, asset: row.asset, amount: -BigInt(row.amount) },
    { accountRef: row.target_ref, asset: row.asset, amount: BigInt(row.amount) },
  ];
}
