import { call, createTenant, startTestApp, tokenFor, type TestApp, type Tenant } from '../helpers/app';

let app: TestApp;
let tenant: Tenant;
let token: string;
let grantee: string;

beforeAll(async () => {
  app = await startTestApp();
  tenant = await createTenant(app.services);
  token = await tokenFor(app.url, tenant);
  const sa = await call(app.url, 'POST', '/service-accounts', {
    token,
    body: { description: 'grantee', parent_ref: `enterprises/${tenant.enterpriseId}`, roles: [] },
  });
  expect(sa.status).toBe(201);
  grantee = sa.body.principal_ref;
});
afterAll(() => app.close());

const grant = (role: string, headers: Record<string, string> = {}) =>
  call(app.url, 'POST', '/role-assignments', {
    token,
    headers,
    body: {
      principal_ref: grantee,
      role_ref: `roles/${tenant.roleIds[role]}`,
      scope_ref: `enterprises/${tenant.enterpriseId}`,
      scope_anchor_kind: 'explicit',
      scope_propagation: 'subtree',
    },
  });

const actionToken = async (resourceRef: string) => {
  const res = await call(app.url, 'POST', '/action-tokens', { token, body: { action: 'role_assignments.grant_enterprise_admin', resource_ref: resourceRef } });
  expect(res.status).toBe(201);
  return res.body.token as string;
};

describe('granting enterprise-admin is a governed action', () => {
  it('without an action token is 428 and grants nothing', async () => {
    const res = await grant('enterprise-admin');
    expect(res.status).toBe(428);
    expect(res.body.code).toBe('EdgeActionTokenRequired');
    const list = await call(app.url, 'GET', `/role-assignments?principal_ref=${grantee}`, { token });
    expect(list.body.items).toEqual([]);
  });

  it('a token bound to another principal is 403', async () => {
    const res = await grant('enterprise-admin', { 'x-action-token': await actionToken(`service-accounts/${tenant.serviceAccountId}`) });
    expect(res.status).toBe(403);
  });

  it('with a token bound to the grantee it is granted, once', async () => {
    const t = await actionToken(grantee);
    expect((await grant('enterprise-admin', { 'x-action-token': t })).status).toBe(201);
    const reused = await grant('enterprise-admin', { 'x-action-token': t });
    expect(reused.status).toBe(403);
  });

  it('other roles need no action token', async () => {
    expect((await grant('viewer')).status).toBe(201);
  });
});

describe('enterprise-admin is never granted as a side effect of creation', () => {
  it('POST /service-accounts with roles [enterprise-admin] creates the account but reports the grant as refused', async () => {
    const res = await call(app.url, 'POST', '/service-accounts', {
      token,
      body: {
        description: 'wants admin',
        parent_ref: `enterprises/${tenant.enterpriseId}`,
        roles: [{ role_ref: `roles/${tenant.roleIds['enterprise-admin']}`, scope_ref: `enterprises/${tenant.enterpriseId}` }],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.role_assignments).toEqual([]);
    expect(res.body.role_assignment_errors).toHaveLength(1);
    expect(JSON.stringify(res.body.role_assignment_errors[0])).toMatch(/EdgeActionTokenRequired|action_token_required/);
  });
});
