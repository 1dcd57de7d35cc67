import { LATEST_API_VERSION, renderAt } from '../../src/versions';
import { uuidv7 } from '../../src/ids';
import { balancesOf, creditExternalDeposit } from '../../src/ledger';
import { call, createTenant, startTestApp, tokenFor, type Tenant, type TestApp } from '../helpers/app';

let app: TestApp;
let tenant: Tenant;
let other: Tenant;
let token: string;
let otherToken: string;

const api = (method: string, path: string, body?: unknown, headers?: Record<string, string>, as = token) =>
  call(app.url, method, path, { token: as, body, headers });

const move = (body: unknown, key = uuidv7(), as = token) => api('POST', '/internal-transfers', body, { 'idempotency-key': key }, as);

async function newAccount(as = token, t = tenant): Promise<string> {
  const res = await api('POST', '/clients', { display_name: 'Holder', external_id: `ext-${uuidv7()}`, metadata: {}, scope_ref: `enterprises/${t.enterpriseId}` }, {}, as);
  expect(res.status).toBe(201);
  return res.body.default_client_account;
}

/** Test-only funding: books an external deposit through the ledger API. */
const fund = (accountRef: string, minor: bigint, asset = 'USD', t = tenant) =>
  creditExternalDeposit(app.services.sql, { key: `test-deposit/${uuidv7()}`, enterpriseId: t.enterpriseId, accountRef, asset, amount: minor });

async function total(ref: string, asset = 'USD'): Promise<bigint> {
  const [b] = await balancesOf(app.services.sql, ref, asset);
  return b?.total ?? 0n;
}

beforeAll(async () => {
  app = await startTestApp();
  [tenant, other] = await Promise.all([createTenant(app.services, 'Transfers Ltd'), createTenant(app.services, 'Other Transfers Ltd')]);
  [token, otherToken] = await Promise.all([tokenFor(app.url, tenant), tokenFor(app.url, other)]);
});
afterAll(async () => {
  await app.close();
});

it('executes a transfer and returns the contract\'s transaction record', async () => {
  const [a, b] = [await newAccount(), await newAccount()];
  await fund(a, 10_000n);
  const res = await move({ amount: { currency: 'USD', value: '12.34' }, source_ref: a, target_ref: b });
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({
    account_ref: a,
    approval_ref: null,
    family: 'internal_transfer',
    family_params: { source_ref: a, target_ref: b },
    principal_amount: { currency: 'USD', value: '12.34' },
    fee_summary: { components: [], total: { currency: 'USD', value: '0.00' } },
    fill_rate: null,
    failure_reason: null,
    status: 'executed',
    settled_at: expect.any(String),
    subject_attribution: {
      subject: { id: tenant.serviceAccountId, kind: 'service_account', tenant_ref: `enterprises/${tenant.enterpriseId}` },
      enterprise_binding: { tenant_type: 'enterprise', topology_ref: `enterprises/${tenant.enterpriseId}` },
    },
  });
  expect(await total(a)).toBe(10_000n - 1234n);
  expect(await total(b)).toBe(1234n);

  const got = await api('GET', `/internal-transfers/${res.body.id}`);
  expect(got.body).toEqual(res.body);
  const [event] = await app.services.sql`select type, payload from events where resource_ref = ${`internal-transfers/${res.body.id}`}`;
  expect(event.type).toBe('operations.internal_transfer.executed.v1');
  // Stored in the first API version's shape; the answer is rendered at the caller's (src/versions).
  expect(renderAt(event.payload, LATEST_API_VERSION, 'tenant')).toEqual(res.body);
  const [posting] = await app.services.sql`
    select count(*)::int as n from ledger_postings p join ledger_transactions t on t.id = p.transaction_id where t.business_key = ${`internal_transfer/${res.body.id}`}`;
  expect(posting.n).toBe(2);
});

it('moves money between a master account and a client account', async () => {
  const master = (await api('GET', `/enterprises/${tenant.enterpriseId}`)).body.default_master_account;
  const client = await newAccount();
  await fund(master, 500n, 'GBP');
  const res = await move({ amount: { currency: 'GBP', value: '5' }, source_ref: master, target_ref: client });
  expect(res.status).toBe(201);
  expect(await total(client, 'GBP')).toBe(500n);
});

it('insufficient funds is 422 with available, required, asset and account_ref', async () => {
  const [a, b] = [await newAccount(), await newAccount()];
  await fund(a, 100_000_000n, 'BTC');
  const res = await move({ amount: { currency: 'BTC', value: '1.00000001' }, source_ref: a, target_ref: b });
  expect(res.status).toBe(422);
  expect(res.body).toMatchObject({ code: 'EdgeUnprocessable', reason: 'insufficient_funds', available: '1.00000000', required: '1.00000001', asset: 'BTC', account_ref: a });
  expect(await total(a, 'BTC')).toBe(100_000_000n);
});

describe('amounts', () => {
  let a: string;
  let b: string;
  beforeAll(async () => {
    [a, b] = [await newAccount(), await newAccount()];
    await fund(a, 1_000_000n);
  });

  it.each([
    ['too many decimals', { currency: 'USD', value: '1.001' }, '/body/amount/value'],
    ['zero', { currency: 'USD', value: '0' }, '/body/amount/value'],
    ['zero with decimals', { currency: 'USD', value: '0.00' }, '/body/amount/value'],
    ['negative', { currency: 'USD', value: '-1.00' }, '/body/amount/value'],
    ['exponent', { currency: 'USD', value: '1e2' }, '/body/amount/value'],
    ['garbage', { currency: 'USD', value: 'ten' }, '/body/amount/value'],
    ['thousands separator', { currency: 'USD', value: '1,000.00' }, '/body/amount/value'],
    ['unknown currency', { currency: 'XYZ', value: '1.00' }, '/body/amount/currency'],
  ])('%s → 422 naming the field', async (_name, amount, pointer) => {
    const res = await move({ amount, source_ref: a, target_ref: b });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { pointer: string }) => e.pointer)).toEqual([pointer]);
  });

  it('a number instead of a decimal string is 400', async () => {
    const res = await move({ amount: { currency: 'USD', value: 1.5 }, source_ref: a, target_ref: b });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].pointer).toBe('/body/amount/value');
  });
});

it('a transfer without Idempotency-Key is 400', async () => {
  const res = await api('POST', '/internal-transfers', { amount: { currency: 'USD', value: '1.00' }, source_ref: `client-accounts/${uuidv7()}`, target_ref: `client-accounts/${uuidv7()}` });
  expect(res.status).toBe(400);
  expect(res.body.errors[0].pointer).toBe('/headers/idempotency-key');
});

it('another enterprise\'s account is 404 on either side', async () => {
  const mine = await newAccount();
  const theirs = await newAccount(otherToken, other);
  await fund(mine, 1000n);
  await fund(theirs, 1000n, 'USD', other);
  const out = await move({ amount: { currency: 'USD', value: '1.00' }, source_ref: mine, target_ref: theirs });
  expect(out.status).toBe(404);
  const steal = await move({ amount: { currency: 'USD', value: '1.00' }, source_ref: theirs, target_ref: mine });
  expect(steal.status).toBe(404);
  const missing = await move({ amount: { currency: 'USD', value: '1.00' }, source_ref: mine, target_ref: `client-accounts/${uuidv7()}` });
  expect(missing.status).toBe(404);
  expect(await total(theirs)).toBe(1000n);
  expect(await total(mine)).toBe(1000n);
});

it('a suspended or closed account, or a suspended client, is 409', async () => {
  const [a, b] = [await newAccount(), await newAccount()];
  await fund(a, 1000n);
  const body = { amount: { currency: 'USD', value: '1.00' }, source_ref: a, target_ref: b };
  await api('POST', `/${b}/suspend`);
  const suspended = await move(body);
  expect(suspended.status).toBe(409);
  expect(suspended.body.reason).toBe('account_suspended');
  await api('POST', `/${b}/reactivate`);
  const clientOfA = (await api('GET', `/${a}`)).body.scope_ref;
  await api('POST', `/${clientOfA}/suspend`);
  const clientSuspended = await move(body);
  expect(clientSuspended.status).toBe(409);
  expect(clientSuspended.body.reason).toBe('client_suspended');
  await api('POST', `/${clientOfA}/reactivate`);
  expect((await move(body)).status).toBe(201);
});

it('a suspended enterprise is 409 enterprise_suspended; a closed one 410', async () => {
  const t = await createTenant(app.services, 'Suspended Ltd');
  const tk = await tokenFor(app.url, t);
  const [a, b] = [await newAccount(tk, t), await newAccount(tk, t)];
  await fund(a, 1000n, 'USD', t);
  const body = { amount: { currency: 'USD', value: '1.00' }, source_ref: a, target_ref: b };
  await app.services.sql`update enterprises set restriction_state = 'suspended' where id = ${t.enterpriseId}`;
  const suspended = await move(body, uuidv7(), tk);
  expect(suspended.status).toBe(409);
  expect(suspended.body.reason).toBe('enterprise_suspended');
  await app.services.sql`update enterprises set restriction_state = 'none', admission_state = 'closed' where id = ${t.enterpriseId}`;
  expect((await move(body, uuidv7(), tk)).status).toBe(410);
});

it('refuses a transfer to the same account with 422', async () => {
  const a = await newAccount();
  const res = await move({ amount: { currency: 'USD', value: '1.00' }, source_ref: a, target_ref: a });
  expect(res.status).toBe(422);
  expect(res.body.errors[0].pointer).toBe('/body/target_ref');
});

it('cancel of an executed transfer is 409', async () => {
  const [a, b] = [await newAccount(), await newAccount()];
  await fund(a, 1000n);
  const done = await move({ amount: { currency: 'USD', value: '1.00' }, source_ref: a, target_ref: b });
  const res = await api('POST', `/internal-transfers/${done.body.id}/cancel`);
  expect(res.status).toBe(409);
  expect(res.body.reason).toBe('internal_transfer_executed');
  expect((await api('POST', `/internal-transfers/${uuidv7()}/cancel`)).status).toBe(404);
  expect((await api('GET', `/internal-transfers/${done.body.id}`, undefined, {}, otherToken)).status).toBe(404);
});

it('20 concurrent requests with one Idempotency-Key make exactly one transfer', async () => {
  const [a, b] = [await newAccount(), await newAccount()];
  await fund(a, 100_000n);
  const key = uuidv7();
  const body = { amount: { currency: 'USD', value: '7.00' }, source_ref: a, target_ref: b };
  const results = await Promise.all(Array.from({ length: 20 }, () => move(body, key)));
  const created = results.filter((r) => r.status === 201);
  expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
  expect(new Set(created.map((r) => r.body.id)).size).toBe(1);
  const replay = await move(body, key);
  expect(replay.status).toBe(201);
  expect(replay.headers.get('idempotent-replayed')).toBe('true');
  expect(await total(b)).toBe(700n);
  const rows = await app.services.sql`select count(*)::int as n from internal_transfers where source_ref = ${a}`;
  expect(rows[0].n).toBe(1);
});

it('a transfer commits one audit entry with its booking; a replay adds its own', async () => {
  const [a, b] = [await newAccount(), await newAccount()];
  await fund(a, 10_000n);
  const key = uuidv7();
  const body = { amount: { currency: 'USD', value: '1.00' }, source_ref: a, target_ref: b };
  const first = await move(body, key);
  expect(first.status).toBe(201);
  const entries = () => app.services.sql`
    select outcome, status_code, action, idempotency_key from user_action_audit_entries where resource_ref = ${'internal-transfers/' + first.body.id} order by occurred_at`;
  expect(await entries()).toEqual([{ outcome: 'succeeded', status_code: 201, action: 'createInternalTransfer', idempotency_key: key }]);
  expect((await move(body, key)).headers.get('idempotent-replayed')).toBe('true');
  expect((await entries()).map((e) => e.status_code)).toEqual([201, 201]);
});

it('lists transfers by account, status and time, paginated', async () => {
  const [a, b, c] = [await newAccount(), await newAccount(), await newAccount()];
  await fund(a, 100_000n);
  const before = new Date().toISOString();
  const ids: string[] = [];
  for (const target of [b, c, b]) ids.push((await move({ amount: { currency: 'USD', value: '1.00' }, source_ref: a, target_ref: target })).body.id);
  const byA = await api('GET', `/internal-transfers?account_ref=${a}&page_size=2`);
  expect(byA.body.items.map((t: { id: string }) => t.id)).toEqual(ids.slice(0, 2));
  const next = await api('GET', `/internal-transfers?account_ref=${a}&page_size=2&page_token=${encodeURIComponent(byA.body.next_page_token)}`);
  expect(next.body.items.map((t: { id: string }) => t.id)).toEqual(ids.slice(2));
  expect(next.body.next_page_token).toBeNull();
  const toB = await api('GET', `/internal-transfers?account_ref=${b}&status=executed&created_after=${encodeURIComponent(before)}`);
  expect(toB.body.items.map((t: { id: string }) => t.id)).toEqual([ids[0], ids[2]]);
  const none = await api('GET', `/internal-transfers?account_ref=${a}&created_before=${encodeURIComponent(before)}`);
  expect(none.body.items).toEqual([]);
  const foreign = await api('GET', `/internal-transfers?account_ref=${a}`, undefined, {}, otherToken);
  expect(foreign.status).toBe(404);
  const theirs = await api('GET', '/internal-transfers', undefined, {}, otherToken);
  expect(theirs.body.items.every((t: { subject_attribution: { enterprise_binding: { topology_ref: string } } }) => t.subject_attribution.enterprise_binding.topology_ref === `enterprises/${other.enterpriseId}`)).toBe(true);
});
