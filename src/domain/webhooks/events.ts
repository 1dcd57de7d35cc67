import { z } from '../../schema/zod';
import { defineEventType } from '../../events/catalogue';
import { ETag, Ref, Timestamp, Uuid } from '../../schema/common';

export const WebhookSubscriptionBody = z
  .object({
    id: Uuid,
    resource: z.literal('webhook_subscription'),
    scope_ref: z.string(),
    url: z.string().openapi({ format: 'uri' }),
    event_types: z.array(z.string()),
    description: z.string(),
    status: z.enum(['active', 'disabled', 'deleted']),
    disabled_reason: z
      .enum(['disabled_by_caller', 'receiver_gone', 'repeated_failures'])
      .nullable()
      .openapi({ description: 'Why the subscription is disabled: a caller, a 410 from the receiver, or failures for the whole failure window.' }),
    previous_secret_expires_at: Timestamp.nullable().openapi({ description: 'While set, deliveries are signed with the previous secret too.' }),
    api_version: z.string().openapi({
      description: 'Event payloads are delivered rendered at this API version (docs/api-versions.md): the version of the request that created the subscription.',
      example: '2026-11-26',
    }),
    etag: ETag,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('WebhookSubscription');

export const WebhookDeliveryAttemptBody = z
  .object({
    number: z.number().int(),
    attempted_at: Timestamp,
    status_code: z.number().int().nullable(),
    latency_ms: z.number().int(),
    error: z.string().nullable(),
    next_attempt_at: Timestamp.nullable(),
  })
  .openapi('WebhookDeliveryAttempt');

export const WebhookDeliveryBody = z
  .object({
    id: Uuid,
    resource: z.literal('webhook_delivery'),
    subscription_ref: Ref('webhook-subscriptions'),
    event_ref: Ref('events').nullable(),
    event_type: z.string(),
    webhook_id: z.string().openapi({ description: 'The `webhook-id` header: the same on every attempt and every redelivery.' }),
    origin: z.enum(['event', 'replay', 'redelivery', 'test']),
    status: z.enum(['pending', 'succeeded', 'failed']),
    failure_reason: z.string().nullable(),
    attempt_count: z.number().int(),
    next_attempt_at: Timestamp.nullable(),
    attempts: z.array(WebhookDeliveryAttemptBody).optional().openapi({ description: 'Every attempt, oldest first (on GET of one delivery).' }),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('WebhookDelivery');

const subscriptionEvent = (state: string, description: string) =>
  defineEventType(`webhooks.subscription.${state}.v1`, description, WebhookSubscriptionBody);

export const WEBHOOK_EVENTS = {
  created: subscriptionEvent('created', 'A webhook subscription was created.'),
  updated: subscriptionEvent('updated', 'A webhook subscription was updated.'),
  enabled: subscriptionEvent('enabled', 'A webhook subscription was enabled.'),
  disabled: subscriptionEvent('disabled', 'A webhook subscription was disabled by a caller, by a 410 from its receiver, or after repeated failures.'),
  deleted: subscriptionEvent('deleted', 'A webhook subscription was deleted.'),
  secretRotated: subscriptionEvent('secret_rotated', 'The signing secret of a webhook subscription was rotated.'),
  /** Sent by POST /webhook-subscriptions/{id}/test; never written to the event log. */
  test: defineEventType('webhooks.subscription.test.v1', 'A test delivery requested through POST /webhook-subscriptions/{id}/test.', WebhookSubscriptionBody),
};
