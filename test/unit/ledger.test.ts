import { AppError } from '../../src/errors';
import { uuidv7 } from '../../src/ids';
import {
  balancesOf,
  book,
  creditExternalDeposit,
  formatAmount,
  openPositions,
  parseAmount,
  placeHold,
  postHold,
  setOverdraftLimit,
  systemAccountRef,
  transfer,
  verifyLedger,
  voidHold,
} from '../../src/ledger';
import type { Services } from '../../src/services';
import { closeServices } from '../../src/services';
import { createTenant, testServices } from '../helpers/app';

let services: Services;
let enterpriseId: string;
const acct = () => `client-accounts/${uuidv7()}`;
const key = () => `test/${uuidv7()}`;

async function balance(ref: string, asset = 'USD') {
  const [b] = await balancesOf(services.sql, ref, asset);
  return b ? { total: b.total, held: b.held, available: b.available } : { total: 0n, held: 0n, available: 0n };
}

async function expectProblem(p: Promise<unknown>, status: number, reason?: string): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).status).toBe(status);
  if (reason) expect((err as AppError).options.reason).toBe(reason);
  return err as AppError;
}

beforeAll(async () => {
  services = await testServices();
  enterpriseId = (await createTenant(services, 'Ledger Unit Ltd')).enterpriseId;
});
afterAll(async () => {
  await closeServices(services);
});

describe('amounts', () => {
  it.each([
    ['12.34', 'USD', 1234n],
    ['0.01', 'USD', 1n],
    ['5', 'BTC', 500000000n],
    ['0.000000000000000001', 'ETH', 1n],
    ['123456789012345678901234567890', 'USDC', 123456789012345678901234567890000000n],
  ])('parses %s %s exactly', (value, asset, minor) => {
    expect(parseAmount(value, asset)).toBe(minor);
    expect(parseAmount(formatAmount(minor, asset), asset)).toBe(minor);
  });

  it.each([
    ['1.001', 'USD', 'at most 2 decimal places'],
    ['1.000', 'USD', 'at most 2 decimal places'],
    ['0', 'USD', 'greater than zero'],
    ['0.00', 'USD', 'greater than zero'],
    ['-1', 'USD', 'positive'],
    ['1e3', 'USD', 'exponent'],
    ['1E-2', 'BTC', 'exponent'],
    ['abc', 'USD', 'plain decimal'],
    ['1.2.3', 'USD', 'plain decimal'],
    [' 1', 'USD', 'plain decimal'],
    ['01', 'USD', 'plain decimal'],
    ['.5', 'USD', 'plain decimal'],
    ['0x10', 'USD', 'plain decimal'],
    ['', 'USD', 'plain decimal'],
  ])('refuses %j %s with 422 at the pointer', (value, asset, detail) => {
    let caught: unknown;
    try {
      parseAmount(value, asset, '/body/amount/value');
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).status).toBe(422);
    expect((caught as AppError).options.errors?.[0]).toMatchObject({ pointer: '/body/amount/value' });
    expect((caught as AppError).options.errors?.[0].detail).toContain(detail);
  });

  it('formats negative and sub-unit amounts', () => {
    expect(formatAmount(-50n, 'USD')).toBe('-0.50');
    expect(formatAmount(1n, 'ETH')).toBe('0.000000000000000001');
    expect(formatAmount(0n, 'BTC')).toBe('0.00000000');
  });
});

describe('bookings', () => {
  it('credits a deposit once per business key', async () => {
    const a = acct();
    const k = key();
    const first = await creditExternalDeposit(services.sql, { key: k, enterpriseId, accountRef: a, asset: 'USD', amount: 1000n, metrics: services.metrics });
    const again = await creditExternalDeposit(services.sql, { key: k, enterpriseId, accountRef: a, asset: 'USD', amount: 1000n });
    expect(first.replayed).toBe(false);
    expect(again).toMatchObject({ id: first.id, replayed: true });
    expect(await balance(a)).toEqual({ total: 1000n, held: 0n, available: 1000n });
    expect((await balance(systemAccountRef(enterpriseId, 'external_deposits'))).total).toBeLessThanOrEqual(-1000n);
  });

  it('refuses an overdraft beyond the limit with the figures', async () => {
    const a = acct();
    const b = acct();
    await creditExternalDeposit(services.sql, { key: key(), enterpriseId, accountRef: a, asset: 'USD', amount: 500n });
    const err = await expectProblem(transfer(services.sql, { key: key(), enterpriseId, kind: 'test', sourceRef: a, targetRef: b, asset: 'USD', amount: 501n }), 422, 'insufficient_funds');
    expect(err.options.extensions).toEqual({ available: '5.00', required: '5.01', asset: 'USD', account_ref: a });
    await setOverdraftLimit(services.sql, { enterpriseId, accountRef: a, asset: 'USD', limit: 100n });
    await transfer(services.sql, { key: key(), enterpriseId, kind: 'test', sourceRef: a, targetRef: b, asset: 'USD', amount: 550n });
    expect(await balance(a)).toEqual({ total: -50n, held: 0n, available: -50n });
    await expectProblem(setOverdraftLimit(services.sql, { enterpriseId, accountRef: a, asset: 'USD', limit: 10n }), 409, 'overdraft_in_use');
  });

  it('refuses unbalanced legs', async () => {
    await expect(book(services.sql, { key: key(), enterpriseId, kind: 'test', legs: [{ accountRef: acct(), asset: 'USD', amount: 5n }] })).rejects.toThrow(/sum to zero/);
  });

  it('books multi-asset transactions that balance per asset', async () => {
    const a = acct();
    const fx = systemAccountRef(enterpriseId, 'fx_liquidity');
    await creditExternalDeposit(services.sql, { key: key(), enterpriseId, accountRef: a, asset: 'USD', amount: 10000n });
    await book(services.sql, {
      key: key(),
      enterpriseId,
      kind: 'conversion',
      legs: [
        { accountRef: a, asset: 'USD', amount: -10000n },
        { accountRef: fx, asset: 'USD', amount: 10000n },
        { accountRef: fx, asset: 'EUR', amount: -9200n },
        { accountRef: a, asset: 'EUR', amount: 9200n },
      ],
    });
    expect((await balancesOf(services.sql, a)).map((b) => [b.asset, b.total])).toEqual([
      ['EUR', 9200n],
      ['USD', 0n],
    ]);
  });
});

describe('holds', () => {
  it('posts partially, releasing the rest, exactly once', async () => {
    const a = acct();
    const out = systemAccountRef(enterpriseId, 'external_withdrawals');
    await creditExternalDeposit(services.sql, { key: key(), enterpriseId, accountRef: a, asset: 'BTC', amount: 100_000n });
    const hold = await placeHold(services.sql, { key: key(), enterpriseId, accountRef: a, asset: 'BTC', amount: 60_000n, targetRef: out });
    expect(await balance(a, 'BTC')).toEqual({ total: 100_000n, held: 60_000n, available: 40_000n });
    await expectProblem(placeHold(services.sql, { key: key(), enterpriseId, accountRef: a, asset: 'BTC', amount: 40_001n }), 422, 'insufficient_funds');
    const { transaction } = await postHold(services.sql, { holdId: hold.id, amount: 45_000n, key: `post/${hold.id}` });
    expect(await balance(a, 'BTC')).toEqual({ total: 55_000n, held: 0n, available: 55_000n });
    const replay = await postHold(services.sql, { holdId: hold.id, amount: 45_000n, key: `post/${hold.id}` });
    expect(replay.transaction).toMatchObject({ id: transaction.id, replayed: true });
    await expectProblem(postHold(services.sql, { holdId: hold.id }), 409, 'hold_already_resolved');
    await expectProblem(voidHold(services.sql, { holdId: hold.id }), 409, 'hold_already_resolved');
  });

  it('voids once and refuses a post larger than the hold', async () => {
    const a = acct();
    await creditExternalDeposit(services.sql, { key: key(), enterpriseId, accountRef: a, asset: 'USD', amount: 300n });
    const hold = await placeHold(services.sql, { key: key(), enterpriseId, accountRef: a, asset: 'USD', amount: 200n, targetRef: acct() });
    await expectProblem(postHold(services.sql, { holdId: hold.id, amount: 201n }), 422);
    expect((await openPositions(services.sql, { accountRefs: [a] }))[0]).toMatchObject({ held: 200n });
    const voided = await voidHold(services.sql, { holdId: hold.id });
    expect(voided.status).toBe('voided');
    await expectProblem(voidHold(services.sql, { holdId: hold.id }), 409, 'hold_already_resolved');
    expect(await balance(a)).toEqual({ total: 300n, held: 0n, available: 300n });
  });
});

it('verifies the whole ledger', async () => {
  const report = await verifyLedger(services.sql);
  expect(report.violations).toEqual([]);
  expect(report.transactions).toBeGreaterThan(0);
});
