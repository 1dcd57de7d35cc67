import type { Sql } from 'postgres';
import type { SubjectAttribution } from '../../auth/caller';
import { voidHold } from '../../ledger';
import { releaseVelocity } from '../policies';
import { forgetUnstarted, type UnstartedWorkflow } from '../../temporal/start-outbox';
import { releaseReason, velocityRef, type ReleaseStatus, type TransferStatus } from './model';
import { lockTransfer, moveTransfer } from './store';

/**
 * pending_approval → rejected | expired | cancelled | failed: voids the hold and stops counting the
 * transfer towards velocity limits, exactly once (the row lock and status guard). Returns the status
 * after (unchanged when the transfer was no longer awaiting approval).
 */
export function releaseTransfer(
  sql: Sql,
  id: string,
  status: ReleaseStatus,
  attribution: SubjectAttribution | null,
  failureReason: string | null = null,
  /** Released instead of started: what the accepting transaction committed for the workflow, forgotten in the same transaction. */
  unstarted?: UnstartedWorkflow,
): Promise<TransferStatus | null> {
  return sql.begin(async (tx): Promise<TransferStatus | null> => {
    const row = await lockTransfer(tx, id);
    if (!row || row.status !== 'pending_approval') return row?.status ?? null;
    await forgetUnstarted(tx, unstarted);
    await voidHold(tx, { holdId: row.hold_id! });
    await releaseVelocity(tx, velocityRef(id));
    return (await moveTransfer(tx, row, { status, failure_reason: releaseReason(status, failureReason) }, attribution)).status;
  });
}
