import { breakKey, checkLedgerBalance, detectBreaks, reconcileBreaks, type BreakInput, type DetectedBreak } from '../../src/domain/reconciliation/breaks-model';
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

  describe('the ledger against the provider', () => {
    const opening = 10_000n;
    // A day: a deposit of 1,000 in, a payout of 400 out, both on the statement; a bank fee of 25 the ledger lacks;
    // a payout of 300 settled just now that the bank has not booked yet.
    const fee = item('fee', -25n, { at: T0 + HOUR });
    const recent = item('recent', -300n, { at: T0 + 100 * 60_000 });
    const asOf = T0 + 2 * HOUR;
    const detected = detectBreaks(input({ unmatchedLines: [fee], unmatchedTransactions: [recent] }));
    const named = detected.map((brk) => ({ brk, at: T0 + HOUR }));
    const provider = opening + 1000n - 400n - 25n;
    const ledger = opening + 1000n - 400n - 300n;

    it('accounts for every difference by what is in flight and what the breaks name', () => {
      const check = checkLedgerBalance({ provider, asOf, ledger, inFlight: [recent], named, format: String });
      expect(kinds(detected)).toEqual([['unmatched_line', 'line:fee', -25n]]);
      expect(check).toMatchObject({ difference: 275n, inFlight: 300n, explained: -25n, unexplained: 0n, brk: null });
    });

    it('opens a ledger drift for what nothing explains, and only items by the read count', () => {
      // The ledger moved 50 more out than anything shows (a matched payout changed since, say).
      const check = checkLedgerBalance({ provider, asOf, ledger: ledger - 50n, inFlight: [recent], named, format: String });
      expect(check.unexplained).toBe(50n);
      expect(check.brk).toMatchObject({ kind: 'ledger_drift', fingerprint: 'ledger', period: '2026-11-30', difference: 50n, detail: { provider_balance: '10575', ledger_balance: '10250', in_flight: '300', explained: '-25' } });
      // A break about a line booked after the read is not part of the provider's balance yet.
      const later = checkLedgerBalance({ provider, asOf, ledger, inFlight: [recent], named: named.map((n) => ({ ...n, at: asOf + 1 })), format: String });
      expect(later.explained).toBe(0n);
      expect(later.unexplained).toBe(-25n);
      // The provider's own statement drift is part of its balance whatever its time.
      const drift = { kind: 'balance_drift', fingerprint: 'balance', period: '2026-11-30', statementLineId: null, ledgerTransactionId: null, difference: 7n, detail: {} } as DetectedBreak;
      const withDrift = checkLedgerBalance({ provider: provider + 7n, asOf, ledger, inFlight: [recent], named: [...named, { brk: drift, at: Infinity }], format: String });
      expect(withDrift).toMatchObject({ explained: -18n, unexplained: 0n, brk: null });
    });
  });
});
