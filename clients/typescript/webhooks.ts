import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import type { components, webhooks } from './openapi';

type Payloads = {
  [K in keyof webhooks]: webhooks[K] extends { post: { requestBody?: { content: { 'application/json': infer Body } } } } ? Body : never;
}[keyof webhooks];

/** The events a subscription receives: the union of every event type's payload, or the generic event while the document types none. */
export type WebhookEvent = [Payloads] extends [never] ? components['schemas']['Event'] : Payloads;

export { WebhookVerificationError };

/**
 * Checks a delivery as Standard Webhooks define it (`webhook-id`, `webhook-timestamp` within five
 * minutes, `webhook-signature` with any of the subscription's live secrets) and returns its event.
 * `body` must be the raw text received: a re-serialised JSON would not verify. Throws
 * WebhookVerificationError when it does not verify.
 */
export function verifyWebhook(secret: string, body: string, headers: Headers | Record<string, string | string[] | undefined>): WebhookEvent {
  const get = (name: string): string => {
    const value = headers instanceof Headers ? headers.get(name) : headers[name] ?? headers[name.toLowerCase()];
    return (Array.isArray(value) ? value[0] : value) ?? '';
  };
  const wanted = { 'webhook-id': get('webhook-id'), 'webhook-timestamp': get('webhook-timestamp'), 'webhook-signature': get('webhook-signature') };
  return new Webhook(secret).verify(body, wanted) as WebhookEvent;
}
