import type { RouteDef } from '../../route';
import { testWebhookSubscription, listWebhookDeliveries, getWebhookDelivery, redeliverWebhookDelivery } from './deliveries';
import {
  createWebhookSubscription,
  listWebhookSubscriptions,
  getWebhookSubscription,
  updateWebhookSubscription,
  enableWebhookSubscription,
  disableWebhookSubscription,
  deleteWebhookSubscription,
  rotateWebhookSecret,
} from './subscriptions';

/** Subscriptions, then their deliveries, in the order the OpenAPI document lists them. */
export const webhookRoutes: RouteDef[] = [
  createWebhookSubscription,
  listWebhookSubscriptions,
  getWebhookSubscription,
  updateWebhookSubscription,
  enableWebhookSubscription,
  disableWebhookSubscription,
  deleteWebhookSubscription,
  rotateWebhookSecret,
  testWebhookSubscription,
  listWebhookDeliveries,
  getWebhookDelivery,
  redeliverWebhookDelivery,
];
