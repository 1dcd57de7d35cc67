import { call, startTestApp, type TestApp } from '../helpers/app';
import { ALL_PERMISSIONS, PLATFORM_ROLES } from '../../src/auth/permissions';
import { eventTypesOf, newAdmin, newClient, newRole, newServiceAccount, newUser, unique, type Admin } from './iam-fixtures';

let app: TestApp;
let admin: Admin;
let other: Admin;

beforeAll(async () => {
  app = await startTestApp();
  [admin, other] = await Promise.all([newAdmin(app), newAdmin(app, 'Other Ltd')]);
});
afterAll(() => app.close());

describe('roles', () => {
  it('lists the platform-managed roles, which are immutable', async () => {
    const res = await call(app.url, 'GET', '/roles?page_size=200', { token: admin.token });
    const platform = res.body.items.filter((r: { platform_managed: boolean }) => r.platform_managed);
    expect(platform.map((r: { name: string }) => r.name).sort()).toEqual(Object.keys(PLATFORM_ROLES).sort());
    const adminRole = platform.find((r: { name: string }) => r.name === 'enterprise-admin');
    expect(adminRole).toMatchObject({ resource: 'role', scope_ref: admin.enterpriseRef, status: 'active' });
    expect(adminRole.permissions.sort()).toEqual([...ALL_PERMISSIONS].sort());

    const update = await call(app.url, 'PATCH', `/roles/${adminRole.id}`, { token: admin.token, body: { description: 'mine now' } });
    expect(update).toMatchObject({ status: 409, body: { reason: 'platform_managed_role' } });
    const retire = await call(app.url, 'POST', `/roles/${adminRole.id}/retire`, { token: admin.token });
    expect(retire).toMatchObject({ status: 409, body: { reason: 'platform_managed_role' } });
  });

  it.each([
    { name: 'unknown permission', body: { permissions: ['users.read', 'users.fly'] }, status: 422, pointer: '/body/permissions/1' },
    { name: 'no permissions', body: { permissions: [] }, status: 400, pointer: '/body/permissions' },
    { name: 'scope of another enterprise', body: { scope: 'other' }, status: 404 },
  ])('refuses $name → $status', async (c) => {
    const res = await call(app.url, 'POST', '/roles', {
      token: admin.token,
      body: { name: unique('r'), permissions: c.body.permissions ?? ['users.read'], scope_ref: c.body.scope === 'other' ? other.enterpriseRef : admin.enterpriseRef },
    });
    expect(res.status).toBe(c.status);
    if (c.pointer) expect(res.body.errors).toEqual([expect.objectContaining({ pointer: c.pointer })]);
  });

  it('creates, updates with If-Match and retires a custom role; holders feel it on the next request', async () => {
    const name = unique('support');
    const created = await call(app.url, 'POST', '/roles', { token: admin.token, body: { name, description: 'Support desk', permissions: ['users.read', 'users.read'], scope_ref: admin.enterpriseRef } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ resource: 'role', name, permissions: ['users.read'], platform_managed: false, status: 'active' });
    expect((await call(app.url, 'POST', '/roles', { token: admin.token, body: { name, permissions: ['users.read'], scope_ref: admin.enterpriseRef } })).body.reason).toBe('role_name_taken');

    const holder = await newServiceAccount(app, admin, admin.enterpriseRef, [{ role: created.body.id, scope_ref: admin.enterpriseRef }]);
    expect((await call(app.url, 'GET', '/users', { token: holder.token })).status).toBe(200);
    expect((await call(app.url, 'GET', '/roles', { token: holder.token })).status).toBe(403);

    const stale = await call(app.url, 'PATCH', `/roles/${created.body.id}`, { token: admin.token, headers: { 'if-match': '"stale"' }, body: { permissions: ['roles.read'] } });
    expect(stale.status).toBe(412);
    const updated = await call(app.url, 'PATCH', `/roles/${created.body.id}`, { token: admin.token, headers: { 'if-match': created.body.etag }, body: { permissions: ['roles.read'] } });
    expect(updated.status).toBe(200);
    expect(updated.body.permissions).toEqual(['roles.read']);
    expect((await call(app.url, 'GET', '/users', { token: holder.token })).status).toBe(403);
    expect((await call(app.url, 'GET', '/roles', { token: holder.token })).status).toBe(200);

    const retired = await call(app.url, 'POST', `/roles/${created.body.id}/retire`, { token: admin.token });
    expect(retired.body.status).toBe('retired');
    expect((await call(app.url, 'GET', '/roles', { token: holder.token })).status).toBe(403);
    expect((await call(app.url, 'POST', `/roles/${created.body.id}/retire`, { token: admin.token })).body.reason).toBe('role_retired');
    expect((await call(app.url, 'PATCH', `/roles/${created.body.id}`, { token: admin.token, body: { description: 'x' } })).body.reason).toBe('role_retired');
    expect(await eventTypesOf(app, `roles/${created.body.id}`)).toEqual(['iam.role.created.v1', 'iam.role.updated.v1', 'iam.role.retired.v1']);
  });

  it('nobody hands out a permission it does not hold', async () => {
    const manager = await newServiceAccount(app, admin, admin.enterpriseRef, [
      { role: await newRole(app, admin, admin.enterpriseRef, ['roles.manage', 'roles.read', 'users.read']), scope_ref: admin.enterpriseRef },
    ]);
    const create = await call(app.url, 'POST', '/roles', { token: manager.token, body: { name: unique('r'), permissions: ['users.read', 'withdrawals.create'], scope_ref: admin.enterpriseRef } });
    expect(create).toMatchObject({ status: 403, body: { reason: 'privilege_escalation', missing_permissions: ['withdrawals.create'] } });
    const own = await call(app.url, 'POST', '/roles', { token: manager.token, body: { name: unique('r'), permissions: ['users.read'], scope_ref: admin.enterpriseRef } });
    expect(own.status).toBe(201);
    const widen = await call(app.url, 'PATCH', `/roles/${own.body.id}`, { token: manager.token, body: { permissions: ['users.read', 'users.manage'] } });
    expect(widen).toMatchObject({ status: 403, body: { reason: 'privilege_escalation' } });
    const grant = await call(app.url, 'POST', '/role-assignments', {
      token: manager.token,
      body: { principal_ref: manager.ref, role_ref: `roles/${admin.tenant.roleIds.operator}`, scope_ref: admin.enterpriseRef },
    });
    expect(grant).toMatchObject({ status: 403, body: { reason: 'privilege_escalation' } });
  });

  it('publishes the permission catalogue as an enum referenced by the role schemas', async () => {
    const doc = (await call(app.url, 'GET', '/openapi.json')).body;
    expect(doc.components.schemas.Permission.enum.sort()).toEqual([...ALL_PERMISSIONS].sort());
    expect(doc.components.schemas.Role.properties.permissions.items.$ref).toBe('#/components/schemas/Permission');
    expect(doc.components.schemas.RoleCreate.properties.permissions.items.$ref).toBe('#/components/schemas/Permission');
  });
});

describe('role assignments', () => {
  it('grants, lists, and revokes; the principal feels each on its next request', async () => {
    const sa = await newServiceAccount(app, admin, admin.enterpriseRef, []);
    expect((await call(app.url, 'GET', '/users', { token: sa.token })).status).toBe(403);
    const body = { principal_ref: sa.ref, role_ref: `roles/${admin.tenant.roleIds.viewer}`, scope_ref: admin.enterpriseRef, scope_anchor_kind: 'explicit', scope_propagation: 'subtree' };
    const granted = await call(app.url, 'POST', '/role-assignments', { token: admin.token, body });
    expect(granted.status).toBe(201);
    expect(granted.body).toEqual({ id: expect.any(String), resource: 'role_assignment', ...body, status: 'active', etag: expect.any(String), created_at: expect.any(String), updated_at: expect.any(String) });
    expect((await call(app.url, 'GET', '/users', { token: sa.token })).status).toBe(200);
    expect((await call(app.url, 'POST', '/role-assignments', { token: admin.token, body })).body.reason).toBe('role_assignment_exists');

    for (const q of [`principal_ref=${sa.ref}`, `role_ref=roles/${admin.tenant.roleIds.viewer}&status=active`]) {
      const list = await call(app.url, 'GET', `/role-assignments?${q}&page_size=200`, { token: admin.token });
      expect(list.body.items.map((a: { id: string }) => a.id)).toContain(granted.body.id);
    }
    expect((await call(app.url, 'GET', `/role-assignments?principal_ref=${sa.ref}`, { token: other.token })).body.items).toEqual([]);
    expect((await call(app.url, 'GET', `/role-assignments/${granted.body.id}`, { token: other.token })).status).toBe(404);

    const revoked = await call(app.url, 'POST', `/role-assignments/${granted.body.id}/revoke`, { token: admin.token, headers: { 'if-match': granted.body.etag } });
    expect(revoked.body.status).toBe('revoked');
    expect((await call(app.url, 'GET', '/users', { token: sa.token })).status).toBe(403);
    expect((await call(app.url, 'POST', `/role-assignments/${granted.body.id}/revoke`, { token: admin.token })).body.reason).toBe('role_assignment_revoked');
    expect(await eventTypesOf(app, `role-assignments/${granted.body.id}`)).toEqual(['iam.role_assignment.granted.v1', 'iam.role_assignment.revoked.v1']);
  });

  it.each([
    { name: 'principal of another enterprise', patch: () => ({ principal_ref: `service-accounts/${other.tenant.serviceAccountId}` }), status: 404 },
    { name: 'role of another enterprise', patch: () => ({ role_ref: `roles/${other.tenant.roleIds.viewer}` }), status: 404 },
    { name: 'scope of another enterprise', patch: () => ({ scope_ref: other.enterpriseRef }), status: 404 },
    { name: 'unknown user', patch: () => ({ principal_ref: 'users/0193a1c2-7f00-7abc-8def-0123456789ab' }), status: 404 },
    { name: 'anchor kind other than explicit', patch: () => ({ scope_anchor_kind: 'inherited' }), status: 400 },
    { name: 'unknown propagation', patch: () => ({ scope_propagation: 'everywhere' }), status: 400 },
  ])('refuses $name → $status', async (c) => {
    const res = await call(app.url, 'POST', '/role-assignments', {
      token: admin.token,
      body: { principal_ref: `service-accounts/${admin.tenant.serviceAccountId}`, role_ref: `roles/${admin.tenant.roleIds.viewer}`, scope_ref: admin.enterpriseRef, ...c.patch() },
    });
    expect(res.status).toBe(c.status);
  });

  it('subtree reaches the enterprise’s clients; exact holds at the scope only', async () => {
    const clientRef = await newClient(app, admin);
    const atClient = await newUser(app, admin, clientRef);
    const atEnterprise = await newUser(app, admin, admin.enterpriseRef);
    const subtree = await newServiceAccount(app, admin, admin.enterpriseRef, [{ role: 'viewer', scope_ref: admin.enterpriseRef }]);
    const exact = await newServiceAccount(app, admin, admin.enterpriseRef, [{ role: 'viewer', scope_ref: admin.enterpriseRef, scope_propagation: 'exact' }]);
    expect((await call(app.url, 'GET', `/users/${atClient.id}`, { token: subtree.token })).status).toBe(200);
    expect((await call(app.url, 'GET', `/users/${atEnterprise.id}`, { token: exact.token })).status).toBe(200);
    expect((await call(app.url, 'GET', `/users/${atClient.id}`, { token: exact.token })).status).toBe(404);
    const listed = await call(app.url, 'GET', '/users?page_size=200', { token: exact.token });
    expect(listed.body.items.map((u: { id: string }) => u.id)).toContain(atEnterprise.id);
    expect(listed.body.items.map((u: { id: string }) => u.id)).not.toContain(atClient.id);

    // A custom role defined at a client cannot be granted at the enterprise.
    const clientRole = await newRole(app, admin, clientRef, ['users.read']);
    const tooWide = await call(app.url, 'POST', '/role-assignments', {
      token: admin.token,
      body: { principal_ref: `users/${atEnterprise.id}`, role_ref: `roles/${clientRole}`, scope_ref: admin.enterpriseRef },
    });
    expect(tooWide).toMatchObject({ status: 422, body: { errors: [{ pointer: '/body/scope_ref' }] } });
    // A client's user cannot be granted anything at the enterprise.
    const outside = await call(app.url, 'POST', '/role-assignments', {
      token: admin.token,
      body: { principal_ref: `users/${atClient.id}`, role_ref: `roles/${admin.tenant.roleIds.viewer}`, scope_ref: admin.enterpriseRef },
    });
    expect(outside.status).toBe(422);
  });
});
