import type { PrincipalRef, SubjectAttribution } from '../../auth/caller';
import type { ApprovalSpec } from '../approvals/messages';
import type { EntryRecord } from '../audit/entries';

/*
 * What the `withdrawal/<id>` workflow and the API exchange. Imported by workflows: constants and
 * types only, no runtime dependencies.
 */

/** Workflow type (the exported function's name in workflows/): the API starts it by this name. */
export const WITHDRAWAL_WORKFLOW = 'withdrawalWorkflow';

export const withdrawalWorkflowId = (id: string) => `withdrawal/${id}`;

export interface WithdrawalWorkflowInput {
  withdrawalId: string;
  enterpriseId: string;
  clientId: string | null;
  accountRef: string;
  /** Present when the policy decision requires approval. */
  approval: ApprovalSpec | null;
  /** How long the local activity may wait for the rail's confirmation (default DEFAULT_CONFIRM_INLINE_MS of the workflow). */
  confirmInlineMs?: number;
}

/** Signal to `withdrawal/<id>`: the rail's provider reported a change; the workflow asks the outcome now instead of at its next check. */
export const WITHDRAWAL_RAIL_SIGNAL = 'rail.outcomeReported';

/**
 * ApplicationFailure type of an activity whose outside provider failed (unreachable, timed out,
 * answered outside the protocol, or no active connector is registered); details [provider name].
 * Retryable: the workflow (a withdrawal's, an off-ramp's payout) marks itself awaiting that provider
 * and keeps retrying.
 */
export const PROVIDER_UNAVAILABLE = 'ProviderUnavailable';

/** ApplicationFailure type of a withdrawal activity given an id with no withdrawal row: not retried. */
export const WITHDRAWAL_NOT_FOUND = 'WithdrawalNotFound';
/** ApplicationFailure type of submitting a withdrawal that is not `executing` (someone else moved it): not retried. */
export const WITHDRAWAL_NOT_EXECUTING = 'WithdrawalNotExecuting';

/** Update a `withdrawal/<id>` workflow answers until the withdrawal is submitted (args [WithdrawalCancellation] → the WithdrawalStatus it ended in). */
export const WITHDRAWAL_CANCEL_UPDATE = 'withdrawal.cancel';
/** ApplicationFailure type of the cancel Update's validator once the withdrawal is past cancellation. */
export const WITHDRAWAL_NOT_CANCELLABLE = 'WithdrawalNotCancellable';

export interface WithdrawalCancellation {
  principal: PrincipalRef;
  attribution: SubjectAttribution;
  /**
   * The request's success audit entry (audit/entries carriedEntry): committed with the approval's
   * cancellation while the approval is pending, else with the release the cancel asked for.
   */
  auditEntry?: EntryRecord;
}
