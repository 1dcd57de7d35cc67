import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { Sql } from 'postgres';
import { loadPlatformKey } from '../../auth/keys';

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

const sealingKeys = new WeakMap<Sql, Promise<Buffer>>();

function sealingKey(sql: Sql): Promise<Buffer> {
  let key = sealingKeys.get(sql);
  if (!key) {
    key = loadPlatformKey(sql, 'webhook_secret_aes256');
    sealingKeys.set(sql, key);
    key.catch(() => sealingKeys.delete(sql));
  }
  return key;
}

/** Encrypts a signing secret for storage (AES-256-GCM: iv ‖ tag ‖ ciphertext). */
export async function sealSecret(sql: Sql, secret: string): Promise<Buffer> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await sealingKey(sql), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]);
}

export async function openSecret(sql: Sql, sealed: Buffer): Promise<string> {
  const decipher = createDecipheriv('aes-256-gcm', await sealingKey(sql), sealed.subarray(0, 12));
  decipher.setAuthTag(sealed.subarray(12, 28));
  return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]).toString('utf8');
}
