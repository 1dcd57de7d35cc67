import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { call, startTestApp, type TestApp } from '../helpers/app';
import { newAdmin, newClient, newServiceAccount, type Admin } from './iam-fixtures';
import { newApiKey } from './api-key-fixtures';

let app: TestApp;
let admin: Admin;
let clientRef: string;

beforeAll(async () => {
  app = await startTestApp();
  admin = await newAdmin(app, 'API Keys Ltd');
  clientRef = await newClient(app, admin);
});
afterAll(() => app.close());

const clientIdOf = (ref: string) => ref.slice('clients/'.length);

describe('POST /api-keys', () => {
  it('issues an API key and an Ed25519 key pair once, on the default account', async () => {
    const res = await call(app.url, 'POST', '/api-keys', {
      token: admin.token,
      body: { client_ref: clientRef, label: 'treasury bot', ip_allowlist: ['203.0.113.7', '10.0.0.0/8', '2001:DB8::/32', '::1'] },
    });
    expect(res.status).toBe(201);
    const client = await call(app.url, 'GET', `/clients/${clientIdOf(clientRef)}`, { token: admin.token });
    expect(res.body).toMatchObject({
      resource: 'api_key',
      client_ref: clientRef,
      account_ref: client.body.default_client_account,
      label: 'treasury bot',
      ip_allowlist: ['203.0.113.7', '10.0.0.0/8', '2001:db8::/32', '::1'],
      status: 'active',
      revoked_at: null,
    });
    expect(res.body.api_key).toMatch(/^cfk_[A-Za-z0-9_-]{43}$/);
    expect(res.body.api_key.startsWith(res.body.api_key_prefix)).toBe(true);
    expect(res.headers.get('etag')).toBe(res.body.etag);
    // The private key is PKCS#8 DER (base64) and pairs with the published SPKI public key.
    const privateKey = createPrivateKey({ key: Buffer.from(res.body.private_key, 'base64'), format: 'der', type: 'pkcs8' });
    const publicKey = createPublicKey({ key: Buffer.from(res.body.public_key, 'base64'), format: 'der', type: 'spki' });
    expect(privateKey.asymmetricKeyType).toBe('ed25519');
    const message = Buffer.from('{"timestamp":1}');
    expect(verify(null, message, publicKey, sign(null, message, privateKey))).toBe(true);

    const got = await call(app.url, 'GET', `/api-keys/${res.body.id}`, { token: admin.token });
    expect(got.status).toBe(200);
    expect(got.body).not.toHaveProperty('api_key');
    expect(got.body).not.toHaveProperty('private_key');
    const { api_key: _k, private_key: _p, ...shown } = res.body;
    expect(got.body).toEqual(shown);
  });

  it('stores only the hash of the API key and the public key, and records an event without secrets', async () => {
    const key = await newApiKey(app, admin, clientRef);
    const [row] = await app.services.sql`select * from api_keys where id = ${key.id}`;
    expect(JSON.stringify(row)).not.toContain(key.api_key);
    expect(Object.keys(row)).not.toContain('private_key');
    const [event] = await app.services.sql`select type, payload::text as payload from events where resource_ref = ${`api-keys/${key.id}`}`;
    expect(event.type).toBe('api_keys.api_key.created.v1');
    expect(event.payload).not.toContain(key.api_key);
    expect(event.payload).not.toContain(key.private_key);
  });

  it('acts on a named account of the client', async () => {
    const account = await call(app.url, 'POST', '/client-accounts', { token: admin.token, body: { scope_ref: clientRef, display_name: 'Trading' } });
    expect(account.status).toBe(201);
    const key = await newApiKey(app, admin, clientRef, { account_ref: `client-accounts/${account.body.id}` });
    expect(key.account_ref).toBe(`client-accounts/${account.body.id}`);
  });

  const badCreates: Array<{ name: string; body: () => Promise<Record<string, unknown>>; status: number; code: string; pointer?: string }> = [
    { name: 'unknown client', body: async () => ({ client_ref: 'clients/0193a1c2-7f00-7abc-8def-0123456789ab', label: 'x' }), status: 404, code: 'EdgeNotFound' },
    { name: 'missing label', body: async () => ({ client_ref: clientRef }), status: 400, code: 'EdgeBadRequest', pointer: '/body/label' },
    { name: 'unknown field', body: async () => ({ client_ref: clientRef, label: 'x', colour: 'red' }), status: 400, code: 'EdgeBadRequest', pointer: '/body/colour' },
    {
      name: 'bad allowlist entry',
      body: async () => ({ client_ref: clientRef, label: 'x', ip_allowlist: ['10.0.0.0/8', 'not-an-ip'] }),
      status: 422,
      code: 'EdgeUnprocessable',
      pointer: '/body/ip_allowlist/1',
    },
    { name: 'prefix too long', body: async () => ({ client_ref: clientRef, label: 'x', ip_allowlist: ['10.0.0.0/33'] }), status: 422, code: 'EdgeUnprocessable', pointer: '/body/ip_allowlist/0' },
    {
      name: 'account of another client',
      body: async () => {
        const other = await newClient(app, admin);
        const c = await call(app.url, 'GET', `/clients/${clientIdOf(other)}`, { token: admin.token });
        return { client_ref: clientRef, label: 'x', account_ref: c.body.default_client_account };
      },
      status: 422,
      code: 'EdgeUnprocessable',
      pointer: '/body/account_ref',
    },
  ];

  it.each(badCreates)('$name → $status $code', async ({ body, status, code, pointer }) => {
    const res = await call(app.url, 'POST', '/api-keys', { token: admin.token, body: await body() });
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
    if (pointer) expect(res.body.errors.map((e: { pointer: string }) => e.pointer)).toContain(pointer);
  });

  it('a closed client cannot get a key (409)', async () => {
    const closed = await newClient(app, admin);
    expect((await call(app.url, 'POST', `/clients/${clientIdOf(closed)}/close`, { token: admin.token })).status).toBe(200);
    const res = await call(app.url, 'POST', '/api-keys', { token: admin.token, body: { client_ref: closed, label: 'x' } });
    expect(res.status).toBe(409);
    expect(res.body.reason).toBe('client_closed');
  });

  it('needs the api_keys capability at the client (403 ForbiddenCapabilityScope)', async () => {
    const gated = await newClient(app, admin);
    const off = await call(app.url, 'PUT', `/clients/${clientIdOf(gated)}/capabilities/api_keys`, { token: admin.token, body: { enabled: false } });
    expect(off.status).toBe(200);
    const res = await call(app.url, 'POST', '/api-keys', { token: admin.token, body: { client_ref: gated, label: 'x' } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('ForbiddenCapabilityScope');
  });

  it('needs api_keys.manage (a viewer is 403) and hides other enterprises (404)', async () => {
    const viewer = await newServiceAccount(app, admin, admin.enterpriseRef, [{ role: 'viewer', scope_ref: admin.enterpriseRef }]);
    const denied = await call(app.url, 'POST', '/api-keys', { token: viewer.token, body: { client_ref: clientRef, label: 'x' } });
    expect(denied.status).toBe(403);
    const stranger = await newAdmin(app, 'Stranger Ltd');
    const hidden = await call(app.url, 'POST', '/api-keys', { token: stranger.token, body: { client_ref: clientRef, label: 'x' } });
    expect(hidden.status).toBe(404);
    const key = await newApiKey(app, admin, clientRef);
    expect((await call(app.url, 'GET', `/api-keys/${key.id}`, { token: stranger.token })).status).toBe(404);
    const list = await call(app.url, 'GET', '/api-keys', { token: stranger.token });
    expect(list.body.items).toEqual([]);
  });
});

describe('GET /api-keys', () => {
  it('pages keys of a client, oldest first, without secrets', async () => {
    const own = await newClient(app, admin);
    const keys = [await newApiKey(app, admin, own), await newApiKey(app, admin, own), await newApiKey(app, admin, own)];
    const first = await call(app.url, 'GET', `/api-keys?client_ref=${own}&page_size=2`, { token: admin.token });
    expect(first.status).toBe(200);
    expect(first.body.items.map((k: { id: string }) => k.id)).toEqual(keys.slice(0, 2).map((k) => k.id));
    expect(JSON.stringify(first.body)).not.toMatch(/private_key|"api_key":/);
    const second = await call(app.url, 'GET', `/api-keys?client_ref=${own}&page_size=2&page_token=${first.body.next_page_token}`, { token: admin.token });
    expect(second.body.items.map((k: { id: string }) => k.id)).toEqual([keys[2].id]);
    expect(second.body.next_page_token).toBeNull();
    await call(app.url, 'POST', `/api-keys/${keys[1].id}/revoke`, { token: admin.token });
    const revoked = await call(app.url, 'GET', `/api-keys?client_ref=${own}&status=revoked`, { token: admin.token });
    expect(revoked.body.items.map((k: { id: string }) => k.id)).toEqual([keys[1].id]);
  });
});

describe('PATCH, revoke, reactivate', () => {
  it('updates label and allowlist under If-Match; a stale ETag is 412', async () => {
    const key = await newApiKey(app, admin, clientRef);
    const res = await call(app.url, 'PATCH', `/api-keys/${key.id}`, {
      token: admin.token,
      headers: { 'if-match': key.etag },
      body: { label: 'renamed', ip_allowlist: ['192.0.2.0/24'] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ label: 'renamed', ip_allowlist: ['192.0.2.0/24'] });
    expect(res.body.etag).not.toBe(key.etag);
    const stale = await call(app.url, 'PATCH', `/api-keys/${key.id}`, { token: admin.token, headers: { 'if-match': key.etag }, body: { label: 'again' } });
    expect(stale.status).toBe(412);
  });

  it('revoke → revoked (409 twice); reactivate issues new material (409 when active)', async () => {
    const key = await newApiKey(app, admin, clientRef);
    expect((await call(app.url, 'POST', `/api-keys/${key.id}/reactivate`, { token: admin.token })).body.reason).toBe('api_key_active');
    const revoked = await call(app.url, 'POST', `/api-keys/${key.id}/revoke`, { token: admin.token });
    expect(revoked.status).toBe(200);
    expect(revoked.body.status).toBe('revoked');
    expect(revoked.body.revoked_at).not.toBeNull();
    const again = await call(app.url, 'POST', `/api-keys/${key.id}/revoke`, { token: admin.token });
    expect([again.status, again.body.reason]).toEqual([409, 'api_key_revoked']);
    const patch = await call(app.url, 'PATCH', `/api-keys/${key.id}`, { token: admin.token, body: { label: 'x' } });
    expect([patch.status, patch.body.reason]).toEqual([409, 'api_key_revoked']);

    const reactivated = await call(app.url, 'POST', `/api-keys/${key.id}/reactivate`, { token: admin.token });
    expect(reactivated.status).toBe(200);
    expect(reactivated.body).toMatchObject({ id: key.id, status: 'active', revoked_at: null });
    expect(reactivated.body.api_key).not.toBe(key.api_key);
    expect(reactivated.body.private_key).not.toBe(key.private_key);
    expect(reactivated.body.public_key).not.toBe(key.public_key);
    const types = await app.services.sql`select type from events where resource_ref = ${`api-keys/${key.id}`} order by seq`;
    expect(types.map((t) => t.type)).toEqual(['api_keys.api_key.created.v1', 'api_keys.api_key.revoked.v1', 'api_keys.api_key.reactivated.v1']);
  });

  it('revoking works while the capability is off; reactivating does not', async () => {
    const gated = await newClient(app, admin);
    const key = await newApiKey(app, admin, gated);
    await call(app.url, 'PUT', `/clients/${clientIdOf(gated)}/capabilities/api_keys`, { token: admin.token, body: { enabled: false } });
    expect((await call(app.url, 'POST', `/api-keys/${key.id}/revoke`, { token: admin.token })).status).toBe(200);
    const res = await call(app.url, 'POST', `/api-keys/${key.id}/reactivate`, { token: admin.token });
    expect([res.status, res.body.code]).toEqual([403, 'ForbiddenCapabilityScope']);
  });
});

describe('sandbox client states', () => {
  it('PUT /sandbox/clients/{id}/kyc and /api-access set the fields the signed API gates on', async () => {
    const c = await newClient(app, admin);
    const kyc = await call(app.url, 'PUT', `/sandbox/clients/${clientIdOf(c)}/kyc`, { token: admin.token, body: { kyc_status: 'pending' } });
    expect([kyc.status, kyc.body.kyc_status]).toEqual([200, 'pending']);
    const access = await call(app.url, 'PUT', `/sandbox/clients/${clientIdOf(c)}/api-access`, { token: admin.token, body: { api_access: false } });
    expect([access.status, access.body.api_access]).toEqual([200, false]);
    expect(access.body.etag).not.toBe(kyc.body.etag);
  });

  it('are absent outside sandbox mode', async () => {
    const production = await startTestApp({ COUNTERFOIL_MODE: 'production' });
    try {
      const res = await call(production.url, 'PUT', `/sandbox/clients/${clientIdOf(clientRef)}/kyc`, { token: admin.token, body: { kyc_status: 'pending' } });
      expect(res.status).toBe(404);
    } finally {
      await production.close();
    }
  });
});
