import { breakKey, detectBreaks, reconcileBreaks, type BreakInput, type DetectedBreak } from '../../src/domain/reconciliation/breaks-model';
import type { MatchItem } from '../../src/domain/reconciliation/model';

const T0 = Date.parse('2026-11-30T10:00:00Z');
const HOUR = 3_600_000;
const item = (id: string, amount: bigint, over: Partial<MatchItem> = {}): MatchItem => ({ id, amount, asset: 'EUR', at: T0, reference: null, description: null, counterparty: null, ...over });
const input = (over: Partial<BreakInput>): BreakInput => ({
  readAt: T0 + 2 * HOUR,
  lagMs: HOUR,
  unmatchedLines: [],
  unmatchedTransactions: [],
  matchedLines: [],
  driftMatches: [],
  balance: null,
  closedPeriods: new Set(),
  format: (m) => m.toString(),
  ...over,
});
const kinds = (bs: DetectedBreak[]) => bs.map((b) => [b.kind, b.fingerprint, b.difference]);

describe('reconciliation breaks', () => {
  it('names a second report of a matched line a duplicate, and the same reference with another amount one mismatch for the pair', () => {
    const out = detectBreaks(
      input({
        unmatchedLines: [item('dup', 250n, { reference: 'D2' }), item('off', 1001n, { reference: 'D1' }), item('fee', -25n, { reference: 'FEE' })],
        unmatchedTransactions: [item('t1', 1000n, { reference: 'd1 ' })],
        matchedLines: [item('first', 250n, { reference: 'D2' })],
      }),
    );
    expect(kinds(out)).toEqual([
      ['duplicate_line', 'line:dup', 250n],
      ['amount_mismatch', 'line:off', 1n],
      ['unmatched_line', 'line:fee', -25n],
    ]);
    expect(out[1]).toMatchObject({ statementLineId: 'off', ledgerTransactionId: 't1', detail: { statement_amount: '1001', ledger_amount: '1000' } });
  });

  it('waits the lag before a ledger transaction the statement lacks is a break', () => {
    const txs = [item('old', -500n, { at: T0 }), item('recent', -700n, { at: T0 + 90 * 60_000 })];
    expect(kinds(detectBreaks(input({ unmatchedTransactions: txs })))).toEqual([['unmatched_transaction', 'transaction:old', 500n]]);
    expect(detectBreaks(input({ unmatchedTransactions: txs, lagMs: 3 * HOUR }))).toEqual([]);
  });

  it('opens a mismatch for a match within drift, and a drift when the balance is not what the statement adds up to', () => {
    const out = detectBreaks(
      input({
        driftMatches: [
          { id: 'm1', lineIds: ['l'], transactionIds: ['t'], difference: -3n, at: T0 },
          { id: 'm0', lineIds: ['x'], transactionIds: ['y'], difference: 0n, at: T0 },
        ],
        balance: { provider: 10_050n, statement: 10_000n, asOf: T0 },
      }),
    );
    expect(kinds(out)).toEqual([
      ['amount_mismatch', 'match:m1', -3n],
      ['balance_drift', 'balance', 50n],
    ]);
    expect(detectBreaks(input({ balance: { provider: 1n, statement: 1n, asOf: T0 } }))).toEqual([]);
  });

  it('calls a difference dated inside a closed day a closed_period_posting, keeping what it is', () => {
    const [b] = detectBreaks(input({ unmatchedLines: [item('late', 500n, { reference: 'LATE' })], closedPeriods: new Set(['2026-11-30']) }));
    expect(b).toMatchObject({ kind: 'closed_period_posting', period: '2026-11-30', detail: { underlying_kind: 'unmatched_line' } });
  });

  it('opens what is new, resolves what is gone, updates what changed, and never reopens a decided break', () => {
    const found = detectBreaks(input({ unmatchedLines: [item('a', 10n), item('b', 20n)], balance: { provider: 35n, statement: 30n, asOf: T0 } }));
    const [a, b, drift] = found;
    const known = new Set([breakKey(b), breakKey(drift), 'unmatched_line|line:gone|2026-11-30']);
    const live = [
      { id: 'B', kind: b.kind, fingerprint: b.fingerprint, period: b.period, difference: 20n },
      { id: 'D', kind: drift.kind, fingerprint: drift.fingerprint, period: drift.period, difference: 4n },
      { id: 'G', kind: 'unmatched_line' as const, fingerprint: 'line:gone', period: '2026-11-30', difference: 7n },
    ];
    const out = reconcileBreaks(found, live, known);
    expect(out.open).toEqual([a]);
    expect(out.cleared.map((c) => c.id)).toEqual(['G']);
    expect(out.changed).toEqual([{ id: 'D', difference: 5n, detail: drift.detail }]);
    // Accepted before its day closed: after the close it is the same difference, not a later posting.
    const closedDay = detectBreaks(input({ unmatchedLines: [item('b', 20n)], closedPeriods: new Set(['2026-11-30']) }));
    expect(reconcileBreaks(closedDay, [], new Set([breakKey(b)])).open).toEqual([]);
  });
});
