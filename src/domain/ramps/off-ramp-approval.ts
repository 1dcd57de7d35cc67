import type { Sql, TransactionSql } from 'postgres';
import type { PrincipalRef, SubjectAttribution } from '../../auth/caller';
import { voidHold } from '../../ledger';
import { releaseVelocity } from '../policies';
import type { OffRampStatus } from './messages';
import { approvalReason, type OffRampReleaseStatus } from './model';
import { offRampSessions, type OffRampRow } from './off-ramp-store';

const { transition, statusOf } = offRampSessions;

/**
 * Ends a session before the payout: the hold is voided and the session stops counting towards
 * velocity limits, in the same transaction, exactly once. Answers the changes the session takes.
 */
export async function releaseHold(tx: TransactionSql, row: OffRampRow, status: OffRampReleaseStatus, failureReason: string | null) {
  await voidHold(tx, { holdId: row.hold_id });
  await releaseVelocity(tx, `off-ramp-sessions/${row.id}`);
  return { status, failure_reason: failureReason };
}

/** pending_approval → requested once approved (records who approved); the workflow then converts. */
export async function approveOffRamp(sql: Sql, id: string, approvedBy: PrincipalRef[]): Promise<OffRampStatus> {
  return statusOf(
    await transition(sql, id, ['pending_approval'], async (tx, row) => ({
      status: 'requested',
      subject_attribution: tx.json({ ...row.subject_attribution, approved_by: approvedBy } as never),
    })),
    id,
  );
}

/** pending_approval → rejected | expired | cancelled: the hold is released, once. */
export async function releaseOffRamp(sql: Sql, id: string, outcome: 'rejected' | 'expired' | 'cancelled', attribution: SubjectAttribution | null): Promise<OffRampStatus> {
  return statusOf(await transition(sql, id, ['pending_approval'], (tx, row) => releaseHold(tx, row, outcome, approvalReason(outcome)), attribution), id);
}
