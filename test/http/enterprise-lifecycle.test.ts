import { randomUUID } from 'node:crypto';
import { call, startTestApp, type TestApp } from '../helpers/app';
import { newAdmin, newClient, type Admin } from './iam-fixtures';
import { assertEnterpriseOpen } from '../../src/domain/tenancy/lifecycle';
import { creditExternalDeposit } from '../../src/ledger';
import { uuidv7 } from '../../src/ids';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const act = (admin: Admin, action: string, headers: Record<string, string> = {}) =>
  call(app.url, 'POST', `/enterprises/${admin.tenant.enterpriseId}/${action}`, { token: admin.token, headers });

/** Money the tenant moves: 1.00 USD from the enterprise's master account to `targetRef`. */
async function transfer(admin: Admin, targetRef: string) {
  const enterprise = await call(app.url, 'GET', `/enterprises/${admin.tenant.enterpriseId}`, { token: admin.token });
  const body = { amount: { currency: 'USD', value: '1.00' }, source_ref: enterprise.body.default_master_account, target_ref: targetRef };
  return call(app.url, 'POST', '/internal-transfers', { token: admin.token, body, headers: { 'idempotency-key': uuidv7() } });
}

async function eventTypes(enterpriseId: string): Promise<string[]> {
  const rows = await app.services.sql`select type from events where resource_ref = ${`enterprises/${enterpriseId}`} order by seq`;
  return rows.map((r) => r.type);
}

describe('enterprise lifecycle: suspend and reactivate', () => {
  let admin: Admin;
  let target: string;
  beforeAll(async () => {
    admin = await newAdmin(app, 'Lifecycle Ltd');
    target = (await call(app.url, 'GET', `/${await newClient(app, admin)}`, { token: admin.token })).body.default_client_account;
    const enterprise = await call(app.url, 'GET', `/enterprises/${admin.tenant.enterpriseId}`, { token: admin.token });
    await creditExternalDeposit(app.services.sql, { key: `test/${randomUUID()}`, enterpriseId: admin.tenant.enterpriseId, accountRef: enterprise.body.default_master_account, asset: 'USD', amount: 1000n });
  });

  it('suspend → restriction_state suspended; reads work; money movement is 409 enterprise_suspended', async () => {
    const before = await call(app.url, 'GET', `/enterprises/${admin.tenant.enterpriseId}`, { token: admin.token });
    const res = await act(admin, 'suspend', { 'if-match': before.body.etag });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ admission_state: 'operational', restriction_state: 'suspended' });
    expect(res.body.etag).not.toBe(before.body.etag);
    expect((await call(app.url, 'GET', `/enterprises/${admin.tenant.enterpriseId}`, { token: admin.token })).status).toBe(200);
    const refused = await transfer(admin, target);
    expect({ status: refused.status, reason: refused.body.reason }).toEqual({ status: 409, reason: 'enterprise_suspended' });
    await expect(assertEnterpriseOpen(app.services.sql, admin.tenant.enterpriseId)).resolves.toBeUndefined();
  });

  it('suspending a suspended enterprise is 409 enterprise_suspended', async () => {
    const res = await act(admin, 'suspend');
    expect(res.status).toBe(409);
    expect(res.body.reason).toBe('enterprise_suspended');
  });

  it('reactivate → none; reactivating again is 409; a stale If-Match is 412', async () => {
    expect((await act(admin, 'reactivate', { 'if-match': '"stale"' })).status).toBe(412);
    const res = await act(admin, 'reactivate');
    expect(res.status).toBe(200);
    expect(res.body.restriction_state).toBe('none');
    expect((await transfer(admin, target)).status).toBe(201);
    const again = await act(admin, 'reactivate');
    expect(again.status).toBe(409);
    expect(again.body.reason).toBe('enterprise_not_suspended');
    expect(await eventTypes(admin.tenant.enterpriseId)).toEqual(['tenancy.enterprise.suspended.v1', 'tenancy.enterprise.reactivated.v1']);
  });

  it('another enterprise is 404', async () => {
    const other = await newAdmin(app, 'Other Ltd');
    const res = await call(app.url, 'POST', `/enterprises/${admin.tenant.enterpriseId}/suspend`, { token: other.token });
    expect(res.status).toBe(404);
  });
});

describe('enterprise lifecycle: close', () => {
  it('refuses while an account holds money, listing the open positions', async () => {
    const admin = await newAdmin(app, 'Funded Ltd');
    const client = await call(app.url, 'GET', `/${await newClient(app, admin)}`, { token: admin.token });
    const account = client.body.default_client_account;
    await creditExternalDeposit(app.services.sql, { key: `test/${randomUUID()}`, enterpriseId: admin.tenant.enterpriseId, accountRef: account, asset: 'EUR', amount: 1234n });
    const res = await act(admin, 'close');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ reason: 'accounts_not_empty', open_positions: [{ account_ref: account, asset: 'EUR', total: '12.34', held: '0.00' }] });
    expect((await call(app.url, 'GET', `/enterprises/${admin.tenant.enterpriseId}`, { token: admin.token })).body.admission_state).toBe('operational');
  });

  it('refuses while a deposit is in flight', async () => {
    const admin = await newAdmin(app, 'In Flight Ltd');
    const account = (await call(app.url, 'GET', `/${await newClient(app, admin)}`, { token: admin.token })).body.default_client_account;
    const instructions = await call(app.url, 'GET', `/deposit-instructions?account_ref=${account}&rail_class=crypto`, { token: admin.token });
    // No worker polls this queue: the deposit stays pending.
    const idle = await startTestApp({ TEMPORAL_TASK_QUEUE: `idle-${randomUUID()}` });
    try {
      const dep = await call(idle.url, 'POST', '/sandbox/deposits', { token: admin.token, body: { deposit_instruction_id: instructions.body.items[0].id, amount: { currency: instructions.body.items[0].asset, value: '1' } } });
      expect(dep.status).toBe(201);
    } finally {
      await idle.close();
    }
    const res = await act(admin, 'close');
    expect(res.status).toBe(409);
    expect(res.body.reason).toBe('deposits_in_flight');
  });

  it('closes an empty enterprise (and its master accounts); afterwards mutations are 410, reads work', async () => {
    const admin = await newAdmin(app, 'Closing Ltd');
    const clientRef = await newClient(app, admin);
    const res = await act(admin, 'close');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ admission_state: 'closed', restriction_state: 'none' });
    const master = await call(app.url, 'GET', `/${res.body.default_master_account}`, { token: admin.token });
    expect(master.body.status).toBe('closed');
    expect(await eventTypes(admin.tenant.enterpriseId)).toEqual(['tenancy.enterprise.closed.v1']);

    const account = (await call(app.url, 'GET', `/${clientRef}`, { token: admin.token })).body.default_client_account;
    const mutations: Array<[string, string, unknown]> = [
      ['POST', `/enterprises/${admin.tenant.enterpriseId}/suspend`, undefined],
      ['POST', `/enterprises/${admin.tenant.enterpriseId}/reactivate`, undefined],
      ['POST', `/enterprises/${admin.tenant.enterpriseId}/close`, undefined],
      ['PATCH', `/enterprises/${admin.tenant.enterpriseId}`, { metadata: {} }],
      ['POST', '/enterprise-commercial-agreements', { scope_ref: admin.enterpriseRef, fee_schedule: { service_fees: [], network_fees: [] } }],
      ['POST', '/payout-methods', { account_ref: account, rail: 'fps', currency: 'GBP', label: 'x', beneficiary: { name: 'Ada', sort_code: '601613', account_number: '31926819' } }],
    ];
    for (const [method, path, body] of mutations) {
      const r = await call(app.url, method, path, { token: admin.token, body });
      expect({ path, status: r.status, reason: r.body.reason }).toEqual({ path, status: 410, reason: 'enterprise_closed' });
    }
    const moved = await transfer(admin, account);
    expect({ status: moved.status, reason: moved.body.reason }).toEqual({ status: 410, reason: 'enterprise_closed' });
    expect((await call(app.url, 'GET', `/enterprises/${admin.tenant.enterpriseId}`, { token: admin.token })).status).toBe(200);
  });
});
