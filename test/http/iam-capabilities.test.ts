import Koa from 'koa';
import { z } from '../../src/schema/zod';
import { call, startTestApp, type TestApp } from '../helpers/app';
import { buildRouteTable, fallthrough } from '../../src/http/mount';
import { problemMiddleware } from '../../src/http/problem';
import { requestContext } from '../../src/http/request-context';
import { listen, type RunningServer } from '../../src/http/server';
import { defineRoute } from '../../src/http/route';
import { Uuid } from '../../src/schema/common';
import { CAPABILITY_NAMES, isCapabilityEnabled } from '../../src/domain/capabilities';
import { eventTypesOf, newAdmin, newClient, newRole, newServiceAccount, type Admin } from './iam-fixtures';

let app: TestApp;
let admin: Admin;
let other: Admin;

beforeAll(async () => {
  app = await startTestApp();
  [admin, other] = await Promise.all([newAdmin(app), newAdmin(app, 'Other Ltd')]);
});
afterAll(() => app.close());

const put = (a: Admin, clientRef: string, name: string, enabled: boolean) =>
  call(app.url, 'PUT', `/${clientRef}/capabilities/${name}`, { token: a.token, body: { enabled } });

describe('capabilities', () => {
  it('are all enabled by default, by name, and page', async () => {
    const res = await call(app.url, 'GET', '/capabilities', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: CAPABILITY_NAMES.map((name) => ({ name, enabled: true })), next_page_token: null });
    expect(CAPABILITY_NAMES).toEqual(expect.arrayContaining(['webhooks.manage', 'withdrawals.crypto', 'conversions', 'ramps.on_ramp', 'ramps.off_ramp', 'api_keys']));
    const first = await call(app.url, 'GET', '/capabilities?page_size=4', { token: admin.token });
    const rest = await call(app.url, 'GET', `/capabilities?page_size=4&page_token=${first.body.next_page_token}`, { token: admin.token });
    expect([...first.body.items, ...rest.body.items].map((c: { name: string }) => c.name)).toEqual(CAPABILITY_NAMES);
    expect(rest.body.next_page_token).toBeNull();
  });

  it('a client setting overrides the enterprise; writing the same value twice records one event', async () => {
    const clientRef = await newClient(app, admin);
    const off = await put(admin, clientRef, 'conversions', false);
    expect(off).toMatchObject({ status: 200, body: { name: 'conversions', enabled: false } });
    expect((await put(admin, clientRef, 'conversions', false)).status).toBe(200);
    expect(await eventTypesOf(app, `${clientRef}/capabilities/conversions`)).toEqual(['capabilities.capability.disabled.v1']);

    const atClient = await call(app.url, 'GET', `/capabilities?scope_ref=${clientRef}`, { token: admin.token });
    expect(atClient.body.items).toContainEqual({ name: 'conversions', enabled: false });
    const atEnterprise = await call(app.url, 'GET', `/capabilities?scope_ref=${admin.enterpriseRef}`, { token: admin.token });
    expect(atEnterprise.body.items).toContainEqual({ name: 'conversions', enabled: true });

    // An enterprise-wide switch (set by the platform operator) yields to the client's own setting.
    await app.services.sql`insert into capability_settings (enterprise_id, scope_ref, name, enabled) values (${admin.tenant.enterpriseId}, ${admin.enterpriseRef}, 'api_keys', false)`;
    await put(admin, clientRef, 'api_keys', true);
    expect(await isCapabilityEnabled(app.services.sql, 'api_keys', [admin.enterpriseRef])).toBe(false);
    expect(await isCapabilityEnabled(app.services.sql, 'api_keys', [admin.enterpriseRef, clientRef])).toBe(true);
    expect(await isCapabilityEnabled(app.services.sql, 'api_keys', [admin.enterpriseRef, await newClient(app, admin)])).toBe(false);
  });

  it.each<{ name: string; capability: string; client: 'own' | 'foreign'; body?: unknown; status: number }>([
    { name: 'unknown capability', capability: 'conversions-x', client: 'own', status: 404 },
    { name: 'client of another enterprise', capability: 'conversions', client: 'foreign', status: 404 },
    { name: 'enabled not a boolean', capability: 'conversions', client: 'own', body: { enabled: 'yes' }, status: 400 },
  ])('refuses $name → $status', async (c) => {
    const clientRef = await newClient(app, c.client === 'own' ? admin : other);
    const res = await call(app.url, 'PUT', `/${clientRef}/capabilities/${c.capability}`, { token: admin.token, body: c.body ?? { enabled: false } });
    expect(res.status).toBe(c.status);
  });

  describe('enforcement in the request pipeline', () => {
    let probe: RunningServer;
    const seen: string[] = [];

    beforeAll(async () => {
      // Two probe routes: one naming a client in its params, one enterprise-wide.
      const atClient = defineRoute({
        method: 'get',
        path: '/probe/clients/{client_id}',
        operationId: 'probeClient',
        summary: 'probe',
        tags: ['Probe'],
        auth: { kind: 'bearer', permission: 'conversions.read', capability: 'conversions' },
        params: z.object({ client_id: Uuid }),
        responses: { 200: { description: 'ok' } },
        handler: async ({ params }) => (seen.push(params.client_id), { body: { ok: true } }),
      });
      const atEnterprise = defineRoute({
        method: 'get',
        path: '/probe/enterprise',
        operationId: 'probeEnterprise',
        summary: 'probe',
        tags: ['Probe'],
        auth: { kind: 'bearer', permission: 'conversions.read', capability: 'ramps.on_ramp' },
        responses: { 200: { description: 'ok' } },
        handler: async () => ({ body: { ok: true } }),
      });
      const table = buildRouteTable([atClient, atEnterprise], app.services, app.services.rateLimiter);
      const koa = new Koa();
      koa.use(requestContext(app.services, 'tenant'));
      koa.use(problemMiddleware());
      koa.use(table.routes);
      koa.use(fallthrough(table));
      probe = await listen(koa, app.config, 0);
    });
    afterAll(() => probe.close(100));

    it('a disabled capability is 403 ForbiddenCapabilityScope for that client only, and the handler never runs', async () => {
      const [a, b] = [await newClient(app, admin), await newClient(app, admin)];
      await put(admin, a, 'conversions', false);
      const refused = await call(probe.url, 'GET', `/probe/${a}`, { token: admin.token });
      expect(refused).toMatchObject({ status: 403, body: { code: 'ForbiddenCapabilityScope', capability: 'conversions', scope_ref: a } });
      expect(seen).not.toContain(a.split('/')[1]);
      expect((await call(probe.url, 'GET', `/probe/${b}`, { token: admin.token })).status).toBe(200);
      await put(admin, a, 'conversions', true);
      expect((await call(probe.url, 'GET', `/probe/${a}`, { token: admin.token })).status).toBe(200);
    });

    it('routes without a client check the caller’s enterprise; permission comes first', async () => {
      expect((await call(probe.url, 'GET', '/probe/enterprise', { token: other.token })).status).toBe(200);
      await app.services.sql`insert into capability_settings (enterprise_id, scope_ref, name, enabled) values (${other.tenant.enterpriseId}, ${other.enterpriseRef}, 'ramps.on_ramp', false)`;
      expect((await call(probe.url, 'GET', '/probe/enterprise', { token: other.token })).body.code).toBe('ForbiddenCapabilityScope');
      const noPermission = await newServiceAccount(app, other, other.enterpriseRef, [{ role: await newRole(app, other, other.enterpriseRef, ['users.read']), scope_ref: other.enterpriseRef }]);
      expect((await call(probe.url, 'GET', '/probe/enterprise', { token: noPermission.token })).body.code).toBe('EdgeForbidden');
    });
  });
});

describe('/me', () => {
  it('/me/capabilities answers for the caller’s own scope', async () => {
    const clientRef = await newClient(app, admin);
    await put(admin, clientRef, 'ramps.off_ramp', false);
    const sa = await newServiceAccount(app, admin, clientRef, [{ role: 'viewer', scope_ref: clientRef }]);
    const res = await call(app.url, 'GET', '/me/capabilities', { token: sa.token });
    expect(res.status).toBe(200);
    expect(res.body.scope_ref).toBe(clientRef);
    expect(res.body.items).toContainEqual({ name: 'ramps.off_ramp', enabled: false });
    expect(res.body.items).toContainEqual({ name: 'ramps.on_ramp', enabled: true });
  });

  it('/me/navigation folds grants into areas, permissions and scopes, marked by capabilities', async () => {
    const clientRef = await newClient(app, admin);
    await put(admin, clientRef, 'webhooks.manage', false);
    const sa = await newServiceAccount(app, admin, admin.enterpriseRef, [
      { role: 'developer', scope_ref: clientRef },
      { role: 'viewer', scope_ref: admin.enterpriseRef, scope_propagation: 'exact' },
    ]);
    const res = await call(app.url, 'GET', '/me/navigation', { token: sa.token });
    expect(res.status).toBe(200);
    expect(res.body.subject).toEqual({ id: sa.id, kind: 'service_account', tenant_ref: admin.enterpriseRef });
    const webhooks = res.body.areas.find((a: { area: string }) => a.area === 'webhooks');
    expect(webhooks.permissions.find((p: { permission: string }) => p.permission === 'webhooks.manage').scopes).toEqual([
      { scope_ref: clientRef, scope_propagation: 'subtree', available: false, disabled_capabilities: ['webhooks.manage'] },
    ]);
    const usersRead = res.body.areas.find((a: { area: string }) => a.area === 'users').permissions.find((p: { permission: string }) => p.permission === 'users.read');
    expect(usersRead.scopes.map((s: { scope_ref: string; scope_propagation: string }) => `${s.scope_ref} ${s.scope_propagation}`).sort()).toEqual(
      [`${admin.enterpriseRef} exact`, `${clientRef} subtree`].sort(),
    );
    expect(res.body.areas.find((a: { area: string }) => a.area === 'withdrawals').permissions.map((p: { permission: string }) => p.permission)).toEqual(['withdrawals.read']);
  });

  it('needs me.read like any other permission', async () => {
    const sa = await newServiceAccount(app, admin, admin.enterpriseRef, [{ role: await newRole(app, admin, admin.enterpriseRef, ['users.read']), scope_ref: admin.enterpriseRef }]);
    expect((await call(app.url, 'GET', '/me/navigation', { token: sa.token })).status).toBe(403);
    expect((await call(app.url, 'GET', '/me/capabilities', { token: sa.token })).status).toBe(403);
  });
});
