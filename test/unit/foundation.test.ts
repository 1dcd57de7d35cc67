import { createHmac } from 'node:crypto';
import { ConfigError, loadConfig } from '../../src/config';
import { TokenSigner } from '../../src/auth/tokens';
import { LocalRateLimiter } from '../../src/rate-limiter';
import { uuidv7, parseRef } from '../../src/ids';
import { Caller } from '../../src/auth/caller';
import { hashSecret, secretMatches } from '../../src/auth/secrets';

describe('configuration', () => {
  it('has documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ mode: 'sandbox', tenantApiPort: 8080, signedApiPort: 8081, temporalPort: 7233, temporalUiPort: 8233, temporalNamespace: 'default', taskQueue: 'counterfoil' });
    expect(c.tenantApiBaseUrl).toBe('http://127.0.0.1:8080');
  });

  it.each([
    ['COUNTERFOIL_API_PORT', 'eighty'],
    ['COUNTERFOIL_API_PORT', '70000'],
    ['COUNTERFOIL_MODE', 'staging'],
    ['LOG_LEVEL', 'loud'],
    ['DATABASE_URL', 'not a url'],
    ['COUNTERFOIL_TLS_CERT', '/only/cert.pem'],
    ['COUNTERFOIL_BOOTSTRAP_JURISDICTION', 'gbr'],
  ])('bad %s=%s stops start-up naming the variable', (name, value) => {
    let err: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).message).toMatch(name === 'COUNTERFOIL_TLS_CERT' ? /COUNTERFOIL_TLS_KEY/ : new RegExp(name));
  });
});

describe('access tokens', () => {
  const signer = new TokenSigner(Buffer.alloc(32, 7));
  const claims = { sub: 's', sk: 'service_account' as const, ent: 'e', ids: 'platform-managed' };

  it('round-trips claims and refuses tampering, other keys and expiry', async () => {
    const { token } = await signer.issue(claims, 60);
    expect(await signer.verify(token)).toMatchObject(claims);
    const [h, p, s] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), ent: 'other' })).toString('base64url');
    expect(await signer.verify(`${h}.${forged}.${s}`)).toBeNull();
    expect(await new TokenSigner(Buffer.alloc(32, 8)).verify(token)).toBeNull();
    expect(await signer.verify(token, Date.now() + 61_000)).toBeNull();
    expect(await signer.verify('not-a-token')).toBeNull();
  });

  // jose decodes each part leniently: without the shape check these verified as the token itself.
  it.each([
    ['a padded signature', (t: string) => `${t}=`],
    ['a padded payload', (t: string) => t.replace(/\.([^.]+)\./, '.$1=.')],
    ['the signature\'s last character respelt (same bytes)', (t: string) => `${t.slice(0, -1)}${String.fromCharCode(t.charCodeAt(t.length - 1) + 1)}`],
    ['a fourth part', (t: string) => `${t}.x`],
    ['white space around it', (t: string) => ` ${t}`],
  ])('refuses the token with %s, once the token itself has verified', async (_name, respell) => {
    const { token } = await signer.issue(claims, 60);
    expect(await signer.verify(token)).toMatchObject(claims);
    expect(await signer.verify(respell(token))).toBeNull();
  });

  it('writes the header the tokens issued before jose carried, and reads a token signed by hand', async () => {
    const { token } = await signer.issue(claims, 60);
    expect(JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'at+jwt' });
    // A token as the hand-written HMAC signer made it (header text, claims, HMAC-SHA256) stays valid across an upgrade.
    const iat = Math.floor(Date.now() / 1000);
    const input = `${Buffer.from('{"alg":"HS256","typ":"at+jwt"}').toString('base64url')}.${Buffer.from(JSON.stringify({ iss: 'counterfoil', ...claims, iat, exp: iat + 60, jti: 'j' })).toString('base64url')}`;
    const byHand = `${input}.${createHmac('sha256', Buffer.alloc(32, 7)).update(input).digest('base64url')}`;
    expect(await new TokenSigner(Buffer.alloc(32, 7)).verify(byHand)).toMatchObject({ ...claims, jti: 'j' });
    // alg none, or another algorithm's header, is refused.
    const none = `${Buffer.from('{"alg":"none","typ":"at+jwt"}').toString('base64url')}.${input.split('.')[1]}.`;
    expect(await signer.verify(none)).toBeNull();
  });
});

describe('secrets', () => {
  it('matches only the right secret against its hash', () => {
    const h = hashSecret('cfsk_abc');
    expect(secretMatches('cfsk_abc', h)).toBe(true);
    expect(secretMatches('cfsk_abd', h)).toBe(false);
    expect(secretMatches('cfsk_abc', null)).toBe(false);
  });
});

describe('rate limiter', () => {
  it("allows the window's budget, refuses the next, allows again in the next window", async () => {
    const limiter = new LocalRateLimiter({ readPerSecond: 2, writePerSecond: 1, tokenPerSecond: 1, burstSeconds: 1, store: 'memory', redisUrl: undefined });
    expect(await limiter.take('p', 'read')).toEqual({ 'RateLimit-Policy': '"read";q=2;w=1', RateLimit: '"read";r=1;t=1' });
    expect(await limiter.take('p', 'read')).toMatchObject({ RateLimit: '"read";r=0;t=1' });
    await expect(limiter.take('p', 'read')).rejects.toMatchObject({ code: 'EdgeRateLimited' });
    expect(await limiter.take('q', 'read')).toMatchObject({ RateLimit: '"read";r=1;t=1' }); // per principal
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    expect(await limiter.take('p', 'read')).toMatchObject({ RateLimit: '"read";r=1;t=1' });
  });
});

describe('ids and refs', () => {
  it('uuidv7 is well-formed and strictly increasing within a process', () => {
    const ids = Array.from({ length: 5000 }, () => uuidv7());
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('parses <collection>/<id> references', () => {
    const id = uuidv7();
    expect(parseRef(`clients/${id}`)).toEqual({ collection: 'clients', id });
    expect(parseRef('clients/not-an-id')).toBeNull();
    expect(parseRef(id)).toBeNull();
  });
});

describe('scope-based authorization', () => {
  const grants = [
    { permissions: new Set(['clients.read']), scopeRef: 'clients/A', propagation: 'subtree' as const },
    { permissions: new Set(['balances.read']), scopeRef: 'clients/B', propagation: 'exact' as const },
  ];
  const caller = new Caller('E', { id: 'u', kind: 'user', tenant_ref: 'enterprises/E' }, { id: 'u', kind: 'user', tenant_ref: 'enterprises/E' }, null, grants, 'platform-managed', null, 'jti');

  it.each([
    ['subtree grant covers a descendant', 'clients.read', ['enterprises/E', 'clients/A', 'client-accounts/X'], 'ok'],
    ['sibling client is invisible: 404', 'clients.read', ['enterprises/E', 'clients/C'], 'EdgeNotFound'],
    ['visible but without the permission: 403', 'balances.read', ['enterprises/E', 'clients/A'], 'EdgeForbidden'],
    ['exact grant covers only its own scope', 'balances.read', ['enterprises/E', 'clients/B'], 'ok'],
    ['exact grant does not cover descendants', 'balances.read', ['enterprises/E', 'clients/B', 'client-accounts/Y'], 'EdgeNotFound'],
    ['another enterprise is 404', 'clients.read', ['enterprises/F', 'clients/A'], 'EdgeNotFound'],
  ])('%s', (_name, permission, path, outcome) => {
    const run = () => caller.require(permission as never, path);
    if (outcome === 'ok') expect(run).not.toThrow();
    else expect(run).toThrow(expect.objectContaining({ code: outcome }));
  });
});
