import Koa from 'koa';
import type { Services } from '../../services';
import { apiKeyDirectory } from '../../domain/api-keys/directory';
import { compileAllowlist } from '../../auth/ip-allowlist';
import { requestContext } from '../request-context';
import { answerMalformedWith, type MalformedKind } from '../malformed';
import { checkPart } from '../validation';
import { authenticateSignedRequest, type SignedDeps } from './authenticate';
import { signedApiCaches } from './caches';
import { SIGNED_ERRORS, SignedApiError, signedErrorMiddleware, type SignedErrorLabel } from './errors';
import { signedOpenApiDocument } from './openapi';
import { QuoteSealer } from './quote-tokens';
import { signedRoutes, type SignedRoute } from './routes';
import { API_VERSIONS, FIRST_API_VERSION, VERSION_HEADER, renderAt, requestedVersion } from '../../versions';

const unknownVersion = (v: string) =>
  new SignedApiError('INVALID_API_VERSION', `Unknown API version ${JSON.stringify(v.slice(0, 40))}; known versions: ${API_VERSIONS.join(', ')}.`);

/** Requests Node's HTTP parser refused, in this surface's error body. */
const MALFORMED: Record<MalformedKind, SignedErrorLabel> = {
  headers_too_large: 'HEADERS_TOO_LARGE',
  uri_too_long: 'URI_TOO_LONG',
  timeout: 'REQUEST_TIMEOUT',
  malformed: 'MALFORMED_REQUEST',
  // The contract's labels have no 417: a request without Host or with an unmet Expect is malformed to it.
  host_missing: 'MALFORMED_REQUEST',
  expectation: 'MALFORMED_REQUEST',
  connect: 'METHOD_NOT_ALLOWED',
};

/** The tenant pipeline's check, worded as the contract's one sentence: `fromAmount: must be a decimal string; colour: unknown field`. */
function validBody(route: SignedRoute, body: unknown): unknown {
  if (!route.body) return body;
  const checked = checkPart(route.body, body, 'body');
  if (checked.ok) return checked.data;
  const detail = checked.errors.map((e) => `${e.pointer.replace(/^\/body\/?/, '') || 'body'}: ${e.detail}`).join('; ');
  throw new SignedApiError('INVALID_BODY', `The request body is invalid: ${detail}.`);
}

/**
 * The signed API-key surface (`/v1`, its own port): API key and Ed25519 signature authentication,
 * the signed API contract's `{errorCode, errorLabel, errorDescription}` error body, and its own OpenAPI document.
 */
export function createSignedApiApp(services: Services, opts: { now?: () => number } = {}): Koa {
  const deps: SignedDeps = {
    keys: apiKeyDirectory(services),
    caches: signedApiCaches(services),
    quotes: new QuoteSealer(services.platformKeys),
    limiter: services.rateLimiter,
    trustedProxies: compileAllowlist(services.config.trustedProxies),
    now: opts.now ?? Date.now,
  };
  void deps.keys.start().catch((err) => services.log.error({ err }, 'api key notifications unavailable'));
  void deps.caches.start().catch((err) => services.log.error({ err }, 'signed API cache notifications unavailable'));

  const byPath = new Map<string, Map<string, SignedRoute>>();
  for (const route of signedRoutes) {
    if (!byPath.has(route.path)) byPath.set(route.path, new Map());
    byPath.get(route.path)!.set(route.method.toUpperCase(), route);
  }
  let document: unknown;

  const app = new Koa({ proxy: false });
  app.silent = true; // failures are logged by the error middleware with the request id
  answerMalformedWith(app, (kind) => {
    const err = new SignedApiError(MALFORMED[kind], SIGNED_ERRORS[MALFORMED[kind]].when);
    return { status: err.status, contentType: 'application/json', body: err.body() };
  });
  app.use(requestContext(services, 'signed'));
  app.use(signedErrorMiddleware());
  app.use(async (ctx) => {
    if (ctx.path === '/v1/openapi.json' && ctx.method === 'GET') {
      ctx.state.route = { path: '/v1/openapi.json' };
      ctx.body = document ??= signedOpenApiDocument(signedRoutes, services.config.signedApiBaseUrl);
      return;
    }
    const methods = byPath.get(ctx.path);
    const route = methods?.get(ctx.method);
    if (!route) {
      if (methods) throw new SignedApiError('METHOD_NOT_ALLOWED', `${ctx.method} is not allowed on ${ctx.path}.`, { Allow: [...methods.keys()].join(', ') });
      throw new SignedApiError('NOT_FOUND', `No endpoint matches ${ctx.method} ${ctx.path}.`);
    }
    ctx.state.route = route;
    const request = await authenticateSignedRequest(ctx, deps, { signed: route.method === 'post', fresh: route.movesMoney === true });
    // As on the tenant API: the header's version, else the key's pinned one (keys from before versions: the first).
    const version = requestedVersion(ctx.get(VERSION_HEADER) || undefined, request.key.apiVersion, FIRST_API_VERSION, unknownVersion);
    ctx.set(VERSION_HEADER, version);
    ctx.body = renderAt(await route.handler({ request, body: validBody(route, request.body) as never, services, deps, ctx }), version, 'signed');
  });
  return app;
}
