import { uuidv7 } from '../../src/ids';
import { creditExternalDeposit } from '../../src/ledger';
import { call, createTenant, startTestApp, tokenFor, type Tenant, type TestApp } from '../helpers/app';
import { activityCsv, eventsOf as eventsOfResource, expectCarried as expectCarriedBy, expectPatched, type Carrier } from '../helpers/references';
import { ETH_ADDRESS } from '../workflows/withdrawal-fixtures';
import { createPayoutMethod } from '../../src/domain/catalogue/payout-methods';
import { fundableAccount } from '../../src/domain/funding/accounts';
import { ibanFor } from '../../src/reference/bank-rails';

/*
 * `reference` and `metadata` on the tenant API's money objects: set at creation, read back, listed
 * and filtered, carried in the object's events and in the operations activity CSV export, changed
 * with PATCH (If-Match), and refused past their limits.
 */

let app: TestApp;
let tenant: Tenant;
let token: string;
const started = new Date();

const api = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => call(app.url, method, path, { token, body, headers });
const post = (path: string, body: unknown) => api('POST', path, body, { 'idempotency-key': uuidv7() });

async function newAccount(): Promise<string> {
  const res = await api('POST', '/clients', { display_name: 'Holder', external_id: `ext-${uuidv7()}`, scope_ref: `enterprises/${tenant.enterpriseId}` });
  expect(res.status).toBe(201);
  return res.body.default_client_account;
}

const fund = (accountRef: string, minor: bigint, asset = 'USD') =>
  creditExternalDeposit(app.services.sql, { key: `test-deposit/${uuidv7()}`, enterpriseId: tenant.enterpriseId, accountRef, asset, amount: minor });

/** Metadata holding a `__proto__` key as data (an object literal would set the prototype instead). */
const withProtoKey = (): Record<string, string> => JSON.parse('{"__proto__":"polluted","order_id":"ord_1"}');

const carrier = (): Carrier => ({ app, enterpriseId: tenant.enterpriseId, since: started, api });
const eventsOf = (resourceRef: string) => eventsOfResource(app, resourceRef);
const expectCarried = (collection: string, body: { id: string }, reference: string, metadata: Record<string, string>) => expectCarriedBy(carrier(), collection, body, reference, metadata);

beforeAll(async () => {
  app = await startTestApp();
  tenant = await createTenant(app.services, 'References Ltd');
  token = await tokenFor(app.url, tenant);
});
afterAll(async () => {
  await app.close();
});

describe('internal transfers', () => {
  let a: string;
  let b: string;
  beforeAll(async () => {
    [a, b] = [await newAccount(), await newAccount()];
    await fund(a, 1_000_000n);
  });
  const transfer = (extra: Record<string, unknown>) => post('/internal-transfers', { amount: { currency: 'USD', value: '1.00' }, source_ref: a, target_ref: b, ...extra });

  it('carries reference and metadata from creation to reads, filters, events and the export', async () => {
    const res = await transfer({ reference: 'order-4711', metadata: { order_id: 'ord_4711', channel: 'web' } });
    expect(res.status).toBe(201);
    await expectCarried('internal-transfers', res.body, 'order-4711', { order_id: 'ord_4711', channel: 'web' });
  });

  it('answers null and {} when none is given', async () => {
    const res = await transfer({});
    expect(res.body).toMatchObject({ reference: null, metadata: {} });
  });

  it('changes them with PATCH under If-Match: null removes a key, a stale ETag is 412', async () => {
    const res = await transfer({ reference: 'before', metadata: { keep: 'k', drop: 'd' } });
    const patched = await api('PATCH', `/internal-transfers/${res.body.id}`, { reference: 'after', metadata: { drop: null, added: 'a' } }, { 'if-match': res.body.etag });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ reference: 'after', metadata: { keep: 'k', added: 'a' }, status: 'executed' });
    expect(patched.body.etag).not.toBe(res.body.etag);
    const stale = await api('PATCH', `/internal-transfers/${res.body.id}`, { reference: 'again' }, { 'if-match': res.body.etag });
    expect(stale.status).toBe(412);
    const events = await eventsOf(`internal-transfers/${res.body.id}`);
    expect(events.map((e) => e.type)).toEqual(['operations.internal_transfer.executed.v1', 'operations.internal_transfer.updated.v1']);
    expect(events[1].payload).toMatchObject({ reference: 'after', metadata: { keep: 'k', added: 'a' } });
    expect((await api('GET', `/internal-transfers/${res.body.id}`)).body.reference).toBe('after');
  });

  it.each([
    { name: 'too many keys', metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v'])), pointer: '/body/metadata' },
    { name: 'a long key', metadata: { ['k'.repeat(41)]: 'v' }, pointer: `/body/metadata/${'k'.repeat(41)}` },
    { name: 'a long value', metadata: { note: 'v'.repeat(501) }, pointer: '/body/metadata/note' },
    { name: 'a bracket in a key', metadata: { 'a[b]': 'v' }, pointer: '/body/metadata/a[b]' },
  ])('refuses metadata with $name: 422 naming the key, nothing booked', async ({ metadata, pointer }) => {
    const reference = `refused-${uuidv7()}`;
    const res = await transfer({ reference, metadata });
    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(res.body.errors).toContainEqual({ pointer, detail: expect.any(String) });
    expect((await api('GET', `/internal-transfers?reference=${reference}`)).body.items).toEqual([]);
  });

  it('refuses a `__proto__` metadata key with 400 naming it, on creation, update and filter, changing nothing', async () => {
    const reference = `proto-${uuidv7()}`;
    const created = await transfer({ reference, metadata: withProtoKey() });
    expect(created.status).toBe(400);
    expect(created.body.errors).toEqual([{ pointer: '/body/metadata/__proto__', detail: expect.stringContaining('__proto__') }]);
    expect((await api('GET', `/internal-transfers?reference=${reference}`)).body.items).toEqual([]);

    const res = await transfer({ metadata: { order_id: 'ord_1' } });
    const patched = await api('PATCH', `/internal-transfers/${res.body.id}`, { metadata: withProtoKey() }, { 'if-match': res.body.etag });
    expect(patched.status).toBe(400);
    expect(patched.body.errors).toEqual([{ pointer: '/body/metadata/__proto__', detail: expect.any(String) }]);
    expect((await api('GET', `/internal-transfers/${res.body.id}`)).body).toMatchObject({ metadata: { order_id: 'ord_1' }, etag: res.body.etag });

    // Dropped, the filter would have listed every transfer.
    const filtered = await api('GET', '/internal-transfers?metadata[__proto__]=polluted');
    expect(filtered.status).toBe(400);
    expect(filtered.body.errors).toEqual([{ pointer: '/query/metadata/__proto__', detail: expect.any(String) }]);
  });

  it('refuses a non-string metadata value as a schema violation', async () => {
    const res = await transfer({ metadata: { n: 1 } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].pointer).toBe('/body/metadata/n');
  });

  it('keeps a unique reference unique: 409 reference_taken with the existing id', async () => {
    const reference = `unique-${uuidv7()}`;
    const first = await transfer({ reference, unique_reference: true });
    expect(first.status).toBe(201);
    const again = await transfer({ reference, unique_reference: true });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ reason: 'reference_taken', existing_id: first.body.id });
    // Without the flag the same reference is accepted (it is the integrator's to reuse).
    expect((await transfer({ reference })).status).toBe(201);
    const other = await transfer({ reference: `other-${uuidv7()}`, unique_reference: true });
    const clash = await api('PATCH', `/internal-transfers/${other.body.id}`, { reference });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ reason: 'reference_taken', existing_id: first.body.id });
  });
});

describe('internal transfer batches', () => {
  it('gives each transfer of a batch its own reference and metadata', async () => {
    const [a, b] = [await newAccount(), await newAccount()];
    await fund(a, 10_000n);
    const item = (reference: string, metadata: Record<string, string>) => ({ amount: { currency: 'USD', value: '1.00' }, source_ref: a, target_ref: b, reference, metadata });
    for (const atomic of [true, false]) {
      const res = await post('/internal-transfer-batches', { atomic, transfers: [item(`batch-${atomic}-0`, { line: `${atomic}-0` }), item(`batch-${atomic}-1`, { line: `${atomic}-1` })] });
      expect(res.status).toBe(201);
      const [first, second] = res.body.results.map((r: { transfer_ref: string }) => r.transfer_ref.split('/')[1]);
      await expectCarried('internal-transfers', (await api('GET', `/internal-transfers/${first}`)).body, `batch-${atomic}-0`, { line: `${atomic}-0` });
      expect((await api('GET', `/internal-transfers/${second}`)).body).toMatchObject({ reference: `batch-${atomic}-1`, metadata: { line: `${atomic}-1` } });
    }
  });

  it('points a refused item\'s metadata at the transfer in the batch', async () => {
    const [a, b] = [await newAccount(), await newAccount()];
    const res = await post('/internal-transfer-batches', { atomic: true, transfers: [{ amount: { currency: 'USD', value: '1.00' }, source_ref: a, target_ref: b, metadata: { x: 'v'.repeat(501) } }] });
    expect(res.status).toBe(422);
    expect(res.body.errors).toContainEqual({ pointer: '/body/transfers/0/metadata/x', detail: expect.any(String) });
  });

  it('refuses an atomic batch whose unique reference is taken, naming the transfer', async () => {
    const [a, b] = [await newAccount(), await newAccount()];
    await fund(a, 10_000n);
    const reference = `batch-unique-${uuidv7()}`;
    const first = await post('/internal-transfers', { amount: { currency: 'USD', value: '1.00' }, source_ref: a, target_ref: b, reference, unique_reference: true });
    const item = (r: string) => ({ amount: { currency: 'USD', value: '1.00' }, source_ref: a, target_ref: b, reference: r, unique_reference: true });
    const res = await post('/internal-transfer-batches', { atomic: true, transfers: [item(`fresh-${uuidv7()}`), item(reference)] });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ reason: 'reference_taken', existing_id: first.body.id, transfer_index: 1 });
  });
});

describe('withdrawal destinations', () => {
  const register = (extra: Record<string, unknown>) =>
    post('/withdrawal-destinations', {
      rail_class: 'crypto',
      scope_ref: `enterprises/${tenant.enterpriseId}`,
      crypto_routing: { asset: 'USDC', network: 'ethereum', label: 'Treasury', destination: { address: ETH_ADDRESS, memo: null } },
      ...extra,
    });

  it('carries them from registration to reads, filters, events and the export, and changes them once retired', async () => {
    const res = await register({ reference: 'wallet-9', metadata: { wallet_id: 'w_9', owner: 'treasury' } });
    expect(res.status).toBe(201);
    await expectCarried('withdrawal-destinations', res.body, 'wallet-9', { wallet_id: 'w_9', owner: 'treasury' });
    const retired = await api('POST', `/withdrawal-destinations/${res.body.id}/retire`, undefined, { 'if-match': res.body.etag });
    expect(retired.body.status).toBe('retired');
    const patched = await expectPatched(carrier(), 'withdrawal-destinations', retired.body, 'withdrawals.withdrawal_destination.updated.v1');
    expect(patched.status).toBe('retired');
  });

  it('keeps a unique reference unique and refuses metadata past its limits, registering nothing', async () => {
    const reference = `unique-${uuidv7()}`;
    const first = await register({ reference, unique_reference: true });
    expect(first.status).toBe(201);
    const again = await register({ reference, unique_reference: true });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ reason: 'reference_taken', existing_id: first.body.id });
    const longRef = `long-${uuidv7()}`;
    const long = await register({ reference: longRef, metadata: { note: 'v'.repeat(501) } });
    expect(long.status).toBe(422);
    expect(long.body.errors).toContainEqual({ pointer: '/body/metadata/note', detail: expect.any(String) });
    expect((await api('GET', `/withdrawal-destinations?reference=${longRef}`)).body.items).toEqual([]);
  });

  it('refuses a `__proto__` metadata key with 400 naming it, registering nothing', async () => {
    const reference = `proto-${uuidv7()}`;
    const res = await register({ reference, metadata: withProtoKey() });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ pointer: '/body/metadata/__proto__', detail: expect.any(String) }]);
    expect((await api('GET', `/withdrawal-destinations?reference=${reference}`)).body.items).toEqual([]);
  });
});

describe('clients', () => {
  it('refuses a `__proto__` metadata key with 400 naming it, on creation and update', async () => {
    const externalId = `proto-${uuidv7()}`;
    const body = { display_name: 'Proto', external_id: externalId, scope_ref: `enterprises/${tenant.enterpriseId}` };
    const refused = await api('POST', '/clients', { ...body, metadata: withProtoKey() });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ pointer: '/body/metadata/__proto__', detail: expect.any(String) }]);
    const created = await api('POST', '/clients', { ...body, metadata: { order_id: 'ord_1' } });
    expect(created.status).toBe(201);
    const updated = await api('PATCH', `/clients/${created.body.id}`, { metadata: withProtoKey() });
    expect(updated.status).toBe(400);
    expect((await api('GET', `/clients/${created.body.id}`)).body.metadata).toEqual({ order_id: 'ord_1' });
  });
});

describe('conversions', () => {
  let account: string;
  beforeAll(async () => {
    account = await newAccount();
    await fund(account, 100_000_000n, 'USDC');
  });
  const request = { from_amount: { currency: 'USDC', value: '10.00' }, to_currency: 'EUR' };
  const convert = (extra: Record<string, unknown>) => post('/conversions', { account_ref: account, ...request, ...extra });

  it('carries them from a conversion at market to reads, filters, events and the export, and changes them once executed', async () => {
    const res = await convert({ reference: 'fx-12', metadata: { trade_id: 't_12', desk: 'eu' } });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('executed');
    await expectCarried('conversions', res.body, 'fx-12', { trade_id: 't_12', desk: 'eu' });
    const patched = await expectPatched(carrier(), 'conversions', res.body, 'operations.conversion.updated.v1');
    expect(patched.status).toBe('executed');
  });

  it('carries them when a firm quote is executed', async () => {
    const quote = await api('POST', '/conversions/preview', { account_ref: account, ...request });
    expect(quote.status).toBe(201);
    const res = await convert({ quote_id: quote.body.id, reference: 'fx-quoted', metadata: { trade_id: 't_q' } });
    expect(res.status).toBe(201);
    await expectCarried('conversions', res.body, 'fx-quoted', { trade_id: 't_q' });
  });

  it('keeps a unique reference unique and refuses metadata past its limits, converting nothing', async () => {
    const reference = `unique-${uuidv7()}`;
    const first = await convert({ reference, unique_reference: true });
    expect(first.status).toBe(201);
    const [before] = await app.services.sql`select count(*)::int as n from conversions where account_ref = ${account}`;
    const again = await convert({ reference, unique_reference: true });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ reason: 'reference_taken', existing_id: first.body.id });
    const long = await convert({ metadata: { note: 'v'.repeat(501) } });
    expect(long.status).toBe(422);
    expect(long.body.errors).toContainEqual({ pointer: '/body/metadata/note', detail: expect.any(String) });
    const [after] = await app.services.sql`select count(*)::int as n from conversions where account_ref = ${account}`;
    expect(after.n).toBe(before.n);
  });
});

describe('on-ramp sessions', () => {
  let account: string;
  beforeAll(async () => {
    account = await newAccount();
  });
  const start = (extra: Record<string, unknown>) => post('/on-ramp-sessions', { account_ref: account, fiat_currency: 'EUR', asset: 'USDC', ...extra });

  it('carries them from creation to reads, filters, events and the export, and changes them once cancelled', async () => {
    const res = await start({ reference: 'onramp-7', metadata: { invoice: 'inv_7', payer: 'acme' } });
    expect(res.status).toBe(201);
    await expectCarried('on-ramp-sessions', res.body, 'onramp-7', { invoice: 'inv_7', payer: 'acme' });
    const cancelled = await api('POST', `/on-ramp-sessions/${res.body.id}/cancel`);
    expect(cancelled.body.status).toBe('cancelled');
    const patched = await expectPatched(carrier(), 'on-ramp-sessions', cancelled.body, 'ramps.on_ramp_session.updated.v1');
    expect(patched.status).toBe('cancelled');
    expect((await api('GET', `/on-ramp-sessions?account_ref=${account}&status=cancelled&reference=patched`)).body.items.map((s: { id: string }) => s.id)).toEqual([res.body.id]);
  });

  it('keeps a unique reference unique and refuses metadata past its limits, starting nothing', async () => {
    const reference = `unique-${uuidv7()}`;
    const first = await start({ reference, unique_reference: true });
    expect(first.status).toBe(201);
    const again = await start({ reference, unique_reference: true });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ reason: 'reference_taken', existing_id: first.body.id });
    const long = await start({ metadata: { note: 'v'.repeat(501) } });
    expect(long.status).toBe(422);
    expect(long.body.errors).toContainEqual({ pointer: '/body/metadata/note', detail: expect.any(String) });
    const [{ n }] = await app.services.sql`select count(*)::int as n from on_ramp_sessions where account_ref = ${account} and reference = ${reference}`;
    expect(n).toBe(1);
  });
});

describe('off-ramp sessions', () => {
  let account: string;
  let method: string;
  beforeAll(async () => {
    account = await newAccount();
    await fund(account, 100_000_000n, 'USDC');
    const { sql } = app.services;
    const created = await createPayoutMethod(sql, {
      account: (await fundableAccount(sql, account))!,
      rail: 'sepa',
      currency: 'EUR',
      label: 'Main bank',
      beneficiary: { name: 'Ada Lovelace', iban: ibanFor('DE', '370400440532013000') },
      attribution: { subject: { id: tenant.serviceAccountId, kind: 'service_account', tenant_ref: `enterprises/${tenant.enterpriseId}` } } as never,
    });
    method = created.id;
  });
  const sell = (extra: Record<string, unknown>) =>
    post('/off-ramp-sessions', { account_ref: account, asset: 'USDC', fiat_currency: 'EUR', amount: { currency: 'USDC', value: '10' }, payout_method_id: method, ...extra });

  it('carries them from creation to reads, filters, events and the export, and changes them once cancelled', async () => {
    const res = await sell({ reference: 'payout-3', metadata: { payout_id: 'po_3', desk: 'eu' } });
    expect(res.status).toBe(201);
    await expectCarried('off-ramp-sessions', res.body, 'payout-3', { payout_id: 'po_3', desk: 'eu' });
    const cancelled = await api('POST', `/off-ramp-sessions/${res.body.id}/cancel`);
    expect(cancelled.body.status).toBe('cancelled');
    const patched = await expectPatched(carrier(), 'off-ramp-sessions', cancelled.body, 'ramps.off_ramp_session.updated.v1');
    expect(patched.status).toBe('cancelled');
  });

  it('keeps a unique reference unique and refuses metadata past its limits, holding nothing', async () => {
    const reference = `unique-${uuidv7()}`;
    const first = await sell({ reference, unique_reference: true });
    expect(first.status).toBe(201);
    const [before] = await app.services.sql`select count(*)::int as n from ledger_holds where account_ref = ${account}`;
    const again = await sell({ reference, unique_reference: true });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ reason: 'reference_taken', existing_id: first.body.id });
    const long = await sell({ metadata: { note: 'v'.repeat(501) } });
    expect(long.status).toBe(422);
    expect(long.body.errors).toContainEqual({ pointer: '/body/metadata/note', detail: expect.any(String) });
    const [after] = await app.services.sql`select count(*)::int as n from ledger_holds where account_ref = ${account}`;
    expect(after.n).toBe(before.n);
  });
});

describe('deposits', () => {
  let account: string;
  let instruction: { id: string; asset: string };
  beforeAll(async () => {
    account = await newAccount();
    const instructions = await api('GET', `/deposit-instructions?account_ref=${account}&page_size=50`);
    instruction = instructions.body.items.find((i: { asset: string }) => i.asset === 'USDC');
  });
  const deposit = async () => {
    const res = await post('/sandbox/deposits', { deposit_instruction_id: instruction.id, amount: { currency: 'USDC', value: '5' } });
    expect(res.status).toBe(201);
    return res.body;
  };

  it('answers null and {} until the integrator sets them; then reads, filters, events and the export carry them', async () => {
    const created = await deposit();
    expect(created).toMatchObject({ reference: null, metadata: {} });
    const ref = `deposits/${created.id}`;
    const set = await api('PATCH', `/${ref}`, { reference: 'dep-21', metadata: { order_id: 'ord_21', source: 'bank' } }, { 'if-match': created.etag });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ reference: 'dep-21', metadata: { order_id: 'ord_21', source: 'bank' }, status: created.status });
    expect((await api('GET', `/${ref}`)).body).toMatchObject({ reference: 'dep-21', metadata: { order_id: 'ord_21', source: 'bank' } });
    const ids = async (query: string) => (await api('GET', `/deposits?${query}`)).body.items.map((d: { id: string }) => d.id);
    expect(await ids('reference=dep-21')).toEqual([created.id]);
    expect(await ids(`account_ref=${account}&metadata[order_id]=ord_21`)).toEqual([created.id]);
    expect(await ids('metadata[order_id]=other')).toEqual([]);
    const events = await eventsOf(ref);
    expect(events.at(-1)).toMatchObject({ type: 'operations.deposit.updated.v1', payload: { reference: 'dep-21', metadata: { order_id: 'ord_21', source: 'bank' } } });
    const lines = (await activityCsv(carrier())).filter((l) => l.includes(ref) && l.includes('operations.deposit.updated.v1'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(',dep-21,"{');
    expect(lines[0]).toContain('""order_id"": ""ord_21""');
    const patched = await expectPatched(carrier(), 'deposits', set.body, 'operations.deposit.updated.v1');
    expect(patched.amount).toEqual(created.amount);
  });

  it('refuses metadata past its limits, changing nothing', async () => {
    const second = await deposit();
    const long = await api('PATCH', `/deposits/${second.id}`, { metadata: { note: 'v'.repeat(501) } });
    expect(long.status).toBe(422);
    expect(long.body.errors).toContainEqual({ pointer: '/body/metadata/note', detail: expect.any(String) });
    expect((await api('GET', `/deposits/${second.id}`)).body).toMatchObject({ reference: null, metadata: {}, etag: second.etag });
  });
});
