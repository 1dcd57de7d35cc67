import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { uuidv7 } from '../../src/ids';
import { creditExternalDeposit } from '../../src/ledger';
import { openEventDelivery } from '../../src/domain/webhooks/deliveries';
import { API_VERSIONS, FIRST_API_VERSION, LATEST_API_VERSION } from '../../src/versions';
import { call, createTenant, startTestApp, tokenFor, type Tenant, type TestApp } from '../helpers/app';
import { startReceiver } from '../helpers/webhook-fixtures';

/*
 * Dated API versions: the header, the version pinned per service account and per webhook subscription,
 * and the one change so far (transaction records gain `resource: "transaction"` in 2026-11-26).
 */

let app: TestApp;
let tenant: Tenant;
let token: string;
const closers: Array<() => Promise<void>> = [];

beforeAll(async () => {
  app = await startTestApp();
  tenant = await createTenant(app.services, 'Versions Ltd');
  token = await tokenFor(app.url, tenant);
});
afterAll(async () => {
  for (const close of closers) await close();
  await app.close();
});

const api = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}, as = token) => call(app.url, method, path, { token: as, body, headers });

async function transfer(): Promise<any> {
  const accounts: string[] = [];
  for (let i = 0; i < 2; i++) {
    const c = await api('POST', '/clients', { display_name: 'Holder', external_id: `ext-${uuidv7()}`, metadata: {}, scope_ref: `enterprises/${tenant.enterpriseId}` });
    accounts.push(c.body.default_client_account);
  }
  await creditExternalDeposit(app.services.sql, { key: `test-deposit/${uuidv7()}`, enterpriseId: tenant.enterpriseId, accountRef: accounts[0], asset: 'USD', amount: 10_000n });
  const res = await api('POST', '/internal-transfers', { amount: { currency: 'USD', value: '1.00' }, source_ref: accounts[0], target_ref: accounts[1] }, { 'idempotency-key': uuidv7() });
  expect(res.status).toBe(201);
  return res.body;
}

it('pins a new service account to the latest version, shows it, and echoes the version used', async () => {
  const res = await api('GET', `/service-accounts/${tenant.serviceAccountId}`);
  expect(res.body.api_version).toBe(LATEST_API_VERSION);
  expect(res.headers.get('counterfoil-version')).toBe(LATEST_API_VERSION);
  const created = await api('POST', '/service-accounts', { parent_ref: `enterprises/${tenant.enterpriseId}` });
  expect(created.status).toBe(201);
  expect(created.body.service_account.api_version).toBe(LATEST_API_VERSION);
});

it('renders a transaction record at the caller\'s version; an old-version client keeps its shape', async () => {
  const record = await transfer();
  // Latest: the discriminator, first.
  expect(Object.keys(record)[0]).toBe('resource');
  expect(record.resource).toBe('transaction');

  const old = await api('GET', `/internal-transfers/${record.id}`, undefined, { 'counterfoil-version': FIRST_API_VERSION });
  expect(old.headers.get('counterfoil-version')).toBe(FIRST_API_VERSION);
  expect(old.body).not.toHaveProperty('resource');
  const { resource: _resource, ...withoutResource } = record;
  expect(old.body).toEqual(withoutResource);

  // Lists and event payloads render the same way.
  const events = await api('GET', `/events?resource_ref=internal-transfers/${record.id}`, undefined, { 'counterfoil-version': FIRST_API_VERSION });
  const latestEvents = await api('GET', `/events?resource_ref=internal-transfers/${record.id}`);
  expect(events.body.items.length).toBeGreaterThan(0);
  expect(events.body.items[0].data).not.toHaveProperty('resource');
  expect(latestEvents.body.items[0].data.resource).toBe('transaction');
  const [stored] = await app.services.sql`select payload from events where resource_ref = ${`internal-transfers/${record.id}`}`;
  expect(stored.payload).not.toHaveProperty('resource');
});

it('answers a service account from before versions at the first version', async () => {
  const record = await transfer();
  await app.services.sql`update service_accounts set api_version = null where id = ${tenant.serviceAccountId}`;
  app.services.principals.invalidate(tenant.serviceAccountId);
  try {
    const res = await api('GET', `/internal-transfers/${record.id}`);
    expect(res.headers.get('counterfoil-version')).toBe(FIRST_API_VERSION);
    expect(res.body).not.toHaveProperty('resource');
    expect((await api('GET', `/service-accounts/${tenant.serviceAccountId}`)).body.api_version).toBe(FIRST_API_VERSION);
    // The header still overrides the pin.
    expect((await api('GET', `/internal-transfers/${record.id}`, undefined, { 'counterfoil-version': LATEST_API_VERSION })).body.resource).toBe('transaction');
  } finally {
    await app.services.sql`update service_accounts set api_version = ${LATEST_API_VERSION} where id = ${tenant.serviceAccountId}`;
    app.services.principals.invalidate(tenant.serviceAccountId);
  }
});

it.each(['2026-13-01', 'latest', '2026-11-25'])('refuses an unknown version %s with 400 and changes nothing', async (v) => {
  const res = await api('POST', '/clients', { display_name: 'Never', external_id: `ext-${uuidv7()}`, metadata: {}, scope_ref: `enterprises/${tenant.enterpriseId}` }, { 'counterfoil-version': v });
  expect(res.status).toBe(400);
  expect(res.headers.get('content-type')).toMatch(/problem\+json/);
  expect(res.body).toMatchObject({ code: 'EdgeBadRequest', reason: 'unknown_api_version', errors: [{ pointer: '/headers/counterfoil-version' }] });
  const [{ n }] = await app.services.sql`select count(*)::int as n from clients where display_name = 'Never' and enterprise_id = ${tenant.enterpriseId}`;
  expect(n).toBe(0);
});

it('renders webhook payloads at the subscription\'s version, pinned at its creation', async () => {
  const rx = await startReceiver();
  closers.push(() => rx.close());
  const subscribe = async (version: string) => {
    const res = await api('POST', '/webhook-subscriptions', { scope_ref: `enterprises/${tenant.enterpriseId}`, url: rx.url, event_types: ['operations.internal_transfer.executed.v1'] }, { 'counterfoil-version': version });
    expect(res.status).toBe(201);
    expect(res.body.api_version).toBe(version);
    return res.body.id as string;
  };
  const [oldSub, newSub] = [await subscribe(FIRST_API_VERSION), await subscribe(LATEST_API_VERSION)];
  const record = await transfer();
  const [event] = await app.services.sql`select id from events where resource_ref = ${`internal-transfers/${record.id}`} and type = 'operations.internal_transfer.executed.v1'`;
  expect(event).toBeDefined();
  const bodies: Record<string, any> = {};
  for (const sub of [oldSub, newSub]) {
    const deliveryId = await openEventDelivery(app.services.sql, event.id, sub);
    const [row] = await app.services.sql`select body from webhook_deliveries where id = ${deliveryId}`;
    bodies[sub] = JSON.parse(row.body);
  }
  expect(bodies[oldSub].data).not.toHaveProperty('resource');
  expect(bodies[newSub].data.resource).toBe('transaction');
  expect(bodies[oldSub].data.id).toBe(record.id);
});

it('documents the header in the OpenAPI document', async () => {
  const doc = (await call(app.url, 'GET', '/openapi.json')).body;
  expect(doc.components.parameters.CounterfoilVersion).toMatchObject({ name: 'Counterfoil-Version', in: 'header', required: false });
  expect(doc.components.schemas.CounterfoilVersion.enum).toEqual([...API_VERSIONS]);
  const get = doc.paths['/internal-transfers/{internal_transfer_id}'].get;
  expect(get.parameters).toContainEqual({ $ref: '#/components/parameters/CounterfoilVersion' });
  expect(get.responses['200'].headers['Counterfoil-Version']).toBeDefined();
});

it('describes the latest version in the OpenAPI document: a latest answer matches it, a first-version one lacks `resource`', async () => {
  const doc = (await call(app.url, 'GET', '/openapi.json')).body;
  for (const name of ['InternalTransferRecord', 'WithdrawalRecord', 'ConversionRecord']) {
    const schema = doc.components.schemas[name];
    expect(schema.properties.resource).toMatchObject({ type: 'string', enum: ['transaction'] });
    expect(schema.required).toContain('resource');
  }
  const ajv = new Ajv2020({ strict: false, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema({ ...doc, $id: 'tenant' });
  const validate = ajv.compile({ $ref: 'tenant#/components/schemas/InternalTransferRecord' });
  const record = await transfer();
  const [latest, first] = await Promise.all([
    api('GET', `/internal-transfers/${record.id}`, undefined, { 'counterfoil-version': LATEST_API_VERSION }),
    api('GET', `/internal-transfers/${record.id}`, undefined, { 'counterfoil-version': FIRST_API_VERSION }),
  ]);
  expect(validate(latest.body)).toBe(true);
  expect(validate(first.body)).toBe(false);
  expect(validate.errors).toContainEqual(expect.objectContaining({ keyword: 'required', params: { missingProperty: 'resource' } }));
});
