import { operationOf } from '../../src/domain/statements/operations';

const ID = '0193a1c2-7f00-7abc-8def-0123456789ab';
const OTHER = '0193a1c2-7f00-7abc-8def-0123456789cd';

// The business keys each area books under, and the operation a statement entry names for each.
describe('operationOf', () => {
  it.each([
    [`withdrawal/${ID}/settle`, 'withdrawal', { kind: 'withdrawal', id: ID }],
    [`internal_transfer/${ID}`, 'internal_transfer', { kind: 'internal_transfer', id: ID }],
    [`internal_transfer/${ID}`, 'internal_transfer_reversal', { kind: 'internal_transfer', id: ID }],
    [`deposit/${ID}`, 'deposit', { kind: 'deposit', id: ID }],
    [`conversion/${ID}`, 'conversion', { kind: 'conversion', id: ID }],
    [`conversion/${ID}/to`, 'conversion', { kind: 'conversion', id: ID }],
    [`off_ramp/${ID}`, 'off_ramp', { kind: 'off_ramp', id: ID }],
    [`off_ramp/${ID}/return`, 'deposit', { kind: 'off_ramp', id: ID }],
    [`on_ramp/${ID}`, 'on_ramp', { kind: 'on_ramp', id: ID }],
    [`return/withdrawals/${ID}/bank-ref-1`, 'payout_return', { kind: 'withdrawal', id: ID }],
    [`return/off-ramp-sessions/${ID}/bank-ref-1`, 'payout_return', { kind: 'off_ramp', id: ID }],
    [`return/deposits/${ID}/connector-reversal-7`, 'deposit_reversal', { kind: 'deposit', id: ID }],
    [`return/deposits/${ID}/${OTHER}`, 'operator_reversal', { kind: 'deposit_return', id: OTHER }],
    [`reconciliation_adjustment/${ID}`, 'reconciliation_adjustment', { kind: 'reconciliation_adjustment', id: ID }],
  ])('%s (%s) is %o', (key, ledgerKind, operation) => {
    expect(operationOf(key, ledgerKind)).toEqual(operation);
  });

  it.each([
    ['test-deposit/' + ID, 'deposit'],
    ['withdrawal/not-an-id/settle', 'withdrawal'],
    ['constructor/' + ID, 'deposit'],
    ['return/constructor/' + ID + '/x', 'payout_return'],
    ['return/deposits/' + ID + '/not-an-id', 'operator_reversal'],
    ['', 'deposit'],
  ])('%s names no operation', (key, ledgerKind) => {
    expect(operationOf(key, ledgerKind)).toBeNull();
  });
});
