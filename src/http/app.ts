import { corsMiddleware } from './cors';
import Koa from 'koa';
import type { Services } from '../services';
import { buildOpenApiDocument } from './openapi';
import { buildRouteTable, fallthrough } from './mount';
import { problemMiddleware } from './problem';
import { requestContext } from './request-context';
import { defineRoute, type RouteDef } from './route';
import { tenantRoutes } from './routes';
import { consoleMiddleware, type ConsoleOptions } from './console';
import { docsMiddleware } from './docs';

const TENANT_API_DESCRIPTION =
  'Counterfoil tenant API: tenant topology, identity and access, a double-entry ledger, governed money movement, webhooks, events and exports. Authenticate with POST /oauth/token, then send `Authorization: Bearer <token>`.';

/** The routes this deployment serves: sandbox simulators (`/sandbox/*`, or flagged) exist only in sandbox mode. */
export function routesFor(mode: Services['config']['mode'], routes: RouteDef[] = tenantRoutes): RouteDef[] {
  return mode === 'sandbox' ? routes : routes.filter((r) => !r.sandboxOnly && !r.path.startsWith('/sandbox/'));
}

/** The document describes itself too: `GET /openapi.json` is one of the routes it lists. */
const documents = new WeakMap<object, unknown>();
export const openApiRoute: RouteDef = defineRoute({
  method: 'get',
  path: '/openapi.json',
  operationId: 'getOpenApiDocument',
  summary: 'This OpenAPI 3.1 document',
  tags: ['Operations'],
  auth: { kind: 'public', reason: 'API description' },
  responses: { 200: { description: 'OpenAPI 3.1 document.' } },
  handler: async ({ services }) => {
    if (!documents.has(services)) documents.set(services, tenantOpenApi(services));
    return { body: documents.get(services) as object };
  },
});

/** The OpenAPI document of the tenant API as this deployment serves it (`GET /openapi.json`, `counterfoil openapi`). */
export function tenantOpenApi(services: Pick<Services, 'config'>, routes: RouteDef[] = [...routesFor(services.config.mode), openApiRoute]) {
  return buildOpenApiDocument(routes, {
    title: 'Counterfoil tenant API',
    description: TENANT_API_DESCRIPTION,
    serverUrl: services.config.tenantApiBaseUrl,
  });
}

/** The tenant (bearer-token) API as a Koa app, with the web console under /console and its reference under /docs. */
export function createTenantApp(services: Services, consoleOptions: ConsoleOptions = { temporalUiUrl: services.config.temporalUiUrl }): Koa {
  const routes: RouteDef[] = [...routesFor(services.config.mode), openApiRoute];
  const table = buildRouteTable(routes, services, services.rateLimiter);

  const app = new Koa({ proxy: false });
  app.silent = true; // errors are logged by the problem middleware with the request id
  app.use(requestContext(services, 'tenant'));
  app.use(corsMiddleware(services.config.corsOrigins));
  app.use(problemMiddleware());
  app.use(consoleMiddleware(services.config, consoleOptions));
  app.use(docsMiddleware());
  app.use(table.routes);
  app.use(fallthrough(table));
  return app;
}
