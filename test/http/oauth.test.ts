import { call, createTenant, startTestApp, type TestApp, type Tenant } from '../helpers/app';

let app: TestApp;
let tenant: Tenant;

beforeAll(async () => {
  app = await startTestApp();
  tenant = await createTenant(app.services);
});
afterAll(() => app.close());

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

describe('POST /oauth/token (client_credentials)', () => {
  function expectToken(res: { status: number; headers: Headers; body: any }) {
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 3600,
      issued_token_type: 'urn:ietf:params:oauth:token-type:access_token',
    });
    expect(res.body).not.toHaveProperty('refresh_token');
    expect(res.headers.get('cache-control')).toBe('no-store');
  }

  it('accepts client_secret_post as JSON', async () => {
    expectToken(await call(app.url, 'POST', '/oauth/token', { body: { grant_type: 'client_credentials', client_id: tenant.clientId, client_secret: tenant.clientSecret } }));
  });

  it('accepts client_secret_post as a form', async () => {
    const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: tenant.clientId, client_secret: tenant.clientSecret });
    expectToken(await call(app.url, 'POST', '/oauth/token', { rawBody: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } }));
  });

  it('accepts client_secret_basic', async () => {
    expectToken(
      await call(app.url, 'POST', '/oauth/token', {
        rawBody: 'grant_type=client_credentials',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(tenant.clientId, tenant.clientSecret) },
      }),
    );
  });

  it('the token works on the API', async () => {
    const res = await call(app.url, 'POST', '/oauth/token', { body: { grant_type: 'client_credentials', client_id: tenant.clientId, client_secret: tenant.clientSecret } });
    const list = await call(app.url, 'GET', '/enterprises', { token: res.body.access_token });
    expect(list.status).toBe(200);
    expect(list.body.items.map((e: { id: string }) => e.id)).toEqual([tenant.enterpriseId]);
  });

  it.each([
    { name: 'wrong secret (post)', body: () => ({ grant_type: 'client_credentials', client_id: tenant.clientId, client_secret: 'cfsk_wrong' }), status: 401, error: 'invalid_client', challenge: false },
    { name: 'unknown client', body: () => ({ grant_type: 'client_credentials', client_id: 'cfci_unknown', client_secret: 'x' }), status: 401, error: 'invalid_client', challenge: false },
    { name: 'no client authentication', body: () => ({ grant_type: 'client_credentials' }), status: 401, error: 'invalid_client', challenge: false },
    { name: 'missing grant_type', body: () => ({ client_id: tenant.clientId, client_secret: tenant.clientSecret }), status: 400, error: 'invalid_request', challenge: false },
    { name: 'unsupported grant_type', body: () => ({ grant_type: 'password', client_id: tenant.clientId, client_secret: tenant.clientSecret }), status: 400, error: 'unsupported_grant_type', challenge: false },
  ])('$name → $status $error', async (c) => {
    const res = await call(app.url, 'POST', '/oauth/token', { body: c.body() });
    expect(res.status).toBe(c.status);
    expect(res.body).toMatchObject({ error: c.error, error_description: expect.any(String), status: c.status });
    expect(res.body.code).toBe(c.status === 401 ? 'Unauthorized' : 'EdgeBadRequest');
    expect(res.headers.get('www-authenticate')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('wrong secret with Basic → 401 invalid_client with a Basic challenge', async () => {
    const res = await call(app.url, 'POST', '/oauth/token', {
      rawBody: 'grant_type=client_credentials',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(tenant.clientId, 'cfsk_wrong') },
    });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('invalid_client');
    expect(res.headers.get('www-authenticate')).toMatch(/^Basic realm="counterfoil"/);
  });

  it('two client authentication methods → 400 invalid_request', async () => {
    const res = await call(app.url, 'POST', '/oauth/token', {
      body: { grant_type: 'client_credentials', client_id: tenant.clientId, client_secret: tenant.clientSecret },
      headers: { authorization: basic(tenant.clientId, tenant.clientSecret) },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_request');
  });

  it('stores only a hash of the secret', async () => {
    const [row] = await app.services.sql`select secret_hash from service_accounts where client_id = ${tenant.clientId}`;
    expect(row.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.secret_hash).not.toContain(tenant.clientSecret);
  });
});

describe('bearer tokens are one exact string', () => {
  it.each([
    ['padded', (t: string) => `${t}=`],
    ['padded twice', (t: string) => `${t}==`],
    ['its last character respelt (same bytes)', (t: string) => `${t.slice(0, -1)}${String.fromCharCode(t.charCodeAt(t.length - 1) + 1)}`],
  ])('a token %s is 401, the token itself 200', async (_name, respell) => {
    const issued = await call(app.url, 'POST', '/oauth/token', { body: { grant_type: 'client_credentials', client_id: tenant.clientId, client_secret: tenant.clientSecret } });
    const token: string = issued.body.access_token;
    expect((await call(app.url, 'GET', `/enterprises/${tenant.enterpriseId}`, { token })).status).toBe(200);
    const res = await call(app.url, 'GET', `/enterprises/${tenant.enterpriseId}`, { token: respell(token) });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
  });
});
