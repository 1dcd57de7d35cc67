import { WorkflowNotFoundError, WorkflowUpdateFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { Caller } from '../../auth/caller';
import { AppError, conflict, stateReason } from '../../errors';
import type { Services } from '../../services';
import { findApproval, isEligibleApprover, readApproval, type ApprovalRow, type ApprovalView } from './approvals';
import { APPROVAL_REFUSALS, APPROVAL_UPDATES, type ApprovalCancellation, type ApprovalVote, type DecisionProof } from './messages';
import type { ActionTokenProof } from '../../auth/action-tokens';
import { governanceSettings } from './settings';
import { compliancePolicy } from '../screening/policy-store';
import { COMPLIANCE_RELEASE_REASON } from '../screening/messages';
import type { CarriedEntry } from '../audit/entries';
import { STILL_RUNNING, UPDATE_WAIT_MS, updateWithin } from '../../temporal/bounded-update';

const notPending = (status: string) => conflict(`The approval is ${status}; it can no longer be decided.`, stateReason('approval', status));

/**
 * The workflow took the decision but has not recorded it within UPDATE_WAIT_MS: its activity is waiting
 * out a database failover. A 503, not a hang past the client's timeout: the approval shows the decision
 * once recorded, and deciding again then answers 409 (or counts the same vote once).
 */
const decisionInProgress = () =>
  new AppError('TemporarilyUnavailable', 'The decision was sent to the operation and is not recorded yet. Read the approval in a moment; decide again only if it is still pending without your vote.', {
    reason: 'decision_in_progress',
    headers: { 'Retry-After': '2' },
  });

/** Maps a refused or undeliverable Update to the API's answer (the validator's verdict, or the stored state). */
async function sendUpdate(services: Services, approval: ApprovalRow, name: string, arg: unknown): Promise<ApprovalView> {
  const client = await services.temporal.get();
  try {
    const answer = await updateWithin<ApprovalView>(client, approval.workflow_id, name, [arg]);
    if (answer === STILL_RUNNING) {
      services.log.warn({ approval_id: approval.id, update: name }, `approval update not answered within ${UPDATE_WAIT_MS} ms; answering 503`);
      throw decisionInProgress();
    }
    return answer;
  } catch (err) {
    if (err instanceof AppError) throw err;
    const cause = err instanceof WorkflowUpdateFailedError ? err.cause : null;
    if (cause instanceof ApplicationFailure) {
      switch (cause.type) {
        case APPROVAL_REFUSALS.initiatorCannotApprove:
          throw new AppError('EdgeForbidden', 'The initiator of the operation cannot approve it.', { reason: 'initiator_cannot_approve' });
        case APPROVAL_REFUSALS.partyAlreadyApproved:
          throw samePartyApproved(String((cause.details?.[0] as string | undefined) ?? ''));
        case APPROVAL_REFUSALS.notInitiator:
          throw new AppError('EdgeForbidden', 'Only the initiator of the operation can cancel its approval.', { reason: 'not_initiator' });
        case APPROVAL_REFUSALS.expired:
          throw notPending('expired');
        case APPROVAL_REFUSALS.notPending:
          throw notPending(String((cause.details?.[0] as string | undefined) ?? 'decided'));
      }
    }
    if (err instanceof WorkflowNotFoundError || cause) {
      const current = (await findApproval(services.sql, approval.id)) ?? approval;
      throw notPending(current.status === 'pending' ? 'decided' : current.status);
    }
    throw err;
  }
}

const samePartyApproved = (actorId: string) =>
  new AppError('EdgeForbidden', 'A decision through this service account already counts towards the quorum: one actor is one party, whoever it acts for.', {
    reason: 'same_party_already_approved',
    extensions: { actor_ref: `service-accounts/${actorId}` },
  });

/**
 * Who a decision counts as. A person who signed in themselves, or whose passkey assertion bound to this
 * approval proved them, counts as that person. A token a service account obtained (or carried) for
 * them is refused (403 `human_approval_required`, naming the actor) unless the enterprise's governance
 * setting `delegated_approvals` is on; then the actor is the party, so one actor is one vote.
 */
async function decidingParty(services: Services, caller: Caller, tokenProof: ActionTokenProof | undefined): Promise<{ party: string; proof: DecisionProof }> {
  if (caller.subject.kind !== 'user') {
    throw new AppError('EdgeForbidden', 'Only a person decides an approval; a service account cannot.', { reason: 'human_approval_required' });
  }
  if (caller.humanAuthenticated) return { party: caller.subject.id, proof: 'sign_in' };
  if (tokenProof === 'passkey') return { party: caller.subject.id, proof: 'passkey' };
  const actor = caller.actor!;
  if (!(await governanceSettings(services.sql, caller.enterpriseId)).delegated_approvals) {
    throw new AppError(
      'EdgeForbidden',
      `This token was obtained by service account ${actor.id} for the user: a decision counts only when the person authenticated themselves (console sign-in through the enterprise's identity provider) or answers a passkey challenge bound to this approval.`,
      { reason: 'human_approval_required', extensions: { actor_ref: `service-accounts/${actor.id}` } },
    );
  }
  return { party: actor.id, proof: 'delegated' };
}

/**
 * Approve or reject, as a human who authenticated themselves (`decidingParty`; 403
 * `human_approval_required`), never the barred initiator when approving, nor the actor it acted
 * through (403 `initiator_cannot_approve`), only an eligible approver (403 `not_an_eligible_approver`),
 * only while pending and unexpired (409). The governed workflow decides and answers through a validated
 * Update; the answer is the approval as it accepted it.
 */
export async function decideApproval(
  services: Services,
  caller: Caller,
  approvalId: string,
  verdict: ApprovalVote['verdict'],
  audit?: CarriedEntry,
  tokenProof?: ActionTokenProof,
  note?: string,
): Promise<ApprovalView> {
  const approval = await readApproval(services.sql, caller, approvalId, 'approvals.decide');
  const { party, proof } = await decidingParty(services, caller, tokenProof);
  if (approval.status !== 'pending') throw notPending(approval.status);
  const initiator = approval.initiated_by;
  const isInitiator = initiator.subject.id === caller.subject.id || initiator.subject.id === party || initiator.actor?.id === party;
  if (verdict === 'approve' && approval.requirement_snapshot.initiator_cannot_approve && isInitiator) {
    throw new AppError('EdgeForbidden', 'The initiator of the operation cannot approve it.', { reason: 'initiator_cannot_approve' });
  }
  if (!(await isEligibleApprover(services.sql, approval, caller.subject.id))) {
    throw new AppError('EdgeForbidden', 'The caller does not hold the approving role at this scope.', { reason: 'not_an_eligible_approver' });
  }
  // A compliance policy may forbid releasing what screening froze: then the decision can only reject.
  if (verdict === 'approve' && approval.requirement_snapshot.reason_code === COMPLIANCE_RELEASE_REASON && !(await compliancePolicy(services.sql, approval.enterprise_id)).overrides_allowed) {
    throw conflict('The compliance policy forbids overriding a screening: this decision can only reject.', 'compliance_override_forbidden');
  }
  const vote: ApprovalVote = { verdict, principal: caller.subject, party, proof, ...(note ? { note } : {}), attribution: caller.attribution(), auditEntry: audit?.entry };
  const decided = await sendUpdate(services, approval, APPROVAL_UPDATES.decide, vote);
  audit?.committed();
  return decided;
}

export type BulkDecisionResult = { approvalId: string; approval: ApprovalView } | { approvalId: string; error: AppError };

/**
 * Each approval decided as if alone (`decideApproval`: scope, eligibility, initiator bar, state), one
 * after the other in the order given; one refusal does not stop the others. `audit(id)` gives the entry
 * the decision carries. An unexpected failure of one item is logged and answered as that item's 500.
 */
export async function decideApprovalsInBulk(
  services: Services,
  caller: Caller,
  approvalIds: readonly string[],
  verdict: ApprovalVote['verdict'],
  audit: (approvalId: string) => CarriedEntry,
  tokenProof?: ActionTokenProof,
): Promise<BulkDecisionResult[]> {
  const results: BulkDecisionResult[] = [];
  for (const approvalId of approvalIds) {
    try {
      results.push({ approvalId, approval: await decideApproval(services, caller, approvalId, verdict, audit(approvalId), tokenProof) });
    } catch (err) {
      if (err instanceof AppError) results.push({ approvalId, error: err });
      else {
        services.log.error({ err, approval_id: approvalId }, 'bulk approval decision failed');
        results.push({ approvalId, error: new AppError('EdgeInternal', 'An internal error occurred; it has been logged with this request id.') });
      }
    }
  }
  return results;
}

/** The initiator withdraws a pending approval; the governed operation ends `cancelled`. */
export async function cancelApproval(services: Services, caller: Caller, approvalId: string, audit?: CarriedEntry): Promise<ApprovalView> {
  const approval = await readApproval(services.sql, caller, approvalId);
  if (approval.initiated_by.subject.id !== caller.subject.id) {
    throw new AppError('EdgeForbidden', 'Only the initiator of the operation can cancel its approval.', { reason: 'not_initiator' });
  }
  if (approval.status !== 'pending') throw notPending(approval.status);
  const cancellation: ApprovalCancellation = { principal: caller.subject, attribution: caller.attribution(), initiatorOnly: true, auditEntry: audit?.entry };
  const cancelled = await sendUpdate(services, approval, APPROVAL_UPDATES.cancel, cancellation);
  audit?.committed();
  return cancelled;
}

/**
 * Waits until the governed workflow has opened its approval (the creating POST answers after it), for
 * at most UPDATE_WAIT_MS: the record and its workflow are committed by then, and when the workflow's
 * activity is still waiting out a database failover the POST answers the record as committed (the
 * answer its Idempotency-Key replays) instead of outliving the client's timeout. Its `approval_ref`
 * then answers 404 until the workflow has opened it. Null when the wait ran out.
 */
export async function awaitApprovalOpened(services: Services, workflowId: string): Promise<ApprovalView | null> {
  const client = await services.temporal.get();
  const opened = await updateWithin<ApprovalView>(client, workflowId, APPROVAL_UPDATES.opened, []);
  if (opened !== STILL_RUNNING) return opened;
  services.log.warn({ workflow_id: workflowId }, `approval not opened within ${UPDATE_WAIT_MS} ms; answering the committed record`);
  return null;
}
