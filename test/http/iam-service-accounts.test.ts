import { call, startTestApp, tokenFor, type TestApp } from '../helpers/app';
import { eventTypesOf, newAdmin, newClient, newRole, newServiceAccount, unique, type Admin } from './iam-fixtures';
import { LATEST_API_VERSION } from '../../src/versions';

let app: TestApp;
let admin: Admin;
let other: Admin;

beforeAll(async () => {
  app = await startTestApp();
  [admin, other] = await Promise.all([newAdmin(app), newAdmin(app, 'Other Ltd')]);
});
afterAll(() => app.close());

const roleRef = (a: Admin, name: string) => `roles/${a.tenant.roleIds[name]}`;

describe('service accounts', () => {
  it('creates an account with the contract\'s creation response; failed grants are listed, the rest happen', async () => {
    const retired = await newRole(app, admin, admin.enterpriseRef, ['users.read']);
    await call(app.url, 'POST', `/roles/${retired}/retire`, { token: admin.token });
    const res = await call(app.url, 'POST', '/service-accounts', {
      token: admin.token,
      body: {
        description: 'Payments backend',
        parent_ref: admin.enterpriseRef,
        roles: [
          { role_ref: roleRef(admin, 'operator'), scope_ref: admin.enterpriseRef },
          { role_ref: roleRef(other, 'viewer'), scope_ref: admin.enterpriseRef },
          { role_ref: `roles/${retired}`, scope_ref: admin.enterpriseRef },
          { role_ref: roleRef(admin, 'viewer'), scope_ref: other.enterpriseRef },
        ],
      },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const id = res.body.service_account.id;
    expect(res.body).toEqual({
      client_id: expect.stringMatching(/^cfci_/),
      client_secret: expect.stringMatching(/^cfsk_/),
      client_secret_expires_at: res.body.service_account.current_secret_expires_at,
      principal_ref: `service-accounts/${id}`,
      role_assignments: [
        expect.objectContaining({ resource: 'role_assignment', principal_ref: `service-accounts/${id}`, role_ref: roleRef(admin, 'operator'), scope_ref: admin.enterpriseRef, scope_anchor_kind: 'explicit', scope_propagation: 'subtree', status: 'active' }),
      ],
      role_assignment_errors: [
        expect.objectContaining({ index: 1, code: 'EdgeNotFound', status: 404 }),
        expect.objectContaining({ index: 2, code: 'EdgeConflict', status: 409, reason: 'role_retired' }),
        expect.objectContaining({ index: 3, code: 'EdgeNotFound', status: 404 }),
      ],
      service_account: {
        id,
        resource: 'service_account',
        description: 'Payments backend',
        parent_ref: admin.enterpriseRef,
        principal_ref: `service-accounts/${id}`,
        external_id: id,
        status: 'active',
        current_secret_expires_at: expect.any(String),
        previous_secret_expires_at: null,
        api_version: LATEST_API_VERSION,
        etag: expect.any(String),
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    });
    expect(await eventTypesOf(app, `service-accounts/${id}`)).toEqual(['iam.service_account.created.v1']);
    const token = await tokenFor(app.url, { clientId: res.body.client_id, clientSecret: res.body.client_secret });
    expect((await call(app.url, 'GET', '/users', { token })).status).toBe(200);
    // The secret is not kept anywhere in clear.
    const stored = await app.services.sql`select * from service_accounts where id = ${id}`;
    expect(JSON.stringify(stored)).not.toContain(res.body.client_secret);
  });

  it('refuses a grant beyond the parent scope or beyond the caller’s own permissions', async () => {
    const clientRef = await newClient(app, admin);
    const clientAdmin = await newServiceAccount(app, admin, clientRef, [{ role: 'enterprise-admin', scope_ref: clientRef }]);
    const wide = await call(app.url, 'POST', '/service-accounts', {
      token: admin.token,
      body: { parent_ref: clientRef, roles: [{ role_ref: roleRef(admin, 'viewer'), scope_ref: admin.enterpriseRef }] },
    });
    expect(wide.body.role_assignment_errors).toEqual([expect.objectContaining({ status: 422, code: 'EdgeUnprocessable' })]);

    const limited = await newServiceAccount(app, admin, admin.enterpriseRef, [{ role: await limitedRole(), scope_ref: admin.enterpriseRef }]);
    const escalate = await call(app.url, 'POST', '/service-accounts', {
      token: limited.token,
      body: { parent_ref: admin.enterpriseRef, roles: [{ role_ref: roleRef(admin, 'operator'), scope_ref: admin.enterpriseRef }] },
    });
    expect(escalate.status).toBe(201);
    expect(escalate.body.role_assignment_errors).toEqual([expect.objectContaining({ status: 403, reason: 'privilege_escalation' })]);

    // A client's administrator cannot reach the enterprise at all.
    const up = await call(app.url, 'POST', '/service-accounts', { token: clientAdmin.token, body: { parent_ref: admin.enterpriseRef, roles: [] } });
    expect(up.status).toBe(404);
  });

  async function limitedRole() {
    return newRole(app, admin, admin.enterpriseRef, ['service_accounts.manage', 'roles.manage', 'roles.read']);
  }

  it('revocation: tokens fail on the very next request and the secret issues no more', async () => {
    const sa = await newServiceAccount(app, admin, admin.enterpriseRef, [{ role: 'viewer', scope_ref: admin.enterpriseRef }]);
    expect((await call(app.url, 'GET', '/roles', { token: sa.token })).status).toBe(200);
    const revoked = await call(app.url, 'POST', `/service-accounts/${sa.id}/revoke`, { token: admin.token });
    expect(revoked.status).toBe(200);
    expect(revoked.body.status).toBe('revoked');
    expect((await call(app.url, 'GET', '/roles', { token: sa.token })).status).toBe(401);
    const token = await call(app.url, 'POST', '/oauth/token', { body: { grant_type: 'client_credentials', client_id: sa.clientId, client_secret: sa.clientSecret } });
    expect(token.status).toBe(401);
    expect(token.body.error).toBe('invalid_client');
    const again = await call(app.url, 'POST', `/service-accounts/${sa.id}/revoke`, { token: admin.token });
    expect(again).toMatchObject({ status: 409, body: { reason: 'service_account_revoked' } });
    expect(await eventTypesOf(app, `service-accounts/${sa.id}`)).toEqual(['iam.service_account.created.v1', 'iam.service_account.revoked.v1']);
  });

  it('provision is create-or-return by external_id', async () => {
    const externalId = unique('ext');
    const body = { description: 'provisioned', parent_ref: admin.enterpriseRef, external_id: externalId, roles: [{ role_ref: roleRef(admin, 'viewer'), scope_ref: admin.enterpriseRef }] };
    const [a, b] = await Promise.all([
      call(app.url, 'POST', '/service-accounts/provision', { token: admin.token, body }),
      call(app.url, 'POST', '/service-accounts/provision', { token: admin.token, body }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    const [created, found] = a.status === 201 ? [a, b] : [b, a];
    expect(created.body.client_secret).toMatch(/^cfsk_/);
    expect(found.body.client_secret).toBeNull();
    expect(found.body.service_account.id).toBe(created.body.service_account.id);
    expect(found.body.role_assignments.map((r: { id: string }) => r.id)).toEqual(created.body.role_assignments.map((r: { id: string }) => r.id));
    expect(found.body.service_account.external_id).toBe(externalId);

    const mismatch = await call(app.url, 'POST', '/service-accounts/provision', { token: admin.token, body: { ...body, parent_ref: await newClient(app, admin) } });
    expect(mismatch).toMatchObject({ status: 409, body: { reason: 'provision_mismatch' } });
    const plain = await call(app.url, 'POST', '/service-accounts', { token: admin.token, body: { parent_ref: admin.enterpriseRef, external_id: externalId } });
    expect(plain).toMatchObject({ status: 409, body: { reason: 'external_id_taken' } });
    const missing = await call(app.url, 'POST', '/service-accounts/provision', { token: admin.token, body: { parent_ref: admin.enterpriseRef } });
    expect(missing.status).toBe(400);
  });

  it('reads and lists only the caller’s own accounts', async () => {
    const sa = await newServiceAccount(app, admin, admin.enterpriseRef, []);
    expect((await call(app.url, 'GET', `/service-accounts/${sa.id}`, { token: admin.token })).body.id).toBe(sa.id);
    expect((await call(app.url, 'GET', `/service-accounts/${sa.id}`, { token: other.token })).status).toBe(404);
    const mine = await call(app.url, 'GET', `/service-accounts?external_id=${sa.id}`, { token: admin.token });
    expect(mine.body.items.map((s: { id: string }) => s.id)).toEqual([sa.id]);
    const theirs = await call(app.url, 'GET', `/service-accounts?external_id=${sa.id}`, { token: other.token });
    expect(theirs.body.items).toEqual([]);
    const revokedOnly = await call(app.url, 'GET', '/service-accounts?status=revoked', { token: admin.token });
    expect(revokedOnly.body.items.every((s: { status: string }) => s.status === 'revoked')).toBe(true);
  });
});
