import { randomUUID } from 'node:crypto';
import { operationViolations, verifyBooks } from '../../src/domain/verify-books';
import { until } from '../helpers/reference-connector';
import { Org, startGovernedHarness, type GovernedHarness } from './withdrawal-fixtures';

/*
 * `counterfoil ledger verify` checks the operations that hold money against their bookings: each
 * status agrees with its hold (pending, posted or voided) and its booking (a settled withdrawal booked
 * exactly once). A row moved without its hold is named; the changes are made in a transaction that is
 * rolled back.
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
  expect(books.operations.map((o) => o.kind)).toEqual(['withdrawals', 'internal transfers', 'conversions', 'deposit returns', 'reconciliation adjustments']);
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
