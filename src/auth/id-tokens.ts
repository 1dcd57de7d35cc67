import { createLocalJWKSet, createRemoteJWKSet, customFetch, decodeJwt, errors, jwtVerify, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import type { IdentityProvider } from '../domain/identity-providers/entities';
import { pinnedFetch, type OutboundPolicy } from '../net/outbound';
import { isCompactJws } from './base64url';

/** The identity an ID token asserts, read through the provider's claim mapping. */
export interface FederatedIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  /** The provider vouches for the e-mail address, so a user may be linked by it. */
  emailVerified: boolean;
  displayName: string | null;
}

/** The token is not acceptable (signature, issuer, audience, expiry, algorithm, claims): `invalid_grant`. */
export class IdTokenRejected extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'IdTokenRejected';
  }
}

/** The provider's key set could not be fetched: the exchange may succeed later (503). */
export class KeySetUnavailable extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'KeySetUnavailable';
  }
}

/** jose failures that are the token's fault; anything else while fetching a remote key set is the provider's. */
const REJECTIONS: Array<new (...args: never[]) => Error> = [
  errors.JWTExpired,
  errors.JWTClaimValidationFailed,
  errors.JWTInvalid,
  errors.JWSInvalid,
  errors.JWSSignatureVerificationFailed,
  errors.JOSEAlgNotAllowed,
  errors.JOSENotSupported,
  errors.JWKSNoMatchingKey,
  errors.JWKSMultipleMatchingKeys,
];

const REMOTE_KEY_CACHE_MS = 10 * 60_000;
const REMOTE_KEY_COOLDOWN_MS = 30_000;
const REMOTE_KEY_TIMEOUT_MS = 5_000;
/** A key set is a few keys; anything much larger is not one. */
const REMOTE_KEY_MAX_BYTES = 512 * 1024;

/**
 * Remote key sets per JWKS URL and policy, kept for the process: jose caches the keys for 10 minutes and
 * refetches early when a token names an unknown `kid` (at most every 30 s), which is how provider key
 * rollover lands.
 */
const remoteKeySets = new Map<string, JWTVerifyGetKey>();

function keySetOf(provider: IdentityProvider, policy: OutboundPolicy): JWTVerifyGetKey {
  if (provider.jwks) return createLocalJWKSet(provider.jwks as JSONWebKeySet);
  const uri = provider.jwksUri!;
  const cacheKey = `${policy.allowLoopback ? 'loopback' : 'public'} ${uri}`;
  let keySet = remoteKeySets.get(cacheKey);
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(uri), {
      cacheMaxAge: REMOTE_KEY_CACHE_MS,
      cooldownDuration: REMOTE_KEY_COOLDOWN_MS,
      timeoutDuration: REMOTE_KEY_TIMEOUT_MS,
      // The URL is tenant-supplied: every fetch is checked and pinned to the address checked (SSRF, DNS rebinding).
      [customFetch]: pinnedFetch(policy, { timeoutMs: REMOTE_KEY_TIMEOUT_MS, maxBodyBytes: REMOTE_KEY_MAX_BYTES, spanName: 'GET key set' }) as never,
    });
    remoteKeySets.set(cacheKey, keySet);
  }
  return keySet;
}

function claim(payload: Record<string, unknown>, name: string): string | null {
  const value = payload[name];
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/** The `iss` a token claims, unverified: it only selects the provider whose keys then verify it. */
export function unverifiedIssuer(token: string): string | null {
  if (!isCompactJws(token)) return null;
  try {
    const { iss } = decodeJwt(token);
    return typeof iss === 'string' ? iss : null;
  } catch {
    return null;
  }
}

/** Verifies an ID token against the provider: signature, allowed algorithm, issuer, audience, expiry. */
export async function verifyIdToken(provider: IdentityProvider, token: string, policy: OutboundPolicy, opts: { maxAgeSeconds?: number } = {}): Promise<FederatedIdentity> {
  if (!isCompactJws(token)) throw new IdTokenRejected('the token is not a compact JWS of three unpadded base64url parts');
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, keySetOf(provider, policy), {
      issuer: provider.issuer,
      audience: provider.audience,
      algorithms: provider.allowedAlgorithms,
      requiredClaims: ['exp', 'iat'],
      clockTolerance: 30,
      ...(opts.maxAgeSeconds ? { maxTokenAge: opts.maxAgeSeconds } : {}),
    }));
  } catch (err) {
    if (REJECTIONS.some((type) => err instanceof type)) throw new IdTokenRejected((err as Error).message);
    if (provider.jwks) throw new IdTokenRejected('the token could not be verified');
    throw new KeySetUnavailable('The identity provider key set could not be fetched.');
  }
  const mapping = provider.claimMapping;
  const subject = claim(payload, mapping.subject);
  if (!subject) throw new IdTokenRejected(`the ${mapping.subject} claim is missing`);
  return {
    issuer: provider.issuer,
    subject,
    email: claim(payload, mapping.email),
    emailVerified: mapping.email_verified === null || payload[mapping.email_verified] === true,
    displayName: claim(payload, mapping.display_name),
  };
}
