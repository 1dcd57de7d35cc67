import { Caller } from '../../src/auth/caller';
import { setCapability } from '../../src/domain/capabilities';
import { call, createTenant, startTestApp, tokenFor, type TestApp, type Tenant } from '../helpers/app';
import { startReceiver } from '../helpers/webhook-fixtures';

let app: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  app = await startTestApp();
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await app?.close();
});

/** Switches `webhooks.manage` at the enterprise through the capability module, as its admin. */
async function setWebhooksManage(tenant: Tenant, enabled: boolean) {
  const admin = { id: tenant.serviceAccountId, kind: 'service_account' as const, tenant_ref: `enterprises/${tenant.enterpriseId}` };
  const caller = new Caller(tenant.enterpriseId, admin, admin, null, [], 'platform-managed', null, '');
  await setCapability(app.services.orm.em.fork(), caller, [caller.enterpriseRef], 'webhooks.manage', enabled);
}

async function subscribed(status: 'active' | 'disabled') {
  const tenant = await createTenant(app.services);
  const token = await tokenFor(app.url, tenant);
  const api = (method: string, path: string) => call(app.url, method, path, { token });
  const created = await call(app.url, 'POST', '/webhook-subscriptions', {
    token,
    body: { scope_ref: `enterprises/${tenant.enterpriseId}`, url: receiver.url, event_types: ['webhooks.subscription.updated.v1'] },
  });
  expect(created.status).toBe(201);
  const path = `/webhook-subscriptions/${created.body.id}`;
  if (status === 'disabled') expect((await api('POST', `${path}/disable`)).status).toBe(200);
  return { tenant, api, path };
}

describe('webhooks.manage capability on enable and disable', () => {
  it.each([
    { action: 'enable', from: 'disabled' as const },
    { action: 'disable', from: 'active' as const },
  ])('$action is 403 ForbiddenCapabilityScope while the enterprise has it off, and changes nothing', async ({ action, from }) => {
    const s = await subscribed(from);
    await setWebhooksManage(s.tenant, false);
    const refused = await s.api('POST', `${s.path}/${action}`);
    expect(refused).toMatchObject({
      status: 403,
      body: { code: 'ForbiddenCapabilityScope', capability: 'webhooks.manage', scope_ref: `enterprises/${s.tenant.enterpriseId}` },
    });
    expect((await s.api('GET', s.path)).body.status).toBe(from);
  });

  it('enable works again once the capability is switched back on', async () => {
    const s = await subscribed('disabled');
    await setWebhooksManage(s.tenant, false);
    expect((await s.api('POST', `${s.path}/enable`)).status).toBe(403);
    await setWebhooksManage(s.tenant, true);
    const enabled = await s.api('POST', `${s.path}/enable`);
    expect(enabled.status).toBe(200);
    expect(enabled.body).toMatchObject({ status: 'active', disabled_reason: null });
  });
});
