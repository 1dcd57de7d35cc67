import { condition, defineSignal, proxyActivities, setHandler, sleep, upsertSearchAttributes } from '@temporalio/workflow';
import type { Activities } from '../activities';
import {
  ON_RAMP_PAYMENT_SIGNAL,
  RAMP_CANCELLED_SIGNAL,
  type OffRampWorkflowInput,
  type OnRampWorkflowInput,
} from '../src/domain/ramps/messages';
import { SA } from '../src/temporal/search-attributes';

const acts = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '200 milliseconds', maximumInterval: '10 seconds' },
});

export const paymentReceivedSignal = defineSignal(ON_RAMP_PAYMENT_SIGNAL);
export const rampCancelledSignal = defineSignal(RAMP_CANCELLED_SIGNAL);

function tag(family: string, input: { enterpriseId: string; clientId: string | null; accountRef: string }) {
  upsertSearchAttributes([
    { key: SA.enterprise, value: input.enterpriseId },
    { key: SA.account, value: input.accountRef },
    { key: SA.family, value: family },
    { key: SA.status, value: 'requested' },
    ...(input.clientId ? [{ key: SA.client, value: input.clientId }] : []),
  ]);
  return (status: string) => {
    upsertSearchAttributes([{ key: SA.status, value: status }]);
    return status;
  };
}

/**
 * Workflow id `on-ramp/<id>`: requested → awaiting_payment, then waits (durable timer up to
 * `expiresAt`) for the sandbox bank's payment or a cancellation (both already recorded in the row,
 * then signalled); unpaid at expiry → expired. Paid → converting → completed (asset credited).
 */
export async function onRampWorkflow(input: OnRampWorkflowInput): Promise<string> {
  const status = tag('on_ramp', input);
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
 * payout_sent (sandbox payout rail accepts; hold posted, fiat booked out) → completed after the
 * rail's settlement delay. A rejection or a cancellation before the payout releases the hold.
 */
export async function offRampWorkflow(input: OffRampWorkflowInput): Promise<string> {
  const status = tag('off_ramp', input);
  setHandler(rampCancelledSignal, () => undefined);
  let current = status(await acts.convertOffRamp(input.sessionId));
  if (current === 'converting') current = status(await acts.sendOffRampPayout(input.sessionId));
  if (current === 'payout_sent') {
    await sleep(input.payoutSettleMs);
    current = status(await acts.completeOffRamp(input.sessionId));
  }
  return current;
}
