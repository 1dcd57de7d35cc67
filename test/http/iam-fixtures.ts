import { call, createTenant, tokenFor, type TestApp, type Tenant } from '../helpers/app';

/** Shared set-up of the identity tests: tenants, clients and service accounts made through the API. */

export interface Admin {
  tenant: Tenant;
  token: string;
  enterpriseRef: string;
}

export async function newAdmin(app: TestApp, name = 'IAM Test Ltd'): Promise<Admin> {
  const tenant = await createTenant(app.services, name);
  return { tenant, token: await tokenFor(app.url, tenant), enterpriseRef: `enterprises/${tenant.enterpriseId}` };
}

let counter = 0;
export const unique = (prefix: string) => `${prefix}-${process.pid}-${Date.now()}-${++counter}`;

export async function newClient(app: TestApp, admin: Admin): Promise<string> {
  const res = await call(app.url, 'POST', '/clients', {
    token: admin.token,
    body: { display_name: 'Client', external_id: unique('client'), scope_ref: admin.enterpriseRef },
  });
  if (res.status !== 201) throw new Error(`POST /clients: ${res.status} ${res.text}`);
  return `clients/${res.body.id}`;
}

export interface Principal {
  id: string;
  ref: string;
  token: string;
  clientId: string;
  clientSecret: string;
}

/** A service account created through POST /service-accounts, holding the named platform roles (or role ids) at scopes. */
export async function newServiceAccount(
  app: TestApp,
  admin: Admin,
  parentRef: string,
  grants: Array<{ role: string; scope_ref: string; scope_propagation?: 'subtree' | 'exact' }>,
): Promise<Principal> {
  const asRole = (g: (typeof grants)[number]) => ({
    role_ref: `roles/${admin.tenant.roleIds[g.role] ?? g.role}`,
    scope_ref: g.scope_ref,
    ...(g.scope_propagation ? { scope_propagation: g.scope_propagation } : {}),
  });
  // enterprise-admin is a governed grant: POST /role-assignments with an action token, after creation.
  const governed = grants.filter((g) => g.role === 'enterprise-admin');
  const roles = grants.filter((g) => g.role !== 'enterprise-admin').map(asRole);
  const res = await call(app.url, 'POST', '/service-accounts', { token: admin.token, body: { description: 'test', parent_ref: parentRef, roles } });
  if (res.status !== 201 || res.body.role_assignment_errors.length) throw new Error(`POST /service-accounts: ${res.status} ${res.text}`);
  for (const g of governed) {
    const principalRef = res.body.principal_ref;
    const at = await call(app.url, 'POST', '/action-tokens', { token: admin.token, body: { action: 'role_assignments.grant_enterprise_admin', resource_ref: principalRef } });
    const granted = await call(app.url, 'POST', '/role-assignments', {
      token: admin.token,
      headers: { 'x-action-token': at.body.token },
      body: { principal_ref: principalRef, scope_anchor_kind: 'explicit', scope_propagation: 'subtree', ...asRole(g) },
    });
    if (granted.status !== 201) throw new Error(`POST /role-assignments: ${granted.status} ${granted.text}`);
  }
  const creds = { clientId: res.body.client_id, clientSecret: res.body.client_secret };
  return { id: res.body.service_account.id, ref: res.body.principal_ref, token: await tokenFor(app.url, creds), ...creds };
}

export async function newRole(app: TestApp, admin: Admin, scopeRef: string, permissions: string[]): Promise<string> {
  const res = await call(app.url, 'POST', '/roles', { token: admin.token, body: { name: unique('role'), permissions, scope_ref: scopeRef } });
  if (res.status !== 201) throw new Error(`POST /roles: ${res.status} ${res.text}`);
  return res.body.id;
}

export async function newUser(app: TestApp, admin: Admin, scopeRef: string): Promise<any> {
  const res = await call(app.url, 'POST', '/users', { token: admin.token, body: { display_name: 'Ada', email: `${unique('ada')}@example.com`, scope_ref: scopeRef } });
  if (res.status !== 201) throw new Error(`POST /users: ${res.status} ${res.text}`);
  return res.body;
}

/** Events recorded for a resource, oldest first. */
export async function eventTypesOf(app: TestApp, resourceRef: string): Promise<string[]> {
  const rows = await app.services.sql`select type from events where resource_ref = ${resourceRef} order by seq`;
  return rows.map((r) => r.type as string);
}
