import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Client secrets are 256 random bits, so a fast hash is enough: there is nothing to brute-force,
 * and a slow KDF would only put latency on the token endpoint.
 */
export function generateSecret(prefix: string): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Constant-time comparison of a presented secret against a stored hash. */
export function secretMatches(presented: string, storedHash: string | null | undefined): boolean {
  if (!storedHash) return false;
  const a = Buffer.from(hashSecret(presented), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function constantTimeEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
