import type { Services } from '../src/services';
import { attemptDelivery, type AttemptOutcome } from '../src/domain/webhooks/attempts';
import { openEventDelivery } from '../src/domain/webhooks/deliveries';
import { runLaneStep } from '../src/domain/webhooks/lanes';
import type { LaneStep, LaneStepInput, WebhookDeliveryInput } from '../src/domain/webhooks/messages';

export function createWebhookActivities(services: Pick<Services, 'sql' | 'config' | 'platformKeys'>) {
  return {
    /**
     * Attempt `number` of one delivery (test deliveries' workflows). For an outbox event — only
     * workflows started by an earlier release, before lanes — the delivery row is created on the first
     * call, once per (event, subscription); a vanished event or subscription ends the delivery.
     */
    async attemptWebhookDelivery(input: WebhookDeliveryInput, number: number, plannedNextDelayMs: number | null): Promise<AttemptOutcome> {
      const id = input.deliveryId ?? (await openEventDelivery(services.sql, input.eventId!, input.subscriptionId));
      if (!id) return { done: true, status: 'failed', nextDelayMs: null };
      return attemptDelivery(services, id, number, plannedNextDelayMs);
    },

    /** One step of a subscription's delivery lane (src/domain/webhooks/lanes.ts). */
    runWebhookLaneStep(input: LaneStepInput): Promise<LaneStep> {
      return runLaneStep(services, input);
    },
  };
}
