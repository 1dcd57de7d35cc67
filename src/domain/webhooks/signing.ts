import { createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { PlatformKeys } from '../../auth/keys';
import type { KeyRing } from '../../auth/sealing';
import type { SubscriptionRow } from './subscriptions';

const SECRET_PREFIX = 'whsec_';

/** A Standard Webhooks signing secret: `whsec_` + base64 of 24 random bytes. */
export function generateWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(24).toString('base64');
}

/**
 * The `webhook-signature` header (Standard Webhooks): `v1,<base64 HMAC-SHA256 of id.timestamp.body>`
 * for each live secret, space-separated, so receivers holding either secret verify during a rotation.
 */
export function signatureHeader(secrets: string[], webhookId: string, timestamp: number, body: string): string {
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
      return `v1,${createHmac('sha256', key).update(`${webhookId}.${timestamp}.${body}`).digest('base64')}`;
    })
    .join(' ');
}

export const webhookSecretContext = (subscriptionId: string) => `webhook-secret:${subscriptionId}`;

/** Seals a signing secret for storage under the key ring (HMAC signing needs the secret itself, so it cannot be hashed). */
export function sealSecret(ring: KeyRing, subscriptionId: string, secret: string): Buffer {
  return ring.seal(secret, webhookSecretContext(subscriptionId));
}

/** The platform key that sealed webhook secrets before the key ring (migration 20261126050100 marks those values 0x00). */
export const LEGACY_WEBHOOK_KEY = 'webhook_secret_aes256';

export async function openSecret(keys: PlatformKeys, subscriptionId: string, sealed: Buffer): Promise<string> {
  if (sealed[0] !== 0) return keys.ring.open(sealed, webhookSecretContext(subscriptionId)).toString('utf8');
  const legacy = sealed.subarray(1);
  const decipher = createDecipheriv('aes-256-gcm', await keys.get(LEGACY_WEBHOOK_KEY), legacy.subarray(0, 12));
  decipher.setAuthTag(legacy.subarray(12, 28));
  return Buffer.concat([decipher.update(legacy.subarray(28)), decipher.final()]).toString('utf8');
}

/** What sending needs of a subscription: where to, and the secrets to sign with. */
export type SigningSubscription = Pick<SubscriptionRow, 'id' | 'url' | 'secret_sealed' | 'previous_secret_sealed' | 'previous_secret_expires_at'>;

/** The Standard Webhooks headers of one attempt, signed with the subscription's live secrets (the previous one until it expires). */
export async function signedHeaders(keys: PlatformKeys, sub: Omit<SigningSubscription, 'url'>, webhookId: string, body: string) {
  const secrets = [await openSecret(keys, sub.id, sub.secret_sealed)];
  if (sub.previous_secret_sealed && sub.previous_secret_expires_at && sub.previous_secret_expires_at > new Date()) {
    secrets.push(await openSecret(keys, sub.id, sub.previous_secret_sealed));
  }
  const timestamp = Math.floor(Date.now() / 1000);
  return {
    'webhook-id': webhookId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureHeader(secrets, webhookId, timestamp, body),
  };
}
