import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { VERSION_HEADER } from '../versions';

type HeaderObject = { description: string; schema: { type: 'string' | 'integer' }; deprecated?: boolean };

/**
 * Every response header the API sends, declared once as `components/headers` so generated clients can
 * type them; both surfaces reference these (docs/api-versions.md, docs/ledger.md on idempotency, docs/robustness.md on rate limits).
 */
export const RESPONSE_HEADERS: Record<string, HeaderObject> = {
  [VERSION_HEADER]: { description: 'The API version the answer is rendered at.', schema: { type: 'string' } },
  'X-Request-Id': { description: "This request's id (the caller's own X-Request-Id when it sent a valid one); quote it when reporting a problem.", schema: { type: 'string' } },
  RateLimit: { description: 'The remaining quota of this request\'s rate class and the seconds until it resets (draft-ietf-httpapi-ratelimit-headers), e.g. `"read";r=599;t=60`.', schema: { type: 'string' } },
  'RateLimit-Policy': { description: 'The quota policy of this request\'s rate class, e.g. `"read";q=600;w=60`.', schema: { type: 'string' } },
  'Retry-After': { description: 'Seconds to wait before retrying (on 429 and 503).', schema: { type: 'integer' } },
  ETag: { description: 'The entity tag of the resource (or, on a polled read, of the answer); send it back in If-Match or If-None-Match.', schema: { type: 'string' } },
  'Idempotent-Replayed': {
    description: '`true` when the answer replays an earlier request: the same Idempotency-Key (tenant API), or the same signed body again (signed API).',
    schema: { type: 'string' },
  },
  'X-Replayed': { description: 'Deprecated alias of Idempotent-Replayed on the signed API, sent with it; read Idempotent-Replayed.', schema: { type: 'string' }, deprecated: true },
  'Access-Control-Allow-Origin': { description: "The calling page's origin, when it is one of COUNTERFOIL_CORS_ORIGINS.", schema: { type: 'string' } },
  'Access-Control-Expose-Headers': { description: 'The headers a page on an allowed origin may read.', schema: { type: 'string' } },
};

/** A component name for a header: `RateLimit-Policy` → `RateLimitPolicy`. */
export const headerComponent = (name: string) => name.replace(/[^A-Za-z0-9]/g, '');

export function registerResponseHeaders(registry: OpenAPIRegistry, names = Object.keys(RESPONSE_HEADERS)): void {
  for (const name of names) registry.registerComponent('headers', headerComponent(name), RESPONSE_HEADERS[name]!);
}

/** The `headers` of one response: references to the shared components by header name. */
export const headerRefs = (names: string[]) => Object.fromEntries(names.map((n) => [n, { $ref: `#/components/headers/${headerComponent(n)}` }]));

/** Sent on every answer of both surfaces (the CORS pair only to an allowed origin). */
export const EVERY_ANSWER = [VERSION_HEADER, 'X-Request-Id', 'RateLimit', 'RateLimit-Policy', 'Access-Control-Allow-Origin', 'Access-Control-Expose-Headers'];
