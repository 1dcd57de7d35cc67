import fc from 'fast-check';
import { AppError } from '../../src/errors';
import { uuidv7 } from '../../src/ids';
import {
  balancesOf,
  creditExternalDeposit,
  placeHold,
  postHold,
  setOverdraftLimit,
  systemAccountRef,
  transfer,
  verifyLedger,
  voidHold,
  type Hold,
} from '../../src/ledger';
import type { Services } from '../../src/services';
import { closeServices } from '../../src/services';
import { createTenant, testServices } from '../helpers/app';

/*
 * Random sequences of ledger operations run in concurrent lanes over a few shared accounts; then the
 * invariants must hold: per-asset conservation against external flows, zero-sum transactions, no
 * balance below its overdraft limit, balances equal to the fold of postings and holds (verifyLedger).
 */

const ASSETS = ['USD', 'BTC'] as const;
const ACCOUNTS = 4;
const LANES = 4;

type Op =
  | { kind: 'deposit'; to: number; asset: number; amount: bigint; retry: boolean }
  | { kind: 'transfer'; from: number; to: number; asset: number; amount: bigint }
  | { kind: 'hold'; from: number; to: number | 'out'; asset: number; amount: bigint }
  | { kind: 'post'; hold: number; partial: bigint | null }
  | { kind: 'void'; hold: number };

const amount = fc.bigInt({ min: 1n, max: 5_000n });
const account = fc.integer({ min: 0, max: ACCOUNTS - 1 });
const asset = fc.integer({ min: 0, max: ASSETS.length - 1 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), to: account, asset, amount, retry: fc.boolean() }),
  fc.record({ kind: fc.constant('transfer' as const), from: account, to: account, asset, amount }),
  fc.record({ kind: fc.constant('hold' as const), from: account, to: fc.oneof(account, fc.constant('out' as const)), asset, amount }),
  fc.record({ kind: fc.constant('post' as const), hold: fc.nat(10), partial: fc.option(fc.bigInt({ min: 1n, max: 5_000n })) }),
  fc.record({ kind: fc.constant('void' as const), hold: fc.nat(10) }),
);

let services: Services;
let enterpriseId: string;

beforeAll(async () => {
  services = await testServices();
  enterpriseId = (await createTenant(services, 'Ledger Property Ltd')).enterpriseId;
});
afterAll(async () => {
  await closeServices(services);
});

/** Refusals the model allows; anything else (a deadlock, a 500) fails the property. */
function expectedRefusal(err: unknown): boolean {
  if (!(err instanceof AppError)) return false;
  return (err.status === 422 && err.options.reason === 'insufficient_funds') || (err.status === 409 && err.options.reason === 'hold_already_resolved');
}

it('keeps every invariant under concurrent random operations', async () => {
  let succeeded = 0;
  let refused = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.array(op, { minLength: 1, maxLength: 12 }), { minLength: LANES, maxLength: LANES }),
      fc.array(fc.bigInt({ min: 0n, max: 1_000n }), { minLength: ACCOUNTS, maxLength: ACCOUNTS }),
      async (lanes, limits) => {
        const refs = Array.from({ length: ACCOUNTS }, (_, i) => (i === 0 ? `master-accounts/${uuidv7()}` : `client-accounts/${uuidv7()}`));
        const out = systemAccountRef(enterpriseId, 'external_withdrawals');
        for (const [i, limit] of limits.entries()) {
          for (const a of ASSETS) await setOverdraftLimit(services.sql, { enterpriseId, accountRef: refs[i], asset: a, limit });
        }
        const inflow = new Map<string, bigint>(ASSETS.map((a) => [a, 0n]));
        const outflow = new Map<string, bigint>(ASSETS.map((a) => [a, 0n]));
        const unexpected: unknown[] = [];

        async function runLane(ops: Op[]) {
          const holds: Hold[] = [];
          for (const o of ops) {
            try {
              switch (o.kind) {
                case 'deposit': {
                  const key = `prop/${uuidv7()}`;
                  const d = { key, enterpriseId, accountRef: refs[o.to], asset: ASSETS[o.asset], amount: o.amount };
                  const first = await creditExternalDeposit(services.sql, d);
                  if (!first.replayed) inflow.set(d.asset, inflow.get(d.asset)! + o.amount);
                  if (o.retry) expect((await creditExternalDeposit(services.sql, d)).replayed).toBe(true);
                  break;
                }
                case 'transfer':
                  if (o.from === o.to) break;
                  await transfer(services.sql, { key: `prop/${uuidv7()}`, enterpriseId, kind: 'test', sourceRef: refs[o.from], targetRef: refs[o.to], asset: ASSETS[o.asset], amount: o.amount });
                  break;
                case 'hold':
                  if (o.from === o.to) break;
                  holds.push(
                    await placeHold(services.sql, {
                      key: `prop/${uuidv7()}`,
                      enterpriseId,
                      accountRef: refs[o.from],
                      asset: ASSETS[o.asset],
                      amount: o.amount,
                      targetRef: o.to === 'out' ? out : refs[o.to],
                    }),
                  );
                  break;
                case 'post': {
                  const h = holds[o.hold % Math.max(holds.length, 1)];
                  if (!h) break;
                  const posted = o.partial !== null && o.partial < h.amount ? o.partial : h.amount;
                  await postHold(services.sql, { holdId: h.id, amount: posted });
                  if (h.targetRef === out) outflow.set(h.asset, outflow.get(h.asset)! + posted);
                  break;
                }
                case 'void': {
                  const h = holds[o.hold % Math.max(holds.length, 1)];
                  if (h) await voidHold(services.sql, { holdId: h.id });
                  break;
                }
              }
              succeeded++;
            } catch (err) {
              if (!expectedRefusal(err)) unexpected.push(err);
              else refused++;
            }
          }
        }

        await Promise.all(lanes.map(runLane));
        expect(unexpected).toEqual([]);

        for (const a of ASSETS) {
          let sum = 0n;
          for (const [i, ref] of refs.entries()) {
            const [b] = await balancesOf(services.sql, ref, a);
            sum += b.total;
            expect(b.available).toBeGreaterThanOrEqual(-limits[i]);
          }
          expect(sum).toBe(inflow.get(a)! - outflow.get(a)!);
        }
        const report = await verifyLedger(services.sql);
        expect(report.violations).toEqual([]);
      },
    ),
    { numRuns: 30 },
  );
  // The runs exercised both paths: bookings that went through and refusals.
  expect(succeeded).toBeGreaterThan(100);
  expect(refused).toBeGreaterThan(0);
});
