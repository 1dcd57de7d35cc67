import type { Caller } from '../../auth/caller';
import { conflict, stateReason, type AppError } from '../../errors';
import type { Services } from '../../services';
import { findApproval } from './approvals';
import type { ApprovalCancellation, ApprovalSpec } from './messages';
import { awaitApprovalOpened } from './decisions';
import { startOwed, type WorkflowStart } from '../../temporal/start-outbox';
import type { CarriedEntry } from '../audit/entries';

/*
 * The HTTP side of a governed record awaiting approval in its own workflow (conversions, internal
 * transfers, off-ramps): starting that workflow and cancelling through it. workflows/governed.ts is
 * the workflow side.
 */

export interface GovernedStart {
  /** The workflow start, recorded as owed in the record's transaction (temporal/start-outbox recordStart). */
  start: WorkflowStart;
  approval: ApprovalSpec | null;
  /** Ends the record without moving money when the workflow cannot be started: its hold released and the owed start forgotten, in one transaction. */
  onStartFailure: () => Promise<unknown>;
}

/**
 * After commit: starts the record's workflow (temporal/start-outbox startOwed: a failed start ends the
 * record and answers 503), and when an approval is required waits until it exists, so the answer's
 * `approval_ref` is readable at once.
 */
export async function startGovernedWorkflow(services: Services, s: GovernedStart): Promise<void> {
  await startOwed(services, s.start, s.onStartFailure);
  if (s.approval) await awaitApprovalOpened(services, s.start.workflowId);
}

/**
 * Sends the record's cancel Update (args [ApprovalCancellation]) to its workflow, which cancels the
 * pending approval and releases the hold before answering. A refusal of type `notCancellable` (the
 * approval was decided meanwhile) is not an error here: the caller re-reads the record and answers 409.
 * `audit` (audit/entries carriedEntry) travels with the Update: the workflow's activity commits it with
 * the approval's cancellation, and it is marked committed only when the Update was accepted (a refused
 * one ran no activity, and the pipeline records the request).
 */
export async function cancelThroughWorkflow(
  services: Services,
  caller: Caller,
  s: { workflowId: string; update: string; notCancellable: string; audit?: CarriedEntry },
): Promise<void> {
  const client = await services.temporal.get();
  const cancellation: ApprovalCancellation = { principal: caller.subject, attribution: caller.attribution(), initiatorOnly: false, auditEntry: s.audit?.entry };
  try {
    await client.workflow.getHandle(s.workflowId).executeUpdate(s.update, { args: [cancellation] });
  } catch (err) {
    if ((err as { cause?: { type?: string } }).cause?.type !== s.notCancellable) throw err;
    return;
  }
  s.audit?.committed();
}

/**
 * Cancels a record awaiting approval through its workflow and answers from the record read again: the
 * cancelled record; 409 from `refuse` when it has moved on; and when it still reads `pending_approval`
 * (a decision overtook the cancel and the record is about to execute or be released), 409 naming the
 * approval's state (`approval_approved`, ..., or `approval_decided` while the decision is recorded),
 * never a reason that contradicts what the caller can read.
 */
export async function cancelAwaitingApproval<R extends { status: string; approval_ref: string | null }>(
  services: Services,
  caller: Caller,
  s: { workflowId: string; update: string; notCancellable: string; audit?: CarriedEntry; what: string; reread: () => Promise<R>; refuse: (status: R['status']) => AppError },
): Promise<R> {
  const failure = await cancelThroughWorkflow(services, caller, s).then(
    () => null,
    (err: unknown) => err,
  );
  const after = await s.reread();
  if (after.status === 'cancelled') return after;
  if (after.status !== 'pending_approval') throw s.refuse(after.status);
  if (failure) throw failure;
  const approval = after.approval_ref ? await findApproval(services.sql, after.approval_ref.slice('approvals/'.length)) : null;
  if (!approval || approval.status === 'pending') throw conflict(`The ${s.what}'s approval has just been decided; it can no longer be cancelled.`, 'approval_decided');
  throw conflict(`The ${s.what}'s approval was ${approval.status}; it can no longer be cancelled.`, stateReason('approval', approval.status));
}
