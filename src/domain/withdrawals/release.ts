import type { Sql } from 'postgres';
import type { Metrics } from '../../metrics';
import { voidHold } from '../../ledger';
import { releaseVelocity } from '../policies';
import { forgetUnstarted, type UnstartedWorkflow } from '../../temporal/start-outbox';
import { writeCarriedEntry, type EntryRecord } from '../audit/entries';
import { velocityRef, type ReleaseOutcome } from './model';
import { presentWithdrawal, type WithdrawalView } from './present';
import { findWithdrawal, moveToReleased, recordWithdrawalEvent } from './store';

/**
 * Ends a withdrawal without moving money, exactly once: the status guard admits one transition out
 * of pending_approval / executing, and the ledger voids the hold in the same transaction. A retry
 * (or a second path) finds it terminal and changes nothing. Returns the record as it now is.
 */
export async function releaseWithdrawal(
  sql: Sql,
  id: string,
  outcome: ReleaseOutcome,
  reason: string,
  metrics?: Metrics,
  unstarted?: UnstartedWorkflow,
  auditEntry?: EntryRecord,
): Promise<WithdrawalView> {
  return sql.begin(async (tx) => {
    // A release instead of the workflow's start (the start failed): the start is no longer owed, nor the answer.
    await forgetUnstarted(tx, unstarted);
    // The cancelling request's entry (its cancel Update carried it), committed with the release it asked for.
    if (auditEntry) await writeCarriedEntry(tx, auditEntry);
    const w = await moveToReleased(tx, id, outcome, reason);
    if (!w) return presentWithdrawal((await findWithdrawal(tx, id))!);
    // One pipeline: the hold's balance row stays locked until commit.
    const [, , view] = await Promise.all([voidHold(tx, { holdId: w.hold_id, metrics }), releaseVelocity(tx, velocityRef(w.id)), recordWithdrawalEvent(tx, w, null)]);
    return view;
  });
}
