/*
 * What the webhook workflows (a subscription's lane, a single delivery) and the rest exchange, and the
 * retry plan they and the outbox dispatcher follow. Imported by workflows: constants, types and pure
 * functions only, no imports.
 */

/** Workflow type (the exported function's name in workflows/) of one delivery outside a lane: test deliveries, and those an earlier release started. */
export const WEBHOOK_DELIVERY_WORKFLOW = 'webhookDeliveryWorkflow';

/**
 * What a per-delivery workflow is given: a delivery already created (test deliveries), or, for
 * workflows an earlier release started from the outbox, an (event, subscription) pair.
 */
export interface WebhookDeliveryInput {
  enterpriseId: string;
  subscriptionId: string;
  eventId?: string;
  deliveryId?: string;
  /** Delay before each attempt, in seconds (jitter is added by the workflow). */
  retryScheduleSeconds: number[];
  /** Set by an earlier release's outbox dispatcher, which made the earlier attempts itself: the next attempt and its delay. */
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

/** Workflow type of a subscription's delivery lane (workflows/webhook-lane.ts). */
export const WEBHOOK_LANE_WORKFLOW = 'webhookLaneWorkflow';

/** Signal to a lane: deliveries were added to its backlog; `probeNow` (a caller's redelivery or replay) cuts a backoff short. */
export const LANE_BACKLOG_SIGNAL = 'webhookLane.backlog';

export interface LaneBacklogSignal {
  probeNow: boolean;
}

export interface LaneInput {
  subscriptionId: string;
  /** How long an idle lane (nothing waiting) stays open for new work before it ends. */
  idleMs: number;
  /** Carried across continue-as-new: the next step probes (one attempt at a time until a success). */
  probe?: boolean;
  /** Carried across continue-as-new: the next step sends even if the head's retry time has not come. */
  probeNow?: boolean;
  /** Carried across continue-as-new: the drain rate the lane has reached (per second). */
  rate?: number;
}

export interface LaneStepInput {
  subscriptionId: string;
  probe: boolean;
  /** Send what waits now, without waiting for the head's retry time (a caller asked). */
  now: boolean;
  /** The drain rate the previous step reached (per second); a probe, or none, starts from the configured rate. */
  rate?: number;
}

/**
 * What one step of a lane did: nothing waits (`idle`, the dispatcher sends directly again); the
 * subscription is disabled or deleted and its backlog ended (`closed`); attempts went through
 * (`sent`, with the rate for the next step; absent from steps recorded before the rate adapted); or
 * the receiver failed, or the head is not due yet (`backoff`: wait, then probe).
 */
export type LaneStep = { kind: 'idle' } | { kind: 'closed' } | { kind: 'sent'; delivered: number; rate?: number } | { kind: 'backoff'; delayMs: number };

/**
 * The drain rate after a step (additive increase): while the receiver takes everything, the rate rises
 * by the starting rate per second spent sending (a whole batch is a second at the current rate), up to
 * the ceiling. So a receiver that has just come back is eased in, and a lane outgrows its
 * subscription's own event rate and empties, even when each step finds only what arrived during the
 * last one. A failure ends the drain, and the next probe starts from `start` again.
 */
export function nextDrainRate(rate: number, limits: { start: number; max: number }, step: { sent: number; failures: number }): number {
  if (step.failures > 0) return limits.start;
  const secondsSending = Math.min(1, step.sent / rate);
  return Math.min(limits.max, rate + Math.max(step.sent > 0 ? 1 : 0, Math.round(limits.start * secondsSending)));
}

export const laneWorkflowId = (subscriptionId: string) => `webhook-lane/${subscriptionId}`;
