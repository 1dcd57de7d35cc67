import { createTenantApp } from '../../src/http/app';
import { listen, type RunningServer } from '../../src/http/server';
import { closeServices, type Services } from '../../src/services';
import { TemporalGateway } from '../../src/temporal/client';
import { call, testServices, type TestApp } from '../helpers/app';
import { newAdmin, newServiceAccount, eventTypesOf } from './iam-fixtures';

let services: Services;
let server: RunningServer;

// The API as deployed, except that its Temporal server cannot be reached (nothing listens on port 1).
beforeAll(async () => {
  services = await testServices({ COUNTERFOIL_RATE_LIMIT_TOKEN_PER_SECOND: '1000' });
  services.temporal = new TemporalGateway({ address: '127.0.0.1:1', namespace: 'default', taskQueue: 'unreachable' });
  server = await listen(createTenantApp(services), services.config, 0);
});
afterAll(async () => {
  await server.close(1000);
  await closeServices(services);
});

describe('rotate-secret when Temporal is unreachable', () => {
  it('answers 503 and changes nothing: the old secret keeps working alone', async () => {
    const app = { url: server.url, services } as TestApp;
    const admin = await newAdmin(app, 'Unreachable Temporal Ltd');
    const account = await newServiceAccount(app, admin, admin.enterpriseRef, [{ role: 'viewer', scope_ref: admin.enterpriseRef }]);
    const before = await services.sql`select version, secret_hash, previous_secret_hash from service_accounts where id = ${account.id}`;
    const issued = await call(app.url, 'POST', '/action-tokens', { token: admin.token, body: { action: 'service_accounts.rotate_secret', resource_ref: account.ref } });

    const res = await call(app.url, 'POST', `/service-accounts/${account.id}/rotate-secret`, {
      token: admin.token,
      headers: { 'x-action-token': issued.body.token },
      body: { overlap_seconds: 60 },
    });

    expect(res.status).toBe(503);
    expect(res.body.code).toBe('TemporarilyUnavailable');
    expect(res.body).not.toHaveProperty('client_secret');
    expect(await services.sql`select version, secret_hash, previous_secret_hash from service_accounts where id = ${account.id}`).toEqual(before);
    expect(await eventTypesOf(app, account.ref)).toEqual(['iam.service_account.created.v1']);
    const token = await call(app.url, 'POST', '/oauth/token', { body: { grant_type: 'client_credentials', client_id: account.clientId, client_secret: account.clientSecret } });
    expect(token.status).toBe(200);
  });
});
