import { createHash } from 'node:crypto';
import Router from '@koa/router';
import type Koa from 'koa';
import { AppError } from '../errors';
import type { Services } from '../services';
import type { Caller } from '../auth/caller';
import { authenticate } from './authenticate';
import { mediaTypeOf, parseBody } from './body';
import { foldDeepObjects, validate } from './validation';
import { checkKey, requestFingerprint } from './idempotency';
import { noneMatchHits } from './etag';
import { replayedError, runIdempotently } from '../idempotency/run';
import type { Alongside, IdempotencyScope } from '../idempotency/store';
import type { RateLimiter } from '../rate-limiter';
import type { HandlerResult, RouteDef } from './route';
import { capabilityScope, requireCapability } from '../domain/capabilities';
import { requireActionToken } from './action-token';
import { auditTrail, successEntry } from './audit-trail';
import { AUDIT_ENTRIES } from '../domain/audit/entries';
import { clientAddress, compileAllowlist, type AddressMatcher } from '../auth/ip-allowlist';
import { FIRST_API_VERSION, LATEST_API_VERSION, VERSION_HEADER, renderAt, requestedVersion } from '../versions';

/** A JSON answer the version layer renders (not a buffer, text or stream). */
const isPlainJson = (body: unknown) => Array.isArray(body) || (body !== null && typeof body === 'object' && Object.getPrototypeOf(body) === Object.prototype);

/** `/enterprises/{enterprise_id}` → `/enterprises/:enterprise_id` */
export function koaPath(openApiPath: string): string {
  return openApiPath.replace(/\{([a-z_]+)\}/g, ':$1');
}

/**
 * The one request pipeline every route runs through, in this order: authenticate, rate-limit,
 * validate params/query/body, check the route permission, idempotency, handler, shape the answer.
 */
function pipeline(def: RouteDef, services: Services, limiter: RateLimiter, trustedProxies: AddressMatcher): Koa.Middleware {
  const bodyTypes = def.bodyTypes ?? ['application/json'];
  const rateClass = def.rateClass ?? (def.method === 'get' ? 'read' : 'write');
  const hasBody = def.method !== 'get' && def.method !== 'delete';
  const list = `${def.method.toUpperCase()} ${def.path}`;

  return async (ctx) => {
    ctx.state.route = def;
    ctx.state.clientIp = clientAddress(ctx.req.socket.remoteAddress ?? '', ctx.get('x-forwarded-for'), trustedProxies);

    let caller: Caller | undefined;
    if (def.auth.kind === 'bearer') {
      caller = await authenticate(ctx, services);
      ctx.state.caller = caller;
      ctx.set(await limiter.take(caller.subject.id, rateClass));
    } else {
      ctx.set(await limiter.take(`ip:${ctx.state.clientIp}`, rateClass));
    }

    // The version the answer is rendered at (src/versions): the header's, else the integration's pinned one;
    // a person (the console) gets the latest, a service account from before versions the first.
    const version = requestedVersion(
      ctx.get(VERSION_HEADER) || undefined,
      caller?.apiVersion,
      caller?.authenticatedPrincipal.kind === 'service_account' ? FIRST_API_VERSION : LATEST_API_VERSION,
    );
    ctx.set(VERSION_HEADER, version);
    ctx.state.apiVersion = version;

    const params = validate(def.params, ctx.params, 'params');
    const query = validate(def.query, foldDeepObjects(ctx.query), 'query');
    let raw: Buffer = Buffer.alloc(0);
    let body: unknown;
    if (def.upload) {
      const accepted = Object.keys(def.upload.samples);
      if (!accepted.includes(mediaTypeOf(ctx))) throw new AppError('EdgeUnsupportedMediaType', `Content-Type must be one of: ${accepted.join(', ')}.`);
    } else if (hasBody) {
      const parsed = await parseBody(ctx, bodyTypes);
      raw = parsed.raw;
      ctx.state.rawBody = raw;
      // An empty body is an empty object; a JSON `null` is a body of the wrong type (400), not an empty one.
      body = validate(def.body, parsed.value === undefined ? (def.body ? {} : undefined) : parsed.value, 'body');
    }

    if (def.auth.kind === 'bearer' && !caller!.holdsAnywhere(def.auth.permission)) {
      throw new AppError('EdgeForbidden', `The caller lacks permission ${def.auth.permission}.`);
    }

    // Product toggle (one query per request): the client named by the route's params, else the caller's enterprise.
    if (def.auth.kind === 'bearer' && def.auth.capability) {
      await requireCapability(services.sql, def.auth.capability, capabilityScope(caller!, params));
    }

    // Governed actions: a single-use X-Action-Token bound to this caller, action and resource (428 missing, 403 otherwise).
    if (def.actionToken) ctx.state.actionTokenProof = await requireActionToken({ services, ctx, caller: caller! }, def.actionToken, def.actionTokenResource!(params, body));

    const run = (idempotency?: IdempotencyScope) =>
      def.handler({ params, query, body, caller: caller as Caller, services, pager: services.pager.of(list, params as Record<string, unknown>), requestId: ctx.state.requestId, ctx, idempotency });

    let result: HandlerResult & { replayed?: boolean };
    const key = ctx.get('idempotency-key');
    if (def.idempotency && caller && key) {
      checkKey(key);
      let auditedInTransaction = false;
      const alongside: Alongside = {
        table: AUDIT_ENTRIES,
        row: (answer) => {
          auditedInTransaction = true;
          return successEntry(ctx, answer.status ?? 200, answer.body);
        },
      };
      result = await runIdempotently(services.sql, caller.subject.id, key, requestFingerprint(def.method, ctx.path, raw), run, {
        answerInTransaction: def.answerInTransaction,
        // Any route that stores its answer in its own transaction (scope.record) commits its audit entry there too.
        alongside: def.method !== 'get' ? alongside : undefined,
      });
      // A replay's own entry is still written by the trail: the stored one belongs to the first request.
      if (auditedInTransaction && !result.replayed) ctx.state.audited = true;
      if (result.replayed) {
        ctx.set('Idempotent-Replayed', 'true');
        const refusal = replayedError(result.body);
        if (refusal) throw refusal;
      }
    } else if (def.idempotency === 'required') {
      throw new AppError('EdgeBadRequest', 'This operation requires an Idempotency-Key header.', {
        reason: 'idempotency_key_required',
        errors: [{ pointer: '/headers/idempotency-key', detail: 'required' }],
      });
    } else {
      result = await run();
    }

    ctx.status = result.status ?? 200;
    if (result.headers) ctx.set(result.headers);
    const etag = (result.body as { etag?: unknown } | undefined)?.etag;
    if (typeof etag === 'string') ctx.set('ETag', etag);
    if (result.body !== undefined) ctx.body = isPlainJson(result.body) ? renderAt(result.body, version, 'tenant') : result.body;
    if (def.conditional && ctx.status === 200) tagAnswer(ctx);
    if (def.method === 'get' && ctx.status === 200) answerConditionally(ctx);
  };
}

/** A weak ETag of the answer as sent (the caller's own view: private), revalidated on every use. */
function tagAnswer(ctx: Koa.Context): void {
  ctx.set('ETag', `W/"${createHash('sha256').update(JSON.stringify(ctx.body)).digest('base64url').slice(0, 27)}"`);
  ctx.set('Cache-Control', 'private, no-cache');
}

/** A GET whose answer carries an ETag: an If-None-Match naming it (or `*`) is 304, and the body stays on the server. */
function answerConditionally(ctx: Koa.Context): void {
  const presented = ctx.get('if-none-match');
  const etag = ctx.response.get('ETag');
  if (presented && etag && noneMatchHits(presented, etag)) {
    ctx.status = 304;
    ctx.body = null;
  }
}

/** The tenant routes as one middleware (carrying its routers, as @koa/router's own carries its router), and the match the fallthrough asks which methods a path has. */
export interface RouteTable {
  routes: Koa.Middleware & { routers: Router[] };
  match(path: string, method: string): ReturnType<Router['match']>;
}

/** `/internal-transfers/…` → `internal-transfers`; case-folded, as the routers match. */
const firstSegment = (path: string) => {
  const end = path.indexOf('/', 1);
  return (end < 0 ? path.slice(1) : path.slice(1, end)).toLowerCase();
};

/**
 * One @koa/router per first path segment. A router tries its routes' patterns one by one (and
 * allocates for each try), so a request is matched against the few routes of its segment rather
 * than all of them: with 174 routes that try was a fifth of the API's allocations per request.
 */
export function buildRouteTable(defs: RouteDef[], services: Services, limiter: RateLimiter): RouteTable {
  const routers = new Map<string, Router>();
  const trustedProxies = compileAllowlist(services.config.trustedProxies);
  for (const def of defs) {
    const segment = firstSegment(def.path);
    if (segment.includes('{')) throw new Error(`${def.path}: a route's first segment must be static`);
    let router = routers.get(segment);
    if (!router) routers.set(segment, (router = new Router()));
    // Every non-GET request of an authenticated caller leaves a user action audit entry (src/http/audit-trail.ts).
    const audit = def.method !== 'get' && def.auth.kind === 'bearer' ? [auditTrail(services)] : [];
    router[def.method](def.operationId, koaPath(def.path), ...audit, pipeline(def, services, limiter, trustedProxies));
  }
  const middleware = new Map<string, Koa.Middleware>([...routers].map(([segment, router]) => [segment, router.routes() as Koa.Middleware]));
  const none = new Router();
  const routes: Koa.Middleware = (ctx, next) => middleware.get(firstSegment(ctx.path))?.(ctx, next) ?? next();
  return {
    routes: Object.assign(routes, { routers: [...routers.values()] }),
    match: (path, method) => (routers.get(firstSegment(path)) ?? none).match(path, method),
  };
}

/** After the routes: a known path with another method is 405 with `Allow`; anything else is 404. */
export function fallthrough(table: Pick<RouteTable, 'match'>): Koa.Middleware {
  return async (ctx) => {
    const matched = table.match(ctx.path, ctx.method);
    const methods = new Set(matched.path.flatMap((layer) => layer.methods).filter((m) => m !== 'HEAD'));
    if (methods.size > 0) {
      throw new AppError('EdgeMethodNotAllowed', `${ctx.method} is not allowed on ${ctx.path}.`, {
        headers: { Allow: [...methods].join(', ') },
      });
    }
    throw new AppError('EdgeNotFound', `No route matches ${ctx.method} ${ctx.path}.`, { reason: 'route_not_found' });
  };
}
