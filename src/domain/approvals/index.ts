/**
 * Approvals of governed operations, reusable by every family. The approval lives in the governed
 * record's own workflow (`withdrawal/<id>`, `conversion/<id>`, ...), run by `ApprovalGate` from
 * workflows/approval.ts; the HTTP routes (/approvals/...) find the workflow by the approval's
 * `workflow_id` and send the decision as a validated Temporal Update. Recipe (docs/governed-money.md):
 *
 *   route, in the creating transaction:   approvalId = uuidv7(); store it as the record's approval_id
 *   route, after commit and start:        if approval: await awaitApprovalOpened(services, workflowId)
 *   workflow:                             const gate = new ApprovalGate(approvalSpecOf({...}));
 *                                         const result = await gate.run();   // approved | rejected | expired | cancelled
 *   the record's own cancel Update:       if (gate.pending) await gate.cancel({ principal, attribution, initiatorOnly: false })
 *
 * The gate's activities (openApproval, recordApprovalChange) are registered by activities/approvals.ts.
 */
export {
  APPROVAL_REFUSALS,
  APPROVAL_UPDATES,
  type ApprovalCancellation,
  type ApprovalDecision,
  type ApprovalOutcome,
  type ApprovalResult,
  type ApprovalSpec,
  type ApprovalStatus,
  type ApprovalVote,
} from './messages';
export { approvalSpecOf } from './spec';
export {
  eligibleApprovers,
  findApproval,
  isEligibleApprover,
  listApprovals,
  presentApproval,
  readApproval,
  viewApproval,
  type ApprovalRow,
  type ApprovalView,
} from './approvals';
export { awaitApprovalOpened, cancelApproval, decideApproval, decideApprovalsInBulk, type BulkDecisionResult } from './decisions';
export { cancelAwaitingApproval, cancelThroughWorkflow, startGovernedWorkflow, type GovernedStart } from './operations';
export { APPROVAL_EVENTS, APPROVAL_STATUSES, ApprovalBody } from './events';
