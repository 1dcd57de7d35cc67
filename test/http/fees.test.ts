import { call, startTestApp, type TestApp } from '../helpers/app';
import { newAdmin, newClient, type Admin } from './iam-fixtures';

let app: TestApp;
let admin: Admin;
let account: string;

beforeAll(async () => {
  app = await startTestApp();
  admin = await newAdmin(app, 'Fees Ltd');
  account = (await call(app.url, 'GET', `/${await newClient(app, admin)}`, { token: admin.token })).body.default_client_account;
});
afterAll(() => app.close());

const rule = (r: Record<string, unknown>) => ({ asset: null, rail: null, fixed_fee: null, rate_bps: null, min_fee: null, max_fee: null, ...r });
const schedule = (fixed: string) => ({
  service_fees: [rule({ operation_type: 'withdrawal', asset: 'USDC', rail: 'ethereum', fixed_fee: fixed })],
  network_fees: [{ network: 'ethereum', asset: 'USDC', amount: '1.25' }],
});
const preview = (body: Record<string, unknown>) =>
  call(app.url, 'POST', '/fee-previews', {
    token: admin.token,
    body: { operation_type: 'withdrawal', service_type: 'ethereum', principal_amount: { amount: '100.00', currency: 'USDC' }, subject_ref: account, ...body },
  });

describe('fee previews and commercial agreements', () => {
  it('without an agreement: platform schedule, enterprise_ca_version 0, the contract\'s shape', async () => {
    const res = await preview({});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      fee_preview: {
        binding: 'non_binding',
        computed_at: expect.any(String),
        operation_type: 'withdrawal',
        service_type: 'ethereum',
        subject_ref: account,
        principal_amount: { amount: '100.000000', currency: 'USDC' },
        enterprise_ca_version: 0,
        platform_ca_version: 1,
        fee_summary: {
          components: [
            { type: 'network_fee', amount: { amount: '2.500000', currency: 'USDC' }, payee_ref: `system/${admin.tenant.enterpriseId}/network_fees` },
            { type: 'service_fee', amount: { amount: '1.000000', currency: 'USDC' }, payee_ref: `system/${admin.tenant.enterpriseId}/fee_revenue` },
          ],
          total: { amount: '3.500000', currency: 'USDC' },
        },
      },
    });
  });

  let v1: any;
  let v2: any;

  it('creating an agreement puts version 1 in force; previews use it', async () => {
    const res = await call(app.url, 'POST', '/enterprise-commercial-agreements', { token: admin.token, body: { scope_ref: admin.enterpriseRef, fee_schedule: schedule('0.40') } });
    expect(res.status).toBe(201);
    v1 = res.body;
    expect(v1).toMatchObject({ resource: 'enterprise_commercial_agreement', version: 1, status: 'in_force', scope_ref: admin.enterpriseRef, supersedes: null, superseded_by: null });
    const p = await preview({});
    expect(p.body.fee_preview).toMatchObject({ enterprise_ca_version: 1, fee_summary: { total: { amount: '1.650000', currency: 'USDC' } } });
  });

  it('supersede with If-Match issues version 2; version 1 stays readable, superseded', async () => {
    const res = await call(app.url, 'POST', `/enterprise-commercial-agreements/${v1.id}/supersede`, { token: admin.token, headers: { 'if-match': v1.etag }, body: { fee_schedule: schedule('0.10') } });
    expect(res.status).toBe(201);
    v2 = res.body;
    expect(v2).toMatchObject({ version: 2, status: 'in_force', supersedes: `enterprise-commercial-agreements/${v1.id}` });
    const old = await call(app.url, 'GET', `/enterprise-commercial-agreements/${v1.id}`, { token: admin.token });
    expect(old.body).toMatchObject({ version: 1, status: 'superseded', superseded_by: `enterprise-commercial-agreements/${v2.id}`, superseded_at: expect.any(String), fee_schedule: schedule('0.40') });
    expect((await preview({})).body.fee_preview).toMatchObject({ enterprise_ca_version: 2, fee_summary: { total: { amount: '1.350000' } } });
  });

  it('superseding a superseded version is 409; a stale If-Match is 412', async () => {
    const again = await call(app.url, 'POST', `/enterprise-commercial-agreements/${v1.id}/supersede`, { token: admin.token, body: { fee_schedule: schedule('0.20') } });
    expect(again.status).toBe(409);
    expect(again.body.reason).toBe('agreement_not_in_force');
    const stale = await call(app.url, 'POST', `/enterprise-commercial-agreements/${v2.id}/supersede`, { token: admin.token, headers: { 'if-match': '"stale"' }, body: { fee_schedule: schedule('0.20') } });
    expect(stale.status).toBe(412);
  });

  it('concurrent creations leave exactly one in force with gap-free versions', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => call(app.url, 'POST', '/enterprise-commercial-agreements', { token: admin.token, body: { scope_ref: admin.enterpriseRef, fee_schedule: schedule(`0.0${i + 1}`) } })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
    const all = await call(app.url, 'GET', '/enterprise-commercial-agreements?page_size=200', { token: admin.token });
    expect(all.body.items.map((a: any) => a.version).sort((a: number, b: number) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const inForce = await call(app.url, 'GET', '/enterprise-commercial-agreements?status=in_force', { token: admin.token });
    expect(inForce.body.items).toHaveLength(1);
    expect(inForce.body.items[0].version).toBe(8);
    const events = await app.services.sql`select type from events where enterprise_id = ${admin.tenant.enterpriseId} and type like 'fees.%'`;
    expect(events.filter((e) => e.type === 'fees.commercial_agreement.created.v1')).toHaveLength(8);
    expect(events.filter((e) => e.type === 'fees.commercial_agreement.superseded.v1')).toHaveLength(7);
  });

  it('another enterprise neither sees nor supersedes the agreements', async () => {
    const other = await newAdmin(app, 'Other Fees Ltd');
    expect((await call(app.url, 'GET', `/enterprise-commercial-agreements/${v1.id}`, { token: other.token })).status).toBe(404);
    expect((await call(app.url, 'GET', '/enterprise-commercial-agreements', { token: other.token })).body.items).toEqual([]);
    const sup = await call(app.url, 'POST', `/enterprise-commercial-agreements/${v2.id}/supersede`, { token: other.token, body: { fee_schedule: schedule('0') } });
    expect(sup.status).toBe(404);
    const create = await call(app.url, 'POST', '/enterprise-commercial-agreements', { token: other.token, body: { scope_ref: admin.enterpriseRef, fee_schedule: schedule('1.00') } });
    expect(create.status).toBe(404);
  });

  it.each([
    { name: 'unknown asset', s: { service_fees: [rule({ operation_type: 'withdrawal', asset: 'DOGE', fixed_fee: '1' })], network_fees: [] }, pointer: '/body/fee_schedule/service_fees/0/asset' },
    { name: 'too many decimals', s: { service_fees: [rule({ operation_type: 'withdrawal', asset: 'USD', fixed_fee: '1.001' })], network_fees: [] }, pointer: '/body/fee_schedule/service_fees/0/fixed_fee' },
    { name: 'fixed fee without an asset', s: { service_fees: [rule({ operation_type: 'conversion', fixed_fee: '1' })], network_fees: [] }, pointer: '/body/fee_schedule/service_fees/0/fixed_fee' },
    { name: 'neither fixed nor rate', s: { service_fees: [rule({ operation_type: 'withdrawal', asset: 'USD' })], network_fees: [] }, pointer: '/body/fee_schedule/service_fees/0' },
    { name: 'rail that does not carry the asset', s: { service_fees: [rule({ operation_type: 'withdrawal', asset: 'BTC', rail: 'tron', fixed_fee: '0.1' })], network_fees: [] }, pointer: '/body/fee_schedule/service_fees/0/rail' },
    { name: 'min above max', s: { service_fees: [rule({ operation_type: 'withdrawal', asset: 'USD', rate_bps: 5, min_fee: '5.00', max_fee: '1.00' })], network_fees: [] }, pointer: '/body/fee_schedule/service_fees/0/min_fee' },
    { name: 'duplicate rule', s: { service_fees: [rule({ operation_type: 'conversion', rate_bps: 5 }), rule({ operation_type: 'conversion', rate_bps: 6 })], network_fees: [] }, pointer: '/body/fee_schedule/service_fees/1' },
    { name: 'network fee on a network without the asset', s: { service_fees: [], network_fees: [{ network: 'bitcoin', asset: 'USDC', amount: '1' }] }, pointer: '/body/fee_schedule/network_fees/0/asset' },
    { name: 'negative network fee', s: { service_fees: [], network_fees: [{ network: 'ethereum', asset: 'ETH', amount: '-1' }] }, pointer: '/body/fee_schedule/network_fees/0/amount' },
  ])('invalid schedule: $name → 422 at $pointer', async (c) => {
    const res = await call(app.url, 'POST', '/enterprise-commercial-agreements', { token: admin.token, body: { scope_ref: admin.enterpriseRef, fee_schedule: c.s } });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: any) => e.pointer)).toContain(c.pointer);
  });

  it.each([
    { name: 'unknown currency', body: { principal_amount: { amount: '1', currency: 'XYZ' } }, status: 422, pointer: '/body/principal_amount/currency' },
    { name: 'too many decimals', body: { principal_amount: { amount: '1.0000001', currency: 'USDC' } }, status: 422, pointer: '/body/principal_amount/amount' },
    { name: 'rail that does not carry the asset', body: { service_type: 'bitcoin' }, status: 422, pointer: '/body/service_type' },
    { name: 'unknown operation_type', body: { operation_type: 'teleport' }, status: 400, pointer: '/body/operation_type' },
    { name: 'subject in no enterprise', body: { subject_ref: 'client-accounts/0193a1c2-7f00-7abc-8def-0123456789ab' }, status: 404 },
  ])('invalid preview: $name → $status', async (c) => {
    const res = await preview(c.body);
    expect(res.status).toBe(c.status);
    if (c.pointer) expect(res.body.errors.map((e: any) => e.pointer)).toContain(c.pointer);
  });
});
