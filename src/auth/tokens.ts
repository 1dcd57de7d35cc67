import { createHmac, randomUUID } from 'node:crypto';
import type { PrincipalKind } from '../domain/iam/entities';
import { constantTimeEqual } from './secrets';

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

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'at+jwt' })).toString('base64url');

/**
 * Access tokens are verified without a database round trip (an HMAC); whether the principal may
 * still act is checked per request against the principal directory, so revocation needs no re-issue.
 */
export class TokenSigner {
  /** Tokens already verified, by their full text (signature included): a hit skips HMAC and parsing. */
  private readonly verified = new Map<string, AccessClaims>();

  constructor(private readonly key: Buffer) {}

  issue(claims: Omit<AccessClaims, 'iss' | 'iat' | 'exp' | 'jti'>, ttlSeconds: number, now = Date.now()): { token: string; claims: AccessClaims } {
    const iat = Math.floor(now / 1000);
    const full: AccessClaims = { iss: 'counterfoil', ...claims, iat, exp: iat + ttlSeconds, jti: randomUUID() };
    const payload = Buffer.from(JSON.stringify(full)).toString('base64url');
    const signingInput = `${HEADER}.${payload}`;
    return { token: `${signingInput}.${this.sign(signingInput)}`, claims: full };
  }

  /** Returns the claims of a well-formed, correctly signed, unexpired token; otherwise null. */
  verify(token: string, now = Date.now()): AccessClaims | null {
    const known = this.verified.get(token);
    if (known) return known.exp * 1000 > now ? known : null;
    const claims = this.verifyUncached(token, now);
    if (claims) {
      if (this.verified.size >= 10_000) this.verified.clear(); // bounded; refills from live traffic
      this.verified.set(token, claims);
    }
    return claims;
  }

  private verifyUncached(token: string, now: number): AccessClaims | null {
    const firstDot = token.indexOf('.');
    const lastDot = token.lastIndexOf('.');
    if (firstDot <= 0 || lastDot === firstDot) return null;
    const signingInput = token.slice(0, lastDot);
    if (token.slice(0, firstDot) !== HEADER) return null;
    const presented = Buffer.from(token.slice(lastDot + 1), 'base64url');
    if (!constantTimeEqual(presented, createHmac('sha256', this.key).update(signingInput).digest())) return null;
    let claims: AccessClaims;
    try {
      claims = JSON.parse(Buffer.from(token.slice(firstDot + 1, lastDot), 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    if (claims.iss !== 'counterfoil' || typeof claims.exp !== 'number' || claims.exp * 1000 <= now) return null;
    return claims;
  }

  private sign(input: string): string {
    return createHmac('sha256', this.key).update(input).digest('base64url');
  }
}
