import type { ProposedOperation } from '../policies/engine';
import type { PrincipalKind } from '../iam/entities';
import type { ReturnReason } from '../../reference/return-reasons';
import { canMoveGoverned, GOVERNED_LIVE, GOVERNED_STATUSES, type GovernedRelease, type GovernedStatus } from '../approvals/lifecycle';

/*
 * An operator's return of a credited deposit to its sender: pure, so the rules read without a database.
 * pending_approval → executing → executed; pending_approval → rejected | expired | cancelled, and
 * executing → failed, each releasing the hold without moving money (src/domain/approvals/lifecycle.ts).
 */

export const DEPOSIT_RETURN_STATUSES = GOVERNED_STATUSES;
export type DepositReturnStatus = GovernedStatus;
export type DepositReturnRelease = GovernedRelease;

/** Returns still holding money: they count against what remains of the deposit to reverse. */
export const OPEN_RETURN_STATUSES = GOVERNED_LIVE;

export const canMoveReturn = canMoveGoverned;

/** Why an operator sends a deposit back (docs/returns-and-reversals.md, "Operator returns"). */
export const DEPOSIT_RETURN_REASONS = ['sender_request', 'duplicate', 'incorrect_amount', 'unidentified_sender', 'compliance', 'other'] as const;
export type DepositReturnReasonCode = (typeof DEPOSIT_RETURN_REASONS)[number];

export interface DepositReturnReason {
  code: DepositReturnReasonCode;
  note?: string;
}

/** The reason the ledger's reversal and the deposit's `reversals` keep: the operator's code under the `provider` scheme. */
export const reversalReason = (r: DepositReturnReason): ReturnReason => ({ scheme: 'provider', code: r.code, ...(r.note ? { description: r.note } : {}) });

/** What is left of a deposit to return: its amount less what was reversed and what open returns hold. */
export const remainingToReturn = (deposit: { amount: bigint; reversed: bigint }, open: bigint): bigint => deposit.amount - deposit.reversed - open;

/** The policy engine's view of a return: the account it debits, the deposit as destination. */
export const proposedReturn = (input: { enterpriseId: string; accountRef: string; asset: string; amount: bigint; depositId: string; initiatorKind: PrincipalKind }): ProposedOperation => ({
  enterpriseId: input.enterpriseId,
  actionFamily: 'deposit_return',
  accountRef: input.accountRef,
  asset: input.asset,
  amount: input.amount,
  destinationRef: `deposits/${input.depositId}`,
  initiatorKind: input.initiatorKind,
});

/** The release status's failure reason: only a failure has one. */
export const releaseFailure = (status: DepositReturnRelease, reason: string | null): string | null => (status === 'failed' ? (reason ?? 'failed') : null);

/** The velocity register's key of a return. */
export const returnVelocityRef = (id: string) => `deposit-returns/${id}`;
