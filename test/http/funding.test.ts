import { call, startTestApp, type TestApp } from '../helpers/app';
import { newAdmin, newClient, newServiceAccount, type Admin } from './iam-fixtures';
import { validateAddress } from '../../src/reference/networks';
import { isIban } from '../../src/reference/bank-rails';

let app: TestApp;
let admin: Admin;

beforeAll(async () => {
  app = await startTestApp();
  admin = await newAdmin(app, 'Funding Ltd');
});
afterAll(() => app.close());

async function accountOf(clientRef: string): Promise<string> {
  const res = await call(app.url, 'GET', `/${clientRef}`, { token: admin.token });
  return res.body.default_client_account;
}

async function allPages(path: string, token = admin.token): Promise<any[]> {
  const items: any[] = [];
  let next: string | null = null;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const res: { status: number; body: any } = await call(app.url, 'GET', `${path}${next ? `${sep}page_token=${encodeURIComponent(next)}` : ''}`, { token });
    expect(res.status).toBe(200);
    items.push(...res.body.items);
    next = res.body.next_page_token;
  } while (next);
  return items;
}

const EXPECTED_OPTIONS = [
  'BTC/bitcoin', 'ETH/ethereum', 'EUR/sepa', 'GBP/fps', 'USD/ach', 'USDC/ethereum', 'USDC/solana', 'USDC/stellar', 'USDT/ethereum', 'USDT/tron',
];

describe('funding endpoints and deposit instructions', () => {
  let account: string;
  let endpoints: any[];

  beforeAll(async () => {
    account = await accountOf(await newClient(app, admin));
    endpoints = await allPages(`/funding-endpoints?account_ref=${account}`);
  });

  it('creates one endpoint per enabled asset and rail on first need, in the contract\'s shape', () => {
    expect(endpoints.map((e) => `${e.asset}/${e.network ?? e.fiat_rail}`).sort()).toEqual(EXPECTED_OPTIONS);
    const eth = endpoints.find((e) => e.asset === 'USDC' && e.network === 'ethereum');
    expect(eth).toEqual({
      id: expect.any(String),
      resource: 'funding_endpoint',
      account_ref: account,
      asset: 'USDC',
      network: 'ethereum',
      rail_class: 'crypto',
      status: 'active',
      crypto_routing: { asset: 'USDC', network: 'ethereum', endpoint: { address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/), memo: null } },
      fiat_rail: null,
      fiat_routing: null,
      etag: expect.any(String),
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const sepa = endpoints.find((e) => e.fiat_rail === 'sepa');
    expect(sepa).toMatchObject({ rail_class: 'fiat', network: null, crypto_routing: null, fiat_routing: { rail: 'sepa', currency: 'EUR', beneficiary_name: 'Funding Ltd', bic: 'CFOLDEB1XXX' } });
    expect(isIban(sepa.fiat_routing.iban)).toBe(true);
  });

  it('every crypto address is valid for its network; memo networks carry a memo', () => {
    for (const e of endpoints.filter((x) => x.rail_class === 'crypto')) {
      const { address, memo } = e.crypto_routing.endpoint;
      expect(validateAddress(e.network, address, memo)).toEqual({ ok: true });
      expect(memo !== null).toBe(e.network === 'stellar');
    }
    // One address per network, shared by the network's assets.
    const byNetwork = endpoints.filter((e) => e.network === 'ethereum').map((e) => e.crypto_routing.endpoint.address);
    expect(new Set(byNetwork).size).toBe(1);
  });

  it('is stable: a second read returns the same endpoints and addresses', async () => {
    const again = await allPages(`/funding-endpoints?account_ref=${account}`);
    expect(again).toEqual(endpoints);
  });

  it('filters by rail_class', async () => {
    const crypto = await allPages(`/funding-endpoints?account_ref=${account}&rail_class=crypto`);
    expect(crypto).toHaveLength(7);
    expect(crypto.every((e) => e.rail_class === 'crypto')).toBe(true);
  });

  it('pages with page_size and signed tokens', async () => {
    const paged = await allPages(`/funding-endpoints?account_ref=${account}&page_size=3`);
    expect(paged.map((e) => e.id)).toEqual(endpoints.map((e) => e.id));
  });

  it('lists one deposit instruction per endpoint; both get-one routes answer', async () => {
    const instructions = await allPages(`/deposit-instructions?account_ref=${account}`);
    expect(instructions).toHaveLength(endpoints.length);
    const usdt = instructions.find((i) => i.asset === 'USDT' && i.crypto_routing?.network === 'tron');
    const endpoint = endpoints.find((e) => e.id === usdt.funding_endpoint_id);
    expect(usdt).toEqual({
      id: expect.any(String),
      resource: 'deposit_instruction',
      funding_endpoint_id: endpoint.id,
      account_ref: account,
      asset: 'USDT',
      rail_class: 'crypto',
      crypto_routing: endpoint.crypto_routing,
      fiat_routing: null,
      expires_at: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect((await call(app.url, 'GET', `/deposit-instructions/${usdt.id}`, { token: admin.token })).body).toEqual(usdt);
    expect((await call(app.url, 'GET', `/funding-endpoints/${endpoint.id}`, { token: admin.token })).body).toEqual(endpoint);
  });

  it('records funding_endpoint.created events, one per endpoint', async () => {
    const [{ count }] = await app.services.sql`
      select count(*)::int as count from events where type = 'funding.funding_endpoint.created.v1' and scope_ref = ${account}`;
    expect(count).toBe(EXPECTED_OPTIONS.length);
  });

  it('addresses are unique across accounts', async () => {
    const other = await accountOf(await newClient(app, admin));
    const theirs = await allPages(`/funding-endpoints?account_ref=${other}`);
    const key = (e: any) => (e.crypto_routing ? `${e.network}:${e.crypto_routing.endpoint.address}:${e.crypto_routing.endpoint.memo}` : `${e.fiat_rail}:${JSON.stringify(e.fiat_routing)}`);
    const mine = new Set(endpoints.map(key));
    expect(theirs.filter((e) => mine.has(key(e)))).toEqual([]);
  });

  it('concurrent first reads converge on one set (race-safe creation)', async () => {
    const fresh = await accountOf(await newClient(app, admin));
    const results = await Promise.all(Array.from({ length: 8 }, () => call(app.url, 'GET', `/funding-endpoints?account_ref=${fresh}&page_size=50`, { token: admin.token })));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    const ids = results.map((r) => r.body.items.map((e: any) => e.id).join(','));
    expect(new Set(ids).size).toBe(1);
    const [{ count }] = await app.services.sql`select count(*)::int as count from funding_endpoints where account_ref = ${fresh}`;
    expect(count).toBe(EXPECTED_OPTIONS.length);
  });

  it('master accounts are fundable too', async () => {
    const me = await call(app.url, 'GET', `/enterprises/${admin.tenant.enterpriseId}`, { token: admin.token });
    const list = await allPages(`/funding-endpoints?account_ref=${me.body.default_master_account}&rail_class=fiat`);
    expect(list.map((e) => e.fiat_rail).sort()).toEqual(['ach', 'fps', 'sepa']);
  });
});

describe('funding: scope and errors', () => {
  let clientA: string;
  let accountA: string;
  let accountB: string;
  let scopedToken: string;

  beforeAll(async () => {
    clientA = await newClient(app, admin);
    accountA = await accountOf(clientA);
    accountB = await accountOf(await newClient(app, admin));
    await allPages(`/funding-endpoints?account_ref=${accountB}`);
    scopedToken = (await newServiceAccount(app, admin, clientA, [{ role: 'viewer', scope_ref: clientA }])).token;
  });

  it('a client-scoped caller lists only its own accounts\' endpoints', async () => {
    await allPages(`/funding-endpoints?account_ref=${accountA}`, scopedToken);
    const visible = await allPages('/funding-endpoints', scopedToken);
    expect(visible.length).toBe(EXPECTED_OPTIONS.length);
    expect(new Set(visible.map((e) => e.account_ref))).toEqual(new Set([accountA]));
  });

  it.each([
    { name: 'another client\'s account', path: () => `/funding-endpoints?account_ref=${accountB}`, status: 404, code: 'EdgeNotFound' },
    { name: 'another client\'s endpoint', path: () => 'ENDPOINT_OF_B', status: 404, code: 'EdgeNotFound' },
    { name: 'malformed account_ref', path: () => '/funding-endpoints?account_ref=clients/123', status: 400, code: 'EdgeBadRequest' },
    { name: 'unknown account', path: () => '/deposit-instructions?account_ref=client-accounts/0193a1c2-7f00-7abc-8def-0123456789ab', status: 404, code: 'EdgeNotFound' },
    { name: 'unknown rail_class', path: () => `/funding-endpoints?account_ref=${accountA}&rail_class=cash`, status: 400, code: 'EdgeBadRequest' },
  ])('$name → $status', async (c) => {
    let path = c.path();
    if (path === 'ENDPOINT_OF_B') {
      const [row] = await app.services.sql`select id from funding_endpoints where account_ref = ${accountB} limit 1`;
      path = `/funding-endpoints/${row.id}`;
    }
    const res = await call(app.url, 'GET', path, { token: scopedToken });
    expect(res.status).toBe(c.status);
    expect(res.body.code).toBe(c.code);
  });

  it('another enterprise\'s account is 404', async () => {
    const other = await newAdmin(app, 'Elsewhere Ltd');
    const res = await call(app.url, 'GET', `/funding-endpoints?account_ref=${accountA}`, { token: other.token });
    expect(res.status).toBe(404);
  });
});
