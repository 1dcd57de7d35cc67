import { createPrivateKey, sign } from 'node:crypto';
import { call, listenSignedApp, startSignedTestApp, type SignedTestApp } from '../helpers/app';
import { creditExternalDeposit, balancesOf } from '../../src/ledger';
import { uuidv7 } from '../../src/ids';
import { signBody, secretKeyFromPkcs8 } from '../../clients/typescript/signed';
import { SIGNED_ERRORS, type SignedErrorLabel } from '../../src/http/signed/errors';
import { ERROR_REASONS } from '../../src/errors';
import { newAdmin, newClient, type Admin } from './iam-fixtures';
import { newApiKey, signingClient, type IssuedKey } from './api-key-fixtures';

let app: SignedTestApp;
let admin: Admin;

beforeAll(async () => {
  app = await startSignedTestApp();
  admin = await newAdmin(app, 'Signed API Ltd');
});
afterAll(() => app.close());

const clientIdOf = (ref: string) => ref.slice('clients/'.length);

/** A fresh client with one API key (each case owns its client, so states never leak between cases). */
async function issue(extra: Record<string, unknown> = {}): Promise<IssuedKey & { clientRef: string }> {
  const clientRef = await newClient(app, admin);
  return { ...(await newApiKey(app, admin, clientRef, extra)), clientRef };
}

/** Test-only funding: books an external deposit through the ledger API. */
const fund = (accountRef: string, asset: string, minor: bigint) =>
  creditExternalDeposit(app.services.sql, { key: `test-deposit/${uuidv7()}`, enterpriseId: admin.tenant.enterpriseId, accountRef, asset, amount: minor });

/** A signed quote for converting 10.00 USD to USDC. */
const usdQuote = (client: ReturnType<typeof signingClient>) => client.post<any>('/v1/convert/getQuote', { fromTicker: 'usd', toTicker: 'usdc', fromAmount: '10.00' });

const quoteBody = (timestamp = Date.now(), extra: Record<string, unknown> = {}) =>
  JSON.stringify({ fromTicker: 'usd', toTicker: 'usdc', fromAmount: '10.00', timestamp, ...extra });

/** A POST exactly as given: these bytes, this signature (or none), these headers. */
async function rawPost(base: string, path: string, key: Pick<IssuedKey, 'api_key'> | null, body: string, signature: string | null, headers: Record<string, string> = {}) {
  return call(base, 'POST', path, {
    rawBody: body,
    headers: {
      'content-type': 'application/json',
      ...(key ? { 'x-apikey': key.api_key } : {}),
      ...(signature !== null ? { 'x-signature': signature } : {}),
      ...headers,
    },
  });
}

const signedPost = async (key: IssuedKey, path: string, body: string, base = app.signedUrl) =>
  rawPost(base, path, key, body, await signBody(body, secretKeyFromPkcs8(key.private_key)));

/** What both the raw calls and the signing client answer. */
type Answer = { status: number; headers: Headers; body: any };

const balance = (key: IssuedKey, base = app.signedUrl) => call(base, 'GET', '/v1/balance', { headers: { 'x-apikey': key.api_key } });

function expectRefusal(res: Answer, label: SignedErrorLabel) {
  expect({ status: res.status, body: res.body }).toEqual({
    status: SIGNED_ERRORS[label].status,
    body: { errorCode: SIGNED_ERRORS[label].code, errorLabel: label, errorDescription: expect.any(String), reason: expect.any(String) },
  });
  expect(ERROR_REASONS).toContain(res.body.reason);
}

describe("the signed API contract's error tables, row by row", () => {
  const rows: Array<{ name: string; label: SignedErrorLabel; status: number; code: number; send: () => Promise<Answer> }> = [
    {
      name: 'x-signature missing on a POST',
      label: 'MISSING_SIGNATURE',
      status: 401,
      code: 9008,
      send: async () => rawPost(app.signedUrl, '/v1/convert/getQuote', await issue(), quoteBody(), null),
    },
    {
      name: 'signature by another key',
      label: 'INVALID_SIGNATURE',
      status: 401,
      code: 9009,
      send: async () => {
        const [key, other] = [await issue(), await issue()];
        const body = quoteBody();
        return rawPost(app.signedUrl, '/v1/convert/getQuote', key, body, await signBody(body, secretKeyFromPkcs8(other.private_key)));
      },
    },
    {
      name: 'timestamp missing',
      label: 'INVALID_TIMESTAMP',
      status: 401,
      code: 1001,
      send: async () => signedPost(await issue(), '/v1/convert/getQuote', JSON.stringify({ fromTicker: 'usd', toTicker: 'usdc', fromAmount: '10.00' })),
    },
    {
      name: 'request expired (timestamp a minute old)',
      label: 'INVALID_TIMESTAMP',
      status: 401,
      code: 1001,
      send: async () => signedPost(await issue(), '/v1/convert/getQuote', quoteBody(Date.now() - 60_000)),
    },
    { name: 'x-apikey missing on a GET', label: 'MISSING_API_KEY', status: 401, code: 9006, send: () => call(app.signedUrl, 'GET', '/v1/balance') },
    { name: 'x-apikey missing on a POST', label: 'MISSING_API_KEY', status: 401, code: 9006, send: () => rawPost(app.signedUrl, '/v1/convert/getQuote', null, quoteBody(), 'x') },
    {
      name: 'unknown key',
      label: 'INVALID_API_KEY',
      status: 401,
      code: 9007,
      send: () => call(app.signedUrl, 'GET', '/v1/balance', { headers: { 'x-apikey': 'cfk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' } }),
    },
    {
      name: 'revoked key',
      label: 'INVALID_API_KEY',
      status: 401,
      code: 9007,
      send: async () => {
        const key = await issue();
        expect((await balance(key)).status).toBe(200); // cached as valid first: revocation must evict it
        await call(app.url, 'POST', `/api-keys/${key.id}/revoke`, { token: admin.token });
        return balance(key);
      },
    },
    {
      name: "the key's client is closed",
      label: 'UNAUTHORIZED',
      status: 401,
      code: 9001,
      send: async () => {
        const key = await issue();
        await call(app.url, 'POST', `/clients/${clientIdOf(key.clientRef)}/close`, { token: admin.token });
        return balance(key);
      },
    },
    {
      name: 'allowlist that excludes 127.0.0.1',
      label: 'INVALID_IP',
      status: 403,
      code: 9012,
      send: async () => balance(await issue({ ip_allowlist: ['10.0.0.0/8', '2001:db8::/32'] })),
    },
    {
      name: 'identity verification not completed',
      label: 'KYC_NOT_VERIFIED',
      status: 403,
      code: 9013,
      send: async () => {
        const key = await issue();
        await call(app.url, 'PUT', `/sandbox/clients/${clientIdOf(key.clientRef)}/kyc`, { token: admin.token, body: { kyc_status: 'pending' } });
        return balance(key);
      },
    },
    {
      name: 'API access disabled for the client',
      label: 'API_NOT_AVAILABLE',
      status: 403,
      code: 9014,
      send: async () => {
        const key = await issue();
        await call(app.url, 'PUT', `/sandbox/clients/${clientIdOf(key.clientRef)}/api-access`, { token: admin.token, body: { api_access: false } });
        return balance(key);
      },
    },
    {
      name: 'api_keys capability disabled for the client',
      label: 'API_NOT_AVAILABLE',
      status: 403,
      code: 9014,
      send: async () => {
        const key = await issue();
        await call(app.url, 'PUT', `/clients/${clientIdOf(key.clientRef)}/capabilities/api_keys`, { token: admin.token, body: { enabled: false } });
        return signedPost(key, '/v1/convert/getQuote', quoteBody());
      },
    },
  ];

  it.each(rows)('$name → $status $code $label', async ({ label, status, code, send }) => {
    const res = await send();
    expect(SIGNED_ERRORS[label]).toMatchObject({ status, code }); // the table is the signed API contract's
    expectRefusal(res, label);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe('signatures are over the exact bytes', () => {
  it('a one-bit flip in the signature is 9009', async () => {
    const key = await issue();
    const body = quoteBody();
    const signature = Buffer.from(await signBody(body, secretKeyFromPkcs8(key.private_key)), 'base64');
    expect((await rawPost(app.signedUrl, '/v1/convert/getQuote', key, body, signature.toString('base64'))).status).toBe(200);
    signature[17] ^= 0x04;
    expectRefusal(await rawPost(app.signedUrl, '/v1/convert/getQuote', key, body, signature.toString('base64')), 'INVALID_SIGNATURE');
  });

  it('the same JSON re-serialized (same meaning, other bytes) is 9009', async () => {
    const key = await issue();
    const body = quoteBody();
    const signature = await signBody(body, secretKeyFromPkcs8(key.private_key));
    const reserialized = JSON.stringify(JSON.parse(body), null, 1);
    expect(JSON.parse(reserialized)).toEqual(JSON.parse(body));
    expectRefusal(await rawPost(app.signedUrl, '/v1/convert/getQuote', key, reserialized, signature), 'INVALID_SIGNATURE');
    const reordered = JSON.stringify({ timestamp: JSON.parse(body).timestamp, fromAmount: '10.00', toTicker: 'usdc', fromTicker: 'usd' });
    expectRefusal(await rawPost(app.signedUrl, '/v1/convert/getQuote', key, reordered, signature), 'INVALID_SIGNATURE');
  });

  it('a signature that is not base64 of 64 bytes is 9009', async () => {
    const key = await issue();
    const short = Buffer.alloc(63, 1).toString('base64');
    expectRefusal(await rawPost(app.signedUrl, '/v1/convert/getQuote', key, quoteBody(), short), 'INVALID_SIGNATURE');
    expectRefusal(await rawPost(app.signedUrl, '/v1/convert/getQuote', key, quoteBody(), 'not base64 at all!'), 'INVALID_SIGNATURE');
  });

  it("a request signed with node's own crypto.sign (not our client) is accepted", async () => {
    const key = await issue();
    await fund(key.account_ref, 'USD', 5_000n);
    const privateKey = createPrivateKey({ key: Buffer.from(key.private_key, 'base64'), format: 'der', type: 'pkcs8' });
    const body = Buffer.from(quoteBody(), 'utf8');
    const res = await rawPost(app.signedUrl, '/v1/convert/getQuote', key, body.toString('utf8'), sign(null, body, privateKey).toString('base64'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ fromTicker: 'usd', toTicker: 'usdc', fromAmount: '10.00' });
  });
});

describe('the time rule, against a fixed server clock', () => {
  const serverTime = 1_800_000_000_000;
  let frozen: Awaited<ReturnType<typeof listenSignedApp>>;
  let key: IssuedKey;

  beforeAll(async () => {
    frozen = await listenSignedApp(app, { now: () => serverTime });
    key = await issue();
  });
  afterAll(() => frozen.close(1000));

  const cases: Array<{ name: string; timestamp: number; recvWindow?: number; label: SignedErrorLabel | null }> = [
    { name: '1001 ms ahead', timestamp: serverTime + 1001, label: 'INVALID_TIMESTAMP' },
    { name: '1000 ms ahead (timestamp < serverTime + 1000 fails)', timestamp: serverTime + 1000, label: 'INVALID_TIMESTAMP' },
    { name: '999 ms ahead', timestamp: serverTime + 999, label: null },
    { name: 'default recvWindow + 1 ms behind', timestamp: serverTime - 5001, label: 'INVALID_TIMESTAMP' },
    { name: 'exactly the default recvWindow behind', timestamp: serverTime - 5000, label: null },
    { name: 'recvWindow 1000, 1001 ms behind', timestamp: serverTime - 1001, recvWindow: 1000, label: 'INVALID_TIMESTAMP' },
    { name: 'recvWindow 60000, 60001 ms behind', timestamp: serverTime - 60_001, recvWindow: 60_000, label: 'INVALID_TIMESTAMP' },
    { name: 'recvWindow 60000, 60000 ms behind', timestamp: serverTime - 60_000, recvWindow: 60_000, label: null },
    { name: 'recvWindow above the maximum', timestamp: serverTime, recvWindow: 60_001, label: 'INVALID_RECV_WINDOW' },
    { name: 'recvWindow zero', timestamp: serverTime, recvWindow: 0, label: 'INVALID_RECV_WINDOW' },
    { name: 'timestamp as a string', timestamp: String(serverTime) as unknown as number, label: 'INVALID_TIMESTAMP' },
  ];

  it.each(cases)('$name', async ({ timestamp, recvWindow, label }) => {
    const res = await signedPost(key, '/v1/convert/getQuote', quoteBody(timestamp, recvWindow === undefined ? {} : { recvWindow }), frozen.url);
    if (label) expectRefusal(res, label);
    else expect(res.status).toBe(200);
  });
});

describe('IP allowlists', () => {
  it('an allowlist with ::1 admits a client on ::1 and refuses one on 127.0.0.1', async () => {
    const dualStack = await listenSignedApp(app, { host: '::' });
    try {
      const key = await issue({ ip_allowlist: ['::1'] });
      const port = dualStack.port;
      expect((await call(`http://[::1]:${port}`, 'GET', '/v1/balance', { headers: { 'x-apikey': key.api_key } })).status).toBe(200);
      expectRefusal(await call(`http://127.0.0.1:${port}`, 'GET', '/v1/balance', { headers: { 'x-apikey': key.api_key } }), 'INVALID_IP');
    } finally {
      await dualStack.close(1000);
    }
  });

  it('X-Forwarded-For counts only behind a trusted proxy', async () => {
    const key = await issue({ ip_allowlist: ['198.51.100.7'] });
    const spoofed = { 'x-apikey': key.api_key, 'x-forwarded-for': '198.51.100.7' };
    expectRefusal(await call(app.signedUrl, 'GET', '/v1/balance', { headers: spoofed }), 'INVALID_IP');
    const proxied = await listenSignedApp(app, { trustedProxies: ['127.0.0.1'] });
    try {
      expect((await call(proxied.url, 'GET', '/v1/balance', { headers: spoofed })).status).toBe(200);
    } finally {
      await proxied.close(1000);
    }
  });

  it('a changed allowlist applies on the very next request', async () => {
    const key = await issue();
    expect((await balance(key)).status).toBe(200);
    const patched = await call(app.url, 'PATCH', `/api-keys/${key.id}`, { token: admin.token, body: { ip_allowlist: ['10.0.0.0/8'] } });
    expect(patched.status).toBe(200);
    expectRefusal(await balance(key), 'INVALID_IP');
  });
});

describe('balance, exchange info, quotes and exchanges', () => {
  it('GET /v1/balance answers the available and held amounts per asset', async () => {
    const key = await issue();
    await fund(key.account_ref, 'USD', 12_345n);
    const res = await balance(key);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ accountRef: key.account_ref, balances: [{ ticker: 'usd', available: '123.45', held: '0.00', total: '123.45' }] });
  });

  it('GET /v1/convert/exchangeInfo lists the pairs with limits and precision', async () => {
    const res = await call(app.signedUrl, 'GET', '/v1/convert/exchangeInfo', { headers: { 'x-apikey': (await issue()).api_key } });
    expect(res.status).toBe(200);
    expect(res.body.pairs).toContainEqual({
      fromTicker: 'usd',
      toTicker: 'usdc',
      minFromAmount: '1.00',
      maxFromAmount: '1000000.00',
      fromPrecision: 2,
      toPrecision: 6,
      ratePrecision: 4,
      quoteTtlMs: 10_000,
      enabled: true,
    });
    expect(res.body.pairs).toContainEqual(expect.objectContaining({ fromTicker: 'eth', toTicker: 'btc', enabled: false }));
  });

  it('an exchange executes a quote at most once: replaying the same signed request books nothing more', async () => {
    const key = await issue();
    await fund(key.account_ref, 'USD', 10_000n);
    const client = signingClient(app.signedUrl, key);
    const quote = await client.post<any>('/v1/convert/getQuote', { fromTicker: 'usd', toTicker: 'usdc', fromAmount: '50.00' });
    expect(quote.status).toBe(200);
    expect(quote.body).toMatchObject({ fromTicker: 'usd', toTicker: 'usdc', fromAmount: '50.00', fee: { ticker: 'usd' } });
    expect(quote.body.expiresAt).toBeGreaterThan(Date.now());

    const body = JSON.stringify({ quoteId: quote.body.quoteId, timestamp: Date.now() });
    const first = await signedPost(key, '/v1/convert/exchange', body);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ quoteId: quote.body.quoteId, status: 'executed', fromAmount: '50.00', toAmount: quote.body.toAmount, fee: quote.body.fee });
    const after = await balancesOf(app.services.sql, key.account_ref);

    const replay = await signedPost(key, '/v1/convert/exchange', body);
    expect(replay.status).toBe(200);
    // The replay header of both surfaces, with the deprecated alias; the first answer carries neither.
    expect([replay.headers.get('idempotent-replayed'), replay.headers.get('x-replayed')]).toEqual(['true', 'true']);
    expect([first.headers.get('idempotent-replayed'), first.headers.get('x-replayed')]).toEqual([null, null]);
    expect(replay.body).toEqual(first.body);
    expect(await balancesOf(app.services.sql, key.account_ref)).toEqual(after);

    expectRefusal(await client.post('/v1/convert/exchange', { quoteId: quote.body.quoteId }), 'QUOTE_USED');
    const [{ count }] = await app.services.sql`select count(*)::int as count from conversions where quote_id = ${quote.body.quoteId.split('.')[0]}`;
    expect(count).toBe(1);
    const usd = after.find((b) => b.asset === 'USD')!;
    expect(usd.total).toBe(10_000n - 5_000n - BigInt(quote.body.fee.amount.replace('.', '')));
    const usdc = after.find((b) => b.asset === 'USDC')!;
    expect(usdc.total.toString()).toBe(quote.body.toAmount.replace('.', '').replace(/^0+/, ''));
    const [event] = await app.services.sql`select attribution from events where resource_ref = ${`conversions/${first.body.exchangeId}`}`;
    expect(event.attribution).toMatchObject({ identity_source: 'api_key', subject: { id: key.id, kind: 'api_key' } });
  });

  it('two different requests exchanging one quote at the same time book it once', async () => {
    const key = await issue();
    await fund(key.account_ref, 'USD', 100_000n);
    const client = signingClient(app.signedUrl, key);
    const quote = await usdQuote(client);
    const now = Date.now();
    const answers = await Promise.all(
      [now, now - 1, now - 2].map((timestamp) => signedPost(key, '/v1/convert/exchange', JSON.stringify({ quoteId: quote.body.quoteId, timestamp }))),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    for (const refused of answers.filter((a) => a.status !== 200)) expectRefusal(refused, 'QUOTE_USED');
    const [{ count }] = await app.services.sql`select count(*)::int as count from conversions where quote_id = ${quote.body.quoteId.split('.')[0]}`;
    expect(count).toBe(1);
  });

  /** Exchanges a fresh quote of a funded account under its id with the sealed part respelt. */
  const exchangeRespelt = async (k: IssuedKey, respell: (sealed: string) => string) => {
    await fund(k.account_ref, 'USD', 100_000n);
    const client = signingClient(app.signedUrl, k);
    const [id, sealed] = (await usdQuote(client)).body.quoteId.split('.');
    return client.post('/v1/convert/exchange', { quoteId: `${id}.${respell(sealed)}` });
  };
  const refusals: Array<{ name: string; label: SignedErrorLabel; send: (key: IssuedKey) => Promise<Answer> }> = [
    { name: 'unknown ticker', label: 'UNKNOWN_PAIR', send: (k) => signedPost(k, '/v1/convert/getQuote', quoteBody(Date.now(), { fromTicker: 'xyz' })) },
    { name: 'unlisted pair', label: 'UNKNOWN_PAIR', send: (k) => signedPost(k, '/v1/convert/getQuote', quoteBody(Date.now(), { fromTicker: 'gbp', toTicker: 'eur' })) },
    { name: 'disabled pair', label: 'PAIR_DISABLED', send: (k) => signedPost(k, '/v1/convert/getQuote', quoteBody(Date.now(), { fromTicker: 'eth', toTicker: 'btc', fromAmount: '1' })) },
    { name: 'amount below the minimum', label: 'AMOUNT_OUT_OF_RANGE', send: (k) => signedPost(k, '/v1/convert/getQuote', quoteBody(Date.now(), { fromAmount: '0.50' })) },
    { name: 'more decimals than the asset', label: 'AMOUNT_OUT_OF_RANGE', send: (k) => signedPost(k, '/v1/convert/getQuote', quoteBody(Date.now(), { fromAmount: '10.001' })) },
    { name: 'amount not a decimal string', label: 'INVALID_BODY', send: (k) => signedPost(k, '/v1/convert/getQuote', quoteBody(Date.now(), { fromAmount: 10 })) },
    { name: 'upper-case ticker', label: 'INVALID_BODY', send: (k) => signedPost(k, '/v1/convert/getQuote', quoteBody(Date.now(), { fromTicker: 'USD' })) },
    { name: 'unknown field', label: 'INVALID_BODY', send: (k) => signedPost(k, '/v1/convert/getQuote', quoteBody(Date.now(), { colour: 'red' })) },
    { name: 'signed body that is not JSON', label: 'INVALID_BODY', send: (k) => signedPost(k, '/v1/convert/getQuote', '{"fromTicker":') },
    { name: 'signed JSON array', label: 'INVALID_BODY', send: (k) => signedPost(k, '/v1/convert/getQuote', '[1]') },
    {
      name: 'POST without Content-Type application/json',
      label: 'UNSUPPORTED_MEDIA_TYPE',
      send: async (k) => rawPost(app.signedUrl, '/v1/convert/getQuote', k, quoteBody(), await signBody(quoteBody(), secretKeyFromPkcs8(k.private_key)), { 'content-type': 'text/plain' }),
    },
    { name: 'body over 64 KiB', label: 'PAYLOAD_TOO_LARGE', send: (k) => signedPost(k, '/v1/convert/getQuote', quoteBody(Date.now(), { pad: 'x'.repeat(70_000) })) },
    { name: 'unknown quote', label: 'QUOTE_NOT_FOUND', send: (k) => signingClient(app.signedUrl, k).post('/v1/convert/exchange', { quoteId: uuidv7() }) },
    {
      name: 'quote of another key',
      label: 'QUOTE_NOT_FOUND',
      send: async (k) => {
        const other = await issue();
        const quote = await usdQuote(signingClient(app.signedUrl, other));
        return signingClient(app.signedUrl, k).post('/v1/convert/exchange', { quoteId: quote.body.quoteId });
      },
    },
    {
      name: 'quote id with one bit of its terms flipped',
      label: 'QUOTE_NOT_FOUND',
      send: async (k) => {
        await fund(k.account_ref, 'USD', 100_000n);
        const client = signingClient(app.signedUrl, k);
        const quote = await usdQuote(client);
        const [id, sealed] = quote.body.quoteId.split('.');
        const bytes = Buffer.from(sealed, 'base64url');
        bytes[20] ^= 1; // one bit of the sealed terms
        return client.post('/v1/convert/exchange', { quoteId: `${id}.${bytes.toString('base64url')}` });
      },
    },
    { name: 'quote id padded', label: 'QUOTE_NOT_FOUND', send: (k) => exchangeRespelt(k, (sealed) => `${sealed}=`) },
    { name: 'quote id with its last character respelt (same bytes)', label: 'QUOTE_NOT_FOUND', send: (k) => exchangeRespelt(k, (sealed) => `${sealed.slice(0, -1)}${String.fromCharCode(sealed.charCodeAt(sealed.length - 1) + 1)}`) },
    {
      name: 'insufficient funds',
      label: 'INSUFFICIENT_FUNDS',
      send: async (k) => {
        const client = signingClient(app.signedUrl, k);
        const quote = await usdQuote(client);
        return client.post('/v1/convert/exchange', { quoteId: quote.body.quoteId });
      },
    },
    {
      name: 'expired quote',
      label: 'QUOTE_EXPIRED',
      send: async (k) => {
        await fund(k.account_ref, 'USD', 10_000n);
        // A quote issued 15 s ago (by a signed API whose clock lags) is past its 10 s lifetime.
        const lag = () => Date.now() - 15_000;
        const lagging = await listenSignedApp(app, { now: lag });
        try {
          const quote = await usdQuote(signingClient(lagging.url, k, { now: lag }));
          expect(quote.body.expiresAt).toBeLessThan(Date.now());
          return await signingClient(app.signedUrl, k).post('/v1/convert/exchange', { quoteId: quote.body.quoteId });
        } finally {
          await lagging.close(1000);
        }
      },
    },
    {
      name: 'suspended client',
      label: 'ACCOUNT_RESTRICTED',
      send: async (k) => {
        await fund(k.account_ref, 'USD', 10_000n);
        const client = signingClient(app.signedUrl, k);
        const quote = await usdQuote(client);
        const clientId = (await app.services.sql`select client_id from api_keys where id = ${k.id}`)[0].client_id;
        await call(app.url, 'POST', `/clients/${clientId}/suspend`, { token: admin.token });
        expect((await balance(k)).status).toBe(200); // reads still work while suspended
        return client.post('/v1/convert/exchange', { quoteId: quote.body.quoteId });
      },
    },
    { name: 'unknown endpoint', label: 'NOT_FOUND', send: () => call(app.signedUrl, 'GET', '/v1/nothing') },
    { name: 'wrong method', label: 'METHOD_NOT_ALLOWED', send: () => call(app.signedUrl, 'DELETE', '/v1/balance') },
  ];

  it.each(refusals)('$name → $label', async ({ label, send }) => {
    expectRefusal(await send(await issue()), label);
  });

  it('too many requests for a key → 9429 RATE_LIMITED with Retry-After', async () => {
    const limited = await startSignedTestApp({ COUNTERFOIL_RATE_LIMIT_READ_PER_SECOND: '1', COUNTERFOIL_RATE_LIMIT_BURST_SECONDS: '1' });
    try {
      const key = await newApiKey(limited, admin, await newClient(limited, admin));
      const headers = { 'x-apikey': key.api_key };
      expect((await call(limited.signedUrl, 'GET', '/v1/balance', { headers })).status).toBe(200);
      const refused = await call(limited.signedUrl, 'GET', '/v1/balance', { headers });
      expectRefusal(refused, 'RATE_LIMITED');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    } finally {
      await limited.close();
    }
  });
});

describe('cached standing', () => {
  it('a KYC change applies on the very next request even after the standing was cached', async () => {
    const key = await issue();
    expect((await balance(key)).status).toBe(200); // caches the standing as good
    await call(app.url, 'PUT', `/sandbox/clients/${clientIdOf(key.clientRef)}/kyc`, { token: admin.token, body: { kyc_status: 'pending' } });
    expectRefusal(await balance(key), 'KYC_NOT_VERIFIED');
    await call(app.url, 'PUT', `/sandbox/clients/${clientIdOf(key.clientRef)}/kyc`, { token: admin.token, body: { kyc_status: 'verified' } });
    expect((await balance(key)).status).toBe(200);
  });
});

describe('revocation and reactivation', () => {
  it('a revoked key stops at once; reactivation issues a new key and the old one stays dead', async () => {
    const key = await issue();
    expect((await balance(key)).status).toBe(200);
    await call(app.url, 'POST', `/api-keys/${key.id}/revoke`, { token: admin.token });
    expectRefusal(await balance(key), 'INVALID_API_KEY');
    const renewed = await call(app.url, 'POST', `/api-keys/${key.id}/reactivate`, { token: admin.token });
    expect(renewed.status).toBe(200);
    expectRefusal(await balance(key), 'INVALID_API_KEY');
    expect((await balance(renewed.body)).status).toBe(200);
    // The old private key no longer signs for the key, even with the new API key.
    const body = quoteBody();
    expectRefusal(await rawPost(app.signedUrl, '/v1/convert/getQuote', renewed.body, body, await signBody(body, secretKeyFromPkcs8(key.private_key))), 'INVALID_SIGNATURE');
    expect((await signedPost(renewed.body, '/v1/convert/getQuote', body)).status).toBe(200);
  });
});

describe('GET /v1/openapi.json', () => {
  it('documents the four operations and the error body', async () => {
    const res = await call(app.signedUrl, 'GET', '/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths).sort()).toEqual(['/v1/balance', '/v1/convert/exchange', '/v1/convert/exchangeInfo', '/v1/convert/getQuote']);
    expect(res.body.components.schemas.V1Error.required.sort()).toEqual(['errorCode', 'errorDescription', 'errorLabel', 'reason']);
    expect(res.body.paths['/v1/convert/getQuote'].post.responses['422']['x-reasons']).toEqual(expect.arrayContaining(['amount_precision', 'pair_not_supported', 'unknown_asset']));
    expect(res.body.paths['/v1/convert/getQuote'].post.responses['401'].description).toContain('9008 MISSING_SIGNATURE');
    expect(res.body.info.description).toContain('| 403 | 9013 | KYC_NOT_VERIFIED |');
  });
});
