import { createHash } from 'node:crypto';
import { AppError } from '../errors';

const KEY_RE = /^[\x21-\x7e]{1,255}$/;

/** The request an Idempotency-Key was first used with: a retry must send the same method, path and body bytes. */
export function requestFingerprint(method: string, path: string, raw: Buffer): string {
  return createHash('sha256').update(method).update('\0').update(path).update('\0').update(raw).digest('hex');
}

export function checkKey(key: string): void {
  if (!KEY_RE.test(key)) {
    throw new AppError('EdgeBadRequest', 'Idempotency-Key must be 1 to 255 visible ASCII characters.', {
      reason: 'idempotency_key_invalid',
      errors: [{ pointer: '/headers/idempotency-key', detail: 'invalid format' }],
    });
  }
}
