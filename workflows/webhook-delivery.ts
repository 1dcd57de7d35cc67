import { proxyLocalActivities, sleep, upsertSearchAttributes } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { WebhookDeliveryInput } from '../src/domain/webhooks/deliveries';
import { SA } from '../src/temporal/search-attributes';

// A local activity runs inside the workflow task: one round trip to the server per attempt, which is
// what makes hundreds of deliveries per second possible on a small Temporal deployment.
const { attemptWebhookDelivery } = proxyLocalActivities<Activities>({
  // Above the longest response timeout (120 s) plus signing and bookkeeping.
  startToCloseTimeout: '3 minutes',
  // Infrastructure failures only (database, crash): a receiver's refusal is an outcome, not an error.
  retry: { initialInterval: '1 second', maximumAttempts: 5 },
});

/** ±20 % jitter so receivers that failed together are not retried together. */
function withJitter(seconds: number): number {
  return Math.round(seconds * 1000 * (0.8 + 0.4 * Math.random()));
}

/**
 * One webhook delivery: attempts at the schedule's delays (with jitter, or later if the receiver sent
 * Retry-After) until a 2xx, a 410, the end of the schedule, or the subscription's disabling. The
 * search attributes (family, enterprise, `pending`) are set at start; the outcome is upserted here.
 */
export async function webhookDeliveryWorkflow(input: WebhookDeliveryInput): Promise<string> {
  const schedule = input.retryScheduleSeconds.length > 0 ? input.retryScheduleSeconds : [0];
  if (schedule[0] > 0) await sleep(withJitter(schedule[0]));
  for (let n = 1; ; n++) {
    const planned = n < schedule.length ? withJitter(schedule[n]) : null;
    const outcome = await attemptWebhookDelivery(input, n, planned);
    if (outcome.done) {
      upsertSearchAttributes([{ key: SA.status, value: outcome.status }]);
      return outcome.status;
    }
    await sleep(outcome.nextDelayMs!);
  }
}
