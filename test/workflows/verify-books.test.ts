import { verifyBooks } from '../../src/domain/verify-books';
import { withdrawalViolations } from '../../src/domain/withdrawals';
import { Org, startGovernedHarness, type GovernedHarness } from './withdrawal-fixtures';

/*
 * `counterfoil ledger verify` checks withdrawals against their bookings: each status agrees with its
 * hold (pending, posted or voided) and a settled withdrawal was booked exactly once. A row moved
 * without its hold is named; the changes are made in a transaction that is rolled back.
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
      found = (await withdrawalViolations(tx)).violations.filter((v) => v.includes(id));
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
  expect(books.withdrawals.checked).toBeGreaterThan(0);
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
