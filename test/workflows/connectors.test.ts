import { uuidv7 } from '../../src/ids';
import { parseAmount } from '../../src/ledger';
import { createSignedApiApp } from '../../src/http/signed/app';
import { listen, type RunningServer } from '../../src/http/server';
import { call } from '../helpers/app';
import { ReferenceConnector, productionThrough, until } from '../helpers/reference-connector';
import { signingClient } from '../http/api-key-fixtures';
import { SA } from '../../src/temporal/search-attributes';
import { Org, ledgerTrail, startGovernedHarness, type GovernedHarness } from './withdrawal-fixtures';

/*
 * Production mode against the reference connector (its own HTTPS process on loopback) with a real
 * worker, Temporal and PostgreSQL: every rail, market, deposit and KYC path is routed to it.
 */

let connector: ReferenceConnector;
let h: GovernedHarness;
let org: Org;
let signed: RunningServer;
let connectorId: string;

beforeAll(async () => {
  connector = await ReferenceConnector.start();
  h = await startGovernedHarness(productionThrough(connector));
  signed = await listen(createSignedApiApp(h.app.services), h.app.config, 0);
  org = await Org.create(h.app, 'Connected Ltd');
  const created = await org.ok(201, 'POST', '/connectors', { name: 'reference', base_url: connector.url, description: 'reference connector' });
  expect(created).toMatchObject({ resource: 'connector', name: 'reference', status: 'active', secret: expect.stringMatching(/^whsec_/) });
  expect(created.serves).toEqual(expect.arrayContaining([{ kind: 'rails', key: '*' }, { kind: 'kyc', key: '*' }]));
  connectorId = created.id;
  await connector.control('/control/configure', { secret: created.secret, counterfoil_url: h.app.url, connector_id: connectorId });
}, 120_000);

afterAll(async () => {
  await signed?.close(1000);
  await h?.stop();
  await connector?.stop();
});

describe('withdrawals through the connector', () => {
  const submitted = async (id: string) => until(`payout withdrawal/${id} at the connector`, async () => (await connector.payoutsFor(`withdrawal/${id}`)) === 1);

  it('submit → the connector confirms → settled once', async () => {
    const { account, destination } = await org.withdrawalAccount('1000.00');
    const res = await org.withdraw(account, destination, '100.00');
    expect(res.status).toBe(201);
    await submitted(res.body.id);
    expect((await org.ok(200, 'GET', `/withdrawals/${res.body.id}`)).status).toBe('executing');
    await connector.control('/control/payouts/confirm', { idempotency_key: `withdrawal/${res.body.id}` });
    const done = await org.waitFor(res.body.id, ['executed', 'failed']);
    expect(done).toMatchObject({ status: 'executed', rail_reference: expect.stringMatching(/^REF-/) });
    expect(await ledgerTrail(h.app, res.body.id)).toEqual({ hold: 'posted', settlements: 1 });
  });

  it('the connector fails it → failed, the hold released once', async () => {
    const { account, destination } = await org.withdrawalAccount('1000.00');
    const res = await org.withdraw(account, destination, '100.00');
    await submitted(res.body.id);
    await connector.control('/control/payouts/fail', { idempotency_key: `withdrawal/${res.body.id}`, reason: 'beneficiary_blocked' });
    const done = await org.waitFor(res.body.id, ['executed', 'failed']);
    expect(done).toMatchObject({ status: 'failed', failure_reason: 'beneficiary_blocked' });
    expect(await ledgerTrail(h.app, res.body.id)).toEqual({ hold: 'voided', settlements: 0 });
    expect(await org.balance(account)).toEqual({ total: '1000000000', held: '0', available: '1000000000' });
  });

  it('a submission that times out is resolved by asking: one payout at the connector, one settlement', async () => {
    const { account, destination } = await org.withdrawalAccount('1000.00');
    const before = (await connector.state()).payout_requests;
    const timeouts = async () => (await h.app.services.metrics.connectorErrors.get()).values.find((v) => v.labels.provider === 'reference' && v.labels.operation === '/payouts' && v.labels.kind === 'timeout')?.value ?? 0;
    const timeoutsBefore = await timeouts();
    // The connector records the payout at once but answers after Counterfoil's 1 s timeout.
    await connector.control('/control/payouts/behaviour', { hang_ms: 2500, hang_submissions: 1 });
    const res = await org.withdraw(account, destination, '100.00');
    await submitted(res.body.id);
    await connector.control('/control/payouts/confirm', { idempotency_key: `withdrawal/${res.body.id}` });
    const done = await org.waitFor(res.body.id, ['executed', 'failed']);
    expect(done.status).toBe('executed');
    expect(await connector.payoutsFor(`withdrawal/${res.body.id}`)).toBe(1);
    expect((await connector.state()).payout_requests - before).toBe(1);
    expect(await ledgerTrail(h.app, res.body.id)).toEqual({ hold: 'posted', settlements: 1 });
    // /metrics counts the timed-out submission, by provider and operation; the outcome asked afterwards answered.
    expect((await timeouts()) - timeoutsBefore).toBe(1);
    expect(await h.app.services.metrics.registry.getSingleMetricAsString('counterfoil_connector_request_duration_seconds')).toMatch(
      /counterfoil_connector_request_duration_seconds_count\{provider="reference",operation="\/payouts\/status",outcome="ok"\} [1-9]/,
    );
  });

  it('while its connector cannot serve it the withdrawal waits, marked CounterfoilAwaitingProvider for operators, and goes on once it can', async () => {
    const { account, destination } = await org.withdrawalAccount('1000.00');
    const { etag } = await org.ok(200, 'GET', `/connectors/${connectorId}`);
    let disabled: { etag: string } | null = await org.ok(200, 'POST', `/connectors/${connectorId}/disable`, undefined, { 'if-match': etag });
    try {
      const res = await org.withdraw(account, destination, '100.00');
      expect(res.status).toBe(201);
      const temporal = await h.app.services.temporal.get();
      const handle = temporal.workflow.getHandle(`withdrawal/${res.body.id}`);
      // What an operator types in the Temporal UI.
      const query = `CounterfoilFamily = "withdrawal" AND CounterfoilAwaitingProvider = "reference" AND WorkflowId = "withdrawal/${res.body.id}"`;
      await until('the withdrawal to show the provider it awaits', async () => {
        for await (const found of temporal.workflow.list({ query })) return found.workflowId === `withdrawal/${res.body.id}`;
        return false;
      });
      expect((await org.ok(200, 'GET', `/withdrawals/${res.body.id}`)).status).toBe('executing');
      expect(await connector.payoutsFor(`withdrawal/${res.body.id}`)).toBe(0);

      await org.ok(200, 'POST', `/connectors/${connectorId}/enable`, undefined, { 'if-match': disabled!.etag });
      disabled = null;
      await submitted(res.body.id);
      await until('the mark to be removed', async () => (await handle.describe()).typedSearchAttributes.get(SA.awaitingProvider) === undefined);
      await connector.control('/control/payouts/confirm', { idempotency_key: `withdrawal/${res.body.id}` });
      expect((await org.waitFor(res.body.id, ['executed', 'failed'])).status).toBe('executed');
      expect(await connector.payoutsFor(`withdrawal/${res.body.id}`)).toBe(1);
      expect(await ledgerTrail(h.app, res.body.id)).toEqual({ hold: 'posted', settlements: 1 });
    } finally {
      if (disabled) await org.ok(200, 'POST', `/connectors/${connectorId}/enable`, undefined, { 'if-match': disabled.etag });
    }
  });
});

it('an off-ramp payout goes through the connector (no simulated payout in production)', async () => {
  const [, account] = await org.newClient();
  await org.fund(account, '1000.00');
  const method = await org.payoutMethod(account, 'Ada Lovelace');
  const created = await org.api('POST', '/off-ramp-sessions', { account_ref: account, asset: 'USDC', fiat_currency: 'EUR', amount: { currency: 'USDC', value: '100' }, payout_method_id: method }, { 'idempotency-key': uuidv7() });
  expect(created.status).toBe(201);
  const key = `off_ramp/${created.body.id}`;
  await until('the off-ramp payout at the connector', async () => (await connector.payoutsFor(key)) === 1);
  const payout = (await connector.state()).payouts.find((p) => p.idempotency_key === key)!;
  expect(payout).toMatchObject({ rail: 'sepa', amount: { currency: 'EUR' }, destination: { beneficiary: { name: 'Ada Lovelace' } } });
  await connector.control('/control/payouts/confirm', { idempotency_key: key });
  await until('the off-ramp to complete', async () => (await org.ok(200, 'GET', `/off-ramp-sessions/${created.body.id}`)).status === 'completed');
  const done = await org.ok(200, 'GET', `/off-ramp-sessions/${created.body.id}`);
  expect(done.payout_reference).toBe(payout.reference);
});

it('while the payout bank cannot be reached the off-ramp is marked CounterfoilAwaitingProvider (at submission, then asking the outcome), cleared once it answers', async () => {
  const [, account] = await org.newClient();
  await org.fund(account, '1000.00');
  const method = await org.payoutMethod(account, 'Grace Hopper');
  const temporal = await h.app.services.temporal.get();
  await connector.control('/control/payouts/behaviour', { unavailable: true });
  try {
    const created = await org.api('POST', '/off-ramp-sessions', { account_ref: account, asset: 'USDC', fiat_currency: 'EUR', amount: { currency: 'USDC', value: '50' }, payout_method_id: method }, { 'idempotency-key': uuidv7() });
    expect(created.status).toBe(201);
    const id: string = created.body.id;
    const key = `off_ramp/${id}`;
    const handle = temporal.workflow.getHandle(`off-ramp/${id}`);
    const mark = async () => (await handle.describe()).typedSearchAttributes.get(SA.awaitingProvider);
    const session = async () => (await org.ok(200, 'GET', `/off-ramp-sessions/${id}`)).status;

    await until('the off-ramp to show the provider it awaits', async () => (await mark()) === 'reference');
    // What an operator types in the Temporal UI.
    const query = `CounterfoilFamily = "off_ramp" AND CounterfoilAwaitingProvider = "reference" AND WorkflowId = "off-ramp/${id}"`;
    await until('the off-ramp to be found by the provider it awaits', async () => {
      for await (const found of temporal.workflow.list({ query })) return found.workflowId === `off-ramp/${id}`;
      return false;
    });
    expect(await session()).toBe('converting');
    expect(await connector.payoutsFor(key)).toBe(0);

    await connector.control('/control/payouts/behaviour', {});
    await until('the payout at the connector', async () => (await connector.payoutsFor(key)) === 1);
    await until('the mark to be removed', async () => (await mark()) === undefined);
    expect(await session()).toBe('payout_sent');

    // Down again while the payout is pending: asking its outcome fails the same way.
    await connector.control('/control/payouts/behaviour', { unavailable: true });
    await until('the off-ramp to show the provider again', async () => (await mark()) === 'reference');
    expect(await session()).toBe('payout_sent');
    await connector.control('/control/payouts/behaviour', {});
    await connector.control('/control/payouts/confirm', { idempotency_key: key });
    expect(await handle.result()).toBe('completed');
    expect(await mark()).toBeUndefined();
    expect(await session()).toBe('completed');
    expect(await connector.payoutsFor(key)).toBe(1);
  } finally {
    await connector.control('/control/payouts/behaviour', {});
  }
});

it("on-ramp sessions are paid into the collection account the connector issued, asked once however many sessions start at once; a payment it reports quoting the reference goes through the same on-ramp workflow, once (no simulated payment in production)", async () => {
  const [, account] = await org.newClient();
  const enterpriseId = org.tenant.enterpriseId;
  const key = `collection-account/${enterpriseId}/sepa`;
  // The enterprise's first EUR sessions, two at once: each may ask the connector (the same account per key), one row is kept.
  const [created, twin] = await Promise.all([0, 1].map(() => org.ok(201, 'POST', '/on-ramp-sessions', { account_ref: account, fiat_currency: 'EUR', asset: 'USDC' })));
  const issued = (await connector.state()).instructions.find((i) => i.idempotency_key === key)!;
  expect(issued).toMatchObject({ purpose: 'collection', account_ref: `enterprises/${enterpriseId}`, rail: 'sepa', memo: null });
  expect(issued.details).toMatchObject({ beneficiary_name: 'Connected Ltd', iban: issued.address, bic: 'REFCDEB1XXX' });
  for (const s of [created, twin]) {
    expect(s.payment_instructions).toEqual({
      rail: 'sepa',
      currency: 'EUR',
      beneficiary_name: 'Connected Ltd',
      reference: expect.stringMatching(/^CFR[0-9A-F]{12}$/),
      bank_details: { iban: issued.address, bic: 'REFCDEB1XXX' },
    });
  }
  expect(created.payment_instructions.reference).not.toBe(twin.payment_instructions.reference);
  const kept = await h.app.services.sql`select provider, address from ramp_collection_accounts where enterprise_id = ${enterpriseId} and rail = 'sepa'`;
  expect(kept.map((r) => [r.provider, r.address])).toEqual([['reference', issued.address]]);
  // Kept: a later session asks the connector nothing.
  const asked = (await connector.state()).instruction_requests;
  const third = await org.ok(201, 'POST', '/on-ramp-sessions', { account_ref: account, fiat_currency: 'EUR', asset: 'USDC' });
  expect(third.payment_instructions.bank_details).toEqual(created.payment_instructions.bank_details);
  expect((await connector.state()).instruction_requests).toBe(asked);
  await org.ok(200, 'POST', `/on-ramp-sessions/${third.id}/cancel`);

  const session = `/on-ramp-sessions/${created.id}`;
  await until('the session to await payment', async () => (await org.ok(200, 'GET', session)).status === 'awaiting_payment');
  const simulated = await org.api('POST', `/sandbox${session}/payment`, { amount: { currency: 'EUR', value: '100.00' } });
  expect(simulated.status).toBe(404);

  const payment = { payment_reference: created.payment_instructions.reference, amount: { currency: 'EUR', value: '100.00' }, reference: `SEPA-${uuidv7()}` };
  const first = await connector.control('/control/deposits', { ...payment, times: 2 });
  expect(first.events.map((e: any) => [e.status, e.body.replayed, e.body.resource_ref])).toEqual([
    [200, false, `on-ramp-sessions/${created.id}`],
    [200, true, `on-ramp-sessions/${created.id}`],
  ]);
  // The same payment under a new event id is still the same payment; another payment to the session is refused.
  const again = await connector.control('/control/deposits', payment);
  expect(again.events.map((e: any) => [e.status, e.body.replayed])).toEqual([[200, false]]);
  const other = await connector.control('/control/deposits', { ...payment, reference: `SEPA-${uuidv7()}` });
  expect(other.events.map((e: any) => [e.status, e.body.code])).toEqual([[409, 'EdgeConflict']]);

  await until('the on-ramp to complete', async () => ['completed', 'failed'].includes((await org.ok(200, 'GET', session)).status));
  const done = await org.ok(200, 'GET', session);
  expect(done).toMatchObject({ status: 'completed', fiat_amount: { currency: 'EUR', value: '100.00' }, asset_amount: { currency: 'USDC' } });
  expect((await org.balance(account)).total).toBe(parseAmount(done.asset_amount.value, 'USDC', '/').toString());
  const [{ n }] = await h.app.services.sql`select count(*)::int as n from ledger_transactions where business_key like ${`on_ramp/${created.id}%`}`;
  expect(n).toBe(1);
  const temporal = await h.app.services.temporal.get();
  expect(await temporal.workflow.getHandle(`on-ramp/${created.id}`).result()).toBe('completed');

  const unknown = await connector.control('/control/deposits', { ...payment, payment_reference: 'CFR000000000000', reference: `SEPA-${uuidv7()}` });
  expect(unknown.events.map((e: any) => [e.status, e.body.reason])).toEqual([[422, 'unknown_deposit_target']]);
});

it.each([
  ['fails (503)', 'error'],
  ['answers an account that fits no rail', 'invalid'],
])("an on-ramp session whose collection account the connector %s is 502 EdgeBadGateway naming it, and nothing is created", async (_what, mode) => {
  const [, account] = await org.newClient();
  const rail = mode === 'error' ? 'fps' : 'ach';
  const fiat = rail === 'fps' ? 'GBP' : 'USD';
  const key = uuidv7();
  await connector.control('/control/deposit-instructions/behaviour', { mode });
  try {
    const res = await org.api('POST', '/on-ramp-sessions', { account_ref: account, fiat_currency: fiat, asset: 'USDC' }, { 'idempotency-key': key });
    expect([res.status, res.body.code, res.body.provider, res.body.reason]).toEqual([502, 'EdgeBadGateway', 'reference', 'provider_failed']);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body.detail).not.toMatch(/127\.0\.0\.1|503|https?:/);
    const [{ sessions }] = await h.app.services.sql`select count(*)::int as sessions from on_ramp_sessions where account_ref = ${account}`;
    const [{ accounts }] = await h.app.services.sql`select count(*)::int as accounts from ramp_collection_accounts where enterprise_id = ${org.tenant.enterpriseId} and rail = ${rail}`;
    expect([sessions, accounts]).toEqual([0, 0]);
    // A request the pair refuses is that refusal, and asks the connector nothing.
    const asked = (await connector.state()).instruction_requests;
    const unlisted = await org.api('POST', '/on-ramp-sessions', { account_ref: account, fiat_currency: 'GBP', asset: 'BTC' });
    expect([unlisted.status, unlisted.body.reason]).toEqual([422, 'pair_not_supported']);
    expect((await connector.state()).instruction_requests).toBe(asked);
  } finally {
    await connector.control('/control/deposit-instructions/behaviour', { mode: 'ok' });
  }
  // The same request again, once the connector issues: created, with its account.
  const created = await org.ok(201, 'POST', '/on-ramp-sessions', { account_ref: account, fiat_currency: fiat, asset: 'USDC' }, { 'idempotency-key': key });
  const issued = (await connector.state()).instructions.find((i) => i.idempotency_key === `collection-account/${org.tenant.enterpriseId}/${rail}`)!;
  expect(created.payment_instructions).toMatchObject({ rail, bank_details: { account_number: issued.address } });
  await org.ok(200, 'POST', `/on-ramp-sessions/${created.id}/cancel`);
});

describe('deposit instructions issued by the connector', () => {
  it("a client account's funding endpoints carry the addresses and accounts the connector issued, once per rail however many ask first; a payment it reports to one is credited once", async () => {
    const [, account] = await org.newClient();
    const before = (await connector.state()).instruction_requests;
    // Two first listings at once: each issues (the connector answers the same instruction per key), one row per rail survives.
    const pages = await Promise.all([0, 1].map(() => org.ok(200, 'GET', `/funding-endpoints?account_ref=${account}&page_size=200`)));
    const endpoints: any[] = pages[0].items;
    expect(pages[1].items.map((e: any) => e.id)).toEqual(endpoints.map((e) => e.id));
    const rails = [...new Set(endpoints.map((e) => e.network ?? e.fiat_rail))].sort();
    expect(rails).toEqual(expect.arrayContaining(['ethereum', 'stellar', 'sepa', 'ach', 'fps']));

    const state = await connector.state();
    const issued: any[] = state.instructions.filter((i: any) => i.account_ref === account);
    expect(issued.map((i) => i.idempotency_key).sort()).toEqual(rails.map((rail) => `deposit-instruction/${account}/${rail}`).sort());
    expect(state.instruction_requests - before).toBeGreaterThanOrEqual(rails.length);
    const rows = await h.app.services.sql`select rail, count(*)::int as n from deposit_addresses where account_ref = ${account} group by rail order by rail`;
    expect(rows.map((r) => [r.rail, r.n])).toEqual(rails.map((rail) => [rail, 1]));
    for (const e of endpoints) {
      const mine = issued.find((i) => i.rail === (e.network ?? e.fiat_rail));
      if (e.rail_class === 'crypto') expect(e.crypto_routing.endpoint).toEqual({ address: mine.address, memo: mine.memo });
      else expect(e.fiat_routing).toEqual({ rail: mine.rail, currency: e.asset, ...mine.details });
    }
    expect(issued.find((i) => i.rail === 'stellar').memo).toMatch(/^[0-9]+$/);
    expect(issued.find((i) => i.rail === 'sepa').details).toMatchObject({ beneficiary_name: 'Connected Ltd', bic: 'REFCDEB1XXX' });
    // Listed again: nothing more is asked of the connector.
    const asked = (await connector.state()).instruction_requests;
    expect((await org.ok(200, 'GET', `/deposit-instructions?account_ref=${account}&page_size=200`)).items).toHaveLength(endpoints.length);
    expect((await connector.state()).instruction_requests).toBe(asked);

    // Payments the connector sees arrive on addresses it issued: reported by address (+memo), credited once.
    const payments = [
      { rail: 'ethereum', amount: { currency: 'USDC', value: '40.00' }, credited: ['USDC', '40000000'] },
      { rail: 'stellar', amount: { currency: 'USDC', value: '2.50' }, credited: ['USDC', '42500000'] },
      { rail: 'sepa', amount: { currency: 'EUR', value: '15.00' }, credited: ['EUR', '1500'] },
    ];
    for (const { rail, amount, credited } of payments) {
      const to = issued.find((i) => i.rail === rail);
      const reference = `${rail}-${uuidv7()}`;
      const { events } = await connector.control('/control/deposits', { address: to.address, ...(to.memo ? { memo: to.memo } : {}), amount, reference, times: 2 });
      expect(events.map((e: any) => [e.status, e.body.replayed])).toEqual([
        [200, false],
        [200, true],
      ]);
      const depositRef: string = events[0].body.resource_ref;
      await until(`the ${rail} deposit to be credited`, async () => (await org.ok(200, 'GET', `/${depositRef}`)).status === 'credited');
      const deposit = await org.ok(200, 'GET', `/${depositRef}`);
      expect(deposit).toMatchObject({ transaction_hash: reference, connector_ref: `connectors/${connectorId}`, account_ref: account });
      expect(endpoints.find((e) => e.id === deposit.funding_endpoint_id)).toMatchObject({ asset: amount.currency });
      expect((await org.balance(account, credited[0])).total).toBe(credited[1]);
    }
    const [{ n }] = await h.app.services.sql`select count(*)::int as n from deposits where account_ref = ${account}`;
    expect(n).toBe(payments.length);
    const [{ entries }] = await h.app.services.sql`
      select count(*)::int as entries from ledger_transactions where business_key in (select 'deposit/' || id from deposits where account_ref = ${account})`;
    expect(entries).toBe(payments.length);
  });

  it.each([
    ['fails (503)', 'error'],
    ['answers an address that fits no rail', 'invalid'],
  ])('a connector that %s is 502 EdgeBadGateway naming it, nothing is created, and the next listing issues', async (_what, mode) => {
    const [, account] = await org.newClient();
    await connector.control('/control/deposit-instructions/behaviour', { mode });
    try {
      const res = await org.api('GET', `/deposit-instructions?account_ref=${account}`);
      expect([res.status, res.body.code, res.body.provider, res.body.reason]).toEqual([502, 'EdgeBadGateway', 'reference', 'provider_failed']);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.body.detail).not.toMatch(/127\.0\.0\.1|503|https?:/);
      const [{ n }] = await h.app.services.sql`select count(*)::int as n from funding_endpoints where account_ref = ${account}`;
      expect(n).toBe(0);
    } finally {
      await connector.control('/control/deposit-instructions/behaviour', { mode: 'ok' });
    }
    expect((await org.ok(200, 'GET', `/deposit-instructions?account_ref=${account}`)).items.length).toBeGreaterThan(0);
  });
});

describe('deposits reported by the connector', () => {
  it('are credited once when the connector sends the event three times; a bad signature is 401 and changes nothing', async () => {
    const [, account] = await org.newClient();
    const instructions = (await org.ok(200, 'GET', `/deposit-instructions?account_ref=${account}`)).items;
    const usdc = instructions.find((i: any) => i.asset === 'USDC' && i.crypto_routing?.network === 'ethereum');
    const reference = `0x${uuidv7().replace(/-/g, '')}`;
    const annotations = { integrator_reference: 'inv-9001', metadata: { order_id: 'ord_9001' } };
    const { events } = await connector.control('/control/deposits', { deposit_instruction_id: usdc.id, amount: { currency: 'USDC', value: '25.00' }, reference, ...annotations, times: 3 });
    expect(events.map((e: any) => [e.status, e.body.replayed])).toEqual([
      [200, false],
      [200, true],
      [200, true],
    ]);
    const depositRef: string = events[0].body.resource_ref;
    await until('the deposit to be credited', async () => (await org.ok(200, 'GET', `/${depositRef}`)).status === 'credited');
    expect(await org.ok(200, 'GET', `/${depositRef}`)).toMatchObject({
      transaction_hash: reference,
      connector_ref: `connectors/${connectorId}`,
      amount: { currency: 'USDC', value: '25.000000' },
      reference: 'inv-9001',
      metadata: { order_id: 'ord_9001' },
    });
    expect((await org.ok(200, 'GET', '/deposits?reference=inv-9001')).items.map((d: any) => `deposits/${d.id}`)).toEqual([depositRef]);
    const payloads = await h.app.services.sql`select payload from events where resource_ref = ${depositRef} order by seq`;
    expect(payloads.map((e) => [e.payload.reference, e.payload.metadata])).toEqual(payloads.map(() => ['inv-9001', { order_id: 'ord_9001' }]));
    expect((await org.balance(account)).total).toBe('25000000');
    const client = await h.app.services.temporal.get();
    expect(await client.workflow.getHandle(`deposit/${depositRef.split('/')[1]}`).result()).toBe('credited');

    const forged = await connector.control('/control/deposits', { deposit_instruction_id: usdc.id, amount: { currency: 'USDC', value: '500.00' }, reference: `${reference}ff`, bad_signature: true });
    expect(forged.events.map((e: any) => [e.status, e.body.code])).toEqual([[401, 'Unauthorized']]);
    const [{ n }] = await h.app.services.sql`select count(*)::int as n from deposits where account_ref = ${account}`;
    expect(n).toBe(1);

    // A refusal is final for its event id: the retry gets the same problem.
    const unknown = await connector.control('/control/deposits', { deposit_instruction_id: uuidv7(), amount: { currency: 'USDC', value: '1.00' }, reference: `${reference}ee`, times: 2 });
    expect(unknown.events.map((e: any) => [e.status, e.body.code, e.body.reason])).toEqual([
      [422, 'EdgeUnprocessable', 'unknown_deposit_target'],
      [422, 'EdgeUnprocessable', 'unknown_deposit_target'],
    ]);
    expect((await org.balance(account)).total).toBe('25000000');
  });

  it.each([
    { name: 'metadata past its limits', data: { metadata: { note: 'v'.repeat(501) } }, status: 422, pointer: '/body/data/metadata/note' },
    { name: 'a reference of 129 characters', data: { integrator_reference: 'r'.repeat(129) }, status: 400, pointer: '/body/data/integrator_reference' },
    // An on-ramp session has its own from its creation: a payment to one carries none.
    { name: 'an on-ramp payment reference', data: { deposit_instruction_id: undefined, payment_reference: 'CFR0000000000', integrator_reference: 'r' }, status: 400, pointer: '/body/data/payment_reference' },
  ])('a deposit reported with $name is refused ($status) and nothing is recorded', async ({ data, status, pointer }) => {
    const [, account] = await org.newClient();
    const usdc = (await org.ok(200, 'GET', `/deposit-instructions?account_ref=${account}`)).items.find((i: any) => i.asset === 'USDC' && i.crypto_routing?.network === 'ethereum');
    const reference = `0x${uuidv7().replace(/-/g, '')}`;
    const { events } = await connector.control('/control/deposits', { deposit_instruction_id: usdc.id, amount: { currency: 'USDC', value: '1.00' }, reference, ...data });
    expect(events.map((e: any) => e.status)).toEqual([status]);
    expect(events[0].body.errors).toContainEqual({ pointer, detail: expect.any(String) });
    const [{ n }] = await h.app.services.sql`select count(*)::int as n from deposits where account_ref = ${account}`;
    expect(n).toBe(0);
  });
});

describe('KYC decisions enable the signed API', () => {
  const keyFor = async (clientRef: string) => {
    const key = await org.ok(201, 'POST', '/api-keys', { client_ref: clientRef, label: 'integration' });
    return signingClient(signed.url, key);
  };

  it("from the connector: 9013 before, 200 after", async () => {
    const [clientRef] = await org.newClient();
    const api = await keyFor(clientRef);
    const before = await api.get('/v1/balance');
    expect([before.status, (before.body as any).errorCode]).toEqual([403, 9013]);
    const { events } = await connector.control('/control/kyc', { client_id: clientRef.split('/')[1], status: 'verified', reference: 'case-1' });
    expect(events[0]).toMatchObject({ status: 200, body: { type: 'kyc.decision', replayed: false, resource_ref: expect.stringMatching(/^kyc-decisions\//) } });
    expect((await api.get('/v1/balance')).status).toBe(200);
    expect((await org.ok(200, 'GET', `/${clientRef}`)).kyc_status).toBe('verified');
    const [listed] = (await org.ok(200, 'GET', `/${clientRef}/kyc-decisions`)).items;
    expect(listed).toMatchObject({ id: events[0].body.resource_ref.split('/')[1], status: 'verified', previous_status: 'pending', decided_by: 'connector', connector_ref: `connectors/${connectorId}`, reference: 'case-1' });
  });

  it('from an operator, with an action token: 9013 before, 200 after', async () => {
    const [clientRef] = await org.newClient();
    const api = await keyFor(clientRef);
    expect((await api.get('/v1/balance')).status).toBe(403);
    const path = `/${clientRef}/kyc-decisions`;
    expect((await org.api('POST', path, { status: 'verified' })).status).toBe(428);
    const token = (await org.ok(201, 'POST', '/action-tokens', { action: 'clients.record_kyc_decision', resource_ref: clientRef })).token;
    const decision = await org.ok(201, 'POST', path, { status: 'verified', reason: 'documents checked' }, { 'x-action-token': token });
    expect(decision).toMatchObject({ resource: 'kyc_decision', status: 'verified', previous_status: 'pending', decided_by: 'operator', connector_ref: null });
    expect((await api.get('/v1/balance')).status).toBe(200);
    const [entry] = await h.app.services.sql`select action, resource_ref, outcome from user_action_audit_entries where resource_ref = ${`kyc-decisions/${decision.id}`}`;
    expect(entry).toEqual({ action: 'recordKycDecision', resource_ref: `kyc-decisions/${decision.id}`, outcome: 'succeeded' });
    expect(await org.ok(200, 'GET', `/kyc-decisions/${decision.id}`)).toEqual(decision);
    expect((await org.ok(200, 'GET', `${path}?page_size=10`)).items).toEqual([decision]);
  });

  it("another enterprise's operator, even with an action token, finds no such client (404)", async () => {
    const [clientRef] = await org.newClient();
    const foreign = await Org.create(h.app, 'Foreign KYC Ltd');
    const token = (await foreign.ok(201, 'POST', '/action-tokens', { action: 'clients.record_kyc_decision', resource_ref: clientRef })).token;
    const res = await foreign.api('POST', `/${clientRef}/kyc-decisions`, { status: 'verified' }, { 'x-action-token': token });
    expect([res.status, res.body.code]).toEqual([404, 'EdgeNotFound']);
    expect((await org.ok(200, 'GET', `/${clientRef}`)).kyc_status).toBe('pending');
  });
});

describe('a failing price provider', () => {
  let api: ReturnType<typeof signingClient>;
  const indicative = () => org.api('GET', '/prices/indicative?from_asset=USDC&to_asset=EUR&from_amount=10');
  const quote = () => api.post('/v1/convert/getQuote', { fromTicker: 'usdc', toTicker: 'eur', fromAmount: '10' });

  beforeAll(async () => {
    const [clientRef] = await org.newClient();
    const token = (await org.ok(201, 'POST', '/action-tokens', { action: 'clients.record_kyc_decision', resource_ref: clientRef })).token;
    await org.ok(201, 'POST', `/${clientRef}/kyc-decisions`, { status: 'verified' }, { 'x-action-token': token });
    api = signingClient(signed.url, await org.ok(201, 'POST', '/api-keys', { client_ref: clientRef, label: 'prices' }));
  });
  afterAll(() => connector.control('/control/prices', { mode: 'ok', mid: '1' }));

  it.each([
    ['answers 500', 'error'],
    ['answers garbage', 'garbage'],
    ['does not answer in time', 'hang'],
  ])('that %s is 502 EdgeBadGateway naming it (and 9502 on getQuote)', async (_what, mode) => {
    await connector.control('/control/prices', { mode });
    const res = await indicative();
    expect([res.status, res.body.code, res.body.provider, res.body.reason]).toEqual([502, 'EdgeBadGateway', 'reference', 'provider_failed']);
    expect(res.body.detail).not.toMatch(/127\.0\.0\.1|500|https?:/);
    const q = await quote();
    expect([q.status, (q.body as any).errorCode, (q.body as any).errorLabel]).toEqual([502, 9502, 'PRICE_PROVIDER_FAILED']);
  });

  it('a stale price is refused: 503 with Retry-After', async () => {
    await connector.control('/control/prices', { mode: 'stale', mid: '0.92' });
    const res = await indicative();
    expect([res.status, res.body.code, res.body.reason]).toEqual([503, 'TemporarilyUnavailable', 'price_stale']);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    const q = await quote();
    expect([q.status, (q.body as any).errorCode]).toEqual([503, 9503]);
  });

  it('a fresh price is used', async () => {
    await connector.control('/control/prices', { mode: 'ok', mid: '0.92' });
    const res = await indicative();
    expect(res.status).toBe(200);
    expect(res.body.indicative_price.price).toBe('0.9172'); // 0.92 less the pair's 30 bps spread, rounded down
    expect((await quote()).status).toBe(200);
  });
});

it('connectors are read, listed, rotated and disabled; a disabled connector is sent nothing and its events are refused', async () => {
  const other = await Org.create(h.app, 'Other Connected Ltd');
  const created = await other.ok(201, 'POST', '/connectors', { name: 'reference', base_url: connector.url });
  expect(await other.ok(200, 'GET', `/connectors/${created.id}`)).toMatchObject({ id: created.id, events_url: `/connectors/${created.id}/events` });
  expect((await org.api('GET', `/connectors/${created.id}`)).status).toBe(404);
  expect((await other.ok(200, 'GET', '/connectors')).items.map((c: any) => c.id)).toEqual([created.id]);
  expect((await other.api('POST', '/connectors', { name: 'reference', base_url: connector.url })).status).toBe(409);
  const rotated = await other.ok(200, 'POST', `/connectors/${created.id}/rotate-secret`, { overlap_seconds: 60 });
  expect(rotated.secret).not.toBe(created.secret);
  expect(rotated.previous_secret_expires_at).toEqual(expect.any(String));
  const disabled = await other.ok(200, 'POST', `/connectors/${created.id}/disable`, undefined, { 'if-match': rotated.etag });
  expect(disabled.status).toBe('disabled');
  const events = await h.app.services.sql`select type from events where resource_ref = ${`connectors/${created.id}`} order by seq`;
  expect(events.map((e) => e.type)).toEqual(['connectors.connector.created.v1', 'connectors.connector.secret_rotated.v1', 'connectors.connector.disabled.v1']);
  const audited = await h.app.services.sql`select action from user_action_audit_entries where resource_ref = ${`connectors/${created.id}`} order by occurred_at`;
  expect(audited.map((a) => a.action)).toEqual(['createConnector', 'rotateConnectorSecret', 'disableConnector']);
  // Prices for this enterprise go nowhere now: 502, naming the provider.
  const price = await other.api('GET', '/prices/indicative?from_asset=USDC&to_asset=EUR&from_amount=10');
  expect([price.status, price.body.reason, price.body.provider]).toEqual([502, 'provider_not_connected', 'reference']);
  // Nor deposit instructions.
  const [, account] = await other.newClient();
  const listed = await other.api('GET', `/funding-endpoints?account_ref=${account}`);
  expect([listed.status, listed.body.code, listed.body.reason, listed.body.provider]).toEqual([502, 'EdgeBadGateway', 'provider_not_connected', 'reference']);
  const refused = await call(h.app.url, 'POST', `/connectors/${created.id}/events`, { body: { type: 'payout.updated', data: { idempotency_key: 'withdrawal/x' } } });
  expect(refused.status).toBe(401);
});
