import { amountAgrees, defaultRules, matchItems, patternProblem, type MatchItem, type MatchRule } from '../../src/domain/reconciliation/model';

const T0 = Date.parse('2026-11-30T10:00:00Z');
const item = (id: string, amount: bigint, over: Partial<MatchItem> = {}): MatchItem => ({ id, amount, asset: 'EUR', at: T0, reference: null, description: null, counterparty: null, ...over });

describe('reconciliation matching', () => {
  it('matches one to one by reference and amount, and leaves what differs', () => {
    const lines = [item('l1', 1250n, { reference: 'SBX1' }), item('l2', -500n, { reference: 'sbx2 ' }), item('l3', 999n, { reference: 'SBX3' }), item('l4', 100n, { reference: 'FEE' })];
    const txs = [item('t1', 1250n, { reference: 'SBX1' }), item('t2', -500n, { reference: 'SBX2' }), item('t3', 1000n, { reference: 'SBX3' }), item('t5', 700n, { reference: 'SBX5' })];
    const out = matchItems(defaultRules(86_400), lines, txs);
    expect(out.matches.map((m) => [m.lineIds, m.transactionIds, m.difference])).toEqual([
      [['l1'], ['t1'], 0n],
      [['l2'], ['t2'], 0n],
    ]);
    expect(out.unmatchedLines.map((l) => l.id)).toEqual(['l3', 'l4']);
    expect(out.unmatchedTransactions.map((t) => t.id)).toEqual(['t3', 't5']);
  });

  it('keeps to the date window, and takes the nearest of several that agree', () => {
    const lines = [item('l1', 100n, { reference: 'R', at: T0 + 5 * 3_600_000 })];
    const txs = [item('far', 100n, { reference: 'R', at: T0 - 3_600_000 }), item('near', 100n, { reference: 'R', at: T0 + 4 * 3_600_000 })];
    expect(matchItems(defaultRules(7200), lines, txs).matches[0].transactionIds).toEqual(['near']);
    expect(matchItems(defaultRules(1800), lines, txs).matches).toEqual([]);
  });

  it('allows drift by absolute amount or percent, never across signs', () => {
    expect(amountAgrees({ field: 'amount', drift_absolute: 1n }, 1001n, 1000n)).toBe(true);
    expect(amountAgrees({ field: 'amount', drift_absolute: 1n }, 1002n, 1000n)).toBe(false);
    expect(amountAgrees({ field: 'amount', drift_bp: 100 }, 1010n, 1000n)).toBe(true);
    expect(amountAgrees({ field: 'amount', drift_bp: 100 }, 1011n, 1000n)).toBe(false);
    expect(amountAgrees({ field: 'amount', drift_absolute: 5000n }, -1n, 1n)).toBe(false);
    const drift: MatchRule = { id: 'r', name: 'drift', strategy: 'one_to_one', criteria: [{ field: 'reference', operator: 'equals' }, { field: 'amount', drift_absolute: 1n }] };
    expect(matchItems([drift], [item('l', 999n, { reference: 'X' })], [item('t', 1000n, { reference: 'X' })]).matches[0].difference).toBe(-1n);
  });

  it('finds our reference inside remittance text, or a pattern capture equal to it', () => {
    const contains: MatchRule = { id: 'c', name: 'contains', strategy: 'one_to_one', criteria: [{ field: 'description', operator: 'contains', against: 'reference' }] };
    const pattern: MatchRule = { id: 'p', name: 'pattern', strategy: 'one_to_one', criteria: [{ field: 'description', operator: 'pattern', pattern: 'INV-(\\d{4,8})', against: 'reference' }] };
    const t1 = item('t1', 10n, { reference: 'withdrawal/abc' });
    expect(matchItems([contains], [item('l1', 10n, { description: 'Payment for withdrawal/abc thanks' })], [t1]).matches).toHaveLength(1);
    expect(matchItems([contains], [item('l1', 10n, { description: 'Payment for withdrawal/abd' })], [t1]).matches).toHaveLength(0);
    const t2 = item('t2', 20n, { reference: '004562' });
    expect(matchItems([pattern], [item('l2', 20n, { description: 'Invoice inv-004562' })], [t2]).matches).toHaveLength(1);
    expect(matchItems([pattern], [item('l2', 20n, { description: 'Invoice inv-0045621' })], [t2]).matches).toHaveLength(0);
  });

  it('matches one bank line to a batch of payouts (one to many) and split lines to one transaction (many to one)', () => {
    const batch: MatchRule = { id: 'b', name: 'batch', strategy: 'one_to_many', groupBy: 'reference', criteria: [{ field: 'amount' }] };
    const out = matchItems([batch], [item('line', -300n, { reference: 'BATCH-7' })], [item('p1', -100n, { reference: 'BATCH-7' }), item('p2', -200n, { reference: 'batch-7' }), item('other', -50n, { reference: 'BATCH-8' })]);
    expect(out.matches).toEqual([{ ruleId: 'b', strategy: 'one_to_many', lineIds: ['line'], transactionIds: ['p1', 'p2'], difference: 0n }]);
    expect(out.unmatchedTransactions.map((t) => t.id)).toEqual(['other']);

    // A payout with the bank's fee booked as a second line of the same reference.
    const netted: MatchRule = { id: 'n', name: 'netted', strategy: 'many_to_one', groupBy: 'reference', criteria: [{ field: 'amount' }] };
    const split = matchItems([netted], [item('gross', -1000n, { reference: 'PO-1' }), item('fee', -25n, { reference: 'PO-1' })], [item('payout', -1025n, { reference: 'PO-1' })]);
    expect(split.matches).toEqual([{ ruleId: 'n', strategy: 'many_to_one', lineIds: ['gross', 'fee'], transactionIds: ['payout'], difference: 0n }]);
  });

  it('runs rules in order: a later rule sees only what earlier ones left', () => {
    const exact = defaultRules(86_400)[0];
    const loose: MatchRule = { id: 'loose', name: 'loose', strategy: 'one_to_one', criteria: [{ field: 'amount', drift_absolute: 10n }, { field: 'date', window_seconds: 86_400 }] };
    const out = matchItems([exact, loose], [item('l1', 100n, { reference: 'A' }), item('l2', 95n)], [item('t1', 100n, { reference: 'A' }), item('t2', 100n, { reference: 'B' })]);
    expect(out.matches.map((m) => [m.ruleId, m.lineIds[0], m.transactionIds[0]])).toEqual([
      ['default/reference', 'l1', 't1'],
      ['loose', 'l2', 't2'],
    ]);
  });

  it.each([
    ['(a+)+$', 'no nested quantifiers'],
    ['(\\w)\\1', 'no backreferences or lookarounds'],
    ['(?=x)', 'no backreferences or lookarounds'],
    ['(a)(b)', 'one capture group at most'],
    ['x'.repeat(201), 'at most 200 characters'],
    ['[', expect.stringContaining('not a regular expression')],
  ])('refuses the pattern %s', (pattern, problem) => {
    expect(patternProblem(pattern)).toEqual(problem);
  });

  it('accepts a bounded pattern', () => {
    expect(patternProblem('INV-(\\d{4,8})')).toBeNull();
  });
});
