import { createHash, randomBytes } from 'node:crypto';
import type { Sql, TransactionSql } from 'postgres';
import { ed, pkcs8Der, spkiDer } from './request-signatures';

export const API_KEYS_CHANNEL = 'counterfoil_api_keys';
const API_KEY_PREFIX = 'cfk_';
/** Shown in lists so a holder can tell keys apart: the prefix and the next 8 characters. */
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 8;

/** SHA-256 of an API key: 256 random bits need no slow KDF, and the hash is the lookup key. */
export function hashApiKey(apiKey: string): Buffer {
  return createHash('sha256').update(apiKey, 'utf8').digest();
}

export interface IssuedKeyMaterial {
  /** Returned once; only its hash is stored. */
  apiKey: string;
  apiKeyHash: Buffer;
  apiKeyPrefix: string;
  /** Ed25519 private key, PKCS#8 DER, base64: returned once, never stored. */
  privateKey: string;
  /** Raw 32-byte Ed25519 public key (stored). */
  publicKey: Buffer;
}

/** A new API key and Ed25519 key pair (generated with @noble/ed25519). */
export async function issueKeyMaterial(): Promise<IssuedKeyMaterial> {
  const apiKey = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const secretKey = ed.utils.randomSecretKey();
  const publicKey = Buffer.from(await ed.getPublicKeyAsync(secretKey));
  const privateKey = pkcs8Der(secretKey).toString('base64');
  secretKey.fill(0);
  return { apiKey, apiKeyHash: hashApiKey(apiKey), apiKeyPrefix: apiKey.slice(0, SHOWN_PREFIX_LENGTH), privateKey, publicKey };
}

/** The public key as the API shows it: SubjectPublicKeyInfo DER, base64 (the counterpart of the PKCS#8 private key). */
export const presentPublicKey = (raw: Buffer): string => spkiDer(raw).toString('base64');

/** Send inside the transaction that changes a key (revoke, reactivate, allowlist); every process drops its cached entry. */
export async function notifyApiKeyChange(tx: Sql | TransactionSql, keyId: string): Promise<void> {
  await tx.unsafe(`select pg_notify('${API_KEYS_CHANNEL}', $1)`, [keyId]);
}
