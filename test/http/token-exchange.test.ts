import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import { call, startTestApp, type TestApp } from '../helpers/app';
import { newAdmin, newRole, newServiceAccount, newUser, unique, type Admin, type Principal } from './iam-fixtures';

const GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ID_TOKEN = 'urn:ietf:params:oauth:token-type:id_token';
const USER_REF = 'urn:counterfoil:params:oauth:token-type:user-ref';

let app: TestApp;
let admin: Admin;
let signing: { privateKey: CryptoKey; jwk: JWK };
let stranger: { privateKey: CryptoKey };
let ecKey: CryptoKey;
let issuer: string;
const audience = 'counterfoil-portal';

/** Grants the user `viewer` at the enterprise, so its token can read the enterprise. */
async function grantViewer(userId: string): Promise<void> {
  const res = await call(app.url, 'POST', '/role-assignments', {
    token: admin.token,
    body: { principal_ref: `users/${userId}`, role_ref: `roles/${admin.tenant.roleIds.viewer}`, scope_ref: admin.enterpriseRef, scope_anchor_kind: 'explicit', scope_propagation: 'subtree' },
  });
  expect(res.status).toBe(201);
}

const claimsOf = (accessToken: string) => JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString('utf8'));

interface IdTokenOptions {
  iss?: string;
  aud?: string;
  sub?: string;
  email?: string;
  emailVerified?: boolean;
  key?: CryptoKey;
  alg?: string;
  expiresAt?: number;
}

async function idToken(o: IdTokenOptions = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: o.email, email_verified: o.emailVerified ?? true, name: 'Ada Lovelace' })
    .setProtectedHeader({ alg: o.alg ?? 'RS256', kid: 'idp-key-1' })
    .setIssuer(o.iss ?? issuer)
    .setAudience(o.aud ?? audience)
    .setSubject(o.sub ?? unique('subject'))
    .setIssuedAt(o.expiresAt ? o.expiresAt - 3600 : now)
    .setExpirationTime(o.expiresAt ?? now + 300)
    .sign(o.key ?? signing.privateKey);
}

function exchange(subjectToken: string, subjectTokenType: string, client: { clientId: string; clientSecret: string } = admin.tenant) {
  return call(app.url, 'POST', '/oauth/token', {
    body: { grant_type: GRANT, client_id: client.clientId, client_secret: client.clientSecret, subject_token: subjectToken, subject_token_type: subjectTokenType },
  });
}

async function createProvider(body: Record<string, unknown>) {
  return call(app.url, 'POST', '/identity-providers', { token: admin.token, body: { display_name: 'Corporate SSO', audience, ...body } });
}

beforeAll(async () => {
  app = await startTestApp({ COUNTERFOIL_RATE_LIMIT_TOKEN_PER_SECOND: '1000' });
  admin = await newAdmin(app, 'Token Exchange Ltd');
  const pair = await generateKeyPair('RS256');
  signing = { privateKey: pair.privateKey, jwk: { ...(await exportJWK(pair.publicKey)), kid: 'idp-key-1', use: 'sig' } };
  stranger = { privateKey: (await generateKeyPair('RS256')).privateKey };
  ecKey = (await generateKeyPair('ES256')).privateKey;
  issuer = `https://${unique('idp')}.example.com`;
  const created = await createProvider({ issuer, jwks: { keys: [signing.jwk] }, allowed_algorithms: ['RS256'] });
  expect(created.status).toBe(201);
});
afterAll(() => app.close());

describe('identity providers', () => {
  it('creates, reads, lists and updates with If-Match', async () => {
    const iss = `https://${unique('idp')}.example.com`;
    const created = await createProvider({ issuer: iss, jwks: { keys: [signing.jwk] }, claim_mapping: { email: 'upn' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      resource: 'identity_provider',
      scope_ref: admin.enterpriseRef,
      issuer: iss,
      audience,
      jwks_uri: null,
      claim_mapping: { subject: 'sub', email: 'upn', email_verified: 'email_verified', display_name: 'name' },
      allowed_algorithms: ['RS256', 'ES256'],
      status: 'active',
    });
    const id = created.body.id;
    expect((await call(app.url, 'GET', `/identity-providers/${id}`, { token: admin.token })).body).toEqual(created.body);
    const list = await call(app.url, 'GET', '/identity-providers', { token: admin.token });
    expect(list.body.items.map((p: { id: string }) => p.id)).toContain(id);

    const stale = await call(app.url, 'PATCH', `/identity-providers/${id}`, { token: admin.token, headers: { 'if-match': '"stale"' }, body: { audience: 'other' } });
    expect(stale.status).toBe(412);
    const updated = await call(app.url, 'PATCH', `/identity-providers/${id}`, {
      token: admin.token,
      headers: { 'if-match': created.body.etag },
      body: { audience: 'other', status: 'disabled' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ audience: 'other', status: 'disabled', issuer: iss });
    expect(updated.body.etag).not.toBe(created.body.etag);
    const events = await app.services.sql`select type from events where resource_ref = ${`identity-providers/${id}`} order by seq`;
    expect(events.map((e) => e.type)).toEqual(['iam.identity_provider.created.v1', 'iam.identity_provider.updated.v1']);
  });

  it('refuses a second provider with the same issuer (409)', async () => {
    const res = await createProvider({ issuer, jwks: { keys: [signing.jwk] } });
    expect(res.status).toBe(409);
    expect(res.body.reason).toBe('issuer_taken');
  });

  it.each([
    { name: 'no keys at all', keys: {}, pointer: '/body/jwks' },
    { name: 'both jwks and jwks_uri', keys: () => ({ jwks: { keys: [signing.jwk] }, jwks_uri: 'https://idp.example.com/jwks' }), pointer: '/body/jwks' },
    { name: 'a private key', keys: () => ({ jwks: { keys: [{ ...signing.jwk, d: 'AQAB' }] } }), pointer: '/body/jwks/keys/0' },
    { name: 'a shared-secret key', keys: { jwks: { keys: [{ kty: 'oct', k: 'c2VjcmV0' }] } }, pointer: '/body/jwks/keys/0' },
    { name: 'a malformed key', keys: { jwks: { keys: [{ kty: 'RSA', n: 'x' }] } }, pointer: '/body/jwks/keys/0' },
    { name: 'a jwks_uri on a private address', keys: { jwks_uri: 'https://10.1.2.3/jwks' }, pointer: '/body/jwks_uri' },
  ])('$name → 422 at $pointer', async (c) => {
    const keys = typeof c.keys === 'function' ? c.keys() : c.keys;
    const res = await createProvider({ issuer: `https://${unique('idp')}.example.com`, ...keys });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { pointer: string }) => e.pointer)).toContain(c.pointer);
  });

  it('a provider of another enterprise does not exist (404)', async () => {
    const other = await newAdmin(app, 'Other Enterprise Ltd');
    const mine = await call(app.url, 'GET', '/identity-providers', { token: admin.token });
    const res = await call(app.url, 'GET', `/identity-providers/${mine.body.items[0].id}`, { token: other.token });
    expect(res.status).toBe(404);
    expect((await call(app.url, 'GET', '/identity-providers', { token: other.token })).body.items).toEqual([]);
  });
});

describe('token exchange: ID token', () => {
  it('links a user by verified e-mail, then finds it by issuer and subject', async () => {
    const user = await newUser(app, admin, admin.enterpriseRef);
    const sub = unique('subject');
    const first = await exchange(await idToken({ sub, email: user.email.toUpperCase() }), ID_TOKEN);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ token_type: 'Bearer', issued_token_type: 'urn:ietf:params:oauth:token-type:access_token' });
    expect(claimsOf(first.body.access_token)).toMatchObject({ sub: user.id, sk: 'user', ent: admin.tenant.enterpriseId, ids: 'federated', fed: { iss: issuer, sub } });
    // The service account that carried the ID token is the token's actor: it authenticated here, not the person.
    expect(claimsOf(first.body.access_token).act).toEqual({ sub: admin.tenant.serviceAccountId, sk: 'service_account' });

    const linked = await call(app.url, 'GET', `/users/${user.id}`, { token: admin.token });
    expect(linked.body).toMatchObject({ identity_source: 'federated', federation: { issuer, subject: sub } });

    // Found by (issuer, subject) now, whatever e-mail the provider sends.
    const second = await exchange(await idToken({ sub, email: 'renamed@example.com' }), ID_TOKEN);
    expect(second.status).toBe(200);
    expect(claimsOf(second.body.access_token).sub).toBe(user.id);
    // The token carries the user's own grants.
    await grantViewer(user.id);
    const list = await call(app.url, 'GET', '/enterprises', { token: second.body.access_token });
    expect(list.body.items.map((e: { id: string }) => e.id)).toEqual([admin.tenant.enterpriseId]);
  });

  const rejections: Array<{ name: string; token: (email: string) => Promise<string> }> = [
    { name: 'bad signature', token: (email) => idToken({ email, key: stranger.privateKey }) },
    { name: 'wrong audience', token: (email) => idToken({ email, aud: 'someone-else' }) },
    { name: 'expired', token: (email) => idToken({ email, expiresAt: Math.floor(Date.now() / 1000) - 600 }) },
    { name: 'unknown issuer', token: (email) => idToken({ email, iss: 'https://unknown-idp.example.com' }) },
    { name: 'algorithm not allowed', token: (email) => idToken({ email, alg: 'ES256', key: ecKey }) },
    { name: 'e-mail not verified', token: (email) => idToken({ email, emailVerified: false }) },
    { name: 'no matching user', token: () => idToken({ email: `${unique('nobody')}@example.com` }) },
    { name: 'not a JWT', token: async () => 'not-a-jwt' },
  ];

  it.each(rejections)('$name → 400 invalid_grant and nothing changes', async (c) => {
    const user = await newUser(app, admin, admin.enterpriseRef);
    const before = await call(app.url, 'GET', `/users/${user.id}`, { token: admin.token });
    const res = await exchange(await c.token(user.email), ID_TOKEN);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'invalid_grant', code: 'EdgeBadRequest' });
    const after = await call(app.url, 'GET', `/users/${user.id}`, { token: admin.token });
    expect(after.body).toEqual(before.body);
    expect(after.body.federation).toBeNull();
  });

  it('a suspended user gets no token', async () => {
    const user = await newUser(app, admin, admin.enterpriseRef);
    const sub = unique('subject');
    expect((await exchange(await idToken({ sub, email: user.email }), ID_TOKEN)).status).toBe(200);
    expect((await call(app.url, 'POST', `/users/${user.id}/suspend`, { token: admin.token })).status).toBe(200);
    const res = await exchange(await idToken({ sub, email: user.email }), ID_TOKEN);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_grant');
  });

  it('fetches keys from jwks_uri once and caches them', async () => {
    let fetches = 0;
    const server: Server = createServer((_req, res) => {
      fetches++;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [signing.jwk] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const iss = `https://${unique('remote-idp')}.example.com`;
      const jwksUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`;
      expect((await createProvider({ issuer: iss, jwks_uri: jwksUri })).status).toBe(201);
      const user = await newUser(app, admin, admin.enterpriseRef);
      const sub = unique('subject');
      expect((await exchange(await idToken({ iss, sub, email: user.email }), ID_TOKEN)).status).toBe(200);
      expect((await exchange(await idToken({ iss, sub, email: user.email }), ID_TOKEN)).status).toBe(200);
      expect(fetches).toBe(1);
    } finally {
      server.close();
    }
  });
});

describe('token exchange: acting for a platform-managed user', () => {
  let actor: Principal;

  beforeAll(async () => {
    const actForRole = await newRole(app, admin, admin.enterpriseRef, ['users.act_for']);
    actor = await newServiceAccount(app, admin, admin.enterpriseRef, [{ role: actForRole, scope_ref: admin.enterpriseRef }]);
  });

  it('issues a token whose subject is the user and whose actor is the service account', async () => {
    const user = await newUser(app, admin, admin.enterpriseRef);
    const res = await exchange(`users/${user.id}`, USER_REF, actor);
    expect(res.status).toBe(200);
    expect(res.body.issued_token_type).toBe('urn:ietf:params:oauth:token-type:access_token');
    expect(claimsOf(res.body.access_token)).toMatchObject({ sub: user.id, sk: 'user', act: { sub: actor.id, sk: 'service_account' }, ids: 'platform-managed' });
    await grantViewer(user.id);
    const list = await call(app.url, 'GET', '/enterprises', { token: res.body.access_token });
    expect(list.body.items.map((e: { id: string }) => e.id)).toEqual([admin.tenant.enterpriseId]);
  });

  it('a token acting for a user stops working once the actor loses users.act_for (401)', async () => {
    const role = await newRole(app, admin, admin.enterpriseRef, ['users.act_for']);
    const sa = await newServiceAccount(app, admin, admin.enterpriseRef, []);
    const assigned = await call(app.url, 'POST', '/role-assignments', {
      token: admin.token,
      body: { principal_ref: `service-accounts/${sa.id}`, role_ref: `roles/${role}`, scope_ref: admin.enterpriseRef, scope_anchor_kind: 'explicit', scope_propagation: 'subtree' },
    });
    expect(assigned.status).toBe(201);
    const user = await newUser(app, admin, admin.enterpriseRef);
    await grantViewer(user.id);
    const issued = await exchange(`users/${user.id}`, USER_REF, sa);
    expect(issued.status).toBe(200);
    const token = issued.body.access_token as string;
    expect((await call(app.url, 'GET', '/enterprises', { token })).status).toBe(200);

    expect((await call(app.url, 'POST', `/role-assignments/${assigned.body.id}/revoke`, { token: admin.token })).status).toBe(200);
    const after = await call(app.url, 'GET', '/enterprises', { token });
    expect(after.status).toBe(401);
    expect(after.body.detail).toBe('The actor of this token may no longer act for its subject.');
  });

  it('a service account without users.act_for at the user\'s scope is refused', async () => {
    const user = await newUser(app, admin, admin.enterpriseRef);
    const viewer = await newServiceAccount(app, admin, admin.enterpriseRef, [{ role: 'viewer', scope_ref: admin.enterpriseRef }]);
    const res = await exchange(`users/${user.id}`, USER_REF, viewer);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_grant');
  });

  it.each(['suspend', 'deactivate'])('a user after %s gets no token (invalid_grant)', async (action) => {
    const user = await newUser(app, admin, admin.enterpriseRef);
    expect((await exchange(`users/${user.id}`, USER_REF, actor)).status).toBe(200);
    expect((await call(app.url, 'POST', `/users/${user.id}/${action}`, { token: admin.token })).status).toBe(200);
    const res = await exchange(`users/${user.id}`, USER_REF, actor);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_grant');
  });

  it('a user of another enterprise is refused like a missing one', async () => {
    const other = await newAdmin(app, 'Elsewhere Ltd');
    const foreign = await newUser(app, other, other.enterpriseRef);
    const res = await exchange(`users/${foreign.id}`, USER_REF, actor);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_grant');
  });

  it.each([
    { name: 'missing subject_token', body: { subject_token_type: USER_REF } },
    { name: 'unsupported subject_token_type', body: { subject_token: 'x', subject_token_type: 'urn:ietf:params:oauth:token-type:saml2' } },
    { name: 'subject_token not a user reference', body: { subject_token: 'roles/0193a1c2-7f00-7abc-8def-0123456789ab', subject_token_type: USER_REF } },
    { name: 'another requested_token_type', body: { subject_token: 'x', subject_token_type: USER_REF, requested_token_type: 'urn:ietf:params:oauth:token-type:refresh_token' } },
  ])('$name → 400 invalid_request', async (c) => {
    const res = await call(app.url, 'POST', '/oauth/token', {
      body: { grant_type: GRANT, client_id: actor.clientId, client_secret: actor.clientSecret, ...c.body },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_request');
  });

  it('a wrong client secret is 401 invalid_client before anything else', async () => {
    const res = await exchange('users/0193a1c2-7f00-7abc-8def-0123456789ab', USER_REF, { clientId: actor.clientId, clientSecret: 'cfsk_wrong' });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('invalid_client');
  });
});
