import type { Schemas } from '../../../../../clients/typescript/index';
import { api } from '../../../lib/session';

type Subscription = Schemas['WebhookSubscription'];
const at = (subscriptionId: string) => ({ path: { subscription_id: subscriptionId } });

export const listSubscriptions = (pageToken: string | undefined) => api.GET('/webhook-subscriptions', { params: { query: { page_size: 20, page_token: pageToken } } });

export const getSubscription = (subscriptionId: string) => api.GET('/webhook-subscriptions/{subscription_id}', { params: at(subscriptionId) });

export const createSubscription = (body: Schemas['WebhookSubscriptionCreate']) => api.POST('/webhook-subscriptions', { body });

export const listDeliveries = (subscriptionId: string, pageToken: string | undefined) =>
  api.GET('/webhook-subscriptions/{subscription_id}/deliveries', { params: { ...at(subscriptionId), query: { page_size: 20, page_token: pageToken } } });

export const getDelivery = (subscriptionId: string, deliveryId: string) =>
  api.GET('/webhook-subscriptions/{subscription_id}/deliveries/{delivery_id}', { params: { path: { subscription_id: subscriptionId, delivery_id: deliveryId } } });

export const redeliver = (subscriptionId: string, deliveryId: string) =>
  api.POST('/webhook-subscriptions/{subscription_id}/deliveries/{delivery_id}/redeliver', { params: { path: { subscription_id: subscriptionId, delivery_id: deliveryId } } });

/** A subscription's own actions; all but the test event change it, so they carry its ETag. */
export function runSubscriptionAction(s: Subscription, action: 'test' | 'rotate' | 'enable' | 'disable') {
  if (action === 'test') return api.POST('/webhook-subscriptions/{subscription_id}/test', { params: at(s.id) });
  const params = { ...at(s.id), header: { 'If-Match': s.etag } };
  if (action === 'rotate') return api.POST('/webhook-subscriptions/{subscription_id}/rotate-secret', { params, body: {} });
  return api.POST(action === 'enable' ? '/webhook-subscriptions/{subscription_id}/enable' : '/webhook-subscriptions/{subscription_id}/disable', { params });
}
