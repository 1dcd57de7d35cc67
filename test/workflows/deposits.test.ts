import { randomUUID } from 'node:crypto';
import { call, startTestApp, type TestApp } from '../helpers/app';
import { entriesCommittedWithRow } from '../helpers/audit';
import { withWorker } from '../helpers/worker';
import { newAdmin, newClient, type Admin } from '../http/iam-fixtures';
import { creditDeposit } from '../../src/domain/deposits/deposits';
import { expectCarried } from '../helpers/references';

/**
 * Sandbox deposits end to end on the real Temporal server: POST /sandbox/deposits → pending →
 * (confirmations × block time) → confirmed → credited through the ledger, exactly once.
 */
let app: TestApp;
let admin: Admin;
let account: string;
let instructions: any[];
const started = new Date();

beforeAll(async () => {
  app = await startTestApp();
  admin = await newAdmin(app, 'Deposits Ltd');
  const client = await call(app.url, 'GET', `/${await newClient(app, admin)}`, { token: admin.token });
  account = client.body.default_client_account;
  instructions = (await call(app.url, 'GET', `/deposit-instructions?account_ref=${account}&page_size=50`, { token: admin.token })).body.items;
});
afterAll(() => app.close());

const instruction = (asset: string, rail: string) =>
  instructions.find((i) => i.asset === asset && (i.crypto_routing?.network === rail || i.fiat_routing?.rail === rail));

/** A sandbox app whose workflows start on the test worker's task queue, with 5 ms blocks. */
async function withSandbox<T>(fn: (sandbox: TestApp) => Promise<T>): Promise<T> {
  return withWorker(app.services, async (taskQueue) => {
    const sandbox = await startTestApp({ TEMPORAL_TASK_QUEUE: taskQueue, COUNTERFOIL_SANDBOX_BLOCK_MS: '5' });
    try {
      return await fn(sandbox);
    } finally {
      await sandbox.close();
    }
  });
}

async function settled(sandbox: TestApp, depositId: string) {
  const handle = (await sandbox.services.temporal.get()).workflow.getHandle(`deposit/${depositId}`);
  const result = await handle.result();
  const attrs = Object.fromEntries((await handle.describe()).typedSearchAttributes.getAll().map((p) => [p.key.name, p.value]));
  return { result, attrs };
}

async function balance(asset: string) {
  const res = await call(app.url, 'GET', `/${account}/balances?asset=${asset}`, { token: admin.token });
  return res.body.items[0];
}

describe('sandbox deposits', () => {
  it('a deposit instruction funds the account: pending → confirmed → credited, with events and search attributes', async () => {
    const usdc = instruction('USDC', 'ethereum');
    const creation = `audit-${randomUUID()}`;
    const outcome = await withSandbox(async (sandbox) => {
      const created = await call(sandbox.url, 'POST', '/sandbox/deposits', {
        token: admin.token,
        headers: { 'x-request-id': creation },
        body: { deposit_instruction_id: usdc.id, amount: { currency: 'USDC', value: '125.5' } },
      });
      expect(created.status).toBe(201);
      return { created: created.body, ...(await settled(sandbox, created.body.id)) };
    });
    expect(outcome.created).toMatchObject({
      resource: 'deposit',
      status: 'pending',
      account_ref: account,
      asset: 'USDC',
      network: 'ethereum',
      amount: { currency: 'USDC', value: '125.500000' },
      confirmations: 0,
      confirmations_required: 12,
      deposit_instruction_id: usdc.id,
      funding_endpoint_id: usdc.funding_endpoint_id,
      transaction_hash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      credited_at: null,
    });
    expect(outcome.result).toBe('credited');
    expect(outcome.attrs).toMatchObject({ CounterfoilFamily: 'deposit', CounterfoilStatus: 'credited', CounterfoilAccount: account, CounterfoilEnterprise: admin.tenant.enterpriseId });

    const got = await call(app.url, 'GET', `/deposits/${outcome.created.id}`, { token: admin.token });
    expect(got.body).toMatchObject({ status: 'credited', confirmations: 12, confirmed_at: expect.any(String), credited_at: expect.any(String), ledger_transaction_ref: expect.stringMatching(/^ledger-transactions\//) });
    expect(await balance('USDC')).toMatchObject({ available: '125.500000', total: '125.500000', held: '0.000000' });

    const events = await app.services.sql`select type from events where resource_ref = ${`deposits/${outcome.created.id}`} order by seq`;
    expect(events.map((e) => e.type)).toEqual(['operations.deposit.pending.v1', 'operations.deposit.confirmed.v1', 'operations.deposit.credited.v1']);
    // Sent without an Idempotency-Key, the request's entry committed with the deposit (the row has moved on: its `pending` event),
    // named `sandbox/<id>` as the pipeline named it.
    const pendingEvent = { resource_ref: `deposits/${outcome.created.id}`, type: 'operations.deposit.pending.v1' };
    expect(await entriesCommittedWithRow(app.services.sql, creation, 'events', pendingEvent)).toEqual([
      { action: 'simulateSandboxDeposit', resource_ref: `sandbox/${outcome.created.id}`, status_code: 201, with_row: true },
    ]);
  });

  it('with an Idempotency-Key, the entry goes out with the stored answer in the deposit\'s transaction; a replay leaves its own', async () => {
    // On an account of its own, so the balances the other tests check stay as they expect.
    const other = await call(app.url, 'GET', `/${await newClient(app, admin)}`, { token: admin.token });
    const own = (await call(app.url, 'GET', `/deposit-instructions?account_ref=${other.body.default_client_account}&page_size=50`, { token: admin.token })).body.items;
    const usdc = own.find((i: any) => i.asset === 'USDC' && i.crypto_routing?.network === 'ethereum');
    const key = `deposit-${randomUUID()}`;
    const first = `audit-${randomUUID()}`;
    const replay = `audit-${randomUUID()}`;
    const { created, replayed } = await withSandbox(async (sandbox) => {
      const send = (requestId: string) =>
        call(sandbox.url, 'POST', '/sandbox/deposits', {
          token: admin.token,
          headers: { 'idempotency-key': key, 'x-request-id': requestId },
          body: { deposit_instruction_id: usdc.id, amount: { currency: 'USDC', value: '0.5' } },
        });
      const answers = { created: await send(first), replayed: await send(replay) };
      expect((await settled(sandbox, answers.created.body.id)).result).toBe('credited');
      return answers;
    });
    expect(created.status).toBe(201);
    const pendingEvent = { resource_ref: `deposits/${created.body.id}`, type: 'operations.deposit.pending.v1' };
    expect(await entriesCommittedWithRow(app.services.sql, first, 'events', pendingEvent)).toEqual([
      { action: 'simulateSandboxDeposit', resource_ref: `sandbox/${created.body.id}`, status_code: 201, with_row: true },
    ]);
    expect([replayed.status, replayed.body.id, replayed.headers.get('idempotent-replayed')]).toEqual([201, created.body.id, 'true']);
    expect(await entriesCommittedWithRow(app.services.sql, replay, 'events', pendingEvent)).toEqual([
      { action: 'simulateSandboxDeposit', resource_ref: `sandbox/${created.body.id}`, status_code: 201, with_row: false },
    ]);
  });

  it('arrives with the integrator\'s reference and metadata: reads, filters, every event and the export carry them', async () => {
    // On an account of its own, so the counts and balances the other tests check stay as they expect.
    const other = await call(app.url, 'GET', `/${await newClient(app, admin)}`, { token: admin.token });
    const own = (await call(app.url, 'GET', `/deposit-instructions?account_ref=${other.body.default_client_account}&page_size=50`, { token: admin.token })).body.items;
    const usdc = own.find((i: any) => i.asset === 'USDC' && i.crypto_routing?.network === 'ethereum');
    const metadata = { order_id: 'ord_5150', payer: 'acme' };
    const created = await withSandbox(async (sandbox) => {
      const res = await call(sandbox.url, 'POST', '/sandbox/deposits', {
        token: admin.token,
        body: { deposit_instruction_id: usdc.id, amount: { currency: 'USDC', value: '7' }, reference: 'inv-5150', metadata },
      });
      expect(res.status).toBe(201);
      expect((await settled(sandbox, res.body.id)).result).toBe('credited');
      return res.body;
    });
    expect(created).toMatchObject({ status: 'pending', reference: 'inv-5150', metadata });
    const api = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => call(app.url, method, path, { token: admin.token, body, headers });
    await expectCarried({ app, enterpriseId: admin.tenant.enterpriseId, since: started, api }, 'deposits', created, 'inv-5150', metadata);
    const events = await app.services.sql`select type from events where resource_ref = ${`deposits/${created.id}`} order by seq`;
    expect(events.map((e) => e.type)).toEqual(['operations.deposit.pending.v1', 'operations.deposit.confirmed.v1', 'operations.deposit.credited.v1']);
  });

  it('credits exactly once: re-running the credit step changes nothing', async () => {
    const [deposit] = await app.services.sql`select id from deposits where account_ref = ${account} and status = 'credited' limit 1`;
    const before = await balance('USDC');
    await expect(Promise.all([creditDeposit(app.services.sql, deposit.id), creditDeposit(app.services.sql, deposit.id)])).resolves.toEqual(['credited', 'credited']);
    expect(await balance('USDC')).toEqual(before);
    const [{ count }] = await app.services.sql`select count(*)::int as count from ledger_transactions where business_key = ${`deposit/${deposit.id}`}`;
    expect(count).toBe(1);
  });

  it('by address and memo (a memo network) and on a bank rail, concurrently', async () => {
    const stellar = instruction('USDC', 'stellar');
    const sepa = instruction('EUR', 'sepa');
    const results = await withSandbox(async (sandbox) => {
      const posts = await Promise.all([
        call(sandbox.url, 'POST', '/sandbox/deposits', {
          token: admin.token,
          body: { address: stellar.crypto_routing.endpoint.address, memo: stellar.crypto_routing.endpoint.memo, amount: { currency: 'USDC', value: '0.000001' } },
        }),
        call(sandbox.url, 'POST', '/sandbox/deposits', { token: admin.token, body: { address: sepa.fiat_routing.iban, amount: { currency: 'EUR', value: '1000.00' } } }),
        call(sandbox.url, 'POST', '/sandbox/deposits', { token: admin.token, body: { deposit_instruction_id: sepa.id, amount: { currency: 'EUR', value: '0.01' } } }),
      ]);
      expect(posts.map((p) => p.status)).toEqual([201, 201, 201]);
      return Promise.all(posts.map(async (p) => ({ body: p.body, ...(await settled(sandbox, p.body.id)) })));
    });
    expect(results.map((r) => r.result)).toEqual(['credited', 'credited', 'credited']);
    expect(results[0].body).toMatchObject({ network: 'stellar', confirmations_required: 1, deposit_instruction_id: stellar.id });
    expect(results[1].body).toMatchObject({ rail_class: 'fiat', fiat_rail: 'sepa', network: null, confirmations_required: 0 });
    expect((await balance('EUR')).available).toBe('1000.01');
    expect((await balance('USDC')).available).toBe('125.500001');

    const credited = await call(app.url, 'GET', `/deposits?account_ref=${account}&status=credited`, { token: admin.token });
    expect(credited.body.items).toHaveLength(4);
    const pending = await call(app.url, 'GET', '/deposits?status=pending', { token: admin.token });
    expect(pending.body.items).toEqual([]);
  });

  it.each([
    { name: 'currency other than the instruction\'s', body: (i: any) => ({ deposit_instruction_id: i.id, amount: { currency: 'USDT', value: '1' } }), status: 422, pointer: '/body/amount/currency' },
    { name: 'more decimals than the asset has', body: (i: any) => ({ deposit_instruction_id: i.id, amount: { currency: 'USDC', value: '1.0000001' } }), status: 422, pointer: '/body/amount/value' },
    { name: 'zero', body: (i: any) => ({ deposit_instruction_id: i.id, amount: { currency: 'USDC', value: '0' } }), status: 422, pointer: '/body/amount/value' },
    { name: 'exponent notation', body: (i: any) => ({ deposit_instruction_id: i.id, amount: { currency: 'USDC', value: '1e3' } }), status: 422, pointer: '/body/amount/value' },
    { name: 'a number, not a string', body: (i: any) => ({ deposit_instruction_id: i.id, amount: { currency: 'USDC', value: 1 } }), status: 400, pointer: '/body/amount/value' },
    { name: 'both instruction and address', body: (i: any) => ({ deposit_instruction_id: i.id, address: 'x', amount: { currency: 'USDC', value: '1' } }), status: 400, pointer: '/body/deposit_instruction_id' },
    { name: 'neither instruction nor address', body: () => ({ amount: { currency: 'USDC', value: '1' } }), status: 400, pointer: '/body/deposit_instruction_id' },
    { name: 'unknown address', body: () => ({ address: '0x0000000000000000000000000000000000000001', amount: { currency: 'USDC', value: '1' } }), status: 422, pointer: '/body/address' },
    { name: 'stellar address without its memo', body: () => ({ address: instruction('USDC', 'stellar').crypto_routing.endpoint.address, amount: { currency: 'USDC', value: '1' } }), status: 422, pointer: '/body/address' },
    { name: 'unknown instruction', body: () => ({ deposit_instruction_id: '0193a1c2-7f00-7abc-8def-0123456789ab', amount: { currency: 'USDC', value: '1' } }), status: 404 },
    { name: 'a reference of 129 characters', body: (i: any) => ({ deposit_instruction_id: i.id, amount: { currency: 'USDC', value: '1' }, reference: 'r'.repeat(129) }), status: 400, pointer: '/body/reference' },
    { name: 'a metadata value of 501 characters', body: (i: any) => ({ deposit_instruction_id: i.id, amount: { currency: 'USDC', value: '1' }, metadata: { note: 'v'.repeat(501) } }), status: 422, pointer: '/body/metadata/note' },
    { name: '51 metadata keys', body: (i: any) => ({ deposit_instruction_id: i.id, amount: { currency: 'USDC', value: '1' }, metadata: Object.fromEntries(Array.from({ length: 51 }, (_, k) => [`k${k}`, 'v'])) }), status: 422, pointer: '/body/metadata' },
    { name: 'unique_reference (not for deposits)', body: (i: any) => ({ deposit_instruction_id: i.id, amount: { currency: 'USDC', value: '1' }, reference: 'r', unique_reference: true }), status: 400, pointer: '/body/unique_reference' },
  ])('$name → $status', async (c) => {
    const res = await call(app.url, 'POST', '/sandbox/deposits', { token: admin.token, body: c.body(instruction('USDC', 'ethereum')) });
    expect(res.status).toBe(c.status);
    if (c.pointer) expect(res.body.errors.map((e: any) => e.pointer)).toContain(c.pointer);
  });

  it('another enterprise cannot deposit on, or read, this account\'s instructions and deposits', async () => {
    const other = await newAdmin(app, 'Other Ltd');
    const usdc = instruction('USDC', 'ethereum');
    const post = await call(app.url, 'POST', '/sandbox/deposits', { token: other.token, body: { deposit_instruction_id: usdc.id, amount: { currency: 'USDC', value: '1' } } });
    expect(post.status).toBe(404);
    const [deposit] = await app.services.sql`select id from deposits where account_ref = ${account} limit 1`;
    expect((await call(app.url, 'GET', `/deposits/${deposit.id}`, { token: other.token })).status).toBe(404);
    expect((await call(app.url, 'GET', '/deposits', { token: other.token })).body.items).toEqual([]);
  });

  it('the sandbox route is absent (404) outside sandbox mode', async () => {
    const production = await startTestApp({ COUNTERFOIL_MODE: 'production' });
    try {
      const res = await call(production.url, 'POST', '/sandbox/deposits', {
        token: admin.token,
        body: { deposit_instruction_id: instruction('USDC', 'ethereum').id, amount: { currency: 'USDC', value: '1' } },
      });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('EdgeNotFound');
      const [{ count }] = await app.services.sql`select count(*)::int as count from deposits where account_ref = ${account} and status = 'pending'`;
      expect(count).toBe(0);
      // Not mounted at all: no credentials needed to learn nothing, and not in the OpenAPI document.
      expect((await call(production.url, 'POST', '/sandbox/deposits', { body: {} })).status).toBe(404);
      const doc = await call(production.url, 'GET', '/openapi.json');
      expect(Object.keys(doc.body.paths).filter((p) => p.startsWith('/sandbox'))).toEqual([]);
    } finally {
      await production.close();
    }
  });
});
