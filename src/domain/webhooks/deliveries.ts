import type { Sql, TransactionSql } from 'postgres';
import { WorkflowExecutionAlreadyStartedError, WorkflowIdReusePolicy } from '@temporalio/client';
import type { Services } from '../../services';
import { uuidv7 } from '../../ids';
import { SA } from '../../temporal/search-attributes';
import { iso, type Alongside } from '../../db/base';
import { findEvent } from '../../events/log';
import type { EventRow } from '../../events/present';
import { presentSubscription, type SubscriptionRow } from './subscriptions';
import { WEBHOOK_EVENTS } from './events';
import { WEBHOOK_DELIVERY_WORKFLOW, deliveryWorkflowId, type WebhookDeliveryInput } from './messages';
import { queueForLane, wakeLane } from './lane-queue';
import { eventBody, renderedBody, type SubscriptionTarget } from './targets';

export type DeliveryOrigin = 'event' | 'replay' | 'redelivery' | 'test';
export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface DeliveryRow {
  id: string;
  created_at: Date;
  updated_at: Date;
  enterprise_id: string;
  subscription_id: string;
  event_id: string | null;
  event_type: string;
  webhook_id: string;
  origin: DeliveryOrigin;
  body: string;
  status: DeliveryStatus;
  failure_reason: string | null;
  attempt_count: number;
  last_attempt_at: Date | null;
  last_status_code: number | null;
  next_attempt_at: Date | null;
  completed_at: Date | null;
  /** Delivered by its subscription's lane (else by a per-delivery workflow: test deliveries, and an earlier release's). */
  in_lane: boolean;
}

export interface AttemptRow {
  delivery_id: string;
  number: number;
  attempted_at: Date;
  status_code: number | null;
  latency_ms: number;
  error: string | null;
  next_attempt_at: Date | null;
}

export function presentDelivery(d: DeliveryRow, attempts?: AttemptRow[]) {
  return {
    id: d.id,
    resource: 'webhook_delivery' as const,
    subscription_ref: `webhook-subscriptions/${d.subscription_id}`,
    event_ref: d.event_id ? `events/${d.event_id}` : null,
    event_type: d.event_type,
    webhook_id: d.webhook_id,
    origin: d.origin,
    status: d.status,
    failure_reason: d.failure_reason,
    attempt_count: d.attempt_count,
    next_attempt_at: iso(d.next_attempt_at),
    ...(attempts
      ? {
          attempts: attempts.map((a) => ({
            number: a.number,
            attempted_at: a.attempted_at.toISOString(),
            status_code: a.status_code,
            latency_ms: a.latency_ms,
            error: a.error,
            next_attempt_at: iso(a.next_attempt_at),
          })),
        }
      : {}),
    created_at: d.created_at.toISOString(),
    updated_at: d.updated_at.toISOString(),
  };
}

/**
 * Starts the delivery workflow under its deterministic id. A second start of the same id (a dispatcher
 * that crashed before marking its batch, or two dispatchers) is refused by Temporal and counts as done.
 */
export async function startDeliveryWorkflow(services: Services, input: Omit<WebhookDeliveryInput, 'retryScheduleSeconds'>, taskQueue = services.temporal.taskQueue): Promise<void> {
  const client = await services.temporal.get();
  try {
    await client.workflow.start(WEBHOOK_DELIVERY_WORKFLOW, {
      taskQueue,
      workflowId: deliveryWorkflowId(input),
      workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
      args: [{ ...input, retryScheduleSeconds: services.config.webhookRetryScheduleSeconds } satisfies WebhookDeliveryInput],
      typedSearchAttributes: [
        { key: SA.family, value: 'webhook_delivery' },
        { key: SA.enterprise, value: input.enterpriseId },
        { key: SA.status, value: 'pending' },
      ],
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
}

/**
 * The delivery of an outbox event to a subscription, created on first call; null if either is gone.
 * Only per-delivery workflows started by an earlier release call this (attemptWebhookDelivery).
 */
export async function openEventDelivery(sql: Sql, eventId: string, subscriptionId: string): Promise<string | null> {
  const existing = async () =>
    (await sql<{ id: string }[]>`select id from webhook_deliveries where event_id = ${eventId} and subscription_id = ${subscriptionId} and origin = 'event'`)[0]?.id;
  const found = await existing();
  if (found) return found;
  const event = await findEvent(sql, eventId);
  if (!event) return null;
  const [sub] = await sql<{ api_version: string | null }[]>`select api_version from webhook_subscriptions where id = ${subscriptionId}`;
  if (!sub) return null;
  const [created] = await sql<{ id: string }[]>`
    insert into webhook_deliveries (id, enterprise_id, subscription_id, event_id, event_type, webhook_id, origin, body)
    values (${uuidv7()}, ${event.enterprise_id}, ${subscriptionId}, ${eventId}, ${event.type}, ${event.id}, 'event', ${eventBody(event, sub.api_version)})
    on conflict (event_id, subscription_id) where origin = 'event' do nothing
    returning id`;
  return created?.id ?? (await existing()) ?? null;
}

interface NewDelivery {
  subscription: Pick<SubscriptionRow, 'id' | 'enterprise_id'>;
  origin: Exclude<DeliveryOrigin, 'event'>;
  eventId: string | null;
  eventType: string;
  webhookId: string;
  body: string;
}

async function insertDelivery(tx: TransactionSql, d: NewDelivery): Promise<DeliveryRow> {
  const [row] = await tx<DeliveryRow[]>`
    insert into webhook_deliveries (id, enterprise_id, subscription_id, event_id, event_type, webhook_id, origin, body, in_lane)
    values (${uuidv7()}, ${d.subscription.enterprise_id}, ${d.subscription.id}, ${d.eventId}, ${d.eventType}, ${d.webhookId}, ${d.origin}, ${d.body}, ${d.origin !== 'test'})
    returning *`;
  return row;
}

/**
 * New deliveries, committed together with `alongside` (the request's audit entry). Replays and
 * redeliveries keep the event's webhook-id and body bytes and join their subscription's lane, behind
 * what already waits there; the lane is woken to send now. A test delivery probes the receiver at
 * once, outside the lane, in a workflow of its own.
 */
async function deliverNow(services: Services, deliveries: NewDelivery[], alongside?: Alongside<DeliveryRow[]>): Promise<DeliveryRow[]> {
  const rows = (await services.sql.begin(async (tx) => {
    const inserted: DeliveryRow[] = [];
    for (const d of deliveries) inserted.push(await insertDelivery(tx, d));
    await queueForLane(tx, [...new Set(inserted.filter((r) => r.origin !== 'test').map((r) => r.subscription_id))]);
    await alongside?.(tx, inserted);
    return inserted;
  })) as DeliveryRow[];
  await Promise.all(
    rows.map((row) =>
      row.origin === 'test'
        ? startDeliveryWorkflow(services, { enterpriseId: row.enterprise_id, subscriptionId: row.subscription_id, deliveryId: row.id })
        : wakeLane(services, { id: row.subscription_id, enterprise_id: row.enterprise_id }, { probeNow: true }),
    ),
  );
  return rows;
}

export function replayEvent(services: Services, event: EventRow, subscriptions: SubscriptionTarget[], alongside?: Alongside<DeliveryRow[]>): Promise<DeliveryRow[]> {
  return deliverNow(
    services,
    subscriptions.map((s) => ({ subscription: s, origin: 'replay', eventId: event.id, eventType: event.type, webhookId: event.id, body: eventBody(event, s.api_version) })),
    alongside,
  );
}

export async function redeliver(services: Services, delivery: DeliveryRow, alongside?: Alongside<DeliveryRow[]>): Promise<DeliveryRow> {
  const [row] = await deliverNow(
    services,
    [
      {
        subscription: { id: delivery.subscription_id, enterprise_id: delivery.enterprise_id },
        origin: 'redelivery',
        eventId: delivery.event_id,
        eventType: delivery.event_type,
        webhookId: delivery.webhook_id,
        body: delivery.body,
      },
    ],
    alongside,
  );
  return row;
}

/** A synthetic `webhooks.subscription.test.v1` event (not in the log) delivered to one subscription. */
export async function sendTestDelivery(services: Services, subscription: SubscriptionRow, alongside?: Alongside<DeliveryRow[]>): Promise<DeliveryRow> {
  const id = uuidv7();
  // Rendered at the subscription's API version, as its real deliveries are: the test shows what they will look like.
  const body = renderedBody(
    {
      id,
      resource: 'event',
      type: WEBHOOK_EVENTS.test,
      occurred_at: new Date().toISOString(),
      scope_ref: subscription.scope_ref,
      resource_ref: `webhook-subscriptions/${subscription.id}`,
      data: presentSubscription(subscription),
      subject_attribution: null,
    },
    subscription.api_version,
  );
  const [row] = await deliverNow(services, [{ subscription, origin: 'test', eventId: null, eventType: WEBHOOK_EVENTS.test, webhookId: id, body }], alongside);
  return row;
}

export async function findDelivery(sql: Sql, subscriptionId: string, id: string): Promise<{ delivery: DeliveryRow; attempts: AttemptRow[] } | null> {
  const [delivery] = await sql<DeliveryRow[]>`select * from webhook_deliveries where id = ${id} and subscription_id = ${subscriptionId}`;
  if (!delivery) return null;
  const attempts = await sql<AttemptRow[]>`select * from webhook_delivery_attempts where delivery_id = ${id} order by number`;
  return { delivery, attempts };
}

export function listDeliveries(sql: Sql, subscriptionId: string, afterId: string | null, limit: number, status?: DeliveryStatus) {
  return sql<DeliveryRow[]>`
    select * from webhook_deliveries
     where subscription_id = ${subscriptionId}
       and ${status ? sql`status = ${status}` : sql`true`}
       and ${afterId ? sql`id > ${afterId}` : sql`true`}
     order by id limit ${limit}`;
}

