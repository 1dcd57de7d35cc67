import { randomUUID } from 'node:crypto';
import { operationViolations, verifyBooks } from '../../src/domain/verify-books';
import { until } from '../helpers/reference-connector';
import { startReceiver } from '../helpers/webhook-fixtures';
import { OutboxDispatcher } from '../../src/domain/webhooks/dispatcher';
import { Org, startGovernedHarness, type GovernedHarness } from './withdrawal-fixtures';

/*
 * `counterfoil ledger verify` checks the operations that hold money against their bookings: each
 * status agrees with its hold (pending, posted or voided) and its booking (a settled withdrawal booked
 * exactly once); every dispatched event against its deliveries; every acknowledged Idempotency-Key
 * against its effect. A row moved without its hold is named; the changes are made in a transaction
 * that is rolled back.
 */

let h: GovernedHarness;
let org: Org;

beforeAll(async () => {
  h = await startGovernedHarness();
  org = await Org.create(h.app, 'Verified Books Ltd');
}, 120_000);
afterAll(() => h?.stop());

const ROLLBACK = new Error('rolled back on purpose');

/** The violations that name `id` after `change`, in a transaction rolled back afterwards. */
async function violationsAfter(id: string, change: string): Promise<string[]> {
  let found: string[] = [];
  await h.app.services.sql
    .begin(async (tx) => {
      await tx.unsafe(change, [id]);
      found = (await operationViolations(tx)).flatMap((o) => o.violations).filter((v) => v.includes(id));
      throw ROLLBACK;
    })
    .catch((err: unknown) => {
      if (err !== ROLLBACK) throw err;
    });
  return found;
}

it('finds every withdrawal consistent after real runs, and names one moved without its hold', async () => {
  const { account, destination } = await org.withdrawalAccount('100.00');
  const executed = await org.waitFor((await org.withdraw(account, destination, '10.00')).body.id, ['executed']);
  const books = await verifyBooks(h.app.services.sql);
  expect(books.operations.find((o) => o.kind === 'withdrawals')!.checked).toBeGreaterThan(0);
  expect(books.violations).toEqual([]);

  expect(await violationsAfter(executed.id, `update withdrawals set status = 'failed' where id = $1`)).toEqual([
    `withdrawal ${executed.id} is failed (its hold should be voided): hold posted, 1 settlement transaction(s)`,
  ]);
  expect(await violationsAfter(executed.id, `update ledger_holds set status = 'voided' where id = (select hold_id from withdrawals where id = $1)`)).toEqual([
    `withdrawal ${executed.id} is executed (its hold should be posted): hold voided, 1 settlement transaction(s)`,
  ]);
  expect(await violationsAfter(executed.id, `update withdrawals set status = 'executing' where id = $1`)).toEqual([
    `withdrawal ${executed.id} is executing (its hold should be pending): hold posted, 1 settlement transaction(s)`,
  ]);
  // Nothing of it stayed.
  expect((await verifyBooks(h.app.services.sql)).violations).toEqual([]);
});

it('checks internal transfers, conversions and deposit returns the same way', async () => {
  const usdc = (value: string) => ({ currency: 'USDC', value });
  const [sourceClient, source] = await org.newClient();
  const [, target] = await org.newClient();
  await org.fund(source, '100.00');
  const atOnce = await org.ok(201, 'POST', '/internal-transfers', { amount: usdc('10.00'), source_ref: source, target_ref: target }, { 'idempotency-key': randomUUID() });
  await org.rule({ action_family: 'internal_transfer', scope_ref: sourceClient, order: 1, effect: org.approvalEffect() });
  const held = await org.ok(201, 'POST', '/internal-transfers', { amount: usdc('20.00'), source_ref: source, target_ref: target }, { 'idempotency-key': randomUUID() });
  expect([atOnce.status, held.status]).toEqual(['executed', 'pending_approval']);
  const converted = await org.ok(201, 'POST', '/conversions', { account_ref: source, from_amount: usdc('10.00'), to_currency: 'EUR' }, { 'idempotency-key': randomUUID() });
  await until('the conversion to be executed', async () => (await org.ok(200, 'GET', `/conversions/${converted.id}`)).status === 'executed');

  const instructions = (await org.ok(200, 'GET', `/deposit-instructions?account_ref=${target}`)).items;
  const usdcIn = instructions.find((i: any) => i.asset === 'USDC' && i.crypto_routing?.network === 'ethereum');
  const deposit = await org.ok(201, 'POST', '/sandbox/deposits', { deposit_instruction_id: usdcIn.id, amount: usdc('5.00') });
  await until('the deposit to be credited', async () => (await org.ok(200, 'GET', `/deposits/${deposit.id}`)).status === 'credited');
  const proposed = await org.ok(201, 'POST', `/deposits/${deposit.id}/return`, { reason: { code: 'duplicate' } }, { 'idempotency-key': randomUUID() });
  await until('the deposit return to be executed', async () => (await org.ok(200, 'GET', `/deposit-returns/${proposed.id}`)).status === 'executed');

  const books = await verifyBooks(h.app.services.sql);
  expect(books.operations.map((o) => o.kind)).toEqual([
    'withdrawals',
    'internal transfers',
    'conversions',
    'deposit returns',
    'reconciliation adjustments',
    'off-ramp sessions',
    'on-ramp sessions',
    'dispatched events',
    'idempotency answers',
  ]);
  expect(books.violations).toEqual([]);

  expect(await violationsAfter(held.id, `update internal_transfers set status = 'executed' where id = $1`)).toEqual([`internal transfer ${held.id} is executed: hold pending, ledger transaction none`]);
  expect(await violationsAfter(atOnce.id, `update internal_transfers set status = 'failed' where id = $1`)).toEqual([`internal transfer ${atOnce.id} is failed: hold none, ledger transaction booked`]);
  expect(await violationsAfter(converted.id, `update conversions set status = 'pending_approval' where id = $1`)).toEqual([
    `conversion ${converted.id} is pending_approval: hold none, ledger transaction booked`,
  ]);
  expect(await violationsAfter(proposed.id, `update ledger_holds set status = 'pending' where id = (select hold_id from deposit_returns where id = $1)`)).toEqual([
    `deposit return ${proposed.id} is executed: hold pending, ledger transaction booked`,
  ]);
  expect((await verifyBooks(h.app.services.sql)).violations).toEqual([]);
});

async function rampSession(kind: 'on-ramp-sessions' | 'off-ramp-sessions', id: string, statuses: string[]): Promise<any> {
  let session: any;
  await until(`${kind} ${id} to be ${statuses.join(' or ')}`, async () => statuses.includes((session = await org.ok(200, 'GET', `/${kind}/${id}`)).status));
  return session;
}

it('checks ramp sessions against their holds and exchanges', async () => {
  const [, account] = await org.newClient();
  await org.fund(account, '100.00');
  const method = await org.payoutMethod(account);
  const paid = await org.ok(201, 'POST', '/off-ramp-sessions', { account_ref: account, asset: 'USDC', fiat_currency: 'EUR', amount: { currency: 'USDC', value: '10' }, payout_method_id: method }, { 'idempotency-key': randomUUID() });
  const cancelled = await org.ok(201, 'POST', '/off-ramp-sessions', { account_ref: account, asset: 'USDC', fiat_currency: 'EUR', amount: { currency: 'USDC', value: '5' }, payout_method_id: method }, { 'idempotency-key': randomUUID() });
  const onRamp = await org.ok(201, 'POST', '/on-ramp-sessions', { account_ref: account, fiat_currency: 'EUR', asset: 'USDC' });
  await rampSession('on-ramp-sessions', onRamp.id, ['awaiting_payment']);
  await org.ok(200, 'POST', `/sandbox/on-ramp-sessions/${onRamp.id}/payment`, { amount: { currency: 'EUR', value: '20.00' } });
  await rampSession('off-ramp-sessions', paid.id, ['completed']);
  await rampSession('on-ramp-sessions', onRamp.id, ['completed']);
  // Cancelled, if the workflow had not yet moved it on; either way its hold and booking must agree.
  await org.api('POST', `/off-ramp-sessions/${cancelled.id}/cancel`);
  await rampSession('off-ramp-sessions', cancelled.id, ['cancelled', 'completed']);
  expect((await verifyBooks(h.app.services.sql)).violations).toEqual([]);

  expect(await violationsAfter(paid.id, `update off_ramp_sessions set status = 'cancelled' where id = $1`)).toEqual([
    `off-ramp session ${paid.id} is cancelled: hold posted, exchange booked, return none`,
  ]);
  expect(await violationsAfter(paid.id, `update off_ramp_sessions set status = 'failed' where id = $1`)).toEqual([
    `off-ramp session ${paid.id} is failed: hold posted, exchange booked, return none`,
  ]);
  expect(await violationsAfter(paid.id, `update ledger_holds set status = 'pending' where id = (select hold_id from off_ramp_sessions where id = $1)`)).toEqual([
    `off-ramp session ${paid.id} is completed: hold pending, exchange booked, return none`,
  ]);
  const [{ ledger_transaction_id: exchange }] = await h.app.services.sql`select ledger_transaction_id from on_ramp_sessions where id = ${onRamp.id}`;
  expect(await violationsAfter(onRamp.id, `update on_ramp_sessions set status = 'expired' where id = $1`)).toEqual([
    `on-ramp session ${onRamp.id} is expired: exchange booked, the session names ${exchange}`,
  ]);
  expect(await violationsAfter(onRamp.id, `update on_ramp_sessions set ledger_transaction_id = null where id = $1`)).toEqual([`on-ramp session ${onRamp.id} is completed: exchange booked`]);
  expect((await verifyBooks(h.app.services.sql)).violations).toEqual([]);
});

it('checks that every dispatched event reached each subscription it matched', async () => {
  const receiver = await startReceiver();
  const dispatcher = new OutboxDispatcher(h.app.services);
  await dispatcher.start();
  try {
    const subscription = await org.ok(201, 'POST', '/webhook-subscriptions', { scope_ref: org.enterpriseRef, url: receiver.url, event_types: ['webhooks.subscription.*'] });
    await org.ok(200, 'PATCH', `/webhook-subscriptions/${subscription.id}`, { description: 'checked by ledger verify' });
    let event: { id: string } | undefined;
    await until('the update to be delivered', async () => {
      [event] = await h.app.services.sql<{ id: string }[]>`
        select e.id from events e join webhook_deliveries d on d.event_id = e.id and d.subscription_id = ${subscription.id} and d.status = 'succeeded'
         where e.resource_ref = ${`webhook-subscriptions/${subscription.id}`} and e.type = 'webhooks.subscription.updated.v1'`;
      return event !== undefined;
    });
    expect((await verifyBooks(h.app.services.sql)).violations).toEqual([]);

    // The subscription last changed two minutes before the dispatch: losing its delivery is a loss.
    const lose = `
      with settled as (update webhook_subscriptions set created_at = created_at - interval '1 hour', updated_at = updated_at - interval '1 hour' where id = $2),
           gone as (delete from webhook_delivery_attempts where delivery_id in (select id from webhook_deliveries where event_id = $1 and subscription_id = $2))
      delete from webhook_deliveries where event_id = $1 and subscription_id = $2`;
    const found: string[] = [];
    await h.app.services.sql
      .begin(async (tx) => {
        await tx.unsafe(lose, [event!.id, subscription.id]);
        found.push(...(await operationViolations(tx)).flatMap((o) => o.violations).filter((v) => v.includes(subscription.id)));
        await tx.unsafe(`update webhook_subscriptions set updated_at = now() where id = $1`, [subscription.id]);
        // Changed since: the dispatch may have followed its earlier settings, and nothing is judged.
        found.push(...(await operationViolations(tx)).flatMap((o) => o.violations).filter((v) => v.includes(subscription.id)));
        throw ROLLBACK;
      })
      .catch((err: unknown) => {
        if (err !== ROLLBACK) throw err;
      });
    expect(found).toEqual([`event ${event!.id} (webhooks.subscription.updated.v1) was dispatched without a delivery to webhook subscription ${subscription.id}`]);

    const delivery = (await h.app.services.sql`select id from webhook_deliveries where event_id = ${event!.id} and subscription_id = ${subscription.id}`)[0].id;
    expect(await violationsAfter(delivery, `update webhook_delivery_attempts set status_code = 500 where delivery_id = $1`)).toEqual([
      `webhook delivery ${delivery} is succeeded without an attempt a receiver acknowledged (2xx)`,
    ]);
  } finally {
    await dispatcher.stop();
    await receiver.close();
  }
});

it('checks every acknowledged Idempotency-Key against the operation it created', async () => {
  const [, source] = await org.newClient();
  const [, target] = await org.newClient();
  await org.fund(source, '10.00');
  const key = randomUUID();
  const transfer = await org.ok(201, 'POST', '/internal-transfers', { amount: { currency: 'USDC', value: '1.00' }, source_ref: source, target_ref: target }, { 'idempotency-key': key });
  const books = await verifyBooks(h.app.services.sql);
  expect(books.operations.find((o) => o.kind === 'idempotency answers')!.checked).toBeGreaterThan(0);
  expect(books.violations).toEqual([]);

  // The answer commits with the transfer: an answer without it means a client was told of money that never moved.
  const withoutEffect = `
    update idempotency_records set response_event_id = null, response_text = jsonb_build_object('id', gen_random_uuid(), 'family', 'internal_transfer')::text
     where key = $1`;
  const found: string[] = [];
  await h.app.services.sql
    .begin(async (tx) => {
      await tx.unsafe(withoutEffect, [key]);
      found.push(...(await operationViolations(tx)).flatMap((o) => o.violations).filter((v) => v.includes(key)));
      throw ROLLBACK;
    })
    .catch((err: unknown) => {
      if (err !== ROLLBACK) throw err;
    });
  expect(found).toEqual([expect.stringMatching(new RegExp(`^Idempotency-Key ${key} \\(principal [0-9a-f-]+\\) was answered with internal_transfer [0-9a-f-]+, which does not exist$`))]);

  // A second key answered with the same new transfer.
  const second = randomUUID();
  const copied = `
    insert into idempotency_records (principal_id, key, request_hash, state, response_status, response_text, response_event_id, expires_at)
    select principal_id, $2, request_hash, state, response_status, response_text, response_event_id, expires_at from idempotency_records where key = $1`;
  const twice: string[] = [];
  await h.app.services.sql
    .begin(async (tx) => {
      await tx.unsafe(copied, [key, second]);
      twice.push(...(await operationViolations(tx)).flatMap((o) => o.violations).filter((v) => v.includes(transfer.id)));
      throw ROLLBACK;
    })
    .catch((err: unknown) => {
      if (err !== ROLLBACK) throw err;
    });
  expect(twice).toEqual([expect.stringMatching(new RegExp(`^Idempotency-Keys (${key}|${second}) \\(principal [0-9a-f-]+\\) and (${key}|${second}) \\(principal [0-9a-f-]+\\) were both answered with the new internal_transfer ${transfer.id}$`))]);
});
