import { randomUUID, webcrypto } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { SignJWT, jwtVerify } from 'jose';
import type { PrincipalKind } from '../domain/iam/entities';
import { isCompactJws } from './base64url';

/** Claims of a Counterfoil access token (a compact HS256 JWS). */
export interface AccessClaims {
  iss: 'counterfoil';
  /** Subject: the principal whose permissions apply. */
  sub: string;
  sk: PrincipalKind;
  /** Enterprise the token is bound to. */
  ent: string;
  /** Actor, when a service account acts for a user (RFC 8693 `act`). */
  act?: { sub: string; sk: PrincipalKind };
  /** Identity source of the subject (`platform-managed`, `federated`). */
  ids: string;
  fed?: { iss: string; sub: string };
  iat: number;
  exp: number;
  jti: string;
}

const HEADER = { alg: 'HS256', typ: 'at+jwt' } as const;

/**
 * Access tokens are verified without a database round trip (an HMAC, by jose over WebCrypto, whose
 * HMAC verify compares in constant time); whether the principal may still act is checked per request
 * against the principal directory, so revocation needs no re-issue.
 */
export class TokenSigner {
  /**
   * Tokens already verified, by their full text (signature included): a hit skips jose's asynchronous
   * WebCrypto verify and parsing on every request of a live token. Least recently used go first.
   */
  private readonly verified = new LRUCache<string, AccessClaims>({ max: 10_000 });
  private readonly secret: Promise<webcrypto.CryptoKey>;

  constructor(key: Buffer) {
    // Imported once: jose would import a raw key again on every call.
    this.secret = webcrypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  }

  async issue(claims: Omit<AccessClaims, 'iss' | 'iat' | 'exp' | 'jti'>, ttlSeconds: number, now = Date.now()): Promise<{ token: string; claims: AccessClaims }> {
    const iat = Math.floor(now / 1000);
    const full: AccessClaims = { iss: 'counterfoil', ...claims, iat, exp: iat + ttlSeconds, jti: randomUUID() };
    const token = await new SignJWT({ ...full }).setProtectedHeader(HEADER).sign(await this.secret);
    return { token, claims: full };
  }

  /** Returns the claims of a well-formed, correctly signed, unexpired token; otherwise null. */
  async verify(token: string, now = Date.now()): Promise<AccessClaims | null> {
    if (!isCompactJws(token)) return null;
    const known = this.verified.get(token);
    if (known) return known.exp * 1000 > now ? known : null;
    let claims: AccessClaims;
    try {
      const { payload } = await jwtVerify(token, await this.secret, { algorithms: [HEADER.alg], typ: HEADER.typ, issuer: 'counterfoil', requiredClaims: ['exp'], currentDate: new Date(now) });
      claims = payload as unknown as AccessClaims;
    } catch {
      return null;
    }
    if (claims.exp * 1000 <= now) return null;
    this.verified.set(token, claims);
    return claims;
  }
}
