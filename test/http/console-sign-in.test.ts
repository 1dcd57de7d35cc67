import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import { call, startTestApp, type TestApp } from '../helpers/app';
import { createCounterfoilClient } from '../../clients/typescript/index';
import { registerDevIdentityProvider } from '../../src/dev-idp/setup';
import { freePort } from '../../temporal/dev-server';
import { newAdmin, newUser, unique, type Admin } from './iam-fixtures';

/*
 * Console sign-in: GET /sign-in-providers (public) and the ID-token exchange by a public client
 * (no client secret), which only providers with console_sign_in allow, for the enterprise in `audience`.
 */

const GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ID_TOKEN = 'urn:ietf:params:oauth:token-type:id_token';
const audience = 'counterfoil-console';

let app: TestApp;
let admin: Admin;
let signing: { privateKey: CryptoKey; jwk: JWK };
let consoleIssuer: string;
let backendIssuer: string;
let disabledIssuer: string;

const claimsOf = (accessToken: string) => JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString('utf8'));

async function idToken(o: { iss?: string; email: string; sub?: string; issuedSecondsAgo?: number }): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const iat = now - (o.issuedSecondsAgo ?? 0);
  return new SignJWT({ email: o.email, email_verified: true, name: 'Ada Lovelace' })
    .setProtectedHeader({ alg: 'RS256', kid: 'console-key' })
    .setIssuer(o.iss ?? consoleIssuer)
    .setAudience(audience)
    .setSubject(o.sub ?? unique('subject'))
    .setIssuedAt(iat)
    .setExpirationTime(now + 600)
    .sign(signing.privateKey);
}

/** The console's request: no client authentication, the enterprise in `audience`. */
function publicExchange(body: Record<string, string>) {
  return call(app.url, 'POST', '/oauth/token', { body: { grant_type: GRANT, subject_token_type: ID_TOKEN, ...body } });
}

async function provider(issuer: string, extra: Record<string, unknown>): Promise<string> {
  const res = await call(app.url, 'POST', '/identity-providers', {
    token: admin.token,
    body: { display_name: `SSO ${issuer}`, issuer, audience, jwks: { keys: [signing.jwk] }, allowed_algorithms: ['RS256'], ...extra },
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

beforeAll(async () => {
  app = await startTestApp({ COUNTERFOIL_RATE_LIMIT_TOKEN_PER_SECOND: '1000' });
  admin = await newAdmin(app, 'Console Sign-in Ltd');
  const pair = await generateKeyPair('RS256');
  signing = { privateKey: pair.privateKey, jwk: { ...(await exportJWK(pair.publicKey)), kid: 'console-key', use: 'sig' } };
  consoleIssuer = `https://${unique('console-idp')}.example.com`;
  backendIssuer = `https://${unique('backend-idp')}.example.com`;
  disabledIssuer = `https://${unique('disabled-idp')}.example.com`;
  await provider(consoleIssuer, { console_sign_in: true });
  await provider(backendIssuer, {});
  const disabled = await provider(disabledIssuer, { console_sign_in: true });
  const current = await call(app.url, 'GET', `/identity-providers/${disabled}`, { token: admin.token });
  expect((await call(app.url, 'PATCH', `/identity-providers/${disabled}`, { token: admin.token, headers: { 'if-match': current.body.etag }, body: { status: 'disabled' } })).status).toBe(200);
});
afterAll(() => app.close());

describe('GET /sign-in-providers', () => {
  it('lists, without a token, the active providers that allow console sign-in, with the client id and scope to ask for', async () => {
    const res = await call(app.url, 'GET', `/sign-in-providers?enterprise_ref=${admin.enterpriseRef}`);
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([{ id: expect.any(String), display_name: `SSO ${consoleIssuer}`, issuer: consoleIssuer, client_id: audience, scope: 'openid email profile' }]);
  });

  it('answers an unknown enterprise as one without providers', async () => {
    const res = await call(app.url, 'GET', '/sign-in-providers?enterprise_ref=enterprises/0193a1c2-7f00-7abc-8def-0123456789ab');
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([]);
  });

  it.each([['no enterprise', ''], ['not an enterprise ref', '?enterprise_ref=clients/0193a1c2-7f00-7abc-8def-0123456789ab']])('%s → 400', async (_name, query) => {
    expect((await call(app.url, 'GET', `/sign-in-providers${query}`)).status).toBe(400);
  });
});

describe('ID-token exchange by the console (no client secret)', () => {
  it('signs a person in: the token is the user\'s, with no actor, and the user is linked to the identity', async () => {
    const user = await newUser(app, admin, admin.enterpriseRef);
    const subject = unique('person');
    const res = await publicExchange({ subject_token: await idToken({ email: user.email, sub: subject }), audience: admin.enterpriseRef });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const claims = claimsOf(res.body.access_token);
    expect(claims).toMatchObject({ sub: user.id, sk: 'user', ent: admin.tenant.enterpriseId, ids: 'federated', fed: { iss: consoleIssuer, sub: subject } });
    expect(claims.act).toBeUndefined();
    const linked = await call(app.url, 'GET', `/users/${user.id}`, { token: admin.token });
    expect(linked.body).toMatchObject({ identity_source: 'federated', federation: { issuer: consoleIssuer, subject } });
    // The link event names the person as who authenticated: no service account carried the token.
    const [event] = await app.services.sql`select attribution from events where resource_ref = ${`users/${user.id}`} and type = 'iam.user.federated.v1'`;
    expect(event.attribution).toMatchObject({ authenticated_principal: { id: user.id, kind: 'user' }, actor: null });
    // The token works, as the user: without a role, the user may not read the enterprise.
    expect((await call(app.url, 'GET', `/enterprises/${admin.tenant.enterpriseId}`, { token: res.body.access_token })).status).toBe(403);
  });

  it.each([
    { name: 'no audience', audience: undefined, token: {}, status: 400, error: 'invalid_target' },
    { name: 'an audience that is not an enterprise', audience: 'clients/0193a1c2-7f00-7abc-8def-0123456789ab', token: {}, status: 400, error: 'invalid_target' },
    { name: 'another enterprise in audience', audience: 'enterprises/0193a1c2-7f00-7abc-8def-0123456789ab', token: {}, status: 400, error: 'invalid_grant' },
    { name: 'a provider without console sign-in', audience: 'mine', token: { iss: 'backend' }, status: 400, error: 'invalid_grant' },
    { name: 'a disabled provider', audience: 'mine', token: { iss: 'disabled' }, status: 400, error: 'invalid_grant' },
    { name: 'an ID token older than 10 minutes', audience: 'mine', token: { issuedSecondsAgo: 660 }, status: 400, error: 'invalid_grant' },
  ])('$name → $status $error, nothing linked', async (c) => {
    const user = await newUser(app, admin, admin.enterpriseRef);
    const iss = c.token.iss === 'backend' ? backendIssuer : c.token.iss === 'disabled' ? disabledIssuer : consoleIssuer;
    const res = await publicExchange({
      subject_token: await idToken({ email: user.email, iss, issuedSecondsAgo: c.token.issuedSecondsAgo }),
      ...(c.audience ? { audience: c.audience === 'mine' ? admin.enterpriseRef : c.audience } : {}),
    });
    expect({ status: res.status, error: res.body.error }).toEqual({ status: c.status, error: c.error });
    expect((await call(app.url, 'GET', `/users/${user.id}`, { token: admin.token })).body.federation).toBeNull();
  });

  it('refuses anything but an ID token without client authentication (401 invalid_client)', async () => {
    const user = await newUser(app, admin, admin.enterpriseRef);
    const res = await call(app.url, 'POST', '/oauth/token', {
      body: { grant_type: GRANT, subject_token: `users/${user.id}`, subject_token_type: 'urn:counterfoil:params:oauth:token-type:user-ref', audience: admin.enterpriseRef },
    });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('invalid_client');
  });

  it('client credentials still need a client secret', async () => {
    const res = await call(app.url, 'POST', '/oauth/token', { body: { grant_type: 'client_credentials', client_id: admin.tenant.clientId } });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('invalid_client');
  });
});

describe('a provider that moves (a new issuer)', () => {
  it('keeps its people linked under the new issuer; the old issuer is refused from then on', async () => {
    const before = `https://${unique('moving-idp')}.example.com`;
    const after = `https://${unique('moved-idp')}.example.com`;
    const id = await provider(before, { console_sign_in: true });
    const user = await newUser(app, admin, admin.enterpriseRef);
    const subject = unique('person');
    expect((await publicExchange({ subject_token: await idToken({ iss: before, email: user.email, sub: subject }), audience: admin.enterpriseRef })).status).toBe(200);

    const moved = await call(app.url, 'PATCH', `/identity-providers/${id}`, { token: admin.token, body: { issuer: after } });
    expect([moved.status, moved.body.issuer]).toEqual([200, after]);
    const linked = await call(app.url, 'GET', `/users/${user.id}`, { token: admin.token });
    expect(linked.body.federation).toEqual({ issuer: after, subject });

    const again = await publicExchange({ subject_token: await idToken({ iss: after, email: user.email, sub: subject }), audience: admin.enterpriseRef });
    expect(again.status).toBe(200);
    expect(claimsOf(again.body.access_token)).toMatchObject({ sub: user.id, fed: { iss: after, sub: subject } });
    const old = await publicExchange({ subject_token: await idToken({ iss: before, email: user.email, sub: subject }), audience: admin.enterpriseRef });
    expect([old.status, old.body.error]).toEqual([400, 'invalid_grant']);
  });

  it('cannot take an issuer another provider of the enterprise has (409, nothing changes)', async () => {
    const id = await provider(`https://${unique('second-idp')}.example.com`, {});
    const res = await call(app.url, 'PATCH', `/identity-providers/${id}`, { token: admin.token, body: { issuer: backendIssuer } });
    expect([res.status, res.body.reason]).toEqual([409, 'issuer_taken']);
  });

  it('the development provider on another port updates its registration instead of adding one', async () => {
    const api = createCounterfoilClient({ baseUrl: app.url, accessToken: () => admin.token });
    const [firstPort, secondPort] = [await freePort(), await freePort()];
    const first = await registerDevIdentityProvider(api, `http://127.0.0.1:${firstPort}`);
    const second = await registerDevIdentityProvider(api, `http://127.0.0.1:${secondPort}`);
    expect(second).toBe(first);
    const all = await call(app.url, 'GET', '/identity-providers?page_size=200', { token: admin.token });
    const dev = all.body.items.filter((p: { audience: string; display_name: string }) => p.display_name === 'Development sign-in (sandbox)');
    expect(dev).toEqual([
      expect.objectContaining({ id: first, issuer: `http://127.0.0.1:${secondPort}`, jwks_uri: `http://127.0.0.1:${secondPort}/jwks`, console_sign_in: true, status: 'active' }),
    ]);
    // The same port again finds it by its issuer.
    expect(await registerDevIdentityProvider(api, `http://127.0.0.1:${secondPort}`)).toBe(first);
  });
});
