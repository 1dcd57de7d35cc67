/**
 * A typed client of the Counterfoil tenant API: the types are generated from the OpenAPI document
 * (openapi.ts, `npm run generate:client`) and the calls go through openapi-fetch. It depends on
 * nothing else and runs wherever `fetch` does (browsers, Node 20+), so an integration can copy the folder.
 */
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, operations, paths } from './openapi';

export type { components, operations, paths };
export type Schemas = components['schemas'];
/** RFC 9457 problem details: every error answer of the API. */
export type Problem = Schemas['Problem'];
export type CounterfoilClient = Client<paths>;

export interface CounterfoilClientOptions {
  /** Origin of the tenant API, e.g. `https://api.example.com` (empty: the page's own origin). */
  baseUrl: string;
  /** The bearer token to send, read before every request (null: send none). */
  accessToken?: () => string | null | undefined;
  /** Called with every 401 answer (an expired or revoked token), e.g. to sign the person in again. */
  onUnauthorized?: (problem: Problem) => void;
  fetch?: (input: Request) => Promise<Response>;
}

/** A fresh Idempotency-Key. Keep it for one logical operation: a retry with the same key replays the first answer. */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * The client. Operations that move money require an `Idempotency-Key` header in their types: keep one
 * key per intended operation (`newIdempotencyKey()`) and send it again on a retry, which then replays
 * the first answer instead of moving the money twice.
 */
export function createCounterfoilClient(options: CounterfoilClientOptions): CounterfoilClient {
  const client = createClient<paths>({ baseUrl: options.baseUrl, fetch: options.fetch });
  const middleware: Middleware = {
    onRequest({ request }) {
      const token = options.accessToken?.();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
    async onResponse({ response }) {
      if (response.status === 401 && options.onUnauthorized) options.onUnauthorized((await response.clone().json().catch(() => ({}))) as Problem);
      return response;
    },
  };
  client.use(middleware);
  return client;
}

/** The problem of a failed call, or a synthetic one when the answer was not problem+json (a network failure, a proxy page). */
export function problemOf(error: unknown, response?: Response): Problem {
  if (error && typeof error === 'object' && 'code' in error && 'status' in error) return error as Problem;
  const status = response?.status ?? 0;
  return {
    type: 'about:blank',
    title: status ? `HTTP ${status}` : 'Network error',
    status,
    detail: status ? `The server answered ${status}.` : 'The server could not be reached.',
    code: 'TemporarilyUnavailable',
    request_id: response?.headers.get('x-request-id') ?? '',
    errors: [],
  };
}
