import { proxyLocalActivities, sleep, upsertSearchAttributes } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { plannedDelayAfter, withJitter, type WebhookDeliveryInput } from '../src/domain/webhooks/messages';
import { SA } from '../src/temporal/search-attributes';
import { versioned } from './versioning';

// A local activity runs inside the workflow task: one round trip to the server per attempt, which is
// what makes hundreds of deliveries per second possible on a small Temporal deployment.
const { attemptWebhookDelivery } = proxyLocalActivities<Activities>({
  // Above the longest response timeout (120 s) plus signing and bookkeeping.
  startToCloseTimeout: '3 minutes',
  // Infrastructure failures only (database, crash): a receiver's refusal is an outcome, not an error.
  retry: { initialInterval: '1 second', maximumAttempts: 5 },
});

/**
 * One webhook delivery on its own, outside its subscription's lane: attempts at the schedule's delays
 * (with jitter, or later if the receiver sent Retry-After) until a 2xx, a 410, the end of the schedule,
 * or the subscription's disabling. Test deliveries run here (a test probes the receiver now, not
 * behind a backlog). Before delivery lanes, the dispatcher started one per failed outbox event
 * (`input.resume`): those still running in a deployment finish here, so the workflow stays registered.
 * The search attributes (family, enterprise, `pending`) are set at start; the outcome is upserted here.
 */
export async function webhookDeliveryWorkflow(input: WebhookDeliveryInput): Promise<string> {
  const schedule = input.retryScheduleSeconds.length > 0 ? input.retryScheduleSeconds : [0];
  const first = input.resume?.attempt ?? 1;
  const firstDelayMs = input.resume ? input.resume.delayMs : withJitter(schedule[0]);
  if (firstDelayMs > 0) await sleep(firstDelayMs);
  for (let n = first; ; n++) {
    const outcome = await attemptWebhookDelivery(input, n, plannedDelayAfter(schedule, n));
    if (outcome.done) {
      upsertSearchAttributes([{ key: SA.status, value: outcome.status }]);
      return outcome.status;
    }
    await sleep(outcome.nextDelayMs!);
  }
}

versioned('AUTO_UPGRADE', webhookDeliveryWorkflow);
