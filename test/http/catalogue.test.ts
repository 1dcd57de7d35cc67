import { call, startTestApp, type TestApp } from '../helpers/app';
import { newAdmin, newClient, type Admin } from './iam-fixtures';

let app: TestApp;
let admin: Admin;
let account: string;

beforeAll(async () => {
  app = await startTestApp();
  admin = await newAdmin(app, 'Catalogue Ltd');
  account = (await call(app.url, 'GET', `/${await newClient(app, admin)}`, { token: admin.token })).body.default_client_account;
});
afterAll(() => app.close());

const get = (path: string) => call(app.url, 'GET', path, { token: admin.token });
const codes = (res: { body: { items: Array<{ code: string }> } }) => res.body.items.map((i) => i.code).sort();

describe('catalogues', () => {
  it('assets carry their precision', async () => {
    const res = await get('/assets');
    const precision = Object.fromEntries(res.body.items.map((a: any) => [a.code, a.precision]));
    expect(precision).toEqual({ USD: 2, EUR: 2, GBP: 2, USDC: 6, USDT: 6, BTC: 8, ETH: 18 });
    expect(res.body.items.find((a: any) => a.code === 'USDC').networks.sort()).toEqual(['ethereum', 'solana', 'stellar']);
  });

  it('crypto networks: full list, available by asset, eligible by account and asset, get by code or id', async () => {
    const all = await get('/crypto-networks');
    expect(codes(all)).toEqual(['bitcoin', 'ethereum', 'solana', 'stellar', 'tron']);
    const eth = all.body.items.find((n: any) => n.code === 'ethereum');
    expect(eth).toMatchObject({ resource: 'crypto_network', confirmations: 12, native_asset: 'ETH', memo: null });
    expect(codes(await get('/available-crypto-networks?asset=USDT'))).toEqual(['ethereum', 'tron']);
    expect(codes(await get(`/eligible-crypto-networks?account_ref=${account}&asset=BTC`))).toEqual(['bitcoin']);
    expect((await get(`/crypto-networks/${eth.id}`)).body).toEqual(eth);
    expect((await get('/crypto-networks/ethereum')).body).toEqual(eth);
  });

  it('payment methods: full list, available for pay-in, eligible for pay-out by account', async () => {
    expect(codes(await get('/payment-methods'))).toEqual(['ach', 'fps', 'sepa', 'swift']);
    expect(codes(await get('/available-payment-methods?currency=EUR'))).toEqual(['sepa']);
    expect(codes(await get(`/eligible-payout-methods?account_ref=${account}&currency=EUR`))).toEqual(['sepa', 'swift']);
    expect((await get('/payment-methods/fps')).body).toMatchObject({ resource: 'payment_method', code: 'fps', currencies: ['GBP'] });
  });

  it.each([
    { path: '/payment-methods/wire', status: 404 },
    { path: '/crypto-networks/dogecoin', status: 404 },
    { path: '/available-crypto-networks?asset=DOGE', status: 400 },
    { path: '/eligible-crypto-networks?asset=BTC', status: 400 },
    { path: '/eligible-payout-methods?account_ref=client-accounts/0193a1c2-7f00-7abc-8def-0123456789ab', status: 404 },
  ])('$path → $status', async (c) => {
    expect((await get(c.path)).status).toBe(c.status);
  });
});

describe('payout methods', () => {
  const sepa = (iban: string) => ({ account_ref: account, rail: 'sepa', currency: 'EUR', label: 'Main EUR account', beneficiary: { name: 'Ada Lovelace', iban } });

  it('create (normalised), get, list, disable with If-Match; disabling twice is 409', async () => {
    const created = await call(app.url, 'POST', '/payout-methods', { token: admin.token, body: sepa('de89 3704 0044 0532 0130 00') });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ resource: 'payout_method', account_ref: account, rail: 'sepa', status: 'active', beneficiary: { name: 'Ada Lovelace', iban: 'DE89370400440532013000' } });
    expect((await get(`/payout-methods/${created.body.id}`)).body).toEqual(created.body);
    expect((await get(`/payout-methods?account_ref=${account}`)).body.items.map((p: any) => p.id)).toEqual([created.body.id]);

    const stale = await call(app.url, 'POST', `/payout-methods/${created.body.id}/disable`, { token: admin.token, headers: { 'if-match': '"stale"' } });
    expect(stale.status).toBe(412);
    const disabled = await call(app.url, 'POST', `/payout-methods/${created.body.id}/disable`, { token: admin.token, headers: { 'if-match': created.body.etag } });
    expect(disabled.body.status).toBe('disabled');
    const again = await call(app.url, 'POST', `/payout-methods/${created.body.id}/disable`, { token: admin.token });
    expect(again.status).toBe(409);
    expect((await get(`/payout-methods?account_ref=${account}&status=active`)).body.items).toEqual([]);
  });

  it.each([
    { name: 'bad IBAN checksum', body: () => sepa('DE89370400440532013001'), status: 422, pointer: '/body/beneficiary/iban' },
    { name: 'currency the rail does not carry', body: () => ({ ...sepa('DE89370400440532013000'), currency: 'USD' }), status: 422, pointer: '/body/currency' },
    { name: 'bad ABA routing number', body: () => ({ account_ref: account, rail: 'ach', currency: 'USD', label: 'x', beneficiary: { name: 'A', routing_number: '021000022', account_number: '123456', account_type: 'checking' } }), status: 422, pointer: '/body/beneficiary/routing_number' },
    { name: 'missing sort code', body: () => ({ account_ref: account, rail: 'fps', currency: 'GBP', label: 'x', beneficiary: { name: 'A', account_number: '31926819' } }), status: 422, pointer: '/body/beneficiary/sort_code' },
    { name: 'unknown rail', body: () => ({ ...sepa('DE89370400440532013000'), rail: 'pigeon' }), status: 400, pointer: '/body/rail' },
  ])('$name → $status', async (c) => {
    const res = await call(app.url, 'POST', '/payout-methods', { token: admin.token, body: c.body() });
    expect(res.status).toBe(c.status);
    expect(res.body.errors.map((e: any) => e.pointer)).toContain(c.pointer);
  });

  it('another enterprise sees none of them', async () => {
    const other = await newAdmin(app, 'Other Catalogue Ltd');
    expect((await call(app.url, 'GET', '/payout-methods', { token: other.token })).body.items).toEqual([]);
    const res = await call(app.url, 'POST', '/payout-methods', { token: other.token, body: sepa('DE89370400440532013000') });
    expect(res.status).toBe(404);
  });
});
