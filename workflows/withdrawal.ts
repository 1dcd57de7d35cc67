import {
  ApplicationFailure,
  CancellationScope,
  allHandlersFinished,
  condition,
  defineSignal,
  defineUpdate,
  isCancellation,
  patched,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
  upsertSearchAttributes,
} from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { EntryRecord } from '../src/domain/audit/entries';
import {
  WITHDRAWAL_CANCEL_UPDATE,
  WITHDRAWAL_NOT_CANCELLABLE,
  WITHDRAWAL_NOT_EXECUTING,
  WITHDRAWAL_NOT_FOUND,
  WITHDRAWAL_RAIL_SIGNAL,
  type WithdrawalCancellation,
  type WithdrawalWorkflowInput,
} from '../src/domain/withdrawals/messages';
import type { ReleaseOutcome } from '../src/domain/withdrawals/model';
import type { WithdrawalStatus } from '../src/domain/withdrawals/events';
import { SA } from '../src/temporal/search-attributes';
import { SCREENING_VERDICT_SIGNAL, WITHDRAWAL_SCREENING_PATCH, type WithdrawalScreeningStep } from '../src/domain/screening/messages';
import { ApprovalGate } from './approval';
import { quickThenPatient } from './providers';
import { versioned } from './versioning';

// Retrying brings back no missing withdrawal and moves none into `executing`: every proxy below stops on these.
const NOT_RETRIED = [WITHDRAWAL_NOT_FOUND, WITHDRAWAL_NOT_EXECUTING];

const { markWithdrawalExecuting, submitWithdrawal, withdrawalRailOutcome, settleWithdrawal, releaseWithdrawal } = proxyActivities<Activities>({
  // Short: after a worker crash, an activity it was running is retried once this passes.
  startToCloseTimeout: '10 seconds',
  retry: { initialInterval: '100 milliseconds', maximumInterval: '10 seconds', nonRetryableErrorTypes: NOT_RETRIED },
});

// Submission, confirmation and settlement as one local activity: no activity tasks, and a withdrawal on
// a rail that confirms at once completes in its first workflow task (recorded as a marker).
const { executeWithdrawal } = proxyLocalActivities<Activities>({
  startToCloseTimeout: '10 seconds',
  retry: { initialInterval: '100 milliseconds', maximumInterval: '10 seconds', nonRetryableErrorTypes: NOT_RETRIED },
});

// Under AWAITING_PROVIDER_PATCH: a few quick attempts at the provider, then the workflow shows whom it
// waits for and retries as an ordinary activity (its attempts and last failure visible in the UI) without end.
const QUICK_ATTEMPTS = { startToCloseTimeout: '10 seconds', retry: { initialInterval: '100 milliseconds', maximumInterval: '10 seconds', maximumAttempts: 3, nonRetryableErrorTypes: NOT_RETRIED } } as const;
const { executeWithdrawal: executeWithdrawalQuickly } = proxyLocalActivities<Activities>(QUICK_ATTEMPTS);
const { withdrawalRailOutcome: railOutcomeQuickly } = proxyActivities<Activities>(QUICK_ATTEMPTS);
const { executeWithdrawal: executeWithdrawalPatiently } = proxyActivities<Activities>({
  startToCloseTimeout: '10 seconds',
  retry: { initialInterval: '100 milliseconds', maximumInterval: '10 seconds', nonRetryableErrorTypes: NOT_RETRIED },
});

// Screening as a local activity (no activity task for a provider that answers at once), then patiently while the provider fails.
const { screenWithdrawal: screenWithdrawalQuickly } = proxyLocalActivities<Activities>(QUICK_ATTEMPTS);
const { screenWithdrawal: screenWithdrawalPatiently, concludeWithdrawalScreening, complianceDecisionSpec, releaseFromCompliance } = proxyActivities<Activities>({
  startToCloseTimeout: '10 seconds',
  retry: { initialInterval: '100 milliseconds', maximumInterval: '10 seconds', nonRetryableErrorTypes: NOT_RETRIED },
});

/** New executions mark themselves `CounterfoilAwaitingProvider` while the rail's provider keeps failing. */
export const AWAITING_PROVIDER_PATCH = 'withdrawal-awaiting-provider';

/** New executions submit through the local activity; histories recorded before it replay the three activities. */
export const LOCAL_EXECUTION_PATCH = 'withdrawal-local-execution';
/** A rail confirming within this is awaited inside the local activity; a slower one gets a durable timer. */
export const DEFAULT_CONFIRM_INLINE_MS = 1000;

export const cancelWithdrawalUpdate = defineUpdate<WithdrawalStatus, [WithdrawalCancellation]>(WITHDRAWAL_CANCEL_UPDATE);
export const railOutcomeReportedSignal = defineSignal(WITHDRAWAL_RAIL_SIGNAL);
export const screeningVerdictSignal = defineSignal(SCREENING_VERDICT_SIGNAL);

type Phase = 'approval' | 'ready' | 'compliance' | 'submitting' | 'finished';

/**
 * Workflow `withdrawal/<id>`: approval (when the policy asked for one, with its expiry timer) →
 * screening (under WITHDRAWAL_SCREENING_PATCH) → submission to the rail → confirmation → settlement; or release of the hold, exactly once, on
 * rejection, expiry, cancellation or rail failure. The hold was placed when the withdrawal was
 * accepted; releasing it is the one compensation, run in a non-cancellable scope.
 */
export async function withdrawalWorkflow(input: WithdrawalWorkflowInput): Promise<WithdrawalStatus> {
  const status = (value: WithdrawalStatus) => upsertSearchAttributes([{ key: SA.status, value }]);
  upsertSearchAttributes([
    { key: SA.enterprise, value: input.enterpriseId },
    { key: SA.account, value: input.accountRef },
    { key: SA.family, value: 'withdrawal' },
    { key: SA.status, value: input.approval ? 'pending_approval' : 'executing' },
    ...(input.clientId ? [{ key: SA.client, value: input.clientId }] : []),
  ]);

  let phase: Phase = input.approval ? 'approval' : 'ready';
  let cancelRequested = false;
  /** The audit entry of the cancel that set cancelRequested; its release commits it. */
  let cancelEntry: EntryRecord | undefined;
  let final: WithdrawalStatus | undefined;
  const gate = input.approval ? new ApprovalGate(input.approval) : undefined;
  // The rail's provider reported a change (its connector's event): ask the outcome without waiting out the check interval.
  let reported = false;
  setHandler(railOutcomeReportedSignal, () => void (reported = true));
  // A pending screening's verdict was recorded: conclude the screening before its timer fires.
  let verdictRecorded = false;
  setHandler(screeningVerdictSignal, () => void (verdictRecorded = true));

  setHandler(
    cancelWithdrawalUpdate,
    async (c) => {
      if (gate?.pending) await gate.cancel({ ...c, initiatorOnly: false });
      else {
        cancelRequested = true;
        cancelEntry = c.auditEntry;
      }
      await condition(() => final !== undefined);
      return final!;
    },
    {
      validator: (_c: WithdrawalCancellation) => {
        if (phase === 'approval' || (phase === 'ready' && !cancelRequested)) return;
        throw ApplicationFailure.create({ type: WITHDRAWAL_NOT_CANCELLABLE, message: `withdrawal is past cancellation (${phase})`, details: [phase] });
      },
    },
  );

  const release = async (outcome: ReleaseOutcome, reason: string, auditEntry?: EntryRecord): Promise<WithdrawalStatus> => {
    phase = 'finished';
    const released = (await CancellationScope.nonCancellable(() => releaseWithdrawal(input.withdrawalId, outcome, reason, auditEntry))) as WithdrawalStatus | { status: WithdrawalStatus };
    // Histories recorded before the activity answered only the status hold the whole withdrawal.
    final = typeof released === 'string' ? released : released.status;
    status(final);
    return final;
  };

  /**
   * Screening (docs/compliance.md): a pending verdict is waited for on a durable timer (the policy's
   * timeout); a freeze waits for a compliance decision through the approval machinery. Answers the
   * final status when screening ended the withdrawal, else nothing (it proceeds to execution).
   */
  const screenBeforeExecution = async (): Promise<WithdrawalStatus | undefined> => {
    let step: WithdrawalScreeningStep = await quickThenPatient(() => screenWithdrawalQuickly(input.withdrawalId), () => screenWithdrawalPatiently(input.withdrawalId));
    // A wake-up that finds the screening still pending waits out the rest of its time.
    while (step.step === 'pending') {
      const arrived = await condition(() => verdictRecorded, step.timeoutMs);
      verdictRecorded = false;
      step = await concludeWithdrawalScreening(input.withdrawalId, !arrived);
    }
    if (step.step === 'finished') {
      phase = 'finished';
      final = step.final as WithdrawalStatus;
      status(final);
      return final;
    }
    if (step.step !== 'frozen') return undefined;
    phase = 'compliance';
    status('pending_compliance');
    const decision = await new ApprovalGate(await complianceDecisionSpec(input.withdrawalId)).run();
    if (decision.outcome !== 'approved') return release('failed', decision.outcome === 'rejected' ? 'screening_rejected' : `compliance_decision_${decision.outcome}`);
    await releaseFromCompliance(input.withdrawalId, decision.approvedBy);
    phase = 'ready';
    status('executing');
    return undefined;
  };

  const run = async (): Promise<WithdrawalStatus> => {
    if (gate) {
      const result = await gate.run();
      if (result.outcome !== 'approved') return release(result.outcome, `approval_${result.outcome}`);
      phase = 'ready';
      await markWithdrawalExecuting(input.withdrawalId, result.approvedBy);
      status('executing');
    }
    if (cancelRequested) return release('cancelled', 'cancelled_by_request', cancelEntry);
    if (patched(WITHDRAWAL_SCREENING_PATCH)) {
      const screened = await screenBeforeExecution();
      if (screened) return screened;
      if (cancelRequested) return release('cancelled', 'cancelled_by_request', cancelEntry);
    }
    phase = 'submitting';
    // Past this point money may be on its way: finish in a non-cancellable scope.
    return CancellationScope.nonCancellable(async () => {
      let wait: number;
      let awaiting = false;
      if (patched(LOCAL_EXECUTION_PATCH)) {
        const inlineMs = input.confirmInlineMs ?? DEFAULT_CONFIRM_INLINE_MS;
        awaiting = patched(AWAITING_PROVIDER_PATCH);
        const executed = awaiting
          ? await quickThenPatient(() => executeWithdrawalQuickly(input.withdrawalId, inlineMs), () => executeWithdrawalPatiently(input.withdrawalId, inlineMs))
          : await executeWithdrawal(input.withdrawalId, inlineMs);
        if (executed.status === 'finished') {
          phase = 'finished';
          status(executed.final);
          return executed.final;
        }
        wait = executed.checkAfterMs;
      } else {
        const submitted = await submitWithdrawal(input.withdrawalId);
        if (submitted.status === 'rejected') return release('failed', submitted.reason);
        wait = submitted.checkAfterMs;
      }
      for (;;) {
        // A timer as before; a report cuts it short.
        if (wait > 0) await condition(() => reported, wait);
        reported = false;
        const outcome = awaiting
          ? await quickThenPatient(() => railOutcomeQuickly(input.withdrawalId), () => withdrawalRailOutcome(input.withdrawalId))
          : await withdrawalRailOutcome(input.withdrawalId);
        if (outcome.status === 'failed') return release('failed', outcome.reason);
        if (outcome.status === 'confirmed') break;
        wait = outcome.checkAfterMs;
      }
      const settled = await settleWithdrawal(input.withdrawalId);
      phase = 'finished';
      status(settled);
      return settled;
    });
  };

  let result: WithdrawalStatus;
  try {
    result = await run();
  } catch (err) {
    if (!isCancellation(err) || (phase as Phase) === 'finished') throw err;
    // The workflow itself was cancelled (an operator) before submission: close the approval, release the hold.
    await CancellationScope.nonCancellable(() => gate?.abandon() ?? Promise.resolve());
    // A cancel request accepted meanwhile (cancelEntry) is answered by this release: its entry commits with it.
    result = await release('cancelled', 'workflow_cancelled', cancelEntry);
  }
  await condition(allHandlersFinished);
  return result;
}

versioned('PINNED', withdrawalWorkflow);
