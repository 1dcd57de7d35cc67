import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';
import * as ed from '@noble/ed25519';

// noble's synchronous API needs a SHA-512; node's is the fastest available.
ed.hashes.sha512 = (message: Uint8Array) => createHash('sha512').update(message).digest();

export { ed };

/** ASN.1 headers that wrap a raw 32-byte Ed25519 key (RFC 8410) as SubjectPublicKeyInfo and PKCS#8 DER. */
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export const SIGNATURE_BYTES = 64;
export const DEFAULT_RECV_WINDOW_MS = 5000;
export const MAX_RECV_WINDOW_MS = 60_000;
/** A timestamp may run this far ahead of the server clock (client clock skew). */
export const FUTURE_TOLERANCE_MS = 1000;

export const spkiDer = (rawPublicKey: Uint8Array): Buffer => Buffer.concat([SPKI_PREFIX, rawPublicKey]);
export const pkcs8Der = (secretKey: Uint8Array): Buffer => Buffer.concat([PKCS8_PREFIX, secretKey]);

/** A node:crypto key object for a raw Ed25519 public key; build it once per key and keep it. */
export function publicKeyObject(rawPublicKey: Uint8Array): KeyObject {
  return createPublicKey({ key: spkiDer(rawPublicKey), format: 'der', type: 'spki' });
}

/**
 * Decodes `x-signature`: strict base64 of exactly 64 bytes, else null. Buffer.from ignores junk
 * characters, so the text is checked first and must round-trip.
 */
export function decodeSignature(header: string): Buffer | null {
  if (header.length !== 88 || !/^[A-Za-z0-9+/]{86}==$/.test(header)) return null;
  const bytes = Buffer.from(header, 'base64');
  return bytes.length === SIGNATURE_BYTES && bytes.toString('base64') === header ? bytes : null;
}

/** Ed25519 verification on the hot path: OpenSSL through node:crypto on a cached key object. */
export function verifyRequestSignature(key: KeyObject, body: Buffer, signature: Buffer): boolean {
  return verify(null, body, key, signature);
}

export type TimeVerdict = 'ok' | 'missing' | 'ahead' | 'expired' | 'bad_window';

/**
 * The signed API contract's time rule: accept only when `timestamp < serverTime + 1000` and
 * `serverTime - timestamp <= recvWindow` (default 5000, at most 60000).
 */
export function checkRequestTime(timestamp: unknown, recvWindow: unknown, serverTime: number): TimeVerdict {
  if (recvWindow !== undefined && (!Number.isSafeInteger(recvWindow) || (recvWindow as number) <= 0 || (recvWindow as number) > MAX_RECV_WINDOW_MS)) {
    return 'bad_window';
  }
  if (typeof timestamp !== 'number' || !Number.isSafeInteger(timestamp) || timestamp <= 0) return 'missing';
  if (timestamp >= serverTime + FUTURE_TOLERANCE_MS) return 'ahead';
  if (serverTime - timestamp > ((recvWindow as number | undefined) ?? DEFAULT_RECV_WINDOW_MS)) return 'expired';
  return 'ok';
}
