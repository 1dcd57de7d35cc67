import { z } from '../../../schema/zod';
import { defineRoute } from '../../route';
import { Uuid } from '../../../schema/common';
import { listOf, pageQuery } from '../../pagination';
import { conflict, notFound } from '../../../errors';
import { WebhookDeliveryBody } from '../../../domain/webhooks/events';
import { findDelivery, listDeliveries, presentDelivery, redeliver, sendTestDelivery } from '../../../domain/webhooks/deliveries';
import { auditAlongside } from '../../audit-trail';
import { SubscriptionParams, authorizedSubscription } from './subscriptions';

export const testWebhookSubscription = defineRoute({
  method: 'post',
  path: '/webhook-subscriptions/{subscription_id}/test',
  operationId: 'testWebhookSubscription',
  summary: 'Send a test event now',
  description: 'Delivers a `webhooks.subscription.test.v1` event (not written to the event log) to this subscription, enabled or disabled, with the usual signing and retries.',
  tags: ['Webhooks'],
  auth: { kind: 'bearer', permission: 'webhooks.manage' },
  params: SubscriptionParams,
  responses: { 202: { description: 'The delivery started.', schema: WebhookDeliveryBody } },
  errors: ['EdgeNotFound', 'EdgeConflict'],
  handler: async ({ params, caller, services, ctx }) => {
    const row = await authorizedSubscription(services.sql, caller, params.subscription_id, 'webhooks.manage');
    if (row.status === 'deleted') throw conflict('The webhook subscription is deleted.', 'subscription_deleted');
    return { status: 202, body: presentDelivery(await sendTestDelivery(services, row, auditAlongside(ctx, 202, `webhook-subscriptions/${params.subscription_id}`))) };
  },
});

export const listWebhookDeliveries = defineRoute({
  method: 'get',
  path: '/webhook-subscriptions/{subscription_id}/deliveries',
  operationId: 'listWebhookDeliveries',
  summary: 'List deliveries of a subscription',
  tags: ['Webhooks'],
  auth: { kind: 'bearer', permission: 'webhooks.read' },
  params: SubscriptionParams,
  query: z
    .object({ status: z.enum(['pending', 'succeeded', 'failed']).optional().openapi({ param: { name: 'status', in: 'query' } }), ...pageQuery })
    .strict(),
  responses: { 200: { description: 'A page of deliveries, oldest first.', schema: listOf(WebhookDeliveryBody, 'WebhookDeliveryList') } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, query, caller, services, pager }) => {
    await authorizedSubscription(services.sql, caller, params.subscription_id, 'webhooks.read');
    return { body: await pager.list(query, caller, (after, limit) => listDeliveries(services.sql, params.subscription_id, after, limit, query.status), (d) => presentDelivery(d)) };
  },
});

const DeliveryParams = z.object({ subscription_id: Uuid, delivery_id: Uuid });

export const getWebhookDelivery = defineRoute({
  method: 'get',
  path: '/webhook-subscriptions/{subscription_id}/deliveries/{delivery_id}',
  operationId: 'getWebhookDelivery',
  summary: 'Get a delivery with every attempt',
  tags: ['Webhooks'],
  auth: { kind: 'bearer', permission: 'webhooks.read' },
  params: DeliveryParams,
  responses: { 200: { description: 'The delivery and its attempts.', schema: WebhookDeliveryBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => {
    await authorizedSubscription(services.sql, caller, params.subscription_id, 'webhooks.read');
    const found = await findDelivery(services.sql, params.subscription_id, params.delivery_id);
    if (!found) throw notFound('webhook delivery');
    return { body: presentDelivery(found.delivery, found.attempts) };
  },
});

export const redeliverWebhookDelivery = defineRoute({
  method: 'post',
  path: '/webhook-subscriptions/{subscription_id}/deliveries/{delivery_id}/redeliver',
  operationId: 'redeliverWebhookDelivery',
  summary: 'Deliver again',
  description: 'A new delivery of the same body with the same `webhook-id`, with a fresh retry schedule. The subscription must be active.',
  tags: ['Webhooks'],
  auth: { kind: 'bearer', permission: 'webhooks.manage' },
  idempotency: 'optional',
  params: DeliveryParams,
  responses: { 202: { description: 'The new delivery.', schema: WebhookDeliveryBody } },
  errors: ['EdgeNotFound', 'EdgeConflict'],
  handler: async ({ params, caller, services, ctx }) => {
    const sub = await authorizedSubscription(services.sql, caller, params.subscription_id, 'webhooks.manage');
    const found = await findDelivery(services.sql, params.subscription_id, params.delivery_id);
    if (!found) throw notFound('webhook delivery');
    if (sub.status !== 'active') {
      throw conflict(`The webhook subscription is ${sub.status}.`, `subscription_${sub.status}`);
    }
    // Named after the delivery delivered again, as the path names it.
    return { status: 202, body: presentDelivery(await redeliver(services, found.delivery, auditAlongside(ctx, 202, `deliveries/${params.delivery_id}`))) };
  },
});
