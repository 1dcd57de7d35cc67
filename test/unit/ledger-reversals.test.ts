import fc from 'fast-check';
import { AppError } from '../../src/errors';
import { uuidv7 } from '../../src/ids';
import {
  balancesOf,
  bookReversal,
  creditExternalDeposit,
  debitExternalWithdrawal,
  placeHold,
  reversalsOf,
  systemAccountRef,
  transfer,
  verifyLedger,
  type LedgerTransaction,
} from '../../src/ledger';
import type { Services } from '../../src/services';
import { closeServices } from '../../src/services';
import { createTenant, testServices } from '../helpers/app';

/*
 * Reversals in the ledger: linked to what they undo, never beyond it (the database refuses it too), and a
 * recall that overdraws an account restricts it until repaid. The property runs random transfers, payouts,
 * deposits and their partial reversals in concurrent lanes, then checks the counts and `ledger verify`.
 */

let services: Services;
let enterpriseId: string;

beforeAll(async () => {
  services = await testServices();
  enterpriseId = (await createTenant(services, 'Ledger Reversals Ltd')).enterpriseId;
});
afterAll(async () => {
  await closeServices(services);
});

const ext = (kind: 'external_deposits' | 'external_withdrawals') => systemAccountRef(enterpriseId, kind);

async function available(ref: string, asset = 'USD'): Promise<bigint> {
  const [b] = await balancesOf(services.sql, ref, asset);
  return b?.available ?? 0n;
}

describe('a recall that overdraws the account', () => {
  it('books the shortfall as overdraft, restricts money out, and lifts once repaid', async () => {
    const ref = `client-accounts/${uuidv7()}`;
    const deposit = await creditExternalDeposit(services.sql, { key: `t/${uuidv7()}`, enterpriseId, accountRef: ref, asset: 'USD', amount: 10_000n });
    await debitExternalWithdrawal(services.sql, { key: `t/${uuidv7()}`, enterpriseId, accountRef: ref, asset: 'USD', amount: 6_000n });

    const recall = {
      key: `recall/${uuidv7()}`, enterpriseId, kind: 'deposit_reversal', reversalOf: deposit.id, reversible: 10_000n, amount: 10_000n, asset: 'USD',
      legs: [{ accountRef: ref, asset: 'USD', amount: -10_000n }, { accountRef: ext('external_deposits'), asset: 'USD', amount: 10_000n }],
      overdraw: { accountRef: ref },
    };
    const booked = await bookReversal(services.sql, recall);
    expect(booked).toMatchObject({ overdraftUsed: 6_000n, restricted: true, reversedAmount: 10_000n });
    expect((await bookReversal(services.sql, recall)).transaction.replayed).toBe(true);
    const [b] = await balancesOf(services.sql, ref, 'USD');
    expect([b.available, b.overdraftLimit]).toEqual([-6_000n, 6_000n]);
    expect(await reversalsOf(services.sql, deposit.id)).toEqual([expect.objectContaining({ id: booked.transaction.id, kind: 'deposit_reversal' })]);

    // No money leaves, whatever path: a hold, a transfer, a payout.
    const restricted = expect.objectContaining({ status: 409, options: expect.objectContaining({ reason: 'account_restricted' }) });
    await expect(placeHold(services.sql, { key: `t/${uuidv7()}`, enterpriseId, accountRef: ref, asset: 'USD', amount: 1n, targetRef: ext('external_withdrawals') })).rejects.toEqual(restricted);
    await creditExternalDeposit(services.sql, { key: `t/${uuidv7()}`, enterpriseId, accountRef: ref, asset: 'USD', amount: 2_500n });
    expect((await balancesOf(services.sql, ref, 'USD'))[0]).toMatchObject({ available: -3_500n, overdraftLimit: 3_500n });
    await expect(transfer(services.sql, { key: `t/${uuidv7()}`, enterpriseId, kind: 'test', sourceRef: ref, targetRef: `client-accounts/${uuidv7()}`, asset: 'USD', amount: 1n })).rejects.toEqual(restricted);

    await creditExternalDeposit(services.sql, { key: `t/${uuidv7()}`, enterpriseId, accountRef: ref, asset: 'USD', amount: 4_000n });
    expect((await balancesOf(services.sql, ref, 'USD'))[0]).toMatchObject({ available: 500n, overdraftLimit: 0n });
    await debitExternalWithdrawal(services.sql, { key: `t/${uuidv7()}`, enterpriseId, accountRef: ref, asset: 'USD', amount: 500n });
    expect(await available(ref)).toBe(0n);
    expect((await verifyLedger(services.sql)).violations).toEqual([]);
  });

  it('does not restrict when the balance covers it', async () => {
    const ref = `client-accounts/${uuidv7()}`;
    const deposit = await creditExternalDeposit(services.sql, { key: `t/${uuidv7()}`, enterpriseId, accountRef: ref, asset: 'EUR', amount: 5_000n });
    const booked = await bookReversal(services.sql, {
      key: `recall/${uuidv7()}`, enterpriseId, kind: 'deposit_reversal', reversalOf: deposit.id, reversible: 5_000n, amount: 2_000n, asset: 'EUR',
      legs: [{ accountRef: ref, asset: 'EUR', amount: -2_000n }, { accountRef: ext('external_deposits'), asset: 'EUR', amount: 2_000n }],
      overdraw: { accountRef: ref },
    });
    expect(booked).toMatchObject({ overdraftUsed: 0n, restricted: false, reversedAmount: 2_000n, reversibleAmount: 5_000n });
    expect(await available(ref, 'EUR')).toBe(3_000n);
  });
});

it('refuses more than remains, and the database refuses it too', async () => {
  const ref = `client-accounts/${uuidv7()}`;
  await creditExternalDeposit(services.sql, { key: `t/${uuidv7()}`, enterpriseId, accountRef: ref, asset: 'USD', amount: 1_000n });
  const payout = await debitExternalWithdrawal(services.sql, { key: `t/${uuidv7()}`, enterpriseId, accountRef: ref, asset: 'USD', amount: 1_000n });
  const back = (amount: bigint) =>
    bookReversal(services.sql, {
      key: `return/${uuidv7()}`, enterpriseId, kind: 'payout_return', reversalOf: payout.id, reversible: 1_000n, amount, asset: 'USD',
      legs: [{ accountRef: ext('external_withdrawals'), asset: 'USD', amount: -amount }, { accountRef: ref, asset: 'USD', amount }],
    });
  await back(400n);
  await back(400n);
  await expect(back(201n)).rejects.toMatchObject({ status: 422, options: { reason: 'reversal_exceeds_remaining', extensions: { remaining: '2.00' } } });
  await expect(services.sql`update ledger_transactions set reversed_amount = 1001 where id = ${payout.id}`).rejects.toMatchObject({ constraint_name: 'ledger_transactions_reversed_check' });
  expect(await available(ref)).toBe(800n);
});

describe('property: random transfers, payouts, deposits and partial reversals', () => {
  type Op =
    | { kind: 'deposit'; to: number; amount: bigint }
    | { kind: 'payout'; from: number; amount: bigint }
    | { kind: 'transfer'; from: number; to: number; amount: bigint }
    | { kind: 'reverse'; of: number; amount: bigint; twice: boolean };
  const ACCOUNTS = 3;
  const account = fc.integer({ min: 0, max: ACCOUNTS - 1 });
  const amount = fc.bigInt({ min: 1n, max: 3_000n });
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ kind: fc.constant('deposit' as const), to: account, amount }),
    fc.record({ kind: fc.constant('payout' as const), from: account, amount }),
    fc.record({ kind: fc.constant('transfer' as const), from: account, to: account, amount }),
    fc.record({ kind: fc.constant('reverse' as const), of: fc.nat(20), amount, twice: fc.boolean() }),
    fc.record({ kind: fc.constant('reverse' as const), of: fc.nat(20), amount, twice: fc.boolean() }),
  );

  it('never reverses more than the original and keeps balances equal to the fold of postings', async () => {
    let reversalsBooked = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(op, { minLength: 1, maxLength: 10 }), { minLength: 3, maxLength: 3 }), async (lanes) => {
        const refs = Array.from({ length: ACCOUNTS }, () => `client-accounts/${uuidv7()}`);
        const originals: { tx: LedgerTransaction; amount: bigint; legs: (amount: bigint) => { accountRef: string; asset: string; amount: bigint }[]; overdraw?: string; kind: string }[] = [];
        const unexpected: unknown[] = [];
        const expected = (err: unknown) => err instanceof AppError && ['insufficient_funds', 'reversal_exceeds_remaining', 'account_restricted'].includes(err.options.reason ?? '');
        await Promise.all(
          lanes.map(async (ops) => {
            for (const o of ops) {
              try {
                if (o.kind === 'deposit') {
                  const tx = await creditExternalDeposit(services.sql, { key: `p/${uuidv7()}`, enterpriseId, accountRef: refs[o.to], asset: 'USD', amount: o.amount });
                  originals.push({ tx, amount: o.amount, kind: 'deposit_reversal', overdraw: refs[o.to], legs: (a) => [{ accountRef: refs[o.to], asset: 'USD', amount: -a }, { accountRef: ext('external_deposits'), asset: 'USD', amount: a }] });
                } else if (o.kind === 'payout') {
                  const tx = await debitExternalWithdrawal(services.sql, { key: `p/${uuidv7()}`, enterpriseId, accountRef: refs[o.from], asset: 'USD', amount: o.amount });
                  originals.push({ tx, amount: o.amount, kind: 'payout_return', legs: (a) => [{ accountRef: ext('external_withdrawals'), asset: 'USD', amount: -a }, { accountRef: refs[o.from], asset: 'USD', amount: a }] });
                } else if (o.kind === 'transfer') {
                  if (o.from === o.to) continue;
                  const tx = await transfer(services.sql, { key: `p/${uuidv7()}`, enterpriseId, kind: 'test', sourceRef: refs[o.from], targetRef: refs[o.to], asset: 'USD', amount: o.amount });
                  originals.push({ tx, amount: o.amount, kind: 'transfer_reversal', legs: (a) => [{ accountRef: refs[o.to], asset: 'USD', amount: -a }, { accountRef: refs[o.from], asset: 'USD', amount: a }] });
                } else {
                  const original = originals[o.of % Math.max(originals.length, 1)];
                  if (!original) continue;
                  const input = {
                    key: `r/${uuidv7()}`, enterpriseId, kind: original.kind, reversalOf: original.tx.id, reversible: original.amount, amount: o.amount, asset: 'USD',
                    legs: original.legs(o.amount), overdraw: original.overdraw ? { accountRef: original.overdraw } : undefined,
                  };
                  await bookReversal(services.sql, input);
                  reversalsBooked++;
                  if (o.twice) expect((await bookReversal(services.sql, input)).transaction.replayed).toBe(true);
                }
              } catch (err) {
                if (!expected(err)) unexpected.push(err);
              }
            }
          }),
        );
        expect(unexpected).toEqual([]);
        // Sum of each original's reversals (from their postings) never exceeds it, and matches its count.
        const rows = await services.sql`
          select o.id, o.reversed_amount::text, coalesce(o.reversible_amount, 0)::text as reversible,
                 coalesce((select sum(p.amount) from ledger_transactions r join ledger_postings p on p.transaction_id = r.id where r.reversal_of = o.id and p.amount > 0), 0)::text as sum
            from ledger_transactions o where o.id = any(${originals.map((x) => x.tx.id)}::uuid[])`;
        for (const r of rows) {
          expect(BigInt(r.reversed_amount)).toBeLessThanOrEqual(BigInt(r.reversible));
          expect(BigInt(r.sum)).toBe(BigInt(r.reversed_amount));
        }
        // A negative available balance is always an overdraft the ledger granted and a restriction.
        for (const ref of refs) {
          const [b] = await services.sql`select (total - held)::text as available, overdraft_limit::text, restricted_reason from ledger_balances where account_ref = ${ref}`;
          if (b && BigInt(b.available) < 0n) expect(b.restricted_reason).toBe('reversal_shortfall');
        }
        expect((await verifyLedger(services.sql)).violations).toEqual([]);
      }),
      { numRuns: 15 },
    );
    // The runs exercised the path under test (most reversals are refused when funds or the remainder run out).
    expect(reversalsBooked).toBeGreaterThan(0);
  });
});
