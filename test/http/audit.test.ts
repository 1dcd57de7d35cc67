import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { call, startTestApp, type TestApp } from '../helpers/app';
import { entriesCommittedWithRow } from '../helpers/audit';
import { newAdmin, newClient, newRole, newServiceAccount, newUser, unique, type Admin } from './iam-fixtures';

let app: TestApp;
let admin: Admin;

beforeAll(async () => {
  app = await startTestApp({ TEMPORAL_TASK_QUEUE: `unpolled-${randomUUID()}`, COUNTERFOIL_RATE_LIMIT_TOKEN_PER_SECOND: '1000' });
  admin = await newAdmin(app, 'Audit Ltd');
});
afterAll(() => app.close());

const search = (filter: Record<string, unknown>, token = admin.token) =>
  call(app.url, 'POST', '/user-action-audit-entries/search', { token, body: filter });

/** The entries one request left, found by its request id. */
async function entriesOf(requestId: string) {
  const rows = await app.services.sql`select id from user_action_audit_entries where request_id = ${requestId}`;
  return Promise.all(rows.map(async (r) => (await call(app.url, 'GET', `/user-action-audit-entries/${r.id}`, { token: admin.token })).body));
}

const enterprisePath = () => `/enterprises/${admin.tenant.enterpriseId}`;

/** Sends a change as the admin under a fresh request id; the change must succeed. */
const send = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
  const requestId = `audit-${randomUUID()}`;
  const res = await call(app.url, method, path, { token: admin.token, headers: { ...headers, 'x-request-id': requestId }, body });
  expect(res.status).toBeLessThan(300);
  return { res, requestId };
};

/** The request's entries, each with whether the same transaction wrote `table`'s row `id` (its xmin). */
const committedWithRow = (requestId: string, table: string, key: string | Record<string, string>) => entriesCommittedWithRow(app.services.sql, requestId, table, key);

describe('user action audit entries', () => {
  it('a successful mutation leaves one entry: who, what, outcome, request id, IP, user agent, time', async () => {
    const requestId = `audit-${randomUUID()}`;
    const res = await call(app.url, 'PATCH', enterprisePath(), {
      token: admin.token,
      headers: { 'x-request-id': requestId, 'user-agent': 'audit-test/1.0' },
      body: { metadata: { team: 'treasury' } },
    });
    expect(res.status).toBe(200);
    const entries = await entriesOf(requestId);
    expect(entries).toHaveLength(1);
    const self = { id: admin.tenant.serviceAccountId, kind: 'service_account', tenant_ref: admin.enterpriseRef };
    expect(entries[0]).toMatchObject({
      resource: 'user_action_audit_entry',
      request_id: requestId,
      action: 'updateEnterprise',
      method: 'PATCH',
      path: enterprisePath(),
      resource_ref: admin.enterpriseRef,
      outcome: 'succeeded',
      status_code: 200,
      error_code: null,
      subject_attribution: { authenticated_principal: self, subject: self, actor: null, identity_source: 'platform-managed', federation: null },
      user_agent: 'audit-test/1.0',
    });
    expect(entries[0].client_ip).toMatch(/127\.0\.0\.1$/);
    expect(Math.abs(Date.parse(entries[0].occurred_at) - Date.now())).toBeLessThan(60_000);
  });

  it.each<{ name: string; headers: Record<string, string>; body: unknown; status: number; code: string }>([
    { name: 'stale If-Match', headers: { 'if-match': '"stale"' }, body: { metadata: {} }, status: 412, code: 'EdgePreconditionFailed' },
    { name: 'invalid body', headers: {}, body: { metadata: { a: 1 } }, status: 400, code: 'EdgeBadRequest' },
  ])('a refusal ($name) leaves a refused entry', async (c) => {
    const requestId = `audit-${randomUUID()}`;
    const res = await call(app.url, 'PATCH', enterprisePath(), { token: admin.token, headers: { 'x-request-id': requestId, ...c.headers }, body: c.body });
    expect(res.status).toBe(c.status);
    const entries = await entriesOf(requestId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ outcome: 'refused', status_code: c.status, error_code: c.code, action: 'updateEnterprise' });
  });

  it('reads, unauthenticated requests and rate-limited requests leave none', async () => {
    const read = `audit-${randomUUID()}`;
    await call(app.url, 'GET', enterprisePath(), { token: admin.token, headers: { 'x-request-id': read } });
    const anonymous = `audit-${randomUUID()}`;
    expect((await call(app.url, 'PATCH', enterprisePath(), { headers: { 'x-request-id': anonymous }, body: { metadata: {} } })).status).toBe(401);
    expect(await entriesOf(read)).toEqual([]);
    expect(await entriesOf(anonymous)).toEqual([]);
  });

  it('a route that writes its entry in its own transaction gets exactly one, also when it is refused', async () => {
    const requestId = `audit-${randomUUID()}`;
    const jwks = { keys: [generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' })] };
    const body = { display_name: 'SSO', issuer: `https://${unique('idp')}.example.com`, audience: 'portal', jwks };
    const created = await call(app.url, 'POST', '/identity-providers', { token: admin.token, headers: { 'x-request-id': requestId }, body });
    expect(created.status).toBe(201);
    const entries = await entriesOf(requestId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'createIdentityProvider', resource_ref: `identity-providers/${created.body.id}`, outcome: 'succeeded', status_code: 201 });
    expect(entries[0].subject_attribution.subject.id).toBe(admin.tenant.serviceAccountId);

    const duplicate = `audit-${randomUUID()}`;
    const refused = await call(app.url, 'POST', '/identity-providers', { token: admin.token, headers: { 'x-request-id': duplicate }, body });
    expect(refused.status).toBe(409);
    const refusedEntries = await entriesOf(duplicate);
    expect(refusedEntries).toHaveLength(1);
    expect(refusedEntries[0]).toMatchObject({ outcome: 'refused', status_code: 409, error_code: 'EdgeConflict' });
  });

  it('role grants and revocations, withdrawal destination and API key changes commit their entry with their event', async () => {
    /** The request's entries, each with whether an event was committed by the same transaction. */
    const committedWithEvent = async (requestId: string) =>
      [...(await app.services.sql`
        select a.action, a.resource_ref, exists (select from events e where e.xmin::text = a.xmin::text) as with_event
          from user_action_audit_entries a where a.request_id = ${requestId}`)];
    const user = await newUser(app, admin, admin.enterpriseRef);
    const grant = await send('POST', '/role-assignments', { principal_ref: `users/${user.id}`, role_ref: `roles/${admin.tenant.roleIds.viewer}`, scope_ref: admin.enterpriseRef });
    expect(await committedWithEvent(grant.requestId)).toEqual([{ action: 'createRoleAssignment', resource_ref: `role-assignments/${grant.res.body.id}`, with_event: true }]);
    const revoke = await send('POST', `/role-assignments/${grant.res.body.id}/revoke`);
    expect(await committedWithEvent(revoke.requestId)).toEqual([{ action: 'revokeRoleAssignment', resource_ref: `role-assignments/${grant.res.body.id}`, with_event: true }]);

    const destination = await send('POST', '/withdrawal-destinations', {
      rail_class: 'crypto',
      scope_ref: admin.enterpriseRef,
      crypto_routing: { asset: 'USDC', network: 'ethereum', label: 'Treasury', destination: { address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', memo: null } },
    });
    const ref = `withdrawal-destinations/${destination.res.body.id}`;
    expect(await committedWithEvent(destination.requestId)).toEqual([{ action: 'createWithdrawalDestination', resource_ref: ref, with_event: true }]);
    const disable = await send('POST', `/${ref}/disable`);
    expect(await committedWithEvent(disable.requestId)).toEqual([{ action: 'disableWithdrawalDestination', resource_ref: ref, with_event: true }]);

    const key = await send('POST', '/api-keys', { client_ref: await newClient(app, admin), label: 'bot' });
    const keyRef = `api-keys/${key.res.body.id}`;
    expect(await committedWithEvent(key.requestId)).toEqual([{ action: 'createApiKey', resource_ref: keyRef, with_event: true }]);
    const revokeKey = await send('POST', `/${keyRef}/revoke`);
    expect(await committedWithEvent(revokeKey.requestId)).toEqual([{ action: 'revokeApiKey', resource_ref: keyRef, with_event: true }]);
  });

  it('role, user and service-account changes commit their entry with the row they change', async () => {
    const role = await send('POST', '/roles', { name: unique('auditors'), permissions: ['audit.read'], scope_ref: admin.enterpriseRef });
    const roleId = role.res.body.id;
    expect(await committedWithRow(role.requestId, 'roles', roleId)).toEqual([{ action: 'createRole', resource_ref: `roles/${roleId}`, status_code: 201, with_row: true }]);
    const described = await send('PATCH', `/roles/${roleId}`, { description: 'Reads the trail' });
    expect(await committedWithRow(described.requestId, 'roles', roleId)).toEqual([{ action: 'updateRole', resource_ref: `roles/${roleId}`, status_code: 200, with_row: true }]);
    const retired = await send('POST', `/roles/${roleId}/retire`);
    expect(await committedWithRow(retired.requestId, 'roles', roleId)).toEqual([{ action: 'retireRole', resource_ref: `roles/${roleId}`, status_code: 200, with_row: true }]);

    const user = await send('POST', '/users', { display_name: 'Ada', email: `${unique('ada')}@example.com`, scope_ref: admin.enterpriseRef });
    const userId = user.res.body.id;
    expect(await committedWithRow(user.requestId, 'users', userId)).toEqual([{ action: 'createUser', resource_ref: `users/${userId}`, status_code: 201, with_row: true }]);
    const renamed = await send('PATCH', `/users/${userId}`, { display_name: 'Ada L.' });
    expect(await committedWithRow(renamed.requestId, 'users', userId)).toEqual([{ action: 'updateUser', resource_ref: `users/${userId}`, status_code: 200, with_row: true }]);
    const suspended = await send('POST', `/users/${userId}/suspend`);
    expect(await committedWithRow(suspended.requestId, 'users', userId)).toEqual([{ action: 'suspendUser', resource_ref: `users/${userId}`, status_code: 200, with_row: true }]);

    const externalId = unique('bot');
    const provisioned = await send('POST', '/service-accounts/provision', { description: 'Bot', parent_ref: admin.enterpriseRef, external_id: externalId, roles: [] });
    const accountId = provisioned.res.body.service_account.id;
    const accountRef = `service-accounts/${accountId}`;
    expect(await committedWithRow(provisioned.requestId, 'service_accounts', accountId)).toEqual([{ action: 'provisionServiceAccount', resource_ref: accountRef, status_code: 201, with_row: true }]);
    // Provisioning again finds the account: a 200 entry, and no write of the account's row.
    const again = await send('POST', '/service-accounts/provision', { description: 'Bot', parent_ref: admin.enterpriseRef, external_id: externalId, roles: [] });
    expect(await committedWithRow(again.requestId, 'service_accounts', accountId)).toEqual([{ action: 'provisionServiceAccount', resource_ref: accountRef, status_code: 200, with_row: false }]);
    const revoked = await send('POST', `/${accountRef}/revoke`);
    expect(await committedWithRow(revoked.requestId, 'service_accounts', accountId)).toEqual([{ action: 'revokeServiceAccount', resource_ref: accountRef, status_code: 200, with_row: true }]);
  });

  it('enterprise, client and client-account changes commit their entry with the row they change', async () => {

    const client = await send('POST', '/clients', { display_name: 'Audited', external_id: unique('audited'), scope_ref: admin.enterpriseRef });
    const clientId = client.res.body.id;
    expect(await committedWithRow(client.requestId, 'clients', clientId)).toEqual([{ action: 'createClient', resource_ref: `clients/${clientId}`, status_code: 201, with_row: true }]);
    const renamed = await send('PATCH', `/clients/${clientId}`, { display_name: 'Audited Ltd' });
    expect(await committedWithRow(renamed.requestId, 'clients', clientId)).toEqual([{ action: 'updateClient', resource_ref: `clients/${clientId}`, status_code: 200, with_row: true }]);

    const account = await send('POST', '/client-accounts', { display_name: 'Savings', scope_ref: `clients/${clientId}` });
    const accountId = account.res.body.id;
    const accountRef = `client-accounts/${accountId}`;
    expect(await committedWithRow(account.requestId, 'client_accounts', accountId)).toEqual([{ action: 'createClientAccount', resource_ref: accountRef, status_code: 201, with_row: true }]);
    const relabelled = await send('PATCH', `/${accountRef}`, { display_name: 'Reserve' });
    expect(await committedWithRow(relabelled.requestId, 'client_accounts', accountId)).toEqual([{ action: 'updateClientAccount', resource_ref: accountRef, status_code: 200, with_row: true }]);
    const accountSuspended = await send('POST', `/${accountRef}/suspend`);
    expect(await committedWithRow(accountSuspended.requestId, 'client_accounts', accountId)).toEqual([{ action: 'suspendClientAccount', resource_ref: accountRef, status_code: 200, with_row: true }]);
    const clientClosed = await send('POST', `/clients/${clientId}/close`);
    expect(await committedWithRow(clientClosed.requestId, 'clients', clientId)).toEqual([{ action: 'closeClient', resource_ref: `clients/${clientId}`, status_code: 200, with_row: true }]);

    const enterpriseId = admin.tenant.enterpriseId;
    const suspended = await send('POST', `/enterprises/${enterpriseId}/suspend`);
    const reactivated = await send('POST', `/enterprises/${enterpriseId}/reactivate`);
    expect(await committedWithRow(suspended.requestId, 'enterprises', enterpriseId)).toEqual([{ action: 'suspendEnterprise', resource_ref: `enterprises/${enterpriseId}`, status_code: 200, with_row: false }]);
    expect(await committedWithRow(reactivated.requestId, 'enterprises', enterpriseId)).toEqual([{ action: 'reactivateEnterprise', resource_ref: `enterprises/${enterpriseId}`, status_code: 200, with_row: true }]);
    // The suspension's entry shares its transaction with the suspension's event (the row moved on since).
    const [suspension] = await app.services.sql`
      select exists (select from events e where e.xmin::text = a.xmin::text and e.resource_ref = ${`enterprises/${enterpriseId}`}) as with_event
        from user_action_audit_entries a where a.request_id = ${suspended.requestId}`;
    expect(suspension.with_event).toBe(true);
  });

  it('webhook subscription changes commit their entry with the subscription they change', async () => {
    const committedWithSubscription = async (requestId: string, id: string) =>
      [...(await app.services.sql`
        select a.action, a.resource_ref, a.status_code,
               exists (select from webhook_subscriptions w where w.id = ${id} and w.xmin::text = a.xmin::text) as with_row,
               exists (select from events e where e.xmin::text = a.xmin::text) as with_event
          from user_action_audit_entries a where a.request_id = ${requestId}`)];
    // An event type nothing in this test emits: no delivery is attempted to the closed port.
    const created = await send('POST', '/webhook-subscriptions', { scope_ref: admin.enterpriseRef, url: 'http://127.0.0.1:9/hooks', event_types: ['ramps.on_ramp_session.completed.v1'] });
    const id = created.res.body.id;
    const ref = `webhook-subscriptions/${id}`;
    expect(await committedWithSubscription(created.requestId, id)).toEqual([{ action: 'createWebhookSubscription', resource_ref: ref, status_code: 201, with_row: true, with_event: true }]);
    for (const [method, suffix, body, action] of [
      ['PATCH', '', { description: 'ops' }, 'updateWebhookSubscription'],
      ['POST', '/disable', undefined, 'disableWebhookSubscription'],
      ['POST', '/rotate-secret', { overlap_seconds: 60 }, 'rotateWebhookSubscriptionSecret'],
      ['POST', '/delete', undefined, 'deleteWebhookSubscription'],
    ] as const) {
      const changed = await send(method, `/${ref}${suffix}`, body);
      expect(await committedWithSubscription(changed.requestId, id)).toEqual([{ action, resource_ref: ref, status_code: 200, with_row: true, with_event: true }]);
    }
  });

  it('enterprise metadata, invitations, client capabilities and sandbox client states commit their entry with the row they change', async () => {
    const enterpriseId = admin.tenant.enterpriseId;
    const metadata = await send('PATCH', enterprisePath(), { metadata: { audited: 'yes' } });
    expect(await committedWithRow(metadata.requestId, 'enterprises', enterpriseId)).toEqual([{ action: 'updateEnterprise', resource_ref: `enterprises/${enterpriseId}`, status_code: 200, with_row: true }]);

    const invited = await send('POST', '/user-invitations', { email: `${unique('grace')}@example.com`, display_name: 'Grace', scope_ref: admin.enterpriseRef });
    const invitationId = invited.res.body.id;
    const invitationRef = `user-invitations/${invitationId}`;
    expect(await committedWithRow(invited.requestId, 'user_invitations', invitationId)).toEqual([{ action: 'createUserInvitation', resource_ref: invitationRef, status_code: 201, with_row: true }]);
    const cancelled = await send('POST', '/user-invitations/cancel', { invitation_id: invitationId });
    expect(await committedWithRow(cancelled.requestId, 'user_invitations', invitationId)).toEqual([{ action: 'cancelUserInvitation', resource_ref: invitationRef, status_code: 200, with_row: true }]);

    const clientRef = await newClient(app, admin);
    const setting = { scope_ref: clientRef, name: 'conversions' };
    const switchedOff = await send('PUT', `/${clientRef}/capabilities/conversions`, { enabled: false });
    expect(await committedWithRow(switchedOff.requestId, 'capability_settings', setting)).toEqual([{ action: 'setClientCapability', resource_ref: clientRef, status_code: 200, with_row: true }]);
    // Setting the value it has changes nothing: still exactly one entry, the pipeline's.
    const unchanged = await send('PUT', `/${clientRef}/capabilities/conversions`, { enabled: false });
    expect(await committedWithRow(unchanged.requestId, 'capability_settings', setting)).toEqual([{ action: 'setClientCapability', resource_ref: clientRef, status_code: 200, with_row: false }]);

    const clientId = clientRef.split('/')[1];
    const kyc = await send('PUT', `/sandbox/${clientRef}/kyc`, { kyc_status: 'rejected' });
    expect(await committedWithRow(kyc.requestId, 'clients', clientId)).toEqual([{ action: 'setSandboxClientKyc', resource_ref: clientRef, status_code: 200, with_row: true }]);
    const access = await send('PUT', `/sandbox/${clientRef}/api-access`, { api_access: false });
    expect(await committedWithRow(access.requestId, 'clients', clientId)).toEqual([{ action: 'setSandboxClientApiAccess', resource_ref: clientRef, status_code: 200, with_row: true }]);
  });

  it('exports and export schedules commit their entry with the row they change; trigger changes no row and keeps the pipeline\'s', async () => {
    const range = { scope_ref: admin.enterpriseRef, from: new Date(Date.now() - 3_600_000).toISOString(), to: new Date().toISOString() };
    for (const [collection, action] of [
      ['operations-activity-exports', 'createOperationsActivityExport'],
      ['user-action-audit-exports', 'createUserActionAuditExport'],
    ] as const) {
      const requested = await send('POST', `/${collection}`, range);
      const id = requested.res.body.id;
      expect(await committedWithRow(requested.requestId, 'exports', id)).toEqual([{ action, resource_ref: `${collection}/${id}`, status_code: 202, with_row: true }]);
    }

    const created = await send('POST', '/export-schedules', { kind: 'operations_activity', scope_ref: admin.enterpriseRef, spec: { interval_seconds: 86_400 }, range: { type: 'previous_utc_day' } });
    const scheduleId = created.res.body.id;
    const scheduleRef = `export-schedules/${scheduleId}`;
    expect(await committedWithRow(created.requestId, 'export_schedules', scheduleId)).toEqual([{ action: 'createExportSchedule', resource_ref: scheduleRef, status_code: 201, with_row: true }]);
    for (const [suffix, action] of [
      ['pause', 'pauseExportSchedule'],
      ['unpause', 'unpauseExportSchedule'],
    ] as const) {
      const changed = await send('POST', `/${scheduleRef}/${suffix}`);
      expect(await committedWithRow(changed.requestId, 'export_schedules', scheduleId)).toEqual([{ action, resource_ref: scheduleRef, status_code: 200, with_row: true }]);
    }
    const triggered = await send('POST', `/${scheduleRef}/trigger`);
    expect(await committedWithRow(triggered.requestId, 'export_schedules', scheduleId)).toEqual([{ action: 'triggerExportSchedule', resource_ref: scheduleRef, status_code: 202, with_row: false }]);
    const deleted = await send('POST', `/${scheduleRef}/delete`);
    expect(await committedWithRow(deleted.requestId, 'export_schedules', scheduleId)).toEqual([{ action: 'deleteExportSchedule', resource_ref: scheduleRef, status_code: 200, with_row: true }]);
  });

  it('test deliveries, redeliveries and event replays commit their entry with the delivery they create', async () => {
    const subscription = await send('POST', '/webhook-subscriptions', { scope_ref: admin.enterpriseRef, url: 'http://127.0.0.1:9/hooks', event_types: ['webhooks.subscription.updated.v1'] });
    const subscriptionId = subscription.res.body.id;
    const subscriptionRef = `webhook-subscriptions/${subscriptionId}`;
    const tested = await send('POST', `/${subscriptionRef}/test`);
    const testDelivery = tested.res.body.id;
    expect(await committedWithRow(tested.requestId, 'webhook_deliveries', testDelivery)).toEqual([{ action: 'testWebhookSubscription', resource_ref: subscriptionRef, status_code: 202, with_row: true }]);
    // Named after the delivery delivered again (as the path names it), committed with the new one.
    const redelivered = await send('POST', `/${subscriptionRef}/deliveries/${testDelivery}/redeliver`);
    expect(await committedWithRow(redelivered.requestId, 'webhook_deliveries', redelivered.res.body.id)).toEqual([{ action: 'redeliverWebhookDelivery', resource_ref: `deliveries/${testDelivery}`, status_code: 202, with_row: true }]);

    await send('PATCH', `/${subscriptionRef}`, { description: 'replayed' });
    const [event] = await app.services.sql`select id from events where type = 'webhooks.subscription.updated.v1' and resource_ref = ${subscriptionRef}`;
    const replayed = await send('POST', `/events/${event.id}/replay`, { subscription_id: subscriptionId });
    expect(replayed.res.body.items).toHaveLength(1);
    expect(await committedWithRow(replayed.requestId, 'webhook_deliveries', replayed.res.body.items[0].id)).toEqual([{ action: 'replayEvent', resource_ref: `events/${event.id}`, status_code: 202, with_row: true }]);
  });

  it('payout methods, commercial agreements, firm quotes and sandbox rail failures commit their entry with the row they write', async () => {
    const clientRef = await newClient(app, admin);
    const account = (await call(app.url, 'GET', `/${clientRef}`, { token: admin.token })).body.default_client_account;
    const payoutMethod = { account_ref: account, rail: 'sepa', currency: 'EUR', label: 'Main EUR account', beneficiary: { name: 'Ada Lovelace', iban: 'DE89370400440532013000' } };
    const key = { 'idempotency-key': randomUUID() };
    const method = await send('POST', '/payout-methods', payoutMethod, key);
    const methodId = method.res.body.id;
    const methodRef = `payout-methods/${methodId}`;
    expect(await committedWithRow(method.requestId, 'payout_methods', methodId)).toEqual([{ action: 'createPayoutMethod', resource_ref: methodRef, status_code: 201, with_row: true }]);
    // A replay under the same key changes nothing: its own entry, the pipeline's, and only that one.
    const replayed = await send('POST', '/payout-methods', payoutMethod, key);
    expect(replayed.res.body.id).toBe(methodId);
    expect(await committedWithRow(replayed.requestId, 'payout_methods', methodId)).toEqual([{ action: 'createPayoutMethod', resource_ref: methodRef, status_code: 201, with_row: false }]);
    const disabled = await send('POST', `/${methodRef}/disable`);
    expect(await committedWithRow(disabled.requestId, 'payout_methods', methodId)).toEqual([{ action: 'disablePayoutMethod', resource_ref: methodRef, status_code: 200, with_row: true }]);

    const schedule = { service_fees: [], network_fees: [] };
    const issued = await send('POST', '/enterprise-commercial-agreements', { scope_ref: admin.enterpriseRef, fee_schedule: schedule });
    const issuedRef = `enterprise-commercial-agreements/${issued.res.body.id}`;
    expect(await committedWithRow(issued.requestId, 'enterprise_commercial_agreements', issued.res.body.id)).toEqual([{ action: 'createEnterpriseCommercialAgreement', resource_ref: issuedRef, status_code: 201, with_row: true }]);
    // Named after the superseded version (as the path names it), committed with the version that replaces it.
    const superseded = await send('POST', `/${issuedRef}/supersede`, { fee_schedule: schedule });
    expect(await committedWithRow(superseded.requestId, 'enterprise_commercial_agreements', superseded.res.body.id)).toEqual([{ action: 'supersedeEnterpriseCommercialAgreement', resource_ref: issuedRef, status_code: 201, with_row: true }]);

    // A stored firm quote, named `conversions/<quote id>` as the pipeline named it.
    const quote = await send('POST', '/conversions/preview', { account_ref: account, from_amount: { currency: 'USDC', value: '100' }, to_currency: 'EUR' });
    expect(await committedWithRow(quote.requestId, 'conversion_quotes', quote.res.body.id)).toEqual([{ action: 'previewConversion', resource_ref: `conversions/${quote.res.body.id}`, status_code: 201, with_row: true }]);

    const failure = await send('POST', '/sandbox/rail/failures', { address: unique('0xaudit'), count: 1 });
    expect(await committedWithRow(failure.requestId, 'sandbox_rail_failures', failure.res.body.id)).toEqual([{ action: 'injectSandboxRailFailure', resource_ref: `sandbox/${failure.res.body.id}`, status_code: 201, with_row: true }]);
  });

  it('records the subject and the actor of a token acting for a user', async () => {
    const actForRole = await newRole(app, admin, admin.enterpriseRef, ['users.act_for']);
    const actor = await newServiceAccount(app, admin, admin.enterpriseRef, [{ role: actForRole, scope_ref: admin.enterpriseRef }]);
    const user = await newUser(app, admin, admin.enterpriseRef);
    await call(app.url, 'POST', '/role-assignments', {
      token: admin.token,
      body: { principal_ref: `users/${user.id}`, role_ref: `roles/${admin.tenant.roleIds.viewer}`, scope_ref: admin.enterpriseRef, scope_anchor_kind: 'explicit', scope_propagation: 'subtree' },
    });
    const exchanged = await call(app.url, 'POST', '/oauth/token', {
      body: {
        grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
        client_id: actor.clientId,
        client_secret: actor.clientSecret,
        subject_token: `users/${user.id}`,
        subject_token_type: 'urn:counterfoil:params:oauth:token-type:user-ref',
      },
    });
    expect(exchanged.status).toBe(200);
    const requestId = `audit-${randomUUID()}`;
    // Searching is a POST: it is recorded too (who looked at the audit log).
    const res = await call(app.url, 'POST', '/user-action-audit-entries/search', { token: exchanged.body.access_token, headers: { 'x-request-id': requestId }, body: {} });
    expect(res.status).toBe(200);
    const [entry] = await entriesOf(requestId);
    expect(entry.subject_attribution).toMatchObject({
      subject: { id: user.id, kind: 'user' },
      actor: { id: actor.id, kind: 'service_account' },
      authenticated_principal: { id: actor.id, kind: 'service_account' },
    });
  });

  describe('search', () => {
    let subject: Awaited<ReturnType<typeof newServiceAccount>>;
    const stamp = () => new Date().toISOString();
    let startedAt: string;

    beforeAll(async () => {
      subject = await newServiceAccount(app, admin, admin.enterpriseRef, [{ role: 'enterprise-admin', scope_ref: admin.enterpriseRef }]);
      startedAt = stamp();
      for (const team of ['a', 'b', 'c']) {
        await call(app.url, 'PATCH', enterprisePath(), { token: subject.token, body: { metadata: { team } } });
      }
      await call(app.url, 'PATCH', enterprisePath(), { token: subject.token, headers: { 'if-match': '"stale"' }, body: { metadata: {} } });
    });

    it.each([
      { name: 'subject', filter: () => ({ subject_ref: subject.ref }), count: 4 },
      { name: 'subject and outcome', filter: () => ({ subject_ref: subject.ref, outcome: 'refused' }), count: 1 },
      { name: 'subject and action', filter: () => ({ subject_ref: subject.ref, action: 'updateEnterprise' }), count: 4 },
      { name: 'subject and resource', filter: () => ({ subject_ref: subject.ref, resource_ref: admin.enterpriseRef }), count: 4 },
      { name: 'subject and another resource', filter: () => ({ subject_ref: subject.ref, resource_ref: `clients/${randomUUID()}` }), count: 0 },
      { name: 'subject and time range', filter: () => ({ subject_ref: subject.ref, occurred_after: startedAt, occurred_before: stamp() }), count: 4 },
      { name: 'subject before the range', filter: () => ({ subject_ref: subject.ref, occurred_before: startedAt }), count: 0 },
    ])('by $name → $count entries', async (c) => {
      const res = await search(c.filter());
      expect(res.status).toBe(200);
      expect(res.body.items).toHaveLength(c.count);
      for (const e of res.body.items) expect(e.subject_attribution.subject.id).toBe(subject.id);
    });

    it('pages oldest first with a token bound to the filters', async () => {
      const seen: string[] = [];
      let page = await search({ subject_ref: subject.ref, page_size: 3 });
      seen.push(...page.body.items.map((e: { id: string }) => e.id));
      expect(page.body.next_page_token).toEqual(expect.any(String));
      const otherFilter = await search({ subject_ref: subject.ref, outcome: 'refused', page_token: page.body.next_page_token });
      expect(otherFilter.status).toBe(400);
      page = await search({ subject_ref: subject.ref, page_size: 3, page_token: page.body.next_page_token });
      seen.push(...page.body.items.map((e: { id: string }) => e.id));
      expect(page.body.next_page_token).toBeNull();
      expect(seen).toHaveLength(4);
      expect([...seen].sort()).toEqual(seen);
    });

    it('another enterprise sees none of them', async () => {
      const other = await newAdmin(app, 'Other Audit Ltd');
      expect((await search({ subject_ref: subject.ref }, other.token)).body.items).toEqual([]);
      const mine = await search({ subject_ref: subject.ref });
      expect((await call(app.url, 'GET', `/user-action-audit-entries/${mine.body.items[0].id}`, { token: other.token })).status).toBe(404);
    });

    it('audit.read only at a client scope sees nothing (entries are enterprise-scoped)', async () => {
      const clientRef = await newClient(app, admin);
      const clientAuditor = await newServiceAccount(app, admin, clientRef, [{ role: 'viewer', scope_ref: clientRef }]);
      expect((await search({ subject_ref: subject.ref }, clientAuditor.token)).body.items).toEqual([]);
      const mine = await search({ subject_ref: subject.ref });
      expect((await call(app.url, 'GET', `/user-action-audit-entries/${mine.body.items[0].id}`, { token: clientAuditor.token })).status).toBe(404);
    });

    it('a caller without audit.read is refused (403)', async () => {
      const role = await newRole(app, admin, admin.enterpriseRef, ['enterprises.read']);
      const reader = await newServiceAccount(app, admin, admin.enterpriseRef, [{ role, scope_ref: admin.enterpriseRef }]);
      expect((await search({}, reader.token)).status).toBe(403);
    });
  });

  describe('search by name', () => {
    // One word only these people's names hold, so the rest of the enterprise (other tests' "Ada"s) stays out.
    const word = unique('Hopper');
    let grace: { id: string };
    let ada: { id: string };

    /** A user named `name` who sends two requests as themselves (refused: a viewer changes nothing; recorded all the same). */
    async function personActing(name: string, actor: { clientId: string; clientSecret: string }) {
      const user = await call(app.url, 'POST', '/users', { token: admin.token, body: { display_name: name, email: `${unique('person')}@example.com`, scope_ref: admin.enterpriseRef } });
      expect(user.status).toBe(201);
      const granted = await call(app.url, 'POST', '/role-assignments', {
        token: admin.token,
        body: { principal_ref: `users/${user.body.id}`, role_ref: `roles/${admin.tenant.roleIds.viewer}`, scope_ref: admin.enterpriseRef, scope_anchor_kind: 'explicit', scope_propagation: 'subtree' },
      });
      expect(granted.status).toBe(201);
      const exchanged = await call(app.url, 'POST', '/oauth/token', {
        body: {
          grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
          client_id: actor.clientId,
          client_secret: actor.clientSecret,
          subject_token: `users/${user.body.id}`,
          subject_token_type: 'urn:counterfoil:params:oauth:token-type:user-ref',
        },
      });
      expect(exchanged.status).toBe(200);
      for (const team of ['x', 'y']) {
        const res = await call(app.url, 'PATCH', enterprisePath(), { token: exchanged.body.access_token, body: { metadata: { team } } });
        expect(res.status).toBe(403);
      }
      return { id: user.body.id as string };
    }

    beforeAll(async () => {
      const actForRole = await newRole(app, admin, admin.enterpriseRef, ['users.act_for']);
      const actor = await newServiceAccount(app, admin, admin.enterpriseRef, [{ role: actForRole, scope_ref: admin.enterpriseRef }]);
      grace = await personActing(`Grace ${word}`, actor);
      ada = await personActing(`Ada ${unique('Byron')}`, actor);
    });

    it.each([
      ['the whole name', () => `Grace ${word}`],
      ['part of it, in another case', () => word.toUpperCase()],
      ['with spaces around it', () => `  grace ${word.toLowerCase()} `],
    ])('finds the entries of the person by %s, and no one else\'s', async (_name, text) => {
      const res = await search({ subject_name: text() });
      expect(res.status).toBe(200);
      expect(res.body.items.map((e: any) => [e.subject_attribution.subject.id, e.action, e.outcome])).toEqual([
        [grace.id, 'updateEnterprise', 'refused'],
        [grace.id, 'updateEnterprise', 'refused'],
      ]);
    });

    it('combines with the other filters, and a name no one has finds nothing', async () => {
      expect((await search({ subject_name: word, subject_ref: `users/${ada.id}` })).body.items).toEqual([]);
      expect((await search({ subject_name: word, outcome: 'succeeded' })).body.items).toEqual([]);
      expect((await search({ subject_name: `Nobody ${word}` })).body.items).toEqual([]);
      // LIKE's wildcards are the characters themselves: no name holds a `%`.
      expect((await search({ subject_name: '%' })).body.items).toEqual([]);
      const byName = await search({ subject_name: 'Ada Byron' });
      expect(new Set(byName.body.items.map((e: any) => e.subject_attribution.subject.id))).toEqual(new Set([ada.id]));
    });

    it('finds no one whose name the caller may not read', async () => {
      const role = await newRole(app, admin, admin.enterpriseRef, ['audit.read']);
      const auditor = await newServiceAccount(app, admin, admin.enterpriseRef, [{ role, scope_ref: admin.enterpriseRef }]);
      expect((await search({ subject_name: word }, auditor.token)).body.items).toEqual([]);
      expect((await search({ subject_ref: `users/${grace.id}` }, auditor.token)).body.items).toHaveLength(2);
    });

    it.each([
      ['empty', ''],
      ['only spaces', '   '],
      ['too long', 'x'.repeat(201)],
    ])('refuses a name that is %s (400)', async (_name, text) => {
      const res = await search({ subject_name: text });
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
    });
  });

  it('entries are append-only, down to the database', async () => {
    const [row] = await app.services.sql`select id from user_action_audit_entries where enterprise_id = ${admin.tenant.enterpriseId} limit 1`;
    await expect(app.services.sql`update user_action_audit_entries set outcome = 'succeeded' where id = ${row.id}`).rejects.toThrow(/append-only/);
    await expect(app.services.sql`delete from user_action_audit_entries where id = ${row.id}`).rejects.toThrow(/append-only/);
    const doc = (await call(app.url, 'GET', '/openapi.json')).body;
    const auditPaths = Object.entries(doc.paths as Record<string, Record<string, unknown>>).filter(([p]) => p.startsWith('/user-action-audit-entries'));
    expect(auditPaths.flatMap(([, ops]) => Object.keys(ops)).sort()).toEqual(['get', 'post']);
  });
});
