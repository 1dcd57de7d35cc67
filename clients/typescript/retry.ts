import { CounterfoilError, problemOf } from './errors';
import { IDEMPOTENT_OPERATIONS } from './openapi';

export interface RetryOptions {
  /** Further attempts after the first (default 3). */
  retries?: number;
  /** First backoff in ms, doubled per attempt with full jitter (default 250). */
  baseDelayMs?: number;
  /** No wait is longer than this, whatever `Retry-After` asks (default MAX_RETRY_DELAY_MS, 10 000). */
  maxDelayMs?: number;
}

type Fetch = (input: Request) => Promise<Response>;

/** A fresh Idempotency-Key. Keep it for one logical operation: a retry with the same key replays the first answer. */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

const templates = IDEMPOTENT_OPERATIONS.map((op) => {
  const [method, route] = op.split(' ') as [string, string];
  return { method, pattern: new RegExp(`^${route.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`) };
});

/** True for the operations of the API that take an Idempotency-Key (money movement and creations). */
export function takesIdempotencyKey(method: string, pathname: string): boolean {
  return templates.some((t) => t.method === method && t.pattern.test(pathname));
}

/**
 * The retry rule both SDKs share (docs/sdk.md, checked against the same vectors in each): answers worth
 * another attempt are 429 (refused for now) and 500, 502, 503, 504 (failed, or unreachable behind a proxy).
 */
export const RETRYABLE_STATUSES: readonly number[] = [429, 500, 502, 503, 504];
/** No wait is longer than this, whatever `Retry-After` asks. */
export const MAX_RETRY_DELAY_MS = 10_000;
const RETRYABLE_STATUS = new Set(RETRYABLE_STATUSES);

/** Whether the rule retries an answer with this status (for a method that may be repeated). */
export function isRetryableStatus(status: number): boolean {
  return RETRYABLE_STATUS.has(status);
}
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/** Seconds or an HTTP date (RFC 9110 §10.2.3), in ms from now; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A failure to reach the server as a CounterfoilError (`network_error`), the original as its cause. */
export function networkError(err: unknown): CounterfoilError {
  if (err instanceof CounterfoilError) return err;
  // An abort is the caller's own decision, not a network failure.
  if (err instanceof Error && err.name === 'AbortError') throw err;
  return new CounterfoilError(problemOf(undefined), { cause: err });
}

/** A fetch whose network failures are CounterfoilErrors (`network_error`). */
export function reportingFetch(fetchImpl: Fetch): Fetch {
  return async (request) => {
    try {
      return await fetchImpl(request);
    } catch (err) {
      throw networkError(err);
    }
  };
}

/**
 * A fetch that gives every idempotent operation an Idempotency-Key when the caller sent none, and
 * retries network errors, 429 and 5xx with backoff that honours `Retry-After`. A POST or PATCH is
 * retried only with a key, the same key every time, so an attempt that did go through is replayed,
 * never repeated. 429 is retried for every method: the server refused the request before running it.
 */
export function retryingFetch(fetchImpl: Fetch, options: RetryOptions = {}): Fetch {
  const retries = options.retries ?? 3;
  const base = options.baseDelayMs ?? 250;
  const max = options.maxDelayMs ?? MAX_RETRY_DELAY_MS;
  return async (request) => {
    const { pathname } = new URL(request.url);
    if (takesIdempotencyKey(request.method, pathname) && !request.headers.has('idempotency-key')) {
      request.headers.set('Idempotency-Key', newIdempotencyKey());
    }
    const replayable = SAFE_METHODS.has(request.method) || request.headers.has('idempotency-key');
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= retries;
      // Each attempt sends a copy: a body is a stream that one send consumes.
      const sent = last ? request : request.clone();
      let response: Response;
      try {
        response = await fetchImpl(sent);
      } catch (err) {
        if (last || !replayable) throw networkError(err);
        await sleep(Math.random() * Math.min(max, base * 2 ** attempt));
        continue;
      }
      if (last || !RETRYABLE_STATUS.has(response.status) || (response.status !== 429 && !replayable)) return response;
      const asked = retryAfterMs(response.headers.get('retry-after'));
      await response.body?.cancel();
      await sleep(Math.min(max, asked ?? Math.random() * base * 2 ** attempt));
    }
  };
}
