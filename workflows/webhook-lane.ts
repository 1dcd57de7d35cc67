import { condition, continueAsNew, defineSignal, proxyLocalActivities, setHandler, upsertSearchAttributes } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { LANE_BACKLOG_SIGNAL, type LaneBacklogSignal, type LaneInput } from '../src/domain/webhooks/messages';
import { SA } from '../src/temporal/search-attributes';
import { versioned } from './versioning';

// A local activity runs inside the workflow task: one marker per step, no activity task round trips.
const { runWebhookLaneStep } = proxyLocalActivities<Activities>({
  // A step is about a second of the drain rate, or a round of attempts that each end within the response timeout (≤ 120 s).
  startToCloseTimeout: '5 minutes',
  // Infrastructure failures only (database, crash): a receiver's refusal is an outcome, not an error.
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});

export const laneBacklogSignal = defineSignal<[LaneBacklogSignal]>(LANE_BACKLOG_SIGNAL);

/** Steps per run before continuing as new: keeps the history short, whatever the backlog. */
const STEPS_PER_RUN = 500;

/**
 * The delivery lane of one subscription (`webhook-lane/<subscription>`): started when a delivery to
 * it fails, it owns every delivery that waits for the receiver, oldest first. Each step sends what is
 * due (probing one at a time after a failure, then draining at a rising rate and the configured
 * concurrency) and says what comes next, with the drain rate it reached: wait out a backoff (cut short
 * when a caller redelivers or replays), go on, or, when nothing waits, hand the subscription back to
 * the dispatcher's direct first attempts and idle until more work arrives. State lives in the database; the workflow only keeps time.
 */
export async function webhookLaneWorkflow(input: LaneInput): Promise<void> {
  let backlog = false;
  let probeNow = input.probeNow ?? false;
  setHandler(laneBacklogSignal, (signal) => {
    backlog = true;
    if (signal.probeNow) probeNow = true;
  });
  let probe = input.probe ?? true;
  let rate = input.rate;
  let status = '';
  const show = (next: string) => {
    if (next !== status) upsertSearchAttributes([{ key: SA.status, value: (status = next) }]);
  };
  for (let steps = 0; steps < STEPS_PER_RUN; steps++) {
    const now = probeNow;
    probeNow = false;
    backlog = false;
    const step = await runWebhookLaneStep({ subscriptionId: input.subscriptionId, probe, now, rate });
    rate = step.kind === 'sent' ? step.rate : undefined;
    if (step.kind === 'closed') {
      show('closed');
      return;
    }
    if (step.kind === 'idle') {
      show('idle');
      if (!(await condition(() => backlog || probeNow, input.idleMs))) return;
      probe = true;
    } else if (step.kind === 'backoff') {
      show('backing_off');
      probe = true;
      await condition(() => probeNow, step.delayMs);
    } else {
      show('draining');
      probe = false;
    }
  }
  await continueAsNew<typeof webhookLaneWorkflow>({ ...input, probe, probeNow, rate });
}

versioned('AUTO_UPGRADE', webhookLaneWorkflow);
