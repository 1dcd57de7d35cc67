import { uuidv7 } from '../../src/ids';
import { creditExternalDeposit, placeHold, voidHold } from '../../src/ledger';
import { call, createTenant, startTestApp, tokenFor, type Tenant, type TestApp } from '../helpers/app';

let app: TestApp;
let tenant: Tenant;
let other: Tenant;
let token: string;
let otherToken: string;

const api = (method: string, path: string, body?: unknown, headers?: Record<string, string>, as = token) =>
  call(app.url, method, path, { token: as, body, headers });

async function newClient(name = 'Acme Client') {
  const res = await api('POST', '/clients', { display_name: name, external_id: `ext-${uuidv7()}`, metadata: { tier: 'gold' }, scope_ref: `enterprises/${tenant.enterpriseId}` });
  expect(res.status).toBe(201);
  return res.body;
}

/** Funds an account through the ledger (as a confirmed deposit would). */
const fund = (accountRef: string, minor: bigint, asset = 'USD') =>
  creditExternalDeposit(app.services.sql, { key: `test-deposit/${uuidv7()}`, enterpriseId: tenant.enterpriseId, accountRef, asset, amount: minor });

beforeAll(async () => {
  app = await startTestApp();
  [tenant, other] = await Promise.all([createTenant(app.services, 'Clients Ltd'), createTenant(app.services, 'Other Clients Ltd')]);
  [token, otherToken] = await Promise.all([tokenFor(app.url, tenant), tokenFor(app.url, other)]);
});
afterAll(async () => {
  await app.close();
});

describe('clients', () => {
  it('creates a client with its default client account', async () => {
    const client = await newClient();
    expect(client).toMatchObject({
      resource: 'client',
      display_name: 'Acme Client',
      metadata: { tier: 'gold' },
      scope_ref: `enterprises/${tenant.enterpriseId}`,
      status: 'active',
      kyc_status: 'verified',
      api_access: true,
    });
    expect(client.default_client_account).toMatch(/^client-accounts\//);
    const account = await api('GET', `/${client.default_client_account}`);
    expect(account.status).toBe(200);
    expect(account.body).toMatchObject({ resource: 'client_account', scope_ref: `clients/${client.id}`, status: 'active' });
    const events = await app.services.sql`select type from events where resource_ref in (${`clients/${client.id}`}, ${client.default_client_account}) order by seq`;
    expect(events.map((e) => e.type)).toEqual(['clients.client.created.v1', 'clients.client_account.created.v1']);
  });

  it('refuses a duplicate external_id with 409', async () => {
    const body = { display_name: 'Dup', external_id: `dup-${uuidv7()}`, metadata: {}, scope_ref: `enterprises/${tenant.enterpriseId}` };
    expect((await api('POST', '/clients', body)).status).toBe(201);
    const again = await api('POST', '/clients', body);
    expect(again.status).toBe(409);
    expect(again.body.reason).toBe('external_id_taken');
  });

  it('lists only the enterprise\'s clients and pages them', async () => {
    const mine = await newClient('Listed');
    await api('POST', '/clients', { display_name: 'Foreign', external_id: 'foreign', metadata: {}, scope_ref: `enterprises/${other.enterpriseId}` }, {}, otherToken);
    const first = await api('GET', '/clients?page_size=1');
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(1);
    expect(first.body.next_page_token).toEqual(expect.any(String));
    const all = await api('GET', '/clients?page_size=200');
    expect(all.body.items.map((c: { id: string }) => c.id)).toContain(mine.id);
    expect(all.body.items.every((c: { scope_ref: string }) => c.scope_ref === `enterprises/${tenant.enterpriseId}`)).toBe(true);
  });

  it('updates with If-Match and refuses a stale ETag', async () => {
    const client = await newClient();
    const ok = await api('PATCH', `/clients/${client.id}`, { display_name: 'Renamed', metadata: { a: 'b' } }, { 'if-match': client.etag });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ display_name: 'Renamed', metadata: { a: 'b' } });
    expect(ok.headers.get('etag')).toBe(ok.body.etag);
    const stale = await api('PATCH', `/clients/${client.id}`, { display_name: 'Again' }, { 'if-match': client.etag });
    expect(stale.status).toBe(412);
  });

  it('another enterprise\'s client is 404', async () => {
    const client = await newClient();
    expect((await api('GET', `/clients/${client.id}`, undefined, {}, otherToken)).status).toBe(404);
    expect((await api('POST', `/clients/${client.id}/suspend`, undefined, {}, otherToken)).status).toBe(404);
  });

  it('suspends, reactivates and refuses illegal transitions', async () => {
    const client = await newClient();
    expect((await api('POST', `/clients/${client.id}/suspend`)).body.status).toBe('suspended');
    const twice = await api('POST', `/clients/${client.id}/suspend`);
    expect(twice.status).toBe(409);
    expect(twice.body.reason).toBe('client_suspended');
    expect((await api('POST', `/clients/${client.id}/reactivate`)).body.status).toBe('active');
    expect((await api('POST', `/clients/${client.id}/reactivate`)).status).toBe(409);
  });

  it('closes only with every account at zero and no holds, and closes the accounts too', async () => {
    const client = await newClient();
    const accountRef = client.default_client_account as string;
    await fund(accountRef, 100n);
    const refused = await api('POST', `/clients/${client.id}/close`);
    expect(refused.status).toBe(409);
    expect(refused.body.reason).toBe('balances_not_zero');
    expect(refused.body.open_balances).toEqual([{ owner_ref: accountRef, asset: 'USD', total: '1.00', held: '0.00' }]);

    // Move the money out through a hold: while held it still blocks the close.
    const hold = await placeHold(app.services.sql, { key: `t/${uuidv7()}`, enterpriseId: tenant.enterpriseId, accountRef, asset: 'USD', amount: 100n });
    expect((await api('POST', `/clients/${client.id}/close`)).status).toBe(409);
    await voidHold(app.services.sql, { holdId: hold.id });
    const other = await api('POST', '/client-accounts', { display_name: 'Spare', scope_ref: `clients/${client.id}` });
    const moved = await api('POST', '/internal-transfers', { amount: { currency: 'USD', value: '1.00' }, source_ref: accountRef, target_ref: `client-accounts/${other.body.id}` }, { 'idempotency-key': uuidv7() });
    expect(moved.status).toBe(201);
    expect((await api('POST', `/clients/${client.id}/close`)).status).toBe(409);
    // Back to a master account: every client balance is zero now.
    const ent = await api('GET', `/enterprises/${tenant.enterpriseId}`);
    const back = await api('POST', '/internal-transfers', { amount: { currency: 'USD', value: '1.00' }, source_ref: `client-accounts/${other.body.id}`, target_ref: ent.body.default_master_account }, { 'idempotency-key': uuidv7() });
    expect(back.status).toBe(201);

    const closed = await api('POST', `/clients/${client.id}/close`);
    expect(closed.status).toBe(200);
    expect(closed.body.status).toBe('closed');
    expect((await api('GET', `/${accountRef}`)).body.status).toBe('closed');
    expect((await api('GET', `/client-accounts/${other.body.id}`)).body.status).toBe('closed');
    expect((await api('POST', `/clients/${client.id}/reactivate`)).status).toBe(409);
    expect((await api('PATCH', `/clients/${client.id}`, { display_name: 'x' })).status).toBe(409);
  });
});

describe('client accounts', () => {
  it('creates, lists by client, updates and closes an account', async () => {
    const client = await newClient();
    const created = await api('POST', '/client-accounts', { display_name: 'Savings', scope_ref: `clients/${client.id}` });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ resource: 'client_account', display_name: 'Savings', scope_ref: `clients/${client.id}`, status: 'active' });
    const list = await api('GET', `/client-accounts?scope_ref=clients/${client.id}`);
    expect(list.body.items.map((a: { id: string }) => `client-accounts/${a.id}`).sort()).toEqual([client.default_client_account, `client-accounts/${created.body.id}`].sort());
    const renamed = await api('PATCH', `/client-accounts/${created.body.id}`, { display_name: 'Rainy day' }, { 'if-match': created.body.etag });
    expect(renamed.body.display_name).toBe('Rainy day');
    const closed = await api('POST', `/client-accounts/${created.body.id}/close`);
    expect(closed.body.status).toBe('closed');
  });

  it.each([
    ['suspend', 'active', 200, 'suspended'],
    ['reactivate', 'active', 409, 'client_account_active'],
    ['close', 'closed', 409, 'client_account_closed'],
  ])('%s from %s → %i', async (action, from, status, outcome) => {
    const client = await newClient();
    const acc = await api('POST', '/client-accounts', { display_name: 'A', scope_ref: `clients/${client.id}` });
    if (from === 'closed') await api('POST', `/client-accounts/${acc.body.id}/close`);
    const res = await api('POST', `/client-accounts/${acc.body.id}/${action}`);
    expect(res.status).toBe(status);
    expect(status === 200 ? res.body.status : res.body.reason).toBe(outcome);
  });

  it('refuses to close an account with a balance, or the default account', async () => {
    const client = await newClient();
    const acc = await api('POST', '/client-accounts', { display_name: 'Funded', scope_ref: `clients/${client.id}` });
    await fund(`client-accounts/${acc.body.id}`, 1n, 'BTC');
    const res = await api('POST', `/client-accounts/${acc.body.id}/close`);
    expect(res.status).toBe(409);
    expect(res.body.reason).toBe('balances_not_zero');
    const dflt = await api('POST', `/${client.default_client_account}/close`);
    expect(dflt.status).toBe(409);
    expect(dflt.body.reason).toBe('default_client_account');
  });

  it('refuses an account under a suspended client', async () => {
    const client = await newClient();
    await api('POST', `/clients/${client.id}/suspend`);
    const res = await api('POST', '/client-accounts', { display_name: 'Nope', scope_ref: `clients/${client.id}` });
    expect(res.status).toBe(409);
    expect(res.body.reason).toBe('client_suspended');
  });
});

describe('balances', () => {
  it('shows a client account\'s balances as the contract\'s balance items', async () => {
    const client = await newClient();
    const ref = client.default_client_account as string;
    await fund(ref, 123456n);
    await fund(ref, 1n, 'ETH');
    await placeHold(app.services.sql, { key: `t/${uuidv7()}`, enterpriseId: tenant.enterpriseId, accountRef: ref, asset: 'USD', amount: 456n });
    const all = await api('GET', `/${ref}/balances`);
    expect(all.status).toBe(200);
    expect(all.body.items).toEqual([
      expect.objectContaining({ asset: 'ETH', total: '0.000000000000000001' }),
      {
        asset: 'USD',
        available: '1230.00',
        held: '4.56',
        total: '1234.56',
        overdraft_limit: '0.00',
        overdraft_used: '0.00',
        overdraft_headroom: '0.00',
        restricted_reason: null,
        owner_ref: ref,
        owner_subtype: 'client_account',
        updated_at: expect.any(String),
      },
    ]);
    const one = await api('GET', `/${ref}/balances?asset=GBP`);
    expect(one.body.items).toEqual([expect.objectContaining({ asset: 'GBP', available: '0.00', total: '0.00', held: '0.00' })]);
    expect((await api('GET', `/${ref}/balances`, undefined, {}, otherToken)).status).toBe(404);
  });

  it('shows a master account\'s balances', async () => {
    const ent = await api('GET', `/enterprises/${tenant.enterpriseId}`);
    await fund(ent.body.default_master_account, 5000n, 'EUR');
    const res = await api('GET', `/${ent.body.default_master_account}/balances?asset=EUR`);
    expect(res.status).toBe(200);
    expect(res.body.items[0]).toMatchObject({ asset: 'EUR', owner_subtype: 'master_account', owner_ref: ent.body.default_master_account });
    expect(BigInt(res.body.items[0].total.replace('.', ''))).toBeGreaterThanOrEqual(5000n);
  });
});
