// The ramp sessions' model is pure: states, moves and checks in, decisions out. No database.
import { AppError } from '../../src/errors';
import { OFF_RAMP_STATUSES, ON_RAMP_STATUSES } from '../../src/domain/ramps/events';
import {
  OFF_RAMP_TRANSITIONS,
  OFF_RAMP_UNSTARTED,
  ON_RAMP_CANCELLABLE,
  ON_RAMP_TRANSITIONS,
  ON_RAMP_UNSTARTED,
  approvalReason,
  assertPaymentCurrency,
  assertPayoutMethod,
  canMoveOffRamp,
  canMoveOnRamp,
  onRampConversionBlock,
  payInRail,
  paymentInstructions,
  rampAssets,
} from '../../src/domain/ramps/model';

const refusal = (fn: () => unknown): AppError => {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
};

describe('ramp transitions', () => {
  it('name every status, and terminal ones move nowhere', () => {
    expect(Object.keys(ON_RAMP_TRANSITIONS).sort()).toEqual([...ON_RAMP_STATUSES].sort());
    expect(Object.keys(OFF_RAMP_TRANSITIONS).sort()).toEqual([...OFF_RAMP_STATUSES].sort());
    for (const s of ['completed', 'expired', 'cancelled', 'failed'] as const) expect(ON_RAMP_TRANSITIONS[s]).toEqual([]);
    for (const s of ['cancelled', 'rejected', 'expired', 'failed', 'returned'] as const) expect(OFF_RAMP_TRANSITIONS[s]).toEqual([]);
    // A completed payout moves on only when the bank rail sends it back.
    expect(OFF_RAMP_TRANSITIONS.completed).toEqual(['partially_returned', 'returned']);
  });

  it('walk an on-ramp through its happy path, and no step backwards', () => {
    const path = ['requested', 'awaiting_payment', 'payment_received', 'converting', 'completed'] as const;
    for (let i = 1; i < path.length; i++) {
      expect(canMoveOnRamp(path[i - 1], path[i])).toBe(true);
      expect(canMoveOnRamp(path[i], path[i - 1])).toBe(false);
    }
    expect(canMoveOnRamp('awaiting_payment', 'expired')).toBe(true);
    expect(canMoveOnRamp('payment_received', 'cancelled')).toBe(false);
    expect(canMoveOnRamp('requested', 'converting')).toBe(false);
  });

  it('walk an off-ramp through approval, payout and a returned payout', () => {
    const path = ['pending_approval', 'requested', 'converting', 'payout_sent', 'completed'] as const;
    for (let i = 1; i < path.length; i++) expect(canMoveOffRamp(path[i - 1], path[i])).toBe(true);
    for (const end of ['rejected', 'expired', 'cancelled', 'failed'] as const) expect(canMoveOffRamp('pending_approval', end)).toBe(true);
    expect(canMoveOffRamp('payout_sent', 'failed')).toBe(true);
    expect(canMoveOffRamp('payout_sent', 'cancelled')).toBe(false);
    expect(canMoveOffRamp('converting', 'cancelled')).toBe(false);
  });

  it('allow every move the operations make from their guarded statuses', () => {
    for (const s of ON_RAMP_CANCELLABLE) expect(canMoveOnRamp(s, 'cancelled')).toBe(true);
    for (const s of ON_RAMP_UNSTARTED) expect(canMoveOnRamp(s, 'failed')).toBe(true);
    for (const s of OFF_RAMP_UNSTARTED) expect(canMoveOffRamp(s, 'failed')).toBe(true);
    expect(approvalReason('rejected')).toBe('approval_rejected');
  });
});

describe('ramp checks', () => {
  it('take a fiat currency and a crypto asset, naming the one that is not', () => {
    expect(rampAssets('USD', 'USDC').fiat.code).toBe('USD');
    expect(refusal(() => rampAssets('USDC', 'USDC')).options.errors?.[0]).toMatchObject({ pointer: '/body/fiat_currency' });
    expect(refusal(() => rampAssets('USD', 'EUR')).message).toBe('asset must be a crypto asset.');
    expect(refusal(() => rampAssets('XXX', 'USDC')).message).toBe('fiat_currency must be a fiat currency.');
  });

  it('collect a currency on a pay-in rail, or refuse it', () => {
    expect(typeof payInRail('USD')).toBe('string');
    expect(refusal(() => payInRail('ZZZ')).message).toBe('No bank rail collects ZZZ.');
  });

  it('show the payer the bank details without the beneficiary name among them', () => {
    const shown = paymentInstructions('EUR', 'CFR0A', { rail: 'sepa', provider: 'sandbox', address: 'x', details: { beneficiary_name: 'Acme', iban: 'DE00' } });
    expect(shown).toEqual({ rail: 'sepa', currency: 'EUR', beneficiary_name: 'Acme', reference: 'CFR0A', bank_details: { iban: 'DE00' } });
    expect(paymentInstructions('EUR', 'R', { rail: 'sepa', provider: 'p', address: 'x', details: {} }).beneficiary_name).toBe('');
  });

  it('take a payment only in the collected currency, in any case', () => {
    expect(() => assertPaymentCurrency('usd', 'USD')).not.toThrow();
    expect(refusal(() => assertPaymentCurrency('EUR', 'USD')).message).toBe('The session collects USD.');
  });

  it('pay out only to an active method of the account in the fiat currency', () => {
    const method = { account_ref: 'a', currency: 'USD', status: 'active' };
    expect(() => assertPayoutMethod(method, 'a', 'USD')).not.toThrow();
    expect(refusal(() => assertPayoutMethod(undefined, 'a', 'USD')).message).toBe('The payout method is not one of this account.');
    expect(refusal(() => assertPayoutMethod(method, 'b', 'USD')).message).toBe('The payout method is not one of this account.');
    expect(refusal(() => assertPayoutMethod(method, 'a', 'EUR')).message).toBe('The payout method pays out USD.');
    expect(refusal(() => assertPayoutMethod({ ...method, status: 'disabled' }, 'a', 'USD')).options.reason).toBe('payout_method_disabled');
  });

  it('convert an on-ramp only within the pair limits of an enabled pair', () => {
    const pair = { enabled: true, min_from_amount: '100', max_from_amount: '1000' };
    expect(onRampConversionBlock(pair, 500n, 1n)).toBeNull();
    expect(onRampConversionBlock(pair, 99n, 1n)).toBe('amount_out_of_range');
    expect(onRampConversionBlock(pair, 1001n, 1n)).toBe('amount_out_of_range');
    expect(onRampConversionBlock(pair, 500n, 0n)).toBe('amount_out_of_range');
    expect(onRampConversionBlock({ ...pair, enabled: false }, 99n, 0n)).toBe('pair_disabled');
  });
});
