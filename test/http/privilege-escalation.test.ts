import { randomUUID } from 'node:crypto';
import { call, startTestApp, type TestApp } from '../helpers/app';
import { newAdmin, newClient, newRole, newServiceAccount, unique, type Admin, type Principal } from './iam-fixtures';
import { newApiKey } from './api-key-fixtures';

let app: TestApp;
let admin: Admin;
let clientRef: string;
let accountRef: string;

beforeAll(async () => {
  app = await startTestApp({ TEMPORAL_TASK_QUEUE: `unpolled-${randomUUID()}`, COUNTERFOIL_RATE_LIMIT_TOKEN_PER_SECOND: '1000' });
  admin = await newAdmin(app, 'Escalation Ltd');
  clientRef = await newClient(app, admin);
  accountRef = (await call(app.url, 'GET', `/${clientRef}`, { token: admin.token })).body.default_client_account;
});
afterAll(() => app.close());

const as = (token: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) => call(app.url, method, path, { token, body, headers });
const roleRef = (name: string) => `roles/${admin.tenant.roleIds[name]}`;
const escalation = (missing: unknown) => ({ status: 403, body: expect.objectContaining({ reason: 'privilege_escalation', missing_permissions: missing }) });
const secretsOf = async (id: string) => app.services.sql`select secret_hash, previous_secret_hash, status, version from service_accounts where id = ${id}`;

async function rotate(caller: Principal, target: Principal) {
  const issued = await as(caller.token, 'POST', '/action-tokens', { action: 'service_accounts.rotate_secret', resource_ref: target.ref });
  expect(issued.status).toBe(201);
  return as(caller.token, 'POST', `/service-accounts/${target.id}/rotate-secret`, { overlap_seconds: 0 }, { 'x-action-token': issued.body.token });
}

describe('credentials of a more powerful principal', () => {
  let custodian: Principal;
  let payments: Principal;

  beforeAll(async () => {
    // Manages the client's service accounts and nothing else; `payments` moves money at the client.
    const manage = await newRole(app, admin, clientRef, ['service_accounts.manage', 'service_accounts.read', 'action_tokens.create']);
    custodian = await newServiceAccount(app, admin, clientRef, [{ role: manage, scope_ref: clientRef }]);
    payments = await newServiceAccount(app, admin, clientRef, [{ role: 'operator', scope_ref: clientRef }]);
  });

  it('rotating the secret of an account holding what the caller does not is 403, and changes nothing', async () => {
    const before = await secretsOf(payments.id);
    const res = await rotate(custodian, payments);
    expect(res).toMatchObject(escalation(expect.arrayContaining(['transfers.create', 'withdrawals.create'])));
    expect(res.body).not.toHaveProperty('client_secret');
    expect(await secretsOf(payments.id)).toEqual(before);
    // The account's own secret still signs it in, alone.
    expect((await call(app.url, 'POST', '/oauth/token', { body: { grant_type: 'client_credentials', client_id: payments.clientId, client_secret: payments.clientSecret } })).status).toBe(200);
  });

  it('revoking it is 403 too', async () => {
    const res = await as(custodian.token, 'POST', `/service-accounts/${payments.id}/revoke`);
    expect(res).toMatchObject(escalation(expect.arrayContaining(['transfers.create'])));
    expect((await secretsOf(payments.id))[0].status).toBe('active');
  });

  it('a caller holding everything the account holds rotates and revokes it', async () => {
    const manage = await newRole(app, admin, clientRef, ['service_accounts.manage', 'action_tokens.create']);
    const peer = await newServiceAccount(app, admin, clientRef, [
      { role: manage, scope_ref: clientRef },
      { role: 'operator', scope_ref: clientRef },
    ]);
    const target = await newServiceAccount(app, admin, clientRef, [{ role: 'operator', scope_ref: clientRef }]);
    const rotated = await rotate(peer, target);
    expect(rotated.status).toBe(200);
    expect(rotated.body.client_secret).toMatch(/^cfsk_/);
    expect((await as(peer.token, 'POST', `/service-accounts/${target.id}/revoke`)).status).toBe(200);
  });

  it('an account holding nothing the caller lacks is the caller\'s to rotate', async () => {
    const plain = await newServiceAccount(app, admin, clientRef, []);
    expect((await rotate(custodian, plain)).status).toBe(200);
  });

  it('holding the permissions only at the client, exactly, does not reach an account granted them with subtree', async () => {
    const manage = await newRole(app, admin, clientRef, ['service_accounts.manage', 'action_tokens.create']);
    const narrow = await newServiceAccount(app, admin, clientRef, [
      { role: manage, scope_ref: clientRef },
      { role: 'operator', scope_ref: clientRef, scope_propagation: 'exact' },
    ]);
    expect(await rotate(narrow, payments)).toMatchObject(escalation(expect.arrayContaining(['transfers.create'])));
  });

  it('creating an account with roles the caller does not hold lists each as privilege_escalation', async () => {
    const manage = await newRole(app, admin, clientRef, ['service_accounts.manage', 'roles.manage', 'roles.read', 'clients.read']);
    const maker = await newServiceAccount(app, admin, clientRef, [{ role: manage, scope_ref: clientRef, scope_propagation: 'exact' }]);
    const reader = await newRole(app, admin, clientRef, ['clients.read']);
    const res = await as(maker.token, 'POST', '/service-accounts', {
      parent_ref: clientRef,
      roles: [
        { role_ref: roleRef('operator'), scope_ref: clientRef, scope_propagation: 'exact' },
        { role_ref: `roles/${reader}`, scope_ref: clientRef },
        { role_ref: `roles/${reader}`, scope_ref: clientRef, scope_propagation: 'exact' },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.role_assignment_errors).toEqual([
      expect.objectContaining({ index: 0, status: 403, reason: 'privilege_escalation' }),
      expect.objectContaining({ index: 1, status: 403, reason: 'privilege_escalation' }),
    ]);
    expect(res.body.role_assignments).toEqual([expect.objectContaining({ role_ref: `roles/${reader}`, scope_propagation: 'exact' })]);
  });
});

describe('API keys', () => {
  let developer: Principal;
  let integrator: Principal;
  let narrow: Principal;

  beforeAll(async () => {
    // developer: api_keys.manage and reads, but no conversions.create; integrator: also operator (conversions.create).
    developer = await newServiceAccount(app, admin, clientRef, [{ role: 'developer', scope_ref: clientRef }]);
    integrator = await newServiceAccount(app, admin, clientRef, [
      { role: 'developer', scope_ref: clientRef },
      { role: 'operator', scope_ref: clientRef },
    ]);
    // The same roles held at the client only: the key's account lies below it.
    narrow = await newServiceAccount(app, admin, clientRef, [
      { role: 'developer', scope_ref: clientRef, scope_propagation: 'exact' },
      { role: 'operator', scope_ref: clientRef, scope_propagation: 'exact' },
    ]);
  });

  it('creating a key that can convert, without conversions.create at its account, is 403', async () => {
    expect(await as(developer.token, 'POST', '/api-keys', { client_ref: clientRef, label: 'bot' })).toMatchObject(escalation(['conversions.create']));
    expect(await as(narrow.token, 'POST', '/api-keys', { client_ref: clientRef, label: 'bot' })).toMatchObject(
      escalation(['balances.read', 'conversions.create', 'conversions.read']),
    );
    const [{ count }] = await app.services.sql`select count(*)::int as count from api_keys where client_id = ${clientRef.slice('clients/'.length)} and label = 'bot'`;
    expect(count).toBe(0);
  });

  it('revoking and reactivating a key the caller could not hold is 403, and changes nothing', async () => {
    const key = await newApiKey(app, admin, clientRef);
    expect(await as(developer.token, 'POST', `/api-keys/${key.id}/revoke`)).toMatchObject(escalation(['conversions.create']));
    expect((await as(admin.token, 'GET', `/api-keys/${key.id}`)).body).toMatchObject({ status: 'active', etag: key.etag });
    // A new label hands out nothing: the developer still may change it.
    expect((await as(developer.token, 'PATCH', `/api-keys/${key.id}`, { label: 'renamed' })).status).toBe(200);
    expect((await as(admin.token, 'POST', `/api-keys/${key.id}/revoke`)).status).toBe(200);
    const reactivate = await as(developer.token, 'POST', `/api-keys/${key.id}/reactivate`);
    expect(reactivate).toMatchObject(escalation(['conversions.create']));
    expect(reactivate.body).not.toHaveProperty('api_key');
    expect((await as(admin.token, 'GET', `/api-keys/${key.id}`)).body.status).toBe('revoked');
  });

  it('a caller holding what the key can do at its account creates, revokes and reactivates it', async () => {
    const created = await as(integrator.token, 'POST', '/api-keys', { client_ref: clientRef, label: 'integrator', account_ref: accountRef });
    expect(created.status).toBe(201);
    expect((await as(integrator.token, 'POST', `/api-keys/${created.body.id}/revoke`)).status).toBe(200);
    const reactivated = await as(integrator.token, 'POST', `/api-keys/${created.body.id}/reactivate`);
    expect(reactivated.status).toBe(200);
    expect(reactivated.body.api_key).toMatch(/^cfk_/);
  });
});

describe('a grant never widens its own reach', () => {
  let manager: Principal;
  let managerRole: string;
  let reader: string;

  beforeAll(async () => {
    managerRole = await newRole(app, admin, clientRef, ['roles.manage', 'roles.read', 'clients.read', 'users.manage', 'users.read']);
    manager = await newServiceAccount(app, admin, clientRef, [{ role: managerRole, scope_ref: clientRef, scope_propagation: 'exact' }]);
    reader = await newRole(app, admin, clientRef, ['clients.read']);
  });

  it('an exact grant does not re-grant itself with subtree, and the client\'s accounts stay out of reach', async () => {
    expect((await as(manager.token, 'GET', `/${accountRef}`)).status).toBe(404);
    const widen = await as(manager.token, 'POST', '/role-assignments', { principal_ref: manager.ref, role_ref: `roles/${managerRole}`, scope_ref: clientRef, scope_propagation: 'subtree' });
    expect(widen).toMatchObject(escalation(['clients.read', 'roles.manage', 'roles.read', 'users.manage', 'users.read']));
    expect((await as(manager.token, 'GET', `/${accountRef}`)).status).toBe(404);
    const [{ count }] = await app.services.sql`select count(*)::int as count from role_assignments where principal_id = ${manager.id}`;
    expect(count).toBe(1);
  });

  it.each([
    ['itself', () => manager],
    ['another principal', () => undefined],
  ])('exact → subtree is 403 for %s; exact → exact is granted', async (_who, whom) => {
    const principal = whom() ?? (await newServiceAccount(app, admin, clientRef, []));
    const grant = (propagation: string) =>
      as(manager.token, 'POST', '/role-assignments', { principal_ref: principal.ref, role_ref: `roles/${reader}`, scope_ref: clientRef, scope_propagation: propagation });
    expect(await grant('subtree')).toMatchObject(escalation(['clients.read']));
    expect((await grant('exact')).status).toBe(201);
  });

  it('a subtree grant hands out subtree', async () => {
    const wide = await newServiceAccount(app, admin, clientRef, [{ role: managerRole, scope_ref: clientRef }]);
    const target = await newServiceAccount(app, admin, clientRef, []);
    const res = await as(wide.token, 'POST', '/role-assignments', { principal_ref: target.ref, role_ref: `roles/${reader}`, scope_ref: clientRef, scope_propagation: 'subtree' });
    expect(res.status).toBe(201);
    expect((await as(target.token, 'GET', `/${accountRef}`)).status).toBe(200);
  });

  it('a permission added to a role reaches as far as its assignments: the editor must hold it that far', async () => {
    const assigned = await newRole(app, admin, clientRef, ['clients.read']);
    await newServiceAccount(app, admin, clientRef, [{ role: assigned, scope_ref: clientRef }]);
    const widen = await as(manager.token, 'PATCH', `/roles/${assigned}`, { permissions: ['clients.read', 'users.read'] });
    expect(widen).toMatchObject(escalation(['users.read']));
    const unassigned = await newRole(app, admin, clientRef, ['clients.read']);
    expect((await as(manager.token, 'PATCH', `/roles/${unassigned}`, { permissions: ['clients.read', 'users.read'] })).status).toBe(200);
  });

  it('an invitation hands out no more than the inviter holds, propagation included', async () => {
    const invite = (propagation: string) =>
      as(manager.token, 'POST', '/user-invitations', {
        email: `${unique('invitee')}@example.com`,
        display_name: 'Invitee',
        scope_ref: clientRef,
        roles: [{ role_ref: `roles/${reader}`, scope_ref: clientRef, scope_propagation: propagation }],
      });
    expect(await invite('subtree')).toMatchObject(escalation(['clients.read']));
    expect((await invite('exact')).status).toBe(201);
  });
});
