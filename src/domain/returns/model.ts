import { money } from '../../money/assets';
import type { ReturnReason } from '../../reference/return-reasons';
import type { ReturnEntry } from '../../schema/returns';

/*
 * What a return or reversal does to the record it concerns: pure, so the rules read without a database.
 * A record is returned (or reversed) in full once what came back reaches its principal, partially before.
 */

export type ReturnKind = ReturnEntry['kind'];

/** The fee policy of returns (the commercial agreement's `refund_on_return`): by default fees stay charged. */
export type FeeRefundPolicy = 'never' | 'full_return';
export const DEFAULT_FEE_REFUND_POLICY: FeeRefundPolicy = 'never';

/** `full` once everything the record moved came back. */
export const returnExtent = (reversed: bigint, principal: bigint): 'full' | 'partial' => (reversed >= principal ? 'full' : 'partial');

/** Whether this return gives the fees back: only a full return, and only when the agreement says so. */
export const refundsFees = (policy: FeeRefundPolicy, reversedAfter: bigint, principal: bigint): boolean => policy === 'full_return' && reversedAfter >= principal;

export interface MoneyReturnRow {
  id: string;
  created_at: Date;
  enterprise_id: string;
  subject_ref: string;
  kind: ReturnKind;
  external_id: string;
  account_ref: string;
  asset: string;
  amount: string;
  fee_refund: string;
  shortfall: string;
  reason: ReturnReason;
  occurred_at: Date;
  ledger_transaction_id: string;
  connector_id: string | null;
  approval_ref: string | null;
}

/** The entry a record shows for one of its returns or reversals. */
export function presentReturn(r: MoneyReturnRow): ReturnEntry {
  return {
    id: r.id,
    kind: r.kind,
    external_id: r.external_id,
    amount: money(BigInt(r.amount), r.asset),
    fee_refund: money(BigInt(r.fee_refund), r.asset),
    overdraft_used: money(BigInt(r.shortfall), r.asset),
    reason: r.reason,
    occurred_at: new Date(r.occurred_at).toISOString(),
    ledger_transaction_ref: `ledger-transactions/${r.ledger_transaction_id}`,
    approval_ref: r.approval_ref,
  };
}
