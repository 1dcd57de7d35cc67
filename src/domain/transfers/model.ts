import type { Caller } from '../../auth/caller';
import { AppError } from '../../errors';
import { uuidv7 } from '../../ids';
import type { BatchBooking } from '../../ledger';
import type { Asset } from '../../money/assets';
import type { PolicyDecision, ProposedOperation, VelocityEntry } from '../policies';
import type { ReferenceMetadata } from '../../schema/metadata';
import type { TransferRow } from './store';

/*
 * An internal transfer's states, the moves between them and the checks that decide them: pure, so
 * the rules can be read and tested without a database. The store keeps rows; the operations
 * (create, execute, release, cancel, …) read, decide here, and write.
 */

export const TRANSFER_STATUSES = ['pending_approval', 'executing', 'executed', 'cancelled', 'rejected', 'expired', 'failed'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/** What each status may become: pending_approval → executing → executed | failed; pending_approval → released. */
export const TRANSFER_TRANSITIONS: Readonly<Record<TransferStatus, readonly TransferStatus[]>> = {
  pending_approval: ['executing', 'rejected', 'expired', 'cancelled', 'failed'],
  executing: ['executed', 'failed'],
  executed: [],
  cancelled: [],
  rejected: [],
  expired: [],
  failed: [],
};

export const canMove = (from: TransferStatus, to: TransferStatus): boolean => TRANSFER_TRANSITIONS[from].includes(to);

/** The ends of a transfer awaiting approval that release its hold. */
export type ReleaseStatus = Extract<TransferStatus, 'rejected' | 'expired' | 'cancelled' | 'failed'>;

/** Only a transfer awaiting approval can be cancelled: its hold is still there to release. */
export const isCancellable = (status: TransferStatus): boolean => status === 'pending_approval';

/** The failure reason a release records: the one given, else `approval_<status>` (none for a bare `failed`). */
export function releaseReason(status: ReleaseStatus, failureReason: string | null): string | null {
  return failureReason ?? (status === 'failed' ? null : `approval_${status}`);
}

export interface NewInternalTransfer {
  sourceRef: string;
  targetRef: string;
  asset: Asset;
  amount: bigint;
  /** The integrator's reference and metadata (none when absent). */
  annotations?: ReferenceMetadata;
}

/** A transfer from an account to itself moves nothing: refused before anything is read. */
export function assertDistinctAccounts(input: Pick<NewInternalTransfer, 'sourceRef' | 'targetRef'>): void {
  if (input.sourceRef === input.targetRef) {
    throw new AppError('EdgeUnprocessable', 'The source and target accounts are the same.', {
      errors: [{ pointer: '/body/target_ref', detail: 'must differ from source_ref' }],
    });
  }
}

/** The operation the policy engine judges for a transfer. */
export const proposed = (caller: Caller, input: NewInternalTransfer): ProposedOperation => ({
  enterpriseId: caller.enterpriseId,
  actionFamily: 'internal_transfer',
  accountRef: input.sourceRef,
  asset: input.asset.code,
  amount: input.amount,
  destinationRef: input.targetRef,
  initiatorKind: caller.subject.kind,
});

/** The record of a transfer booked at once (executed), with the ledger transaction id it books under. */
export function executedRow(caller: Caller, input: NewInternalTransfer, decision: PolicyDecision, now: Date): TransferRow {
  return {
    id: uuidv7(),
    version: 1,
    created_at: now,
    updated_at: now,
    enterprise_id: caller.enterpriseId,
    source_ref: input.sourceRef,
    target_ref: input.targetRef,
    asset: input.asset.code,
    amount: input.amount.toString(),
    status: 'executed',
    approval_ref: null,
    failure_reason: null,
    ledger_transaction_id: uuidv7(),
    subject_attribution: caller.attribution(),
    settled_at: now,
    policy_decision: decision,
    hold_id: null,
    reference: input.annotations?.reference ?? null,
    reference_unique: input.annotations?.referenceUnique ?? false,
    metadata: input.annotations?.metadata ?? {},
    reversal_of: null,
    reversal_reason: null,
    reversed_amount: '0',
    reversals: [],
  };
}

/** The same transfer held for approval instead: no ledger transaction yet, the hold on the source. */
export function pendingRow(executed: TransferRow, approvalId: string, holdId: string): TransferRow {
  return { ...executed, status: 'pending_approval', approval_ref: `approvals/${approvalId}`, hold_id: holdId, settled_at: null, ledger_transaction_id: null };
}

/** The ledger booking of an executed transfer: source to target, under the transfer's own ledger transaction id. */
export function transferBooking(row: TransferRow, input: NewInternalTransfer): BatchBooking {
  return {
    id: row.ledger_transaction_id!,
    key: `internal_transfer/${row.id}`,
    enterpriseId: row.enterprise_id,
    kind: 'internal_transfer',
    legs: [
      { accountRef: input.sourceRef, asset: input.asset.code, amount: -input.amount },
      { accountRef: input.targetRef, asset: input.asset.code, amount: input.amount },
    ],
  };
}

export const velocityRef = (id: string) => `internal-transfers/${id}`;

/** The velocity entry of a transfer: its amount counted against the source. */
export function transferVelocity(row: TransferRow): VelocityEntry {
  return {
    operationRef: velocityRef(row.id),
    enterpriseId: row.enterprise_id,
    accountRef: row.source_ref,
    actionFamily: 'internal_transfer',
    asset: row.asset,
    amount: BigInt(row.amount),
  };
}

/** What the lifecycle checks read of an account: its own, its client's and its enterprise's states. */
export interface AccountState {
  ref: string;
  enterprise_id: string;
  client_id: string | null;
  status: string;
  client_status: string | null;
  admission_state: string;
  restriction_state: string;
}

/**
 * Why an account cannot take part in a transfer on `side` (`enterprise_closed`, `account_frozen:target`,
 * …), or null: the same reasons, in the same order, as the store's lockMovable decides in SQL.
 */
export function accountRefusalReason(s: AccountState, side: 'source' | 'target'): string | null {
  if (side === 'source' && s.admission_state === 'closed') return 'enterprise_closed';
  if (side === 'source' && s.restriction_state === 'suspended') return 'enterprise_suspended';
  if (s.client_status != null && s.client_status !== 'active') return `client_${s.client_status}:${side}`;
  if (s.status !== 'active') return `account_${s.status}:${side}`;
  return null;
}

/**
 * Why an approved transfer cannot settle (`source_account_unavailable`, `target_account_unavailable`),
 * or null: both accounts must still exist and be active, with active clients.
 */
export function settlementBlock(row: Pick<TransferRow, 'source_ref' | 'target_ref'>, accounts: AccountState[]): string | null {
  const blocked = accounts.length < 2 ? { ref: row.target_ref } : accounts.find((a) => a.status !== 'active' || (a.client_status ?? 'active') !== 'active');
  if (!blocked) return null;
  return `${blocked.ref === row.source_ref ? 'source' : 'target'}_account_unavailable`;
}
