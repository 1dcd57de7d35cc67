import { ApplicationFailure, CancellationScope, condition, defineUpdate, proxyActivities, setHandler } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { PrincipalRef } from '../src/auth/caller';
import type { ApprovalView } from '../src/domain/approvals/approvals';
import {
  APPROVAL_REFUSALS,
  APPROVAL_UPDATES,
  type ApprovalCancellation,
  type ApprovalDecision,
  type ApprovalOutcome,
  type ApprovalResult,
  type ApprovalSpec,
  type ApprovalVote,
  type ApproverRef,
} from '../src/domain/approvals/messages';

/** The party a vote counts as: the person, or the actor of a counted delegated decision. */
const partyOf = (vote: ApprovalVote) => vote.party ?? vote.principal.id;

const { openApproval, recordApprovalChange } = proxyActivities<Activities>({
  // Short: after a worker crash, an activity it was running is retried once this passes.
  startToCloseTimeout: '10 seconds',
  retry: { initialInterval: '200 milliseconds', maximumInterval: '10 seconds' },
});

export const decideUpdate = defineUpdate<ApprovalView, [ApprovalVote]>(APPROVAL_UPDATES.decide);
export const cancelApprovalUpdate = defineUpdate<ApprovalView, [ApprovalCancellation]>(APPROVAL_UPDATES.cancel);
export const approvalOpenedUpdate = defineUpdate<ApprovalView, []>(APPROVAL_UPDATES.opened);

/**
 * Human approval inside any governed workflow (withdrawals, conversions, transfers, off-ramps):
 * opens the approval, takes decisions as validated Updates, and expires on a durable timer.
 *
 *   const gate = new ApprovalGate(spec);
 *   const result = await gate.run();          // approved | rejected | expired | cancelled
 *
 * The validators refuse, without a trace in history, what the state forbids: a decided or expired
 * approval (409), the barred initiator (403). Eligibility (the approving role at the scope) is
 * checked by the HTTP side before the Update is sent: it needs the database.
 */
export class ApprovalGate {
  private outcome: ApprovalOutcome | undefined;
  /** By party: one actor deciding for several people is one approver. */
  private readonly approvers = new Map<string, ApproverRef>();
  private decidedBy: PrincipalRef | null = null;
  private opened: ApprovalView | undefined;
  private expiresAtMs = Number.POSITIVE_INFINITY;

  constructor(private readonly spec: ApprovalSpec) {
    setHandler(approvalOpenedUpdate, async () => {
      await condition(() => this.opened !== undefined);
      return this.opened!;
    });
    setHandler(decideUpdate, (vote) => this.decide(vote), { validator: (vote) => this.assertDecidable(vote) });
    setHandler(cancelApprovalUpdate, (c) => this.cancel(c), { validator: (c) => this.assertCancellable(c) });
  }

  get pending(): boolean {
    return this.outcome === undefined;
  }

  private assertOpen(): void {
    if (this.outcome !== undefined) throw ApplicationFailure.create({ type: APPROVAL_REFUSALS.notPending, message: `approval is ${this.outcome}`, details: [this.outcome] });
    if (Date.now() >= this.expiresAtMs) throw ApplicationFailure.create({ type: APPROVAL_REFUSALS.expired, message: 'approval has expired' });
  }

  private assertDecidable(vote: ApprovalVote): void {
    this.assertOpen();
    if (vote.verdict !== 'approve') return;
    // The initiator is its person and the actor it acted through: neither approves its own operation.
    const initiator = this.spec.initiatedBy;
    const party = partyOf(vote);
    const isInitiator = vote.principal.id === initiator.subject.id || party === initiator.subject.id || party === initiator.actor?.id;
    if (this.spec.requirement.initiator_cannot_approve && isInitiator) {
      throw ApplicationFailure.create({ type: APPROVAL_REFUSALS.initiatorCannotApprove, message: 'the initiator cannot approve' });
    }
    const counted = this.approvers.get(party);
    if (counted && counted.id !== vote.principal.id) {
      throw ApplicationFailure.create({ type: APPROVAL_REFUSALS.partyAlreadyApproved, message: 'another person behind the same actor already approved', details: [party] });
    }
  }

  private assertCancellable(c: ApprovalCancellation): void {
    this.assertOpen();
    if (c.initiatorOnly && c.principal.id !== this.spec.initiatedBy.subject.id) {
      throw ApplicationFailure.create({ type: APPROVAL_REFUSALS.notInitiator, message: 'only the initiator can cancel' });
    }
  }

  private settle(outcome: ApprovalOutcome, by: PrincipalRef | null): ApprovalDecision {
    this.outcome = outcome;
    this.decidedBy = by;
    return { outcome, decided_at: new Date().toISOString(), decided_by: by, approved_by: [...this.approvers.values()] };
  }

  /** The state changes synchronously (so concurrent Updates see it); the activity then persists it. */
  private async decide(vote: ApprovalVote): Promise<ApprovalView> {
    let decision: ApprovalDecision | null = null;
    if (vote.verdict === 'reject') decision = this.settle('rejected', vote.principal);
    else {
      const party = partyOf(vote);
      if (!this.approvers.has(party)) this.approvers.set(party, { ...vote.principal, actor: vote.attribution.actor ?? null });
      if (this.approvers.size >= this.spec.requirement.required_human_approvals) decision = this.settle('approved', vote.principal);
    }
    await condition(() => this.opened !== undefined);
    return recordApprovalChange({ approvalId: this.spec.approvalId, vote, decision, attribution: vote.attribution, auditEntry: vote.auditEntry });
  }

  /** Also called by the governed workflow's own cancel (e.g. POST /withdrawals/{id}/cancel). */
  async cancel(c: ApprovalCancellation): Promise<ApprovalView> {
    const decision = this.settle('cancelled', c.principal);
    await condition(() => this.opened !== undefined);
    return recordApprovalChange({ approvalId: this.spec.approvalId, vote: null, decision, attribution: c.attribution, auditEntry: c.auditEntry });
  }

  /** Closes a still-pending approval as cancelled by nobody: the governed workflow itself was cancelled. */
  async abandon(): Promise<void> {
    if (!this.pending || this.opened === undefined) return;
    const decision = this.settle('cancelled', null);
    await recordApprovalChange({ approvalId: this.spec.approvalId, vote: null, decision, attribution: null });
  }

  /** Opens the approval and waits for the quorum, a rejection, a cancellation or the expiry timer. */
  async run(): Promise<ApprovalResult> {
    const ttlMs = this.spec.requirement.approval_ttl_seconds * 1000;
    const expiresAt = new Date(Date.now() + ttlMs);
    this.expiresAtMs = expiresAt.getTime();
    this.opened = await openApproval(this.spec, expiresAt.toISOString());
    const decided = await condition(() => this.outcome !== undefined, ttlMs);
    if (!decided) {
      const decision = this.settle('expired', null);
      await CancellationScope.nonCancellable(() => recordApprovalChange({ approvalId: this.spec.approvalId, vote: null, decision, attribution: null }));
    }
    return { outcome: this.outcome!, approvedBy: [...this.approvers.values()], decidedBy: this.decidedBy };
  }
}
