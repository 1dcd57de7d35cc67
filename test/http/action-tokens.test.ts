import { randomUUID } from 'node:crypto';
import { call, startTestApp, type TestApp } from '../helpers/app';
import { tenantRoutes } from '../../src/http/routes';
import { GOVERNED_ACTIONS } from '../../src/auth/action-tokens';
import { newAdmin, newServiceAccount, type Admin, type Principal } from './iam-fixtures';

let app: TestApp;
let admin: Admin;
let target: Principal;

// Rotation signals a workflow; no worker polls this queue, which is all these tests need.
beforeAll(async () => {
  app = await startTestApp({ TEMPORAL_TASK_QUEUE: `unpolled-${randomUUID()}`, COUNTERFOIL_RATE_LIMIT_TOKEN_PER_SECOND: '1000' });
  admin = await newAdmin(app, 'Action Token Ltd');
  target = await newServiceAccount(app, admin, admin.enterpriseRef, [{ role: 'viewer', scope_ref: admin.enterpriseRef }]);
});
afterAll(() => app.close());

async function actionToken(token: string, action: string, resourceRef: string, extra: Record<string, unknown> = {}) {
  const res = await call(app.url, 'POST', '/action-tokens', { token, body: { action, resource_ref: resourceRef, ...extra } });
  expect(res.status).toBe(201);
  return res.body;
}

const rotate = (headers: Record<string, string> = {}, token = admin.token, account = target.id) =>
  call(app.url, 'POST', `/service-accounts/${account}/rotate-secret`, { token, headers, body: { overlap_seconds: 60 } });

describe('POST /action-tokens', () => {
  it('issues a short-lived token bound to the caller, action and resource, stored only as a hash', async () => {
    const issued = await actionToken(admin.token, 'service_accounts.rotate_secret', target.ref);
    expect(issued).toMatchObject({
      resource: 'action_token',
      action: 'service_accounts.rotate_secret',
      resource_ref: target.ref,
      subject_ref: `service-accounts/${admin.tenant.serviceAccountId}`,
    });
    expect(issued.token).toMatch(/^cfat_[A-Za-z0-9_-]{43}$/);
    const lifetime = Date.parse(issued.expires_at) - Date.parse(issued.created_at);
    expect(lifetime).toBe(300_000);
    const rows = await app.services.sql`select token_hash from action_tokens where id = ${issued.id}`;
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].token_hash).not.toContain(issued.token);
  });

  it('honours a shorter lifetime', async () => {
    const issued = await actionToken(admin.token, 'approvals.approve', 'approvals/0193a1c2-7f00-7abc-8def-0123456789ab', { expires_in_seconds: 30 });
    expect(Date.parse(issued.expires_at) - Date.parse(issued.created_at)).toBe(30_000);
  });

  it.each([
    { name: 'an action that is not governed', body: { action: 'users.manage', resource_ref: 'users/0193a1c2-7f00-7abc-8def-0123456789ab' }, pointer: '/body/action' },
    { name: 'a malformed resource_ref', body: { action: 'approvals.approve', resource_ref: 'approval 1' }, pointer: '/body/resource_ref' },
    { name: 'a lifetime over 5 minutes', body: { action: 'approvals.approve', resource_ref: 'approvals/0193a1c2-7f00-7abc-8def-0123456789ab', expires_in_seconds: 301 }, pointer: '/body/expires_in_seconds' },
  ])('$name → 400 at $pointer', async (c) => {
    const res = await call(app.url, 'POST', '/action-tokens', { token: admin.token, body: c.body });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { pointer: string }) => e.pointer)).toContain(c.pointer);
  });

  it('the OpenAPI document lists the governed actions and the routes that need one', async () => {
    const doc = (await call(app.url, 'GET', '/openapi.json')).body;
    const description: string = doc.paths['/action-tokens'].post.description;
    for (const action of Object.keys(GOVERNED_ACTIONS)) expect(description).toContain(`\`${action}\``);
    const rotation = doc.paths['/service-accounts/{service_account_id}/rotate-secret'].post;
    expect(rotation.description).toContain('service_accounts.rotate_secret');
    expect(JSON.stringify(rotation.parameters)).toContain('#/components/parameters/XActionToken');
    expect(doc.components.parameters.XActionToken).toMatchObject({ name: 'X-Action-Token', in: 'header' });
  });

  it('every governed route says which resource its token binds to', () => {
    const governed = tenantRoutes.filter((r) => r.actionToken);
    expect(governed.map((r) => r.operationId)).toContain('rotateServiceAccountSecret');
    for (const route of governed) expect(typeof route.actionTokenResource).toBe('function');
  });
});

describe('governed requests', () => {
  it('without X-Action-Token → 428 EdgeActionTokenRequired, and nothing changes', async () => {
    const before = await app.services.sql`select version, secret_hash from service_accounts where id = ${target.id}`;
    const res = await rotate();
    expect(res.status).toBe(428);
    expect(res.body).toMatchObject({ code: 'EdgeActionTokenRequired', action: 'service_accounts.rotate_secret', resource_ref: target.ref });
    const after = await app.services.sql`select version, secret_hash from service_accounts where id = ${target.id}`;
    expect(after).toEqual(before);
  });

  it('a valid token works once; reusing it → 403', async () => {
    const { token } = await actionToken(admin.token, 'service_accounts.rotate_secret', target.ref);
    const first = await rotate({ 'x-action-token': token });
    expect(first.status).toBe(200);
    const again = await rotate({ 'x-action-token': token });
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({ code: 'EdgeForbidden', reason: 'action_token_invalid' });
  });

  it('two concurrent uses of one token: exactly one wins', async () => {
    const { token } = await actionToken(admin.token, 'service_accounts.rotate_secret', target.ref);
    const results = await Promise.all([rotate({ 'x-action-token': token }), rotate({ 'x-action-token': token })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 403]);
  });

  it.each([
    { name: 'bound to another resource', issue: () => actionToken(admin.token, 'service_accounts.rotate_secret', `service-accounts/${admin.tenant.serviceAccountId}`) },
    { name: 'bound to another action', issue: () => actionToken(admin.token, 'approvals.approve', target.ref) },
    {
      name: 'bound to another subject',
      issue: async () => {
        const colleague = await newServiceAccount(app, admin, admin.enterpriseRef, [{ role: 'enterprise-admin', scope_ref: admin.enterpriseRef }]);
        return actionToken(colleague.token, 'service_accounts.rotate_secret', target.ref);
      },
    },
    {
      name: 'expired',
      issue: async () => {
        const issued = await actionToken(admin.token, 'service_accounts.rotate_secret', target.ref);
        await app.services.sql`update action_tokens set expires_at = now() - interval '1 second' where id = ${issued.id}`;
        return issued;
      },
    },
    { name: 'made up', issue: async () => ({ token: 'cfat_made-up' }) },
  ])('a token $name → 403, and nothing changes', async (c) => {
    const { token } = await c.issue();
    const before = await app.services.sql`select version from service_accounts where id = ${target.id}`;
    const res = await rotate({ 'x-action-token': token });
    expect(res.status).toBe(403);
    expect(res.body.reason).toBe('action_token_invalid');
    expect(await app.services.sql`select version from service_accounts where id = ${target.id}`).toEqual(before);
  });

  it('a token of another enterprise is refused', async () => {
    const other = await newAdmin(app, 'Other Action Token Ltd');
    const { token } = await actionToken(other.token, 'service_accounts.rotate_secret', target.ref);
    expect((await rotate({ 'x-action-token': token })).status).toBe(403);
  });

  it('the permission check comes first: a caller without it gets a plain 403 before any token is looked at', async () => {
    const res = await rotate({ 'x-action-token': 'cfat_whatever' }, target.token);
    expect(res.status).toBe(403);
    expect(res.body.reason).toBe('permission_denied');
  });
});
