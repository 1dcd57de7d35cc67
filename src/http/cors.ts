import type Koa from 'koa';

/** What a page may send: the headers the tenant API reads. */
const ALLOW_HEADERS = 'Authorization, Content-Type, Idempotency-Key, Counterfoil-Version, If-Match, If-None-Match, X-Request-Id';
const ALLOW_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
/** What a page may read: the headers integrators branch on (versions, concurrency, limits, replays). */
export const EXPOSE_HEADERS = 'Counterfoil-Version, ETag, Idempotent-Replayed, Location, RateLimit, RateLimit-Policy, Retry-After, X-Request-Id';

/**
 * CORS for the exact origins of COUNTERFOIL_CORS_ORIGINS (none by default: no header is sent). No
 * credentials mode: the API authenticates by bearer token, so a page never needs cookies sent.
 */
export function corsMiddleware(origins: readonly string[]): Koa.Middleware {
  const allowed = new Set(origins);
  return async (ctx, next) => {
    if (allowed.size === 0) return next();
    ctx.vary('Origin');
    const origin = ctx.get('Origin');
    if (!origin || !allowed.has(origin)) return next();
    if (ctx.method === 'OPTIONS' && ctx.get('Access-Control-Request-Method')) {
      ctx.set({
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Allow-Methods': ALLOW_METHODS,
        'Access-Control-Allow-Headers': ALLOW_HEADERS,
        'Access-Control-Max-Age': '600',
      });
      ctx.status = 204;
      return;
    }
    // Set before and after: an error answer is written by the problem middleware inside.
    const set = () => ctx.set({ 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': EXPOSE_HEADERS });
    set();
    try {
      await next();
    } finally {
      set();
    }
  };
}
