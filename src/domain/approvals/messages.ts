import type { PrincipalRef, SubjectAttribution } from '../../auth/caller';
import type { ActionFamily, ApprovalRequirement } from '../policies/engine';
import type { EntryRecord } from '../audit/entries';

/*
 * What a governed workflow and the approval routes exchange. Imported by workflows (types and
 * string constants only: it must stay free of runtime dependencies) and by the HTTP side.
 */

/** Temporal Update names a workflow running an ApprovalGate answers. */
export const APPROVAL_UPDATES = {
  /** Args [ApprovalVote] → ApprovalView. */
  decide: 'approval.decide',
  /** Args [ApprovalCancellation] → ApprovalView. */
  cancel: 'approval.cancel',
  /** No args → ApprovalView once the approval row exists (so a POST can answer with it). */
  opened: 'approval.opened',
} as const;

/** ApplicationFailure types the update validators refuse with; the HTTP side maps them to statuses. */
export const APPROVAL_REFUSALS = {
  notPending: 'ApprovalNotPending',
  expired: 'ApprovalExpired',
  initiatorCannotApprove: 'InitiatorCannotApprove',
  notInitiator: 'NotApprovalInitiator',
  /** Another person behind the same actor already approved: one actor is one party. */
  partyAlreadyApproved: 'PartyAlreadyApproved',
} as const;

export type ApprovalStatus = 'pending' | 'approved' | 'rejected' | 'expired' | 'cancelled';
export type ApprovalOutcome = Exclude<ApprovalStatus, 'pending'>;

/** Everything the workflow needs to open and run one approval. */
/** What else waits for approval besides the money families: changes of the policy itself (governance/changes.ts). */
export const GOVERNANCE_FAMILIES = ['policy_change', 'withdrawal_destination'] as const;
export type GovernanceFamily = (typeof GOVERNANCE_FAMILIES)[number];

export interface ApprovalSpec {
  approvalId: string;
  actionFamily: ActionFamily | GovernanceFamily;
  /** `withdrawals/<id>`: the governed record. */
  governedRef: string;
  operationId: string;
  /** The governed workflow's id, where decisions are sent as Updates. */
  workflowId: string;
  enterpriseId: string;
  /** Ancestry of the governed account, enterprise first. */
  scopePath: string[];
  initiatedBy: SubjectAttribution;
  requirement: ApprovalRequirement;
}

/** A person who approved, with the service account they decided through (null: they authenticated themselves). */
export type ApproverRef = PrincipalRef & { actor?: PrincipalRef | null };

/** How a decision's human was established: their own sign-in, a passkey assertion, or a counted delegate. */
export type DecisionProof = 'sign_in' | 'passkey' | 'delegated';

export interface ApprovalVote {
  verdict: 'approve' | 'reject';
  principal: PrincipalRef;
  /**
   * Who the vote counts as for the quorum and the initiator bar: the person, or for a delegated decision
   * the actor (one actor is one party, whoever it acts for). Absent in histories before it existed: the principal.
   */
  party?: string;
  proof?: DecisionProof;
  /** The rejecting reason or the approving comment the person gave (absent: none). */
  note?: string;
  attribution: SubjectAttribution;
  /** The request's success audit entry, committed with the vote (audit/entries carriedEntry). */
  auditEntry?: EntryRecord;
}

export interface ApprovalCancellation {
  principal: PrincipalRef;
  attribution: SubjectAttribution;
  /** Whether the caller must be the initiator (approval cancel) or not (the governed record's own cancel). */
  initiatorOnly: boolean;
  /**
   * The request's success audit entry, committed with the approval's cancellation (audit/entries
   * carriedEntry): the approval cancel's, or the governed record's own cancel's (its cancel Update).
   */
  auditEntry?: EntryRecord;
}

export interface ApprovalDecision {
  outcome: ApprovalOutcome;
  decided_at: string;
  /** Who made the decisive move (the last approver, the rejecter, the canceller); null on expiry. */
  decided_by: PrincipalRef | null;
  approved_by: ApproverRef[];
}

/** What the gate returns to its workflow. */
export interface ApprovalResult {
  outcome: ApprovalOutcome;
  approvedBy: ApproverRef[];
  decidedBy: PrincipalRef | null;
}
