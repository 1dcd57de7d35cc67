/*
 * What the webhook delivery workflow and the API exchange, and the retry plan both follow (the outbox
 * dispatcher makes the first attempts, the workflow the rest). Imported by workflows: constants, types
 * and pure functions only, no imports.
 */

/** Workflow type (the exported function's name in workflows/): the dispatcher starts it by this name. */
export const WEBHOOK_DELIVERY_WORKFLOW = 'webhookDeliveryWorkflow';

/** What a delivery workflow is given: either a delivery already created, or an (event, subscription) pair from the outbox. */
export interface WebhookDeliveryInput {
  enterpriseId: string;
  subscriptionId: string;
  eventId?: string;
  deliveryId?: string;
  /** Delay before each attempt, in seconds (jitter is added by the workflow). */
  retryScheduleSeconds: number[];
  /** Set by the outbox dispatcher, which made the earlier attempts itself: the next attempt and its delay. */
  resume?: { attempt: number; delayMs: number };
}

export const deliveryWorkflowId = (input: Pick<WebhookDeliveryInput, 'subscriptionId' | 'eventId' | 'deliveryId'>) =>
  input.deliveryId ? `webhook-delivery/${input.deliveryId}` : `webhook-delivery/${input.subscriptionId}/${input.eventId}`;

/** ±20 % jitter so receivers that failed together are not retried together. */
export function withJitter(seconds: number): number {
  return Math.round(seconds * 1000 * (0.8 + 0.4 * Math.random()));
}

/** The planned delay after attempt `number` (1-based), or null when the schedule has no further attempt. */
export function plannedDelayAfter(schedule: readonly number[], number: number): number | null {
  return number < schedule.length ? withJitter(schedule[number]) : null;
}
