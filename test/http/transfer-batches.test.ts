import { uuidv7 } from '../../src/ids';
import { balancesOf, creditExternalDeposit, verifyLedger } from '../../src/ledger';
import { entriesCommittedWithRow } from '../helpers/audit';
import { call, createTenant, startTestApp, tokenFor, type Tenant, type TestApp } from '../helpers/app';

let app: TestApp;
let tenant: Tenant;
let other: Tenant;
let token: string;
let otherToken: string;

const api = (method: string, path: string, body?: unknown, headers?: Record<string, string>, as = token) => call(app.url, method, path, { token: as, body, headers });
const batch = (body: unknown, key = uuidv7(), as = token) => api('POST', '/internal-transfer-batches', body, { 'idempotency-key': key }, as);
const usd = (value: string, source_ref: string, target_ref: string) => ({ amount: { currency: 'USD', value }, source_ref, target_ref });

async function newAccount(): Promise<string> {
  const res = await api('POST', '/clients', { display_name: 'Holder', external_id: `ext-${uuidv7()}`, metadata: {}, scope_ref: `enterprises/${tenant.enterpriseId}` });
  expect(res.status).toBe(201);
  return res.body.default_client_account;
}

const fund = (accountRef: string, minor: bigint) =>
  creditExternalDeposit(app.services.sql, { key: `test-deposit/${uuidv7()}`, enterpriseId: tenant.enterpriseId, accountRef, asset: 'USD', amount: minor });

async function total(ref: string): Promise<bigint> {
  const [b] = await balancesOf(app.services.sql, ref, 'USD');
  return b?.total ?? 0n;
}

async function transfersOf(refs: string[]): Promise<number> {
  const [row] = await app.services.sql`select count(*)::int as n from internal_transfers where source_ref = any(${refs}::text[])`;
  return row.n;
}

beforeAll(async () => {
  app = await startTestApp();
  [tenant, other] = await Promise.all([createTenant(app.services, 'Batches Ltd'), createTenant(app.services, 'Other Batches Ltd')]);
  [token, otherToken] = await Promise.all([tokenFor(app.url, tenant), tokenFor(app.url, other)]);
});
afterAll(async () => {
  expect((await verifyLedger(app.services.sql)).ok).toBe(true);
  await app.close();
});

describe('atomic batches', () => {
  it('books every transfer in one answer, and a retry with the key replays it without booking again', async () => {
    const [a, b, c] = [await newAccount(), await newAccount(), await newAccount()];
    await fund(a, 10_000n);
    const key = uuidv7();
    const body = { atomic: true, transfers: [usd('10.00', a, b), usd('5.00', b, c), usd('1.50', a, c)] };
    const res = await batch(body, key);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      resource: 'internal_transfer_batch',
      atomic: true,
      status: 'completed',
      transfer_count: 3,
      summary: { executed: 3, pending_approval: 0, refused: 0 },
      results: [0, 1, 2].map((index) => ({ index, outcome: 'executed', transfer_ref: expect.stringMatching(/^internal-transfers\//), problem: null })),
    });
    // The second transfer spends what the first brought: funds are checked in batch order.
    expect([await total(a), await total(b), await total(c)]).toEqual([10_000n - 1150n, 500n, 650n]);

    const again = await batch(body, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(res.body);
    expect(await transfersOf([a, b])).toBe(3);

    const got = await api('GET', `/internal-transfer-batches/${res.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
    const first = await api('GET', `/${res.body.results[0].transfer_ref}`);
    expect(first.body).toMatchObject({ status: 'executed', principal_amount: { currency: 'USD', value: '10.00' }, family_params: { source_ref: a, target_ref: b } });

    const events = await app.services.sql`select type, payload from events where resource_ref = ${`internal-transfer-batches/${res.body.id}`}`;
    expect(events.map((e) => e.type)).toEqual(['operations.internal_transfer_batch.completed.v1']);
    expect(events[0].payload).toEqual(res.body);
    const [executed] = await app.services.sql`select count(*)::int as n from events where type = 'operations.internal_transfer.executed.v1'
      and resource_ref = any(${res.body.results.map((r: { transfer_ref: string }) => r.transfer_ref)}::text[])`;
    expect(executed.n).toBe(3);
    // The request's audit entry commits with the batch.
    const entries = await entriesCommittedWithRow(app.services.sql, res.headers.get('x-request-id')!, 'internal_transfer_batches', res.body.id);
    expect(entries).toEqual([expect.objectContaining({ status_code: 201, with_row: true })]);
  });

  it('refuses the whole batch with the index of the transfer short of funds, booking nothing', async () => {
    const [a, b] = [await newAccount(), await newAccount()];
    await fund(a, 1_000n);
    const res = await batch({ atomic: true, transfers: [usd('6.00', a, b), usd('5.00', a, b)] });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'EdgeUnprocessable', reason: 'insufficient_funds', transfer_index: 1, available: '4.00', required: '5.00', account_ref: a });
    expect(res.body.errors).toEqual([{ pointer: '/body/transfers/1/amount/value', detail: expect.any(String) }]);
    expect([await total(a), await total(b)]).toEqual([1_000n, 0n]);
    expect(await transfersOf([a])).toBe(0);
  });

  it('refuses the whole batch when an account cannot move money, naming the transfer', async () => {
    const [a, b, c] = [await newAccount(), await newAccount(), await newAccount()];
    await fund(a, 1_000n);
    expect((await api('POST', `/${c}/suspend`, {})).status).toBe(200);
    const res = await batch({ atomic: true, transfers: [usd('1.00', a, b), usd('1.00', a, c)] });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ reason: 'account_suspended', transfer_index: 1 });
    expect(await total(a)).toBe(1_000n);
  });

  it('names the invalid transfer by pointer, and an account of another enterprise is 404', async () => {
    const [a, b] = [await newAccount(), await newAccount()];
    const bad = await batch({ atomic: true, transfers: [usd('1.00', a, b), usd('1.00', a, b), usd('1.001', a, b)] });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ transfer_index: 2, errors: [{ pointer: '/body/transfers/2/amount/value' }] });
    const same = await batch({ atomic: true, transfers: [usd('1.00', a, a)] });
    expect(same.body).toMatchObject({ transfer_index: 0, errors: [{ pointer: '/body/transfers/0/target_ref' }] });
    const foreign = await batch({ atomic: true, transfers: [usd('1.00', a, b)] }, uuidv7(), otherToken);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'EdgeNotFound', transfer_index: 0 });
  });

  it('takes 1 to 1,000 transfers', async () => {
    const [a, b] = [await newAccount(), await newAccount()];
    expect((await batch({ atomic: true, transfers: [] })).status).toBe(400);
    expect((await batch({ atomic: true, transfers: Array.from({ length: 1001 }, () => usd('0.01', a, b)) })).status).toBe(400);
    expect((await api('POST', '/internal-transfer-batches', { atomic: true, transfers: [usd('0.01', a, b)] })).status).toBe(400); // no Idempotency-Key
  });

  it('books 1,000 transfers in one request', async () => {
    const accounts = await Promise.all(Array.from({ length: 10 }, () => newAccount()));
    await Promise.all(accounts.map((a) => fund(a, 100_000n)));
    const transfers = Array.from({ length: 1000 }, (_, i) => usd('0.01', accounts[i % 10], accounts[(i * 7 + 3) % 10 === i % 10 ? (i + 1) % 10 : (i * 7 + 3) % 10]));
    const res = await batch({ atomic: true, transfers });
    expect(res.status).toBe(201);
    expect(res.body.summary).toEqual({ executed: 1000, pending_approval: 0, refused: 0 });
    let sum = 0n;
    for (const a of accounts) sum += await total(a);
    expect(sum).toBe(1_000_000n);
    expect(await transfersOf(accounts)).toBe(1000);
  });
});

describe('non-atomic batches', () => {
  it('decides each transfer alone, reports each outcome, and a retry replays every one', async () => {
    const [a, b, c] = [await newAccount(), await newAccount(), await newAccount()];
    await fund(a, 1_000n);
    await fund(c, 100n);
    const missing = `client-accounts/${uuidv7()}`;
    const key = uuidv7();
    const body = { atomic: false, transfers: [usd('6.00', a, b), usd('5.00', c, b), usd('1.00', a, missing), usd('2.00', a, b)] };
    const res = await batch(body, key);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ atomic: false, transfer_count: 4, summary: { executed: 2, pending_approval: 0, refused: 2 } });
    expect(res.body.results).toEqual([
      { index: 0, outcome: 'executed', transfer_ref: expect.stringMatching(/^internal-transfers\//), problem: null },
      {
        index: 1,
        outcome: 'refused',
        transfer_ref: null,
        problem: expect.objectContaining({ status: 422, reason: 'insufficient_funds', available: '1.00', errors: [{ pointer: '/body/transfers/1/amount/value', detail: expect.any(String) }] }),
      },
      { index: 2, outcome: 'refused', transfer_ref: null, problem: expect.objectContaining({ status: 404, code: 'EdgeNotFound' }) },
      { index: 3, outcome: 'executed', transfer_ref: expect.stringMatching(/^internal-transfers\//), problem: null },
    ]);
    const moved = 800n;
    expect([await total(a), await total(b), await total(c)]).toEqual([1_000n - moved, moved, 100n]);

    const again = await batch(body, key);
    expect(again.body).toEqual(res.body);
    expect(await transfersOf([a])).toBe(2);
    expect([await total(a), await total(b)]).toEqual([1_000n - moved, moved]);
  });
});

it('a batch is 404 to another enterprise and to an unknown id', async () => {
  const [a, b] = [await newAccount(), await newAccount()];
  await fund(a, 100n);
  const res = await batch({ atomic: true, transfers: [usd('0.10', a, b)] });
  expect((await api('GET', `/internal-transfer-batches/${res.body.id}`, undefined, {}, otherToken)).status).toBe(404);
  expect((await api('GET', `/internal-transfer-batches/${uuidv7()}`)).status).toBe(404);
});
