import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CounterfoilError, createCounterfoilClient, newIdempotencyKey, notModified, unwrap } from '../../clients/typescript/index';
import { createTenant, startTestApp, type TestApp } from '../helpers/app';

/*
 * The generated TypeScript client (clients/typescript): current with the document the API serves, and
 * it talks to the real API. That the console and the example program compile against it is
 * `npm run typecheck`'s to say (`.ci/run` runs it before the tests).
 */

const ROOT = path.join(__dirname, '..', '..');
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

it('is generated from the OpenAPI document the API serves (run `npm run generate:client` after an API change)', async () => {
  const served = path.join(mkdtempSync(path.join(os.tmpdir(), 'counterfoil-openapi-')), 'openapi.json');
  writeFileSync(served, await (await fetch(`${app.url}/openapi.json`)).text());
  // In a process of its own: openapi-typescript loads ESM-only modules that jest's registry cannot.
  const run = promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'generate-client.ts'), '--check', '--from', served], { cwd: ROOT });
  await expect(run).resolves.toMatchObject({ stderr: '' });
});

it('signs in with client credentials and reads typed answers; a money call carries the key it was given', async () => {
  const tenant = await createTenant(app.services, 'Typed Client Ltd');
  let token: string | null = null;
  const api = createCounterfoilClient({ baseUrl: app.url, accessToken: () => token });
  const issued = await api.POST('/oauth/token', { body: { grant_type: 'client_credentials', client_id: tenant.clientId, client_secret: tenant.clientSecret } });
  token = issued.data!.access_token;
  const enterprise = await api.GET('/enterprises/{enterprise_id}', { params: { path: { enterprise_id: tenant.enterpriseId } } });
  expect(enterprise.data).toMatchObject({ id: tenant.enterpriseId, resource: 'enterprise' });

  const key = newIdempotencyKey();
  const body = { source_ref: 'client-accounts/0193a1c2-7f00-7abc-8def-0123456789ab', target_ref: 'client-accounts/0193a1c2-7f00-7abc-8def-0123456789ac', amount: { currency: 'USDC', value: '1.00' } };
  const first = await api.POST('/internal-transfers', { params: { header: { 'Idempotency-Key': key } }, body });
  const retry = await api.POST('/internal-transfers', { params: { header: { 'Idempotency-Key': key } }, body });
  // Unknown accounts: a refusal, stored under the key and replayed to the retry.
  expect(first.error).toMatchObject({ status: 404, code: 'EdgeNotFound' });
  expect(retry.response.headers.get('idempotent-replayed')).toBe('true');
  expect({ ...retry.error, request_id: null }).toEqual({ ...first.error, request_id: null });
});

it('reports every 401 to the caller, so a console can send the person back to sign in', async () => {
  const problems: string[] = [];
  const api = createCounterfoilClient({ baseUrl: app.url, accessToken: () => 'expired', onUnauthorized: (p) => problems.push(p.code) });
  const res = await api.GET('/me/navigation');
  expect(res.response.status).toBe(401);
  expect(problems).toEqual(['Unauthorized']);
});

it('a conditional GET that matches is 304: no data, no error, notModified, and throwOnError does not throw', async () => {
  const tenant = await createTenant(app.services, 'Conditional Client Ltd');
  const api = createCounterfoilClient({ baseUrl: app.url, credentials: { clientId: tenant.clientId, clientSecret: tenant.clientSecret }, throwOnError: true });
  const path = { path: { enterprise_id: tenant.enterpriseId } };
  const first = await api.GET('/enterprises/{enterprise_id}', { params: path });
  const etag = first.response.headers.get('etag')!;
  expect(etag).toBe(first.data!.etag);
  expect(notModified(first)).toBe(false);

  const again = await api.GET('/enterprises/{enterprise_id}', { params: { ...path, header: { 'If-None-Match': etag } } });
  expect([again.response.status, again.data, notModified(again), again.response.headers.get('etag')]).toEqual([304, undefined, true, etag]);
  expect(again.error).toBeFalsy();
  expect(() => unwrap(again)).toThrow(CounterfoilError);
  const changed = await api.GET('/enterprises/{enterprise_id}', { params: { ...path, header: { 'If-None-Match': '"stale"' } } });
  expect([changed.response.status, unwrap(changed).id]).toEqual([200, tenant.enterpriseId]);
});
