import type { Services } from '../src/services';
import { attemptDelivery, openEventDelivery, type AttemptOutcome } from '../src/domain/webhooks/deliveries';
import type { WebhookDeliveryInput } from '../src/domain/webhooks/messages';

export function createWebhookActivities(services: Services) {
  return {
    /**
     * Attempt `number` of a delivery. For an outbox event the delivery row is created on the first
     * call, once per (event, subscription); a vanished event or subscription ends the delivery.
     */
    async attemptWebhookDelivery(input: WebhookDeliveryInput, number: number, plannedNextDelayMs: number | null): Promise<AttemptOutcome> {
      const id = input.deliveryId ?? (await openEventDelivery(services.sql, input.eventId!, input.subscriptionId));
      if (!id) return { done: true, status: 'failed', nextDelayMs: null };
      return attemptDelivery(services, id, number, plannedNextDelayMs);
    },
  };
}
