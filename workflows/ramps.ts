import { condition, defineSignal, patched, proxyActivities, setHandler, sleep } from '@temporalio/workflow';
import type { Activities } from '../activities';
import {
  OFF_RAMP_AWAITING_PROVIDER_PATCH,
  OFF_RAMP_CANCEL_UPDATE,
  OFF_RAMP_NOT_CANCELLABLE,
  OFF_RAMP_PAYOUT_RAIL_PATCH,
  OFF_RAMP_PAYOUT_SIGNAL,
  ON_RAMP_PAYMENT_SIGNAL,
  RAMP_CANCELLED_SIGNAL,
  type OffRampWorkflowInput,
  type OnRampWorkflowInput,
} from '../src/domain/ramps/messages';
import { tagGoverned, underApproval } from './governed';
import { quickThenPatient } from './providers';
import { versioned } from './versioning';

const acts = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '200 milliseconds', maximumInterval: '10 seconds' },
});

// Under OFF_RAMP_AWAITING_PROVIDER_PATCH: a few quick attempts at the payout's provider, then the
// workflow shows whom it waits for and retries through `acts` (its attempts visible in the UI) without end.
const quickly = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '200 milliseconds', maximumInterval: '10 seconds', maximumAttempts: 3 },
});

export const paymentReceivedSignal = defineSignal(ON_RAMP_PAYMENT_SIGNAL);
export const rampCancelledSignal = defineSignal(RAMP_CANCELLED_SIGNAL);
export const offRampPayoutSignal = defineSignal(OFF_RAMP_PAYOUT_SIGNAL);

/**
 * Workflow id `on-ramp/<id>`: requested → awaiting_payment, then waits (durable timer up to
 * `expiresAt`) for the sandbox bank's payment or a cancellation (both already recorded in the row,
 * then signalled); unpaid at expiry → expired. Paid → converting → completed (asset credited).
 */
export async function onRampWorkflow(input: OnRampWorkflowInput): Promise<string> {
  const status = tagGoverned('on_ramp', input, 'requested');
  let woken = false;
  setHandler(paymentReceivedSignal, () => void (woken = true));
  setHandler(rampCancelledSignal, () => void (woken = true));

  let current = status(await acts.activateOnRamp(input.sessionId));
  if (current === 'awaiting_payment') {
    const paidOrCancelled = await condition(() => woken, Math.max(Date.parse(input.expiresAt) - Date.now(), 1));
    current = status(paidOrCancelled ? await acts.onRampStatus(input.sessionId) : await acts.expireOnRamp(input.sessionId));
  }
  if (current === 'payment_received') current = status(await acts.convertOnRamp(input.sessionId));
  if (current === 'converting') current = status(await acts.completeOnRamp(input.sessionId));
  return current;
}

/**
 * Workflow id `off-ramp/<id>` (the asset is already held): requested → converting (rate fixed) →
 * payout_sent (the bank rail's provider accepts; hold posted, fiat booked out) → completed when the
 * provider confirms, asked after its `checkAfterMs` or at once when its event signals; failed (fiat
 * credited back) when it reports the payout returned. A rejection or a cancellation before the payout
 * releases the hold. While the payout's provider keeps failing (submission or outcome), the workflow
 * carries `CounterfoilAwaitingProvider = <provider>`, removed once it answers. When a policy rule
 * requires approval, the session first waits in `pending_approval` on the ApprovalGate: approved →
 * requested and on as above; rejected | expired | cancelled → hold released.
 */
export async function offRampWorkflow(input: OffRampWorkflowInput): Promise<string> {
  const status = tagGoverned('off_ramp', input, input.approval ? 'pending_approval' : 'requested');
  setHandler(rampCancelledSignal, () => undefined);
  let reported = false;
  setHandler(offRampPayoutSignal, () => void (reported = true));
  const payOut = async (): Promise<string> => {
    let current = status(await acts.convertOffRamp(input.sessionId));
    if (current !== 'converting') return current;
    if (!patched(OFF_RAMP_PAYOUT_RAIL_PATCH)) {
      current = status(await acts.sendOffRampPayout(input.sessionId));
      if (current === 'payout_sent') {
        await sleep(input.payoutSettleMs);
        current = status(await acts.completeOffRamp(input.sessionId));
      }
      return current;
    }
    const awaiting = patched(OFF_RAMP_AWAITING_PROVIDER_PATCH);
    const submit = () => acts.submitOffRampPayout(input.sessionId);
    const outcome = () => acts.offRampPayoutOutcome(input.sessionId);
    let step = awaiting ? await quickThenPatient(() => quickly.submitOffRampPayout(input.sessionId), submit) : await submit();
    current = status(step.status);
    while (current === 'payout_sent') {
      if (step.checkAfterMs > 0) await condition(() => reported, step.checkAfterMs);
      reported = false;
      step = awaiting ? await quickThenPatient(() => quickly.offRampPayoutOutcome(input.sessionId), outcome) : await outcome();
      current = status(step.status);
    }
    return current;
  };
  if (!input.approval) return payOut();
  return underApproval({
    approval: input.approval,
    cancelUpdate: OFF_RAMP_CANCEL_UPDATE,
    notCancellable: OFF_RAMP_NOT_CANCELLABLE,
    status,
    approved: async (approvedBy) => {
      const current = status(await acts.approveOffRamp(input.sessionId, approvedBy));
      return current === 'requested' ? payOut() : current;
    },
    released: (outcome, cancelledBy) => acts.releaseOffRamp(input.sessionId, outcome, cancelledBy),
  });
}

versioned('PINNED', onRampWorkflow);
versioned('PINNED', offRampWorkflow);
