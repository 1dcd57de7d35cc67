/**
 * @counterfoil/sdk: the typed client of the Counterfoil tenant API (types generated from its OpenAPI
 * document into openapi.ts by `npm run generate:client`, calls through openapi-fetch), the signed /v1
 * client, webhook verification, typed errors, pagination, and idempotent retries. Runs wherever
 * `fetch` does (Node 20.19+, browsers).
 */
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, operations, paths, webhooks } from './openapi';
import { problemOf, CounterfoilError, type Problem } from './errors';
import { reportingFetch, retryingFetch, type RetryOptions } from './retry';

export type { components, operations, paths, webhooks };
export type Schemas = components['schemas'];
export type CounterfoilClient = Client<paths>;
export { CounterfoilError, notModified, problemOf, unwrap, type ErrorCode, type ErrorReason, type Problem, type SdkProblem } from './errors';
export { isRetryableStatus, MAX_RETRY_DELAY_MS, newIdempotencyKey, retryAfterMs, retryingFetch, RETRYABLE_STATUSES, takesIdempotencyKey, type RetryOptions } from './retry';
export { paginate } from './pagination';
export { SignedApiClient, secretKeyFromPkcs8, signBody, type SignedApiClientOptions, type SignedApiResponse } from './signed';
export { verifyWebhook, WebhookVerificationError, type WebhookEvent } from './webhooks';

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

export interface CounterfoilClientOptions {
  /** Origin of the tenant API, e.g. `https://api.example.com` (empty: the page's own origin). */
  baseUrl: string;
  /** The bearer token to send, read before every request (null: send none). */
  accessToken?: () => string | null | undefined | Promise<string | null | undefined>;
  /** Instead of `accessToken`: the SDK obtains tokens with the client-credentials grant and renews them before they expire. */
  credentials?: ClientCredentials;
  /** Called with every 401 answer (an expired or revoked token), e.g. to sign the person in again. */
  onUnauthorized?: (problem: Problem) => void;
  /** Retries of network errors, 429 and 5xx (default on; `false` sends each request once). */
  retry?: RetryOptions | false;
  /** Throw a CounterfoilError for every error answer instead of returning it as `error`. */
  throwOnError?: boolean;
  /** Sent as `Counterfoil-Version` (e.g. `2026-11-26`); else the client's pinned version answers. */
  apiVersion?: string;
  fetch?: (input: Request) => Promise<Response>;
}

/** Renews a client-credentials token 30 s before it expires; a 401 drops it so the next call asks again. */
function tokenSource(baseUrl: string, credentials: ClientCredentials, send: (input: Request) => Promise<Response>) {
  let current: { token: string; renewAt: number } | undefined;
  let pending: Promise<string> | undefined;
  const issue = async () => {
    const res = await send(
      new Request(new URL('/oauth/token', baseUrl || (globalThis as { location?: { origin: string } }).location?.origin), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'client_credentials', client_id: credentials.clientId, client_secret: credentials.clientSecret }),
      }),
    );
    const body: unknown = await res.json().catch(() => undefined);
    if (!res.ok) throw new CounterfoilError(problemOf(body, res));
    const issued = body as { access_token: string; expires_in: number };
    current = { token: issued.access_token, renewAt: Date.now() + Math.max(0, issued.expires_in - 30) * 1000 };
    return issued.access_token;
  };
  return {
    async get(): Promise<string> {
      if (current && Date.now() < current.renewAt) return current.token;
      const asked = pending ?? issue().finally(() => (pending = undefined));
      pending = asked;
      return asked;
    },
    drop(): void {
      current = undefined;
    },
  };
}

/**
 * The client. Operations that move money take an `Idempotency-Key`: the client sends one of its own
 * when the call has none, and retries with the same key, which replays the first answer instead of
 * moving the money twice. To retry across process restarts, pass your own key (`newIdempotencyKey()`)
 * and keep it with the intended operation.
 */
export function createCounterfoilClient(options: CounterfoilClientOptions): CounterfoilClient {
  const base = options.fetch ?? ((input: Request) => globalThis.fetch(input));
  const send = options.retry === false ? reportingFetch(base) : retryingFetch(base, options.retry);
  const tokens = options.credentials ? tokenSource(options.baseUrl, options.credentials, send) : undefined;
  const client = createClient<paths>({ baseUrl: options.baseUrl, fetch: send });
  const middleware: Middleware = {
    async onRequest({ request }) {
      const token = tokens ? await tokens.get() : await options.accessToken?.();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      if (options.apiVersion) request.headers.set('Counterfoil-Version', options.apiVersion);
      return request;
    },
    async onResponse({ response }) {
      if (response.status === 401) {
        tokens?.drop();
        if (options.onUnauthorized) options.onUnauthorized((await response.clone().json().catch(() => ({}))) as Problem);
      }
      // A 304 answers the caller's own If-None-Match: nothing changed, which is no error.
      if (options.throwOnError && !response.ok && response.status !== 304) throw new CounterfoilError(problemOf(await response.clone().json().catch(() => undefined), response));
      return response;
    },
  };
  client.use(middleware);
  return client;
}
