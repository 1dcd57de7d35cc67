import { fits, fulfil, statusOf, type Expectation } from '../../src/domain/reconciliation/expected-model';
import type { MatchItem } from '../../src/domain/reconciliation/model';

const T0 = Date.parse('2026-11-10T10:00:00Z');
const DAY = 86_400_000;
const line = (id: string, amount: bigint, over: Partial<MatchItem> = {}): MatchItem => ({ id, amount, asset: 'EUR', at: T0, reference: null, description: null, counterparty: null, ...over });
const expectation = (over: Partial<Expectation> = {}): Expectation => ({ id: 'e', direction: 'credit', asset: 'EUR', min: 1000n, max: 1000n, from: T0 - DAY, to: T0 + DAY, reference: 'INV-1', counterparty: null, reconciled: 0n, ...over });

describe('expected payments', () => {
  it('fit a line by direction, asset, window, reference (or remittance) and counterparty', () => {
    const e = expectation();
    expect(fits(e, line('a', 1000n, { reference: ' inv-1 ' }))).toBe(true);
    expect(fits(e, line('b', 1000n, { description: 'Paying INV-1, thanks' }))).toBe(true);
    expect(fits(e, line('c', -1000n, { reference: 'INV-1' }))).toBe(false);
    expect(fits(e, line('d', 1000n, { reference: 'INV-1', asset: 'USD' }))).toBe(false);
    expect(fits(e, line('f', 1000n, { reference: 'INV-1', at: T0 + 2 * DAY }))).toBe(false);
    expect(fits(e, line('g', 1000n, { reference: 'INV-2' }))).toBe(false);
    const byPayer = expectation({ reference: null, counterparty: 'acme' });
    expect(fits(byPayer, line('h', 1000n, { counterparty: 'ACME GmbH' }))).toBe(true);
    expect(fits(byPayer, line('i', 1000n, { counterparty: 'Other AG' }))).toBe(false);
  });

  it('take lines in parts up to the maximum, one expectation per line, and say how far they got', () => {
    const e = expectation({ min: 200n, max: 300n });
    const other = expectation({ id: 'o', reference: 'INV-1', min: 50n, max: 50n });
    const out = fulfil([e, other], [line('p1', 150n, { reference: 'INV-1' }), line('p2', 120n, { reference: 'INV-1' }), line('p3', 50n, { reference: 'INV-1' }), line('p4', 40n, { reference: 'INV-1' })]);
    expect(out.links).toEqual([
      { expectationId: 'e', lineId: 'p1' },
      { expectationId: 'e', lineId: 'p2' },
      { expectationId: 'o', lineId: 'p3' },
    ]);
    expect([...out.reconciled]).toEqual([['e', 270n], ['o', 50n]]);
    expect([statusOf({ min: 200n, reconciled: 0n }), statusOf({ min: 200n, reconciled: 150n }), statusOf({ min: 200n, reconciled: 270n })]).toEqual(['unreconciled', 'partially_reconciled', 'reconciled']);
  });
});
