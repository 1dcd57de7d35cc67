// A conversion's model is pure: states, moves and checks in, decisions out. No database.
import { AppError } from '../../src/errors';
import { CONVERSION_STATUSES } from '../../src/domain/conversions/events';
import { CONVERSION_TRANSITIONS, assertQuoteUsable, canMove, conversionStart, feeTotal, isCancellable } from '../../src/domain/conversions/model';
import type { StoredFee } from '../../src/domain/conversions/ledger';
import type { ConversionRow } from '../../src/domain/conversions/store';

const refusal = (fn: () => unknown): AppError => {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
};

describe('conversion transitions', () => {
  it('name every status, and terminal ones move nowhere', () => {
    expect(Object.keys(CONVERSION_TRANSITIONS).sort()).toEqual([...CONVERSION_STATUSES].sort());
    for (const s of ['executed', 'cancelled', 'rejected', 'expired', 'failed'] as const) expect(CONVERSION_TRANSITIONS[s]).toEqual([]);
  });

  it('execute only through approval, and release only what awaits it', () => {
    expect(canMove('pending_approval', 'executing')).toBe(true);
    expect(canMove('executing', 'executed')).toBe(true);
    expect(canMove('pending_approval', 'executed')).toBe(false);
    expect(canMove('executing', 'cancelled')).toBe(false);
    for (const end of ['cancelled', 'rejected', 'expired', 'failed'] as const) expect(canMove('pending_approval', end)).toBe(true);
    expect(isCancellable('pending_approval')).toBe(true);
    expect(isCancellable('executing')).toBe(false);
  });
});

describe('conversion checks', () => {
  const quote = { used_at: null, conversion_id: null, expires_at: new Date('2026-01-15T10:00:00Z') };

  it('execute a fresh, unused quote', () => {
    expect(() => assertQuoteUsable(quote, false)).not.toThrow();
  });

  it('refuse a used quote, naming its conversion, before an expired one', () => {
    const used = refusal(() => assertQuoteUsable({ ...quote, used_at: new Date(), conversion_id: 'c1' }, true));
    expect(used.options.reason).toBe('quote_used');
    expect(used.options.extensions).toEqual({ conversion_ref: 'conversions/c1' });
  });

  it('refuse an expired quote with when it expired', () => {
    const expired = refusal(() => assertQuoteUsable(quote, true));
    expect(expired.options.reason).toBe('quote_expired');
    expect(expired.options.extensions).toEqual({ expired_at: '2026-01-15T10:00:00.000Z' });
  });

  it('sum fee components exactly, beyond a float', () => {
    const fee = (amount: string): StoredFee => ({ type: 'service_fee', amount, payee_ref: null });
    expect(feeTotal([])).toBe(0n);
    expect(feeTotal([fee('9007199254740993'), fee('1')])).toBe(9007199254740994n);
  });

  it('owe a conversion awaiting approval the start of its workflow', () => {
    const row = { id: 'c1', enterprise_id: 'e1', client_id: null, account_ref: 'client-accounts/a' } as ConversionRow;
    const start = conversionStart(row, null as never, 'q');
    expect(start.workflowId).toBe('conversion/c1');
    expect(start.taskQueue).toBe('q');
    expect(start.args).toEqual([{ conversionId: 'c1', enterpriseId: 'e1', clientId: null, accountRef: 'client-accounts/a', approval: null }]);
  });
});
