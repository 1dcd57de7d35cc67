import { call, startTestApp, type TestApp } from '../helpers/app';
import { findUserByEmail, findUserByFederation, linkFederation } from '../../src/domain/iam/users';
import { eventTypesOf, newAdmin, newServiceAccount, newUser, unique, type Admin } from './iam-fixtures';

let app: TestApp;
let admin: Admin;
let other: Admin;

beforeAll(async () => {
  app = await startTestApp();
  [admin, other] = await Promise.all([newAdmin(app), newAdmin(app, 'Other Ltd')]);
});
afterAll(() => app.close());

describe('users', () => {
  it('creates a platform-managed user with the contract\'s fields and an event', async () => {
    const email = `${unique('grace')}@Example.com`;
    const res = await call(app.url, 'POST', '/users', { token: admin.token, body: { display_name: 'Grace', email, scope_ref: admin.enterpriseRef } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      resource: 'human_actor',
      display_name: 'Grace',
      email,
      scope_ref: admin.enterpriseRef,
      status: 'active',
      identity_source: 'platform-managed',
      federation: null,
      etag: expect.stringMatching(/^".+"$/),
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(res.headers.get('etag')).toBe(res.body.etag);
    expect(await eventTypesOf(app, `users/${res.body.id}`)).toEqual(['iam.user.created.v1']);

    const again = await call(app.url, 'POST', '/users', { token: admin.token, body: { display_name: 'Grace 2', email: email.toUpperCase(), scope_ref: admin.enterpriseRef } });
    expect(again.status).toBe(409);
    expect(again.body.reason).toBe('email_taken');
    // Another enterprise may use the same address.
    const elsewhere = await call(app.url, 'POST', '/users', { token: other.token, body: { display_name: 'Grace', email, scope_ref: other.enterpriseRef } });
    expect(elsewhere.status).toBe(201);
  });

  it.each([
    { name: 'not an e-mail', body: () => ({ display_name: 'X', email: 'nope', scope_ref: admin.enterpriseRef }), status: 400, pointer: '/body/email' },
    { name: 'empty display name', body: () => ({ display_name: ' ', email: 'x@example.com', scope_ref: admin.enterpriseRef }), status: 400, pointer: '/body/display_name' },
    { name: 'scope is not an enterprise or client', body: () => ({ display_name: 'X', email: 'x@example.com', scope_ref: `master-accounts/${admin.tenant.enterpriseId}` }), status: 400, pointer: '/body/scope_ref' },
    { name: 'unknown field', body: () => ({ display_name: 'X', email: 'x@example.com', scope_ref: admin.enterpriseRef, role: 'admin' }), status: 400, pointer: '/body/role' },
    { name: 'another enterprise', body: () => ({ display_name: 'X', email: 'x@example.com', scope_ref: other.enterpriseRef }), status: 404 },
  ])('refuses $name → $status', async (c) => {
    const res = await call(app.url, 'POST', '/users', { token: admin.token, body: c.body() });
    expect(res.status).toBe(c.status);
    if (c.pointer) expect(res.body.errors.map((e: { pointer: string }) => e.pointer)).toContain(c.pointer);
  });

  it('reads, lists with filters and pages', async () => {
    const a = await newUser(app, admin, admin.enterpriseRef);
    const b = await newUser(app, admin, admin.enterpriseRef);
    await call(app.url, 'POST', `/users/${b.id}/suspend`, { token: admin.token });
    expect((await call(app.url, 'GET', `/users/${a.id}`, { token: admin.token })).body).toEqual(a);
    expect((await call(app.url, 'GET', `/users/${a.id}`, { token: other.token })).status).toBe(404);

    const byEmail = await call(app.url, 'GET', `/users?email=${encodeURIComponent(a.email.toUpperCase())}`, { token: admin.token });
    expect(byEmail.body.items.map((u: { id: string }) => u.id)).toEqual([a.id]);
    const suspended = await call(app.url, 'GET', '/users?status=suspended', { token: admin.token });
    expect(suspended.body.items.map((u: { id: string }) => u.id)).toContain(b.id);
    expect(suspended.body.items.every((u: { status: string }) => u.status === 'suspended')).toBe(true);

    const first = await call(app.url, 'GET', '/users?page_size=1', { token: admin.token });
    expect(first.body.items).toHaveLength(1);
    const second = await call(app.url, 'GET', `/users?page_size=1&page_token=${first.body.next_page_token}`, { token: admin.token });
    expect(second.body.items[0].id > first.body.items[0].id).toBe(true);
    // The cursor is bound to its filters.
    const rebound = await call(app.url, 'GET', `/users?page_size=1&status=active&page_token=${first.body.next_page_token}`, { token: admin.token });
    expect(rebound.status).toBe(400);
    // Lists never hold foreign rows.
    const foreign = await call(app.url, 'GET', '/users', { token: other.token });
    expect(foreign.body.items.map((u: { id: string }) => u.id)).not.toContain(a.id);
  });

  it('renames with If-Match: a stale ETag is 412 and changes nothing', async () => {
    const u = await newUser(app, admin, admin.enterpriseRef);
    const stale = await call(app.url, 'PATCH', `/users/${u.id}`, { token: admin.token, headers: { 'if-match': '"stale"' }, body: { display_name: 'Stale' } });
    expect(stale.status).toBe(412);
    const ok = await call(app.url, 'PATCH', `/users/${u.id}`, { token: admin.token, headers: { 'if-match': u.etag }, body: { display_name: 'Renamed' } });
    expect(ok.status).toBe(200);
    expect(ok.body.display_name).toBe('Renamed');
    expect(ok.body.etag).not.toBe(u.etag);
    const replay = await call(app.url, 'PATCH', `/users/${u.id}`, { token: admin.token, headers: { 'if-match': u.etag }, body: { display_name: 'Again' } });
    expect(replay.status).toBe(412);
    expect(await eventTypesOf(app, `users/${u.id}`)).toEqual(['iam.user.created.v1', 'iam.user.updated.v1']);
  });

  const transitions: Array<{ path: string[]; action: string; status: number; to?: string }> = [
    { path: [], action: 'suspend', status: 200, to: 'suspended' },
    { path: [], action: 'deactivate', status: 200, to: 'deactivated' },
    { path: [], action: 'reactivate', status: 409 },
    { path: ['suspend'], action: 'suspend', status: 409 },
    { path: ['suspend'], action: 'reactivate', status: 200, to: 'active' },
    { path: ['suspend'], action: 'deactivate', status: 200, to: 'deactivated' },
    { path: ['deactivate'], action: 'suspend', status: 409 },
    { path: ['deactivate'], action: 'deactivate', status: 409 },
    { path: ['deactivate'], action: 'reactivate', status: 200, to: 'active' },
  ];

  it.each(transitions)('after [$path] $action → $status', async (t) => {
    const u = await newUser(app, admin, admin.enterpriseRef);
    for (const step of t.path) expect((await call(app.url, 'POST', `/users/${u.id}/${step}`, { token: admin.token })).status).toBe(200);
    const before = (await call(app.url, 'GET', `/users/${u.id}`, { token: admin.token })).body;
    const res = await call(app.url, 'POST', `/users/${u.id}/${t.action}`, { token: admin.token });
    expect(res.status).toBe(t.status);
    if (t.to) {
      expect(res.body.status).toBe(t.to);
      expect((await eventTypesOf(app, `users/${u.id}`)).at(-1)).toBe(`iam.user.${t.to === 'active' ? 'reactivated' : t.to}.v1`);
    } else {
      expect(res.body).toMatchObject({ code: 'EdgeConflict', reason: `user_${before.status}` });
      expect((await call(app.url, 'GET', `/users/${u.id}`, { token: admin.token })).body).toEqual(before);
    }
  });

  it('suspension reaches the principal directory at once; deactivation also revokes grants', async () => {
    const u = await newUser(app, admin, admin.enterpriseRef);
    const grant = await call(app.url, 'POST', '/role-assignments', {
      token: admin.token,
      body: { principal_ref: `users/${u.id}`, role_ref: `roles/${admin.tenant.roleIds.viewer}`, scope_ref: admin.enterpriseRef },
    });
    expect(grant.status).toBe(201);
    expect(await app.services.principals.resolve('user', u.id)).toMatchObject({ active: true, grants: [expect.objectContaining({ scopeRef: admin.enterpriseRef })] });

    await call(app.url, 'POST', `/users/${u.id}/suspend`, { token: admin.token });
    expect(await app.services.principals.resolve('user', u.id)).toMatchObject({ active: false });
    await call(app.url, 'POST', `/users/${u.id}/reactivate`, { token: admin.token });
    expect(await app.services.principals.resolve('user', u.id)).toMatchObject({ active: true, grants: [expect.anything()] });

    await call(app.url, 'POST', `/users/${u.id}/deactivate`, { token: admin.token });
    expect(await app.services.principals.resolve('user', u.id)).toMatchObject({ active: false, grants: [] });
    const assignment = await call(app.url, 'GET', `/role-assignments/${grant.body.id}`, { token: admin.token });
    expect(assignment.body.status).toBe('revoked');
  });

  it('offers token exchange its look-ups: by e-mail, by federation, and linking', async () => {
    const u = await newUser(app, admin, admin.enterpriseRef);
    const em = app.services.orm.em.fork();
    expect((await findUserByEmail(em, admin.tenant.enterpriseId, u.email.toUpperCase()))?.id).toBe(u.id);
    expect(await findUserByEmail(em, other.tenant.enterpriseId, u.email)).toBeNull();
    const federation = { issuer: 'https://idp.example.com', subject: unique('sub') };
    expect(await findUserByFederation(em, admin.tenant.enterpriseId, federation.issuer, federation.subject)).toBeNull();

    await em.transactional(async (tx) => linkFederation(tx as never, (await findUserByEmail(tx as never, admin.tenant.enterpriseId, u.email))!, federation, null));
    expect((await findUserByFederation(app.services.orm.em.fork(), admin.tenant.enterpriseId, federation.issuer, federation.subject))?.id).toBe(u.id);
    const read = await call(app.url, 'GET', `/users/${u.id}`, { token: admin.token });
    expect(read.body).toMatchObject({ identity_source: 'federated', federation });

    const second = await newUser(app, admin, admin.enterpriseRef);
    const em2 = app.services.orm.em.fork();
    await expect(
      em2.transactional(async (tx) => linkFederation(tx as never, (await findUserByEmail(tx as never, admin.tenant.enterpriseId, second.email))!, federation, null)),
    ).rejects.toMatchObject({ code: 'EdgeConflict', options: { reason: 'federation_taken' } });
  });
});

describe('user invitations', () => {
  async function invite(body: Record<string, unknown> = {}) {
    const res = await call(app.url, 'POST', '/user-invitations', {
      token: admin.token,
      body: { email: `${unique('inv')}@example.com`, display_name: 'Invitee', scope_ref: admin.enterpriseRef, ...body },
    });
    if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
    return res.body;
  }

  it('returns the token once; accepting creates the user with its roles', async () => {
    const inv = await invite({ roles: [{ role_ref: `roles/${admin.tenant.roleIds.viewer}`, scope_ref: admin.enterpriseRef }] });
    expect(inv).toMatchObject({ resource: 'user_invitation', status: 'pending', token: expect.stringMatching(/^cfinv_/), user_ref: null, roles: [{ scope_propagation: 'subtree' }] });
    const read = await call(app.url, 'GET', `/user-invitations/${inv.id}`, { token: admin.token });
    expect(read.body).not.toHaveProperty('token');
    expect(JSON.stringify(await app.services.sql`select * from user_invitations where id = ${inv.id}`)).not.toContain(inv.token);

    const accepted = await call(app.url, 'POST', '/user-invitations/accept', { body: { invitation_id: inv.id, token: inv.token } });
    expect(accepted.status).toBe(201);
    expect(accepted.body.invitation).toMatchObject({ status: 'accepted', user_ref: `users/${accepted.body.user.id}` });
    expect(accepted.body.user).toMatchObject({ email: inv.email, display_name: 'Invitee', scope_ref: admin.enterpriseRef, status: 'active' });
    expect(accepted.body.role_assignments).toEqual([expect.objectContaining({ principal_ref: `users/${accepted.body.user.id}`, role_ref: `roles/${admin.tenant.roleIds.viewer}` })]);
    expect(accepted.body.role_assignment_errors).toEqual([]);
    expect(await eventTypesOf(app, `user-invitations/${inv.id}`)).toEqual(['iam.user_invitation.created.v1', 'iam.user_invitation.accepted.v1']);

    const twice = await call(app.url, 'POST', '/user-invitations/accept', { body: { invitation_id: inv.id, token: inv.token } });
    expect(twice).toMatchObject({ status: 409, body: { reason: 'user_invitation_accepted' } });
  });

  it.each([
    { name: 'wrong token', mutate: async (inv: any) => ({ invitation_id: inv.id, token: 'cfinv_wrong' }), status: 404, reason: undefined },
    { name: 'unknown invitation', mutate: async (inv: any) => ({ invitation_id: '0193a1c2-7f00-7abc-8def-0123456789ab', token: inv.token }), status: 404, reason: undefined },
    {
      name: 'cancelled',
      mutate: async (inv: any) => {
        expect((await call(app.url, 'POST', '/user-invitations/cancel', { token: admin.token, body: { invitation_id: inv.id } })).status).toBe(200);
        return { invitation_id: inv.id, token: inv.token };
      },
      status: 409,
      reason: 'user_invitation_cancelled',
    },
    {
      name: 'expired',
      mutate: async (inv: any) => {
        // Time passing, without waiting: the invitation's expiry moves into the past.
        await app.services.sql`update user_invitations set expires_at = now() - interval '1 second' where id = ${inv.id}`;
        return { invitation_id: inv.id, token: inv.token };
      },
      status: 409,
      reason: 'user_invitation_expired',
    },
  ])('accepting with $name → $status and no user', async (c) => {
    const inv = await invite();
    const res = await call(app.url, 'POST', '/user-invitations/accept', { body: await c.mutate(inv) });
    expect(res.status).toBe(c.status);
    if (c.reason) expect(res.body.reason).toBe(c.reason);
    expect((await call(app.url, 'GET', `/users?email=${encodeURIComponent(inv.email)}`, { token: admin.token })).body.items).toEqual([]);
  });

  it('expiry shows on read and in the status filter, and frees the address for a new invitation', async () => {
    const inv = await invite();
    const dup = await call(app.url, 'POST', '/user-invitations', { token: admin.token, body: { email: inv.email, display_name: 'Again', scope_ref: admin.enterpriseRef } });
    expect(dup).toMatchObject({ status: 409, body: { reason: 'invitation_pending' } });
    await app.services.sql`update user_invitations set expires_at = now() - interval '1 second' where id = ${inv.id}`;
    expect((await call(app.url, 'GET', `/user-invitations/${inv.id}`, { token: admin.token })).body.status).toBe('expired');
    const expired = await call(app.url, 'GET', `/user-invitations?status=expired&email=${encodeURIComponent(inv.email)}`, { token: admin.token });
    expect(expired.body.items.map((i: { id: string }) => i.id)).toEqual([inv.id]);
    const pending = await call(app.url, 'GET', `/user-invitations?status=pending&email=${encodeURIComponent(inv.email)}`, { token: admin.token });
    expect(pending.body.items).toEqual([]);
    expect((await call(app.url, 'POST', '/user-invitations/cancel', { token: admin.token, body: { invitation_id: inv.id } })).body.reason).toBe('user_invitation_expired');
    const fresh = await call(app.url, 'POST', '/user-invitations', { token: admin.token, body: { email: inv.email, display_name: 'Again', scope_ref: admin.enterpriseRef } });
    expect(fresh.status).toBe(201);
  });

  it('refuses roles the inviter cannot grant, and re-checks the inviter on acceptance', async () => {
    const inviter = await newServiceAccount(app, admin, admin.enterpriseRef, [{ role: 'enterprise-admin', scope_ref: admin.enterpriseRef }]);
    const viewerRole = `roles/${admin.tenant.roleIds.viewer}`;
    const create = (roles: unknown[]) =>
      call(app.url, 'POST', '/user-invitations', {
        token: inviter.token,
        body: { email: `${unique('inv')}@example.com`, display_name: 'Invitee', scope_ref: admin.enterpriseRef, roles },
      });
    const foreignRole = await create([{ role_ref: `roles/${other.tenant.roleIds.viewer}`, scope_ref: admin.enterpriseRef }]);
    expect(foreignRole.status).toBe(404);

    const inv = (await create([{ role_ref: viewerRole, scope_ref: admin.enterpriseRef }])).body;
    // The inviter loses its rights before the invitee accepts.
    expect((await call(app.url, 'POST', `/service-accounts/${inviter.id}/revoke`, { token: admin.token })).status).toBe(200);
    const accepted = await call(app.url, 'POST', '/user-invitations/accept', { body: { invitation_id: inv.id, token: inv.token } });
    expect(accepted.status).toBe(201);
    expect(accepted.body.role_assignments).toEqual([]);
    expect(accepted.body.role_assignment_errors).toEqual([expect.objectContaining({ index: 0, role_ref: viewerRole, status: 404 })]);
  });
});
