import { randomUUID } from 'node:crypto';
import { uuidv7 } from '../../src/ids';
import { SA } from '../../src/temporal/search-attributes';
import { systemAccountRef, verifyLedger } from '../../src/ledger';
import { startTestApp, tokenFor, call } from '../helpers/app';
import { entriesCommittedWithRow } from '../helpers/audit';
import { Org, startGovernedHarness, type GovernedHarness } from './withdrawal-fixtures';

let h: GovernedHarness;
let org: Org;

beforeAll(async () => {
  h = await startGovernedHarness();
  org = await Org.create(h.app, 'Ramps Ltd');
});
afterAll(() => h.stop());

/** Polls a session until it reaches one of `statuses` (the workflow runs asynchronously). */
async function waitFor(kind: 'on-ramp-sessions' | 'off-ramp-sessions', id: string, statuses: string[], o = org): Promise<any> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const s = await o.ok(200, 'GET', `/${kind}/${id}`);
    if (statuses.includes(s.status)) return s;
    if (Date.now() > deadline) throw new Error(`${kind} ${id} stayed ${s.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function eventTypes(resourceRef: string): Promise<string[]> {
  const rows = await h.app.services.sql`select type from events where resource_ref = ${resourceRef} order by seq`;
  return rows.map((r) => r.type as string);
}

describe('on-ramp sessions', () => {
  it('requested → awaiting_payment → payment_received → converting → completed, crediting the asset once', async () => {
    const [, account] = await org.newClient();
    const creation = `audit-${randomUUID()}`;
    const created = await org.api('POST', '/on-ramp-sessions', { account_ref: account, fiat_currency: 'eur', asset: 'usdc' }, { 'x-request-id': creation });
    expect(created.status).toBe(201);
    // Without an Idempotency-Key the entry still commits with the session (it moves on at once: compare with its `requested` event).
    const requestedEvent = { resource_ref: `on-ramp-sessions/${created.body.id}`, type: 'ramps.on_ramp_session.requested.v1' };
    expect(await entriesCommittedWithRow(h.app.services.sql, creation, 'events', requestedEvent)).toEqual([
      { action: 'createOnRampSession', resource_ref: `on-ramp-sessions/${created.body.id}`, status_code: 201, with_row: true },
    ]);
    expect(created.body).toMatchObject({
      resource: 'on-ramp-session',
      status: 'requested',
      account_ref: account,
      fiat_currency: 'EUR',
      asset: 'USDC',
      payment_instructions: { rail: 'sepa', currency: 'EUR', reference: expect.stringMatching(/^CFR[0-9A-F]{12}$/), bank_details: { iban: expect.stringMatching(/^DE/), bic: 'CFOLDEB1XXX' } },
      fiat_amount: null,
      asset_amount: null,
    });
    const id = created.body.id;
    await waitFor('on-ramp-sessions', id, ['awaiting_payment']);
    const payment = `audit-${randomUUID()}`;
    const paid = await org.api('POST', `/sandbox/on-ramp-sessions/${id}/payment`, { amount: { currency: 'EUR', value: '100.00' } }, { 'x-request-id': payment });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'payment_received', fiat_amount: { currency: 'EUR', value: '100.00' } });
    // The session moves on at once: the entry shares its transaction with the payment's event.
    const paymentEvent = { resource_ref: `on-ramp-sessions/${id}`, type: 'ramps.on_ramp_session.payment_received.v1' };
    expect(await entriesCommittedWithRow(h.app.services.sql, payment, 'events', paymentEvent)).toEqual([
      { action: 'simulateOnRampPayment', resource_ref: `on-ramp-sessions/${id}`, status_code: 200, with_row: true },
    ]);

    const done = await waitFor('on-ramp-sessions', id, ['completed', 'failed']);
    // 1 % on-ramp fee (1.00 EUR) off the payment; 99.00 EUR at (1 / 0.92) less 30 bps, rounded down.
    expect(done).toMatchObject({
      status: 'completed',
      fee_summary: { total: { currency: 'EUR', value: '1.00' } },
      asset_amount: { currency: 'USDC', value: '107.285869' },
      price: '1.0836',
      completed_at: expect.any(String),
    });
    expect((await org.balance(account, 'USDC')).total).toBe('107285869');
    expect((await org.balance(systemAccountRef(org.tenant.enterpriseId, 'external_deposits'), 'EUR')).total).toBe('-10000');
    expect(await eventTypes(`on-ramp-sessions/${id}`)).toEqual([
      'ramps.on_ramp_session.requested.v1',
      'ramps.on_ramp_session.awaiting_payment.v1',
      'ramps.on_ramp_session.payment_received.v1',
      'ramps.on_ramp_session.converting.v1',
      'ramps.on_ramp_session.completed.v1',
    ]);
    const client = await h.app.services.temporal.get();
    const handle = client.workflow.getHandle(`on-ramp/${id}`);
    expect(await handle.result()).toBe('completed');
    const description = await handle.describe();
    expect(description.typedSearchAttributes.get(SA.status)).toBe('completed');
    expect(description.typedSearchAttributes.get(SA.family)).toBe('on_ramp');
    expect(description.typedSearchAttributes.get(SA.account)).toBe(account);
    // A second payment is refused: the session has moved on.
    const again = await org.api('POST', `/sandbox/on-ramp-sessions/${id}/payment`, { amount: { currency: 'EUR', value: '100.00' } });
    expect(again.status).toBe(409);
    expect(again.body.reason).toBe('on_ramp_completed');
  });

  it('expires on its durable timer when unpaid, and refuses a late payment', async () => {
    const [, account] = await org.newClient();
    const created = await org.ok(201, 'POST', '/on-ramp-sessions', { account_ref: account, fiat_currency: 'USD', asset: 'BTC', payment_window_seconds: 1 });
    expect(created.payment_instructions).toMatchObject({ rail: 'ach', bank_details: { routing_number: expect.any(String) } });
    const expired = await waitFor('on-ramp-sessions', created.id, ['expired']);
    expect(expired.asset_amount).toBeNull();
    const late = await org.api('POST', `/sandbox/on-ramp-sessions/${created.id}/payment`, { amount: { currency: 'USD', value: '50.00' } });
    expect(late.status).toBe(409);
    expect(late.body.reason).toBe('on_ramp_expired');
    const client = await h.app.services.temporal.get();
    expect(await client.workflow.getHandle(`on-ramp/${created.id}`).result()).toBe('expired');
  });

  it('is cancelled while awaiting payment; afterwards cancel is 409', async () => {
    const [, account] = await org.newClient();
    const creation = `audit-${randomUUID()}`;
    const created = await org.ok(201, 'POST', '/on-ramp-sessions', { account_ref: account, fiat_currency: 'GBP', asset: 'USDC' }, { 'idempotency-key': uuidv7(), 'x-request-id': creation });
    // With a key the entry goes out with the stored answer, in the session's transaction: one entry, as before.
    expect(await entriesCommittedWithRow(h.app.services.sql, creation, 'events', { resource_ref: `on-ramp-sessions/${created.id}`, type: 'ramps.on_ramp_session.requested.v1' })).toEqual([
      { action: 'createOnRampSession', resource_ref: `on-ramp-sessions/${created.id}`, status_code: 201, with_row: true },
    ]);
    await waitFor('on-ramp-sessions', created.id, ['awaiting_payment']);
    const client = await h.app.services.temporal.get();
    // The Temporal UI's "Stack Trace" query: off unless COUNTERFOIL_WORKFLOW_STACK_TRACES=1 (the stack-traces patch, patches/).
    await expect(client.workflow.getHandle(`on-ramp/${created.id}`).query('__stack_trace')).rejects.toThrow('Workflow stack traces are not enabled on this worker');
    const cancellation = `audit-${randomUUID()}`;
    const cancelled = await org.api('POST', `/on-ramp-sessions/${created.id}/cancel`, undefined, { 'x-request-id': cancellation });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect(await client.workflow.getHandle(`on-ramp/${created.id}`).result()).toBe('cancelled');
    expect(await entriesCommittedWithRow(h.app.services.sql, cancellation, 'on_ramp_sessions', created.id)).toEqual([
      { action: 'cancelOnRampSession', resource_ref: `on-ramp-sessions/${created.id}`, status_code: 200, with_row: true },
    ]);
    const again = await org.api('POST', `/on-ramp-sessions/${created.id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.reason).toBe('on_ramp_cancelled');
  });

  it.each([
    ['a crypto fiat_currency', { fiat_currency: 'USDC', asset: 'BTC' }, 422],
    ['a fiat asset', { fiat_currency: 'USD', asset: 'EUR' }, 422],
    ['an unlisted pair', { fiat_currency: 'GBP', asset: 'BTC' }, 422],
  ])('refuses %s', async (_name, body, status) => {
    const [, account] = await org.newClient();
    const res = await org.api('POST', '/on-ramp-sessions', { account_ref: account, ...body });
    expect(res.status).toBe(status);
  });
});

describe('off-ramp sessions', () => {
  it('holds, converts, pays out and completes; the asset leaves exactly once', async () => {
    const [, account] = await org.newClient();
    await org.fund(account, '1000.00');
    const method = await org.payoutMethod(account, 'Ada Lovelace');
    const created = await org.api('POST', '/off-ramp-sessions', { account_ref: account, asset: 'USDC', fiat_currency: 'EUR', amount: { currency: 'USDC', value: '100' }, payout_method_id: method }, { 'idempotency-key': uuidv7() });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ resource: 'off-ramp-session', status: 'requested', amount: { currency: 'USDC', value: '100.000000' }, fee_summary: { total: { currency: 'USDC', value: '1.000000' } } });
    const done = await waitFor('off-ramp-sessions', created.body.id, ['completed', 'failed']);
    expect(done).toMatchObject({ status: 'completed', fiat_amount: { currency: 'EUR', value: '91.72' }, price: '0.9172', payout_reference: expect.stringMatching(/^SBXPO/) });
    expect(await org.balance(account)).toEqual({ total: '899000000', held: '0', available: '899000000' });
    expect((await org.balance(systemAccountRef(org.tenant.enterpriseId, 'external_withdrawals'), 'EUR')).total).toBe('9172');
    expect(await eventTypes(`off-ramp-sessions/${created.body.id}`)).toEqual([
      'ramps.off_ramp_session.requested.v1',
      'ramps.off_ramp_session.converting.v1',
      'ramps.off_ramp_session.payout_sent.v1',
      'ramps.off_ramp_session.completed.v1',
    ]);
    const [hold] = await h.app.services.sql`select status from ledger_holds where business_key = ${`off_ramp/${created.body.id}/hold`}`;
    expect(hold.status).toBe('posted');
    const client = await h.app.services.temporal.get();
    const handle = client.workflow.getHandle(`off-ramp/${created.body.id}`);
    // The session row turns completed in the last activity; the workflow upserts its final search attributes after it.
    expect(await handle.result()).toBe('completed');
    const description = await handle.describe();
    expect(description.typedSearchAttributes.get(SA.status)).toBe('completed');
    expect(description.typedSearchAttributes.get(SA.family)).toBe('off_ramp');
  });

  it('stores its Idempotency-Key answer and audit entry in the session\'s own transaction; a retry replays it and holds nothing more', async () => {
    const [, account] = await org.newClient();
    await org.fund(account, '100.00');
    const method = await org.payoutMethod(account, 'Ada Lovelace');
    const key = uuidv7();
    const body = { account_ref: account, asset: 'USDC', fiat_currency: 'EUR', amount: { currency: 'USDC', value: '10' }, payout_method_id: method };
    const first = await org.api('POST', '/off-ramp-sessions', body, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    const replay = await org.api('POST', '/off-ramp-sessions', body, { 'idempotency-key': key });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    // The velocity entry is written once, by the session's transaction.
    const [{ answer, audit }] = await h.app.services.sql`
      select (select xmin::text from idempotency_records where key = ${key}) = v.xmin::text as answer,
             (select count(*)::int from user_action_audit_entries where action = 'createOffRampSession' and idempotency_key = ${key} and xmin::text = v.xmin::text) as audit
        from policy_velocity v where v.operation_ref = ${`off-ramp-sessions/${first.body.id}`}`;
    expect({ answer, audit }).toEqual({ answer: true, audit: 1 });
    await waitFor('off-ramp-sessions', first.body.id, ['completed', 'failed']);
    expect((await org.balance(account)).total).toBe('89900000'); // one session: 10 + 0.1 fee, once
  });

  it('releases the hold when the payout rail rejects the payout', async () => {
    const [, account] = await org.newClient();
    await org.fund(account, '50.00');
    const method = await org.payoutMethod(account, 'Sandbox Reject');
    const created = await org.ok(201, 'POST', '/off-ramp-sessions', { account_ref: account, asset: 'USDC', fiat_currency: 'EUR', amount: { currency: 'USDC', value: '10' }, payout_method_id: method }, { 'idempotency-key': uuidv7() });
    const failed = await waitFor('off-ramp-sessions', created.id, ['failed', 'completed']);
    expect(failed).toMatchObject({ status: 'failed', failure_reason: 'payout_rejected', payout_reference: null });
    expect(await org.balance(account)).toEqual({ total: '50000000', held: '0', available: '50000000' });
    const [hold] = await h.app.services.sql`select status from ledger_holds where business_key = ${`off_ramp/${created.id}/hold`}`;
    expect(hold.status).toBe('voided');
  });

  it.each([
    ['insufficient funds', '1000', 422, 'insufficient_funds'],
    ['an amount below the pair minimum', '0.5', 422, 'amount_out_of_range'],
  ])('refuses %s', async (_name, value, status, reason) => {
    const [, account] = await org.newClient();
    await org.fund(account, '20.00');
    const method = await org.payoutMethod(account, 'Ada Lovelace');
    const res = await org.api('POST', '/off-ramp-sessions', { account_ref: account, asset: 'USDC', fiat_currency: 'EUR', amount: { currency: 'USDC', value }, payout_method_id: method }, { 'idempotency-key': uuidv7() });
    expect(res.status).toBe(status);
    expect(res.body.reason).toBe(reason);
    expect((await org.balance(account)).held).toBe('0');
  });

  it('is cancelled while requested (no worker yet), releasing the hold', async () => {
    const idle = await startTestApp({ TEMPORAL_TASK_QUEUE: `idle-${randomUUID()}` });
    try {
      const o = new Org(idle, org.tenant, await tokenFor(idle.url, org.tenant));
      const [, account] = await o.newClient();
      await o.fund(account, '30.00');
      const method = await o.payoutMethod(account, 'Ada Lovelace');
      const created = await o.ok(201, 'POST', '/off-ramp-sessions', { account_ref: account, asset: 'USDC', fiat_currency: 'EUR', amount: { currency: 'USDC', value: '10' }, payout_method_id: method }, { 'idempotency-key': uuidv7() });
      expect((await o.balance(account)).held).toBe('10100000');
      const cancellation = `audit-${randomUUID()}`;
      const cancelled = await call(idle.url, 'POST', `/off-ramp-sessions/${created.id}/cancel`, { token: o.token, headers: { 'x-request-id': cancellation } });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.status).toBe('cancelled');
      expect(await entriesCommittedWithRow(idle.services.sql, cancellation, 'off_ramp_sessions', created.id)).toEqual([
        { action: 'cancelOffRampSession', resource_ref: `off-ramp-sessions/${created.id}`, status_code: 200, with_row: true },
      ]);
      expect(await o.balance(account)).toEqual({ total: '30000000', held: '0', available: '30000000' });
      const again = await call(idle.url, 'POST', `/off-ramp-sessions/${created.id}/cancel`, { token: o.token });
      expect(again.status).toBe(409);
      expect(again.body.reason).toBe('off_ramp_cancelled');
      const client = await idle.services.temporal.get();
      await client.workflow.getHandle(`off-ramp/${created.id}`).terminate('test: no worker on this queue');
    } finally {
      await idle.close();
    }
  });
});

it('leaves the ledger consistent', async () => {
  const report = await verifyLedger(h.app.services.sql);
  expect(report.violations).toEqual([]);
});
