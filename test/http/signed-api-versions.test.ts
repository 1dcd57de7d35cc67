import { call, startSignedTestApp, type SignedTestApp } from '../helpers/app';
import { creditExternalDeposit } from '../../src/ledger';
import { uuidv7 } from '../../src/ids';
import { apiKeyDirectory } from '../../src/domain/api-keys/directory';
import { FIRST_API_VERSION, LATEST_API_VERSION, renderAt } from '../../src/versions';
import { SIGNED_ERRORS } from '../../src/http/signed/errors';
import { newAdmin, newClient, type Admin } from './iam-fixtures';
import { newApiKey, signingClient, type IssuedKey } from './api-key-fixtures';

/*
 * Dated versions on the signed `/v1` API: the Counterfoil-Version header, else the API key's pinned
 * version; an unknown one is refused in the signed API's error form before anything happens.
 */

let app: SignedTestApp;
let admin: Admin;

beforeAll(async () => {
  app = await startSignedTestApp();
  admin = await newAdmin(app, 'Signed Versions Ltd');
});
afterAll(() => app.close());

async function fundedKey(): Promise<IssuedKey> {
  const key = await newApiKey(app, admin, await newClient(app, admin));
  await creditExternalDeposit(app.services.sql, { key: `test-deposit/${uuidv7()}`, enterpriseId: admin.tenant.enterpriseId, accountRef: key.account_ref, asset: 'USD', amount: 100_000n });
  return key;
}

const balance = (key: IssuedKey, headers: Record<string, string> = {}) => call(app.signedUrl, 'GET', '/v1/balance', { headers: { 'x-apikey': key.api_key, ...headers } });

it('pins a new key to the latest version, shows it on the key, and answers at it without a header', async () => {
  const key = await fundedKey();
  expect(key.api_version).toBe(LATEST_API_VERSION);
  const res = await balance(key);
  expect(res.status).toBe(200);
  expect(res.headers.get('counterfoil-version')).toBe(LATEST_API_VERSION);
  const quote = await signingClient(app.signedUrl, key).post<any>('/v1/convert/getQuote', { fromTicker: 'usd', toTicker: 'usdc', fromAmount: '10.00' });
  expect(quote.status).toBe(200);
  expect(quote.headers.get('counterfoil-version')).toBe(LATEST_API_VERSION);
});

it('answers a key from before versions at the first version; the header overrides the pin', async () => {
  const key = await fundedKey();
  await app.services.sql`update api_keys set api_version = null where id = ${key.id}`;
  apiKeyDirectory(app.services).invalidate(key.id);
  const pinned = await balance(key);
  expect(pinned.status).toBe(200);
  expect(pinned.headers.get('counterfoil-version')).toBe(FIRST_API_VERSION);
  expect((await call(app.url, 'GET', `/api-keys/${key.id}`, { token: admin.token })).body.api_version).toBe(FIRST_API_VERSION);
  const latest = await balance(key, { 'counterfoil-version': LATEST_API_VERSION });
  expect(latest.headers.get('counterfoil-version')).toBe(LATEST_API_VERSION);
  // No signed change yet: the shapes are the same at both versions.
  expect(latest.body).toEqual(pinned.body);
});

it('a signed POST with an explicit version verifies and is answered at that version', async () => {
  const key = await fundedKey();
  const client = signingClient(app.signedUrl, key, { apiVersion: FIRST_API_VERSION });
  const quote = await client.post<any>('/v1/convert/getQuote', { fromTicker: 'usd', toTicker: 'usdc', fromAmount: '10.00' });
  expect(quote.status).toBe(200);
  expect(quote.headers.get('counterfoil-version')).toBe(FIRST_API_VERSION);
  const exchange = await client.post<any>('/v1/convert/exchange', { quoteId: quote.body.quoteId });
  expect(exchange.status).toBe(200);
  expect(exchange.headers.get('counterfoil-version')).toBe(FIRST_API_VERSION);
  expect(exchange.body).toMatchObject({ quoteId: quote.body.quoteId, status: 'executed' });
});

it.each(['2026-13-01', 'latest', '2026-11-25'])('refuses the unknown version %s with 2007 INVALID_API_VERSION, and nothing happens', async (v) => {
  const key = await fundedKey();
  const quote = await signingClient(app.signedUrl, key).post<any>('/v1/convert/getQuote', { fromTicker: 'usd', toTicker: 'usdc', fromAmount: '10.00' });
  expect(quote.status).toBe(200);
  const refused = await signingClient(app.signedUrl, key, { apiVersion: v }).post<any>('/v1/convert/exchange', { quoteId: quote.body.quoteId });
  expect({ status: refused.status, body: refused.body }).toEqual({
    status: SIGNED_ERRORS.INVALID_API_VERSION.status,
    body: { errorCode: 2007, errorLabel: 'INVALID_API_VERSION', errorDescription: expect.stringContaining(LATEST_API_VERSION), reason: 'unknown_api_version' },
  });
  expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
  const [{ n }] = await app.services.sql`select count(*)::int as n from conversions where quote_id = ${quote.body.quoteId.split('.')[0]}`;
  expect(n).toBe(0);
  // The quote is still unused: the same exchange without the bad header executes it.
  const exchanged = await signingClient(app.signedUrl, key).post<any>('/v1/convert/exchange', { quoteId: quote.body.quoteId });
  expect(exchanged.status).toBe(200);
  expect((await balance(key, { 'counterfoil-version': v })).status).toBe(400);
});

it('applies a version change only to the surface it declares', () => {
  const record = { id: uuidv7(), family: 'internal_transfer', principal_amount: { currency: 'USD', value: '1.00' }, fee_summary: {} };
  expect(renderAt(record, LATEST_API_VERSION, 'tenant')).toEqual({ resource: 'transaction', ...record });
  expect(renderAt(record, LATEST_API_VERSION, 'signed')).toEqual(record);
});

it('documents the header, its response header and 2007 in /v1/openapi.json', async () => {
  const doc = (await call(app.signedUrl, 'GET', '/v1/openapi.json')).body;
  expect(doc.components.parameters.CounterfoilVersion).toMatchObject({ name: 'Counterfoil-Version', in: 'header', required: false });
  for (const [path, method] of [['/v1/balance', 'get'], ['/v1/convert/getQuote', 'post']] as const) {
    const op = doc.paths[path][method];
    expect(op.parameters).toContainEqual({ $ref: '#/components/parameters/CounterfoilVersion' });
    expect(op.responses['200'].headers['Counterfoil-Version']).toBeDefined();
    expect(op.responses['400'].description).toContain('2007 INVALID_API_VERSION');
  }
  expect(doc.info.description).toContain('not covered by the signature');
});
