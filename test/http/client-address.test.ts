import { randomUUID } from 'node:crypto';
import { call, startSignedTestApp, type SignedTestApp } from '../helpers/app';
import { loadConfig } from '../../src/config';
import { newAdmin, newClient, type Admin } from './iam-fixtures';
import { newApiKey } from './api-key-fixtures';

/** Both APIs on a dual-stack socket (`::`), behind trusted proxies given as CIDR ranges of both families. */
let app: SignedTestApp;
let admin: Admin;

beforeAll(async () => {
  app = await startSignedTestApp({ COUNTERFOIL_HOST: '::', COUNTERFOIL_TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.0/8, ::1/128' });
  admin = await newAdmin(app, 'Client Address Ltd');
});
afterAll(() => app.close());

const port = (url: string) => new URL(url).port;
const via = (host: string, url: string) => `http://${host}:${port(url)}`;

/** The client address the tenant API recorded for one request (its audit entry). */
async function recordedAddress(host: string, headers: Record<string, string> = {}): Promise<string> {
  const requestId = `addr-${randomUUID()}`;
  const res = await call(via(host, app.url), 'PATCH', `/enterprises/${admin.tenant.enterpriseId}`, {
    token: admin.token,
    headers: { ...headers, 'x-request-id': requestId },
    body: { metadata: {} },
  });
  expect(res.status).toBe(200);
  const [row] = await app.services.sql`select client_ip from user_action_audit_entries where request_id = ${requestId}`;
  return row.client_ip;
}

/** The client address the signed API saw for one request (named in its INVALID_IP refusal). */
async function signedAddress(host: string, headers: Record<string, string> = {}): Promise<string> {
  const key = await newApiKey(app, admin, await newClient(app, admin), { ip_allowlist: ['192.0.2.0/24'] });
  const res = await call(via(host, app.signedUrl), 'GET', '/v1/balance', { headers: { ...headers, 'x-apikey': key.api_key } });
  expect(res.body.errorLabel).toBe('INVALID_IP');
  return /Requests from (\S+) are not allowed/.exec(res.body.errorDescription)![1];
}

describe('client addresses: one spelling on both APIs', () => {
  it.each([
    ['an IPv4 client on a dual-stack socket (::ffff:127.0.0.1)', '127.0.0.1', {}, '127.0.0.1'],
    ['an IPv6 client', '[::1]', {}, '::1'],
    ['behind a proxy inside an IPv4 range', '127.0.0.1', { 'x-forwarded-for': '203.0.113.9, 198.51.100.7' }, '198.51.100.7'],
    ['behind a proxy inside an IPv6 range, mapped hop spelled as IPv4', '[::1]', { 'x-forwarded-for': '::ffff:198.51.100.8' }, '198.51.100.8'],
    ['behind two trusted hops', '127.0.0.1', { 'x-forwarded-for': '198.51.100.9, 10.1.2.3' }, '198.51.100.9'],
  ])('%s', async (_name, host, headers: Record<string, string>, expected) => {
    expect(await recordedAddress(host, headers)).toBe(expected);
    expect(await signedAddress(host, headers)).toBe(expected);
  });
});

describe('COUNTERFOIL_TRUSTED_PROXIES', () => {
  it('normalizes addresses and CIDR ranges of both families', () => {
    expect(loadConfig({ COUNTERFOIL_TRUSTED_PROXIES: '10.0.0.0/8, 2001:DB8::/32,::ffff:192.0.2.1,::1' }).trustedProxies).toEqual([
      '10.0.0.0/8',
      '2001:db8::/32',
      '192.0.2.1',
      '::1',
    ]);
  });

  it.each(['10.0.0.0/33', 'proxy.internal', '::1/129', '10.0.0.0/8/8'])('refuses %j at start-up, naming the variable', (value) => {
    expect(() => loadConfig({ COUNTERFOIL_TRUSTED_PROXIES: value })).toThrow(/COUNTERFOIL_TRUSTED_PROXIES/);
  });
});
