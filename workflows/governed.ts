import { ApplicationFailure, CancellationScope, allHandlersFinished, condition, defineUpdate, patched, setHandler, upsertSearchAttributes } from '@temporalio/workflow';
import type { PrincipalRef, SubjectAttribution } from '../src/auth/caller';
import type { ApprovalCancellation, ApprovalSpec } from '../src/domain/approvals/messages';
import { SA } from '../src/temporal/search-attributes';
import { ApprovalGate } from './approval';

/** Tags the workflow with the search attributes; returns the setter of CounterfoilStatus. */
export function tagGoverned(family: string, input: { enterpriseId: string; clientId: string | null; accountRef: string }, initialStatus: string) {
  upsertSearchAttributes([
    { key: SA.enterprise, value: input.enterpriseId },
    { key: SA.account, value: input.accountRef },
    { key: SA.family, value: family },
    { key: SA.status, value: initialStatus },
    ...(input.clientId ? [{ key: SA.client, value: input.clientId }] : []),
  ]);
  return (status: string) => {
    upsertSearchAttributes([{ key: SA.status, value: status }]);
    return status;
  };
}

export interface ApprovalStep {
  approval: ApprovalSpec;
  /** The record's own cancel Update (args [ApprovalCancellation], answers the final status). */
  cancelUpdate: string;
  /** ApplicationFailure type its validator refuses with once the approval has been decided. */
  notCancellable: string;
  /** Sets CounterfoilStatus. */
  status: (status: string) => string;
  /** Runs the operation once approved; returns its final status. */
  approved: (approvedBy: PrincipalRef[]) => Promise<string | null>;
  /** Ends it without moving money (hold released, once); returns the status after. */
  released: (outcome: 'rejected' | 'expired' | 'cancelled', cancelledBy: SubjectAttribution | null) => Promise<string | null>;
}

/** Executions from this change on wait for their Update handlers before ending; earlier histories replay as they ran. */
export const HANDLERS_FINISH_PATCH = 'governed-handlers-finish';

/**
 * A governed record awaiting approval in its own workflow (conversions, internal transfers,
 * off-ramps): runs the ApprovalGate and answers the record's cancel Update while the approval is
 * pending; approved → `approved(...)`, otherwise `released(...)` in a non-cancellable scope.
 */
export async function underApproval(step: ApprovalStep): Promise<string> {
  const gate = new ApprovalGate(step.approval);
  let finished: string | undefined;
  let cancelledBy: SubjectAttribution | null = null;
  setHandler(
    defineUpdate<string, [ApprovalCancellation]>(step.cancelUpdate),
    async (c) => {
      cancelledBy = c.attribution;
      await gate.cancel(c);
      await condition(() => finished !== undefined);
      return finished!;
    },
    {
      validator: (_c: ApprovalCancellation) => {
        if (!gate.pending) throw ApplicationFailure.create({ type: step.notCancellable, message: 'the approval has been decided' });
      },
    },
  );

  const result = await gate.run();
  let final: string | null;
  if (result.outcome === 'approved') final = await step.approved(result.approvedBy);
  else {
    const outcome = result.outcome;
    final = await CancellationScope.nonCancellable(() => step.released(outcome, outcome === 'cancelled' ? cancelledBy : null));
  }
  finished = final ?? 'missing';
  step.status(finished);
  // A decision's Update is still recording it (recordApprovalChange) while a quick release may already be
  // done: ending now would fail that Update, and its caller would get a 409 for a decision that took effect.
  if (patched(HANDLERS_FINISH_PATCH)) await condition(allHandlersFinished);
  return finished;
}
