import type Router from '@koa/router';
import { call, startTestApp, type TestApp } from '../helpers/app';
import { tenantRoutes } from '../../src/http/routes';
import { createTenantApp } from '../../src/http/app';
import { isPermission } from '../../src/auth/permissions';
import { isCapability } from '../../src/domain/capabilities';
import type { RouteDef } from '../../src/http/route';
import { newAdmin, newServiceAccount } from './iam-fixtures';

/**
 * Routes callable without a bearer token. Adding one is a deliberate decision: put it here with the
 * reason its route declares (`auth.reason`), or give the route a permission.
 */
const PUBLIC_ALLOWLIST: Record<string, string> = {
  'POST /oauth/token': 'authenticates the client itself',
  'POST /oauth/revoke': 'the token to revoke is its own credential',
  'GET /sign-in-providers': 'the console shows where to sign in before anyone has signed in',
  'GET /healthz': 'probe',
  'GET /readyz': 'probe',
  'GET /openapi.json': 'API description',
  'POST /user-invitations/accept': 'authenticated by the single-use invitation token',
  'GET /connectors/openapi.json': 'API description',
  'POST /connectors/{connector_id}/events': "Authenticated by the connector's signature over the raw body.",
};

const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;
const koaToOpenApi = (path: string) => path.replace(/:([a-z_]+)/g, '{$1}');

let app: TestApp;
let mounted: Array<{ name: string | null; methods: string[]; path: string }>;

beforeAll(async () => {
  app = await startTestApp();
  // The routers of the real app, as Koa runs them (the route table hangs them on its middleware, one per first path segment).
  const koa = createTenantApp(app.services);
  const routers = (koa.middleware as Array<{ routers?: Router[] }>).find((m) => m.routers)!.routers!;
  mounted = routers.flatMap((router) => router.stack).map((layer) => ({ name: layer.name, methods: layer.methods.filter((m) => m !== 'HEAD'), path: koaToOpenApi(String(layer.path)) }));
});
afterAll(() => app.close());

describe('route table: every route is declared, and deny is the default', () => {
  it('every mounted layer is a declared route (no hand-mounted middleware routes)', () => {
    const declared = new Set(tenantRoutes.map((d) => key(d.method, d.path)));
    const undeclared = mounted.flatMap((l) => l.methods.map((m) => key(m, l.path))).filter((k) => !declared.has(k) && k !== 'GET /openapi.json');
    expect(undeclared).toEqual([]);
    expect(mounted.every((l) => l.name)).toBe(true);
    // …and every declared route is mounted, once.
    const mountedKeys = mounted.flatMap((l) => l.methods.map((m) => key(m, l.path)));
    expect(mountedKeys.filter((k, i) => mountedKeys.indexOf(k) !== i)).toEqual([]);
    expect([...declared].filter((k) => !mountedKeys.includes(k))).toEqual([]);
    const ids = tenantRoutes.map((d) => d.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  const bearer = tenantRoutes.filter((d): d is RouteDef & { auth: { kind: 'bearer' } } => d.auth.kind === 'bearer');
  const publicRoutes = tenantRoutes.filter((d) => d.auth.kind === 'public');

  it.each(bearer.map((d) => [key(d.method, d.path), d] as const))('%s declares a catalogued permission', (_k, d) => {
    const auth = d.auth as { permission: string; capability?: string };
    expect(isPermission(auth.permission)).toBe(true);
    if (auth.capability !== undefined) expect(isCapability(auth.capability)).toBe(true);
  });

  it.each(publicRoutes.map((d) => [key(d.method, d.path), d] as const))('%s is public only by the allowlist, with its reason', (k, d) => {
    const reason = (d.auth as { reason: string }).reason;
    expect({ route: k, reason }).toEqual({ route: k, reason: PUBLIC_ALLOWLIST[k] });
  });

  it('nothing on the allowlist is missing from the app', () => {
    const live = new Set(mounted.flatMap((l) => l.methods.map((m) => key(m, l.path))));
    expect(Object.keys(PUBLIC_ALLOWLIST).filter((k) => !live.has(k))).toEqual([]);
  });

  it('every bearer route refuses a request without a token (401) and a principal without grants (never a success)', async () => {
    const admin = await newAdmin(app);
    const nobody = await newServiceAccount(app, admin, admin.enterpriseRef, []);
    const id = '0193a1c2-7f00-7abc-8def-0123456789ab';
    const outcomes: string[] = [];
    for (const d of bearer) {
      const path = d.path.replace(/\{[a-z_]+\}/g, id);
      const anonymous = await call(app.url, d.method.toUpperCase(), path, { body: d.method === 'get' ? undefined : {} });
      const ungranted = await call(app.url, d.method.toUpperCase(), path, { token: nobody.token, body: d.method === 'get' ? undefined : {} });
      // Validation runs before the permission check, so an empty body may be 400; never anything else.
      if (anonymous.status !== 401 || ![400, 403].includes(ungranted.status)) outcomes.push(`${key(d.method, d.path)}: ${anonymous.status}/${ungranted.status}`);
    }
    expect(outcomes).toEqual([]);
  });
});
