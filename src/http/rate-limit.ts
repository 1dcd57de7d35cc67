import { AppError } from '../errors';
import type { RateLimitConfig } from '../config';
import type { RateClass } from './route';

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Token buckets per principal and route class, in process memory: each API instance enforces its own
 * share (documented in the README). Headers follow draft-ietf-httpapi-ratelimit-headers.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly policies: Record<RateClass, { rate: number; capacity: number; policy: string }>;

  constructor(cfg: RateLimitConfig) {
    const make = (name: RateClass, rate: number) => {
      const capacity = rate * cfg.burstSeconds;
      return { rate, capacity, policy: `"${name}";q=${capacity};w=${cfg.burstSeconds}` };
    };
    this.policies = {
      read: make('read', cfg.readPerSecond),
      write: make('write', cfg.writePerSecond),
      token: make('token', cfg.tokenPerSecond),
    };
  }

  /** Takes one token or throws 429; returns the headers to send either way. */
  take(key: string, cls: RateClass, now = Date.now()): Record<string, string> {
    const p = this.policies[cls];
    const id = `${cls}:${key}`;
    let b = this.buckets.get(id);
    if (!b) {
      if (this.buckets.size > 100_000) this.buckets.clear(); // bound memory under key churn
      b = { tokens: p.capacity, at: now };
      this.buckets.set(id, b);
    } else {
      b.tokens = Math.min(p.capacity, b.tokens + ((now - b.at) / 1000) * p.rate);
      b.at = now;
    }
    if (b.tokens < 1) {
      const retryAfter = Math.max(1, Math.ceil((1 - b.tokens) / p.rate));
      const headers = {
        'RateLimit-Policy': p.policy,
        RateLimit: `"${cls}";r=0;t=${retryAfter}`,
        'Retry-After': String(retryAfter),
      };
      throw new AppError('EdgeRateLimited', `Rate limit for ${cls} requests exceeded; retry after ${retryAfter} s.`, { headers });
    }
    b.tokens -= 1;
    const resetSeconds = Math.ceil((p.capacity - b.tokens) / p.rate);
    return { 'RateLimit-Policy': p.policy, RateLimit: `"${cls}";r=${Math.floor(b.tokens)};t=${resetSeconds}` };
  }
}
