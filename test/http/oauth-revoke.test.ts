import { call, createTenant, startTestApp, tokenFor, type Tenant, type TestApp } from '../helpers/app';

/*
 * POST /oauth/revoke (RFC 7009): a revoked access token is refused from the next request on, by every
 * API process. Two apps with their own services (caches, LISTEN connections) on one database stand
 * for two processes.
 */

let a: TestApp;
let b: TestApp;
let tenant: Tenant;

beforeAll(async () => {
  [a, b] = await Promise.all([startTestApp({ COUNTERFOIL_RATE_LIMIT_TOKEN_PER_SECOND: '1000' }), startTestApp({ COUNTERFOIL_RATE_LIMIT_TOKEN_PER_SECOND: '1000' })]);
  tenant = await createTenant(a.services, 'Revocation Ltd');
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

const me = (app: TestApp, token: string) => call(app.url, 'GET', '/me/navigation', { token });

/** Until `check` holds: the other process learns of the revocation by NOTIFY, delivered at the commit. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the condition never held');
    await new Promise((r) => setTimeout(r, 20));
  }
}

it('a revoked token is refused by this process at once and by the other on its next request; other tokens work on', async () => {
  const [token, other] = [await tokenFor(a.url, tenant), await tokenFor(a.url, tenant)];
  expect([(await me(a, token)).status, (await me(b, token)).status]).toEqual([200, 200]);

  const res = await call(a.url, 'POST', '/oauth/revoke', { body: { token, token_type_hint: 'access_token' } });
  expect(res.status).toBe(200);
  expect(res.text).toBe('');
  expect(res.headers.get('cache-control')).toBe('no-store');

  const here = await me(a, token);
  expect([here.status, here.body.detail, here.headers.get('www-authenticate')]).toEqual([
    401,
    'The access token was revoked.',
    'Bearer realm="counterfoil", error="invalid_token", error_description="The access token was revoked."',
  ]);
  await eventually(async () => (await me(b, token)).status === 401);
  expect([(await me(a, other)).status, (await me(b, other)).status]).toEqual([200, 200]);
  const [row] = await a.services.sql`select enterprise_id, expires_at > now() as live from revoked_access_tokens where jti = ${JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).jti}`;
  expect(row).toEqual({ enterprise_id: tenant.enterpriseId, live: true });
});

it('a process that starts later knows the revocations made before', async () => {
  const token = await tokenFor(a.url, tenant);
  expect((await call(b.url, 'POST', '/oauth/revoke', { rawBody: `token=${encodeURIComponent(token)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).toBe(200);
  const later = await startTestApp();
  try {
    expect((await me(later, token)).status).toBe(401);
  } finally {
    await later.close();
  }
});

it.each([
  ['an unknown token', 'not-a-token'],
  ['a token signed by someone else', 'eyJhbGciOiJIUzI1NiIsInR5cCI6ImF0K2p3dCJ9.eyJpc3MiOiJjb3VudGVyZm9pbCJ9.c2lnbmF0dXJl'],
])('%s: 200, and nothing is stored', async (_name, token) => {
  const [{ n: before }] = await a.services.sql`select count(*)::int as n from revoked_access_tokens`;
  const res = await call(a.url, 'POST', '/oauth/revoke', { body: { token } });
  expect(res.status).toBe(200);
  const [{ n: after }] = await a.services.sql`select count(*)::int as n from revoked_access_tokens`;
  expect(after).toBe(before);
});

it('revoking twice is harmless', async () => {
  const token = await tokenFor(a.url, tenant);
  const twice = [await call(a.url, 'POST', '/oauth/revoke', { body: { token } }), await call(a.url, 'POST', '/oauth/revoke', { body: { token } })];
  expect(twice.map((r) => r.status)).toEqual([200, 200]);
  expect((await me(a, token)).status).toBe(401);
});

it.each([
  ['no token', {}],
  ['an unknown parameter', { token: 'x', scope: 'all' }],
])('%s: 400, nothing revoked', async (_name, body) => {
  const res = await call(a.url, 'POST', '/oauth/revoke', { body });
  expect(res.status).toBe(400);
  expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
});
