// An internal transfer's model is pure: states, moves and checks in, decisions out. No database.
import { AppError } from '../../src/errors';
import { assetOf } from '../../src/money/assets';
import type { Placement } from '../../src/domain/tenancy/placements';
import {
  TRANSFER_STATUSES,
  TRANSFER_TRANSITIONS,
  accountRefusalReason,
  assertDistinctAccounts,
  canMove,
  isCancellable,
  pendingRow,
  releaseReason,
  settlementBlock,
  transferBooking,
  transferVelocity,
  type AccountState,
  type NewInternalTransfer,
  type TransferStatus,
} from '../../src/domain/transfers/model';
import { batchSummary, firstShortfall, locatedAt, problemOf, spendableKey, type BatchResult, type CheckedItem, type Spendable } from '../../src/domain/transfers/batch-model';
import type { TransferRow } from '../../src/domain/transfers/store';
import { assertReversalReason, remainingToReverse, reversalExtent, reversalLegs, reversalRefusal, reversalTransfer } from '../../src/domain/transfers/reversal-model';

const SOURCE = 'client-accounts/0193a1c2-7f00-7abc-8def-000000000001';
const TARGET = 'client-accounts/0193a1c2-7f00-7abc-8def-000000000002';
const OTHER = 'master-accounts/0193a1c2-7f00-7abc-8def-000000000003';
const USD = assetOf('USD');
const now = new Date('2026-01-15T10:00:00Z');

const executed: TransferRow = {
  id: '0193a1c2-7f00-7abc-8def-0000000000aa',
  version: 1,
  created_at: now,
  updated_at: now,
  enterprise_id: '0193a1c2-7f00-7abc-8def-0000000000ee',
  source_ref: SOURCE,
  target_ref: TARGET,
  asset: 'USD',
  amount: '1250',
  status: 'executed',
  approval_ref: null,
  failure_reason: null,
  ledger_transaction_id: '0193a1c2-7f00-7abc-8def-0000000000bb',
  subject_attribution: {} as TransferRow['subject_attribution'],
  settled_at: now,
  policy_decision: null,
  hold_id: null,
  reference: null,
  reference_unique: false,
  metadata: {},
  reversal_of: null,
  reversal_reason: null,
  reversed_amount: '0',
  reversals: [],
};
const input: NewInternalTransfer = { sourceRef: SOURCE, targetRef: TARGET, asset: USD, amount: 1250n };

const account = (ref: string, over: Partial<AccountState> = {}): AccountState => ({
  ref,
  enterprise_id: executed.enterprise_id,
  client_id: null,
  status: 'active',
  client_status: 'active',
  admission_state: 'admitted',
  restriction_state: 'unrestricted',
  ...over,
});

describe('transfer states', () => {
  const terminal: TransferStatus[] = ['executed', 'cancelled', 'rejected', 'expired', 'failed'];

  it('names a move for every status', () => {
    expect(Object.keys(TRANSFER_TRANSITIONS).sort()).toEqual([...TRANSFER_STATUSES].sort());
  });

  it.each([
    ['pending_approval', 'executing'],
    ['pending_approval', 'rejected'],
    ['pending_approval', 'expired'],
    ['pending_approval', 'cancelled'],
    ['pending_approval', 'failed'],
    ['executing', 'executed'],
    ['executing', 'failed'],
  ] as const)('%s may become %s', (from, to) => {
    expect(canMove(from, to)).toBe(true);
  });

  it.each([
    ['pending_approval', 'executed'],
    ['executing', 'cancelled'],
    ['executing', 'pending_approval'],
  ] as const)('%s may not become %s', (from, to) => {
    expect(canMove(from, to)).toBe(false);
  });

  it.each(terminal)('%s is final', (status) => {
    expect(TRANSFER_STATUSES.filter((to) => canMove(status, to))).toEqual([]);
  });

  it('cancels only a transfer awaiting approval', () => {
    expect(TRANSFER_STATUSES.filter(isCancellable)).toEqual(['pending_approval']);
  });

  it.each([
    ['rejected', null, 'approval_rejected'],
    ['expired', null, 'approval_expired'],
    ['cancelled', null, 'approval_cancelled'],
    ['failed', null, null],
    ['failed', 'workflow_start_failed', 'workflow_start_failed'],
  ] as const)('a release to %s (given %s) records %s', (status, given, recorded) => {
    expect(releaseReason(status, given)).toBe(recorded);
  });
});

describe('transfer checks', () => {
  it('refuses a transfer from an account to itself, pointing at the target', () => {
    expect(() => assertDistinctAccounts({ sourceRef: SOURCE, targetRef: SOURCE })).toThrow(AppError);
    try {
      assertDistinctAccounts({ sourceRef: SOURCE, targetRef: SOURCE });
    } catch (err) {
      expect((err as AppError).options.errors).toEqual([{ pointer: '/body/target_ref', detail: 'must differ from source_ref' }]);
    }
    expect(() => assertDistinctAccounts({ sourceRef: SOURCE, targetRef: TARGET })).not.toThrow();
  });

  it.each([
    [{ admission_state: 'closed', status: 'frozen' }, 'source', 'enterprise_closed'],
    [{ restriction_state: 'suspended', client_status: 'offboarded' }, 'source', 'enterprise_suspended'],
    [{ admission_state: 'closed' }, 'target', null],
    [{ client_status: 'offboarded', status: 'frozen' }, 'target', 'client_offboarded:target'],
    [{ client_status: null, status: 'frozen' }, 'source', 'account_frozen:source'],
    [{}, 'source', null],
  ] as const)('an account %j on the %s side: %s', (over, side, reason) => {
    expect(accountRefusalReason(account(SOURCE, over), side)).toBe(reason);
  });

  it('settles only while both accounts are active, naming the side that is not', () => {
    expect(settlementBlock(executed, [account(SOURCE), account(TARGET)])).toBeNull();
    expect(settlementBlock(executed, [account(SOURCE)])).toBe('target_account_unavailable');
    expect(settlementBlock(executed, [account(SOURCE, { status: 'closed' }), account(TARGET)])).toBe('source_account_unavailable');
    expect(settlementBlock(executed, [account(SOURCE), account(TARGET, { client_status: 'suspended' })])).toBe('target_account_unavailable');
    // A master account has no client: its null client status counts as active.
    expect(settlementBlock(executed, [account(SOURCE), account(TARGET, { client_status: null })])).toBeNull();
  });
});

describe('transfer records', () => {
  it('holds a transfer for approval without a ledger transaction', () => {
    const held = pendingRow(executed, 'appr-1', 'hold-1');
    expect(held).toMatchObject({ status: 'pending_approval', approval_ref: 'approvals/appr-1', hold_id: 'hold-1', settled_at: null, ledger_transaction_id: null, amount: '1250' });
    expect(executed.status).toBe('executed');
  });

  it('books source to target under the transfer\'s key, balanced and exact', () => {
    const booking = transferBooking(executed, input);
    expect(booking).toMatchObject({ id: executed.ledger_transaction_id, key: `internal_transfer/${executed.id}`, kind: 'internal_transfer' });
    expect(booking.legs).toEqual([
      { accountRef: SOURCE, asset: 'USD', amount: -1250n },
      { accountRef: TARGET, asset: 'USD', amount: 1250n },
    ]);
  });

  it('counts the amount against the source for velocity', () => {
    expect(transferVelocity({ ...executed, amount: '90071992547409931' })).toMatchObject({
      operationRef: `internal-transfers/${executed.id}`,
      accountRef: SOURCE,
      amount: 90071992547409931n,
    });
  });
});

describe('batch model', () => {
  it('counts outcomes', () => {
    const results: BatchResult[] = [
      { index: 0, outcome: 'executed', transfer_ref: 'internal-transfers/a', problem: null },
      { index: 1, outcome: 'refused', transfer_ref: null, problem: null },
      { index: 2, outcome: 'executed', transfer_ref: 'internal-transfers/b', problem: null },
    ];
    expect(batchSummary(results)).toEqual({ executed: 2, pending_approval: 0, refused: 1 });
  });

  it('points a transfer\'s field errors into the batch body', () => {
    expect(
      locatedAt(3, [
        { field: 'amount', detail: 'too many decimals' },
        { pointer: '/body/target_ref', detail: 'must differ' },
        { pointer: '/body', detail: 'whole' },
        { pointer: '/body/transfers/3/reference', detail: 'already located' },
      ] as never),
    ).toEqual([
      { pointer: '/body/transfers/3/amount/value', detail: 'too many decimals' },
      { pointer: '/body/transfers/3/target_ref', detail: 'must differ' },
      { pointer: '/body/transfers/3', detail: 'whole' },
      { pointer: '/body/transfers/3/reference', detail: 'already located' },
    ]);
  });

  it('records a refusal as its problem object', () => {
    const err = new AppError('EdgeConflict', 'The target account is frozen.', { reason: 'account_frozen' as never, extensions: { transfer_index: 1 } });
    expect(problemOf(1, err)).toEqual({ transfer_index: 1, status: 409, code: 'EdgeConflict', detail: 'The target account is frozen.', reason: 'account_frozen', errors: [] });
  });

  describe('first shortfall', () => {
    const item = (index: number, sourceRef: string, targetRef: string, amount: bigint): CheckedItem => ({
      index,
      input: { sourceRef, targetRef, asset: USD, amount },
      source: {} as Placement,
    });
    const balances = (entries: Array<[string, Spendable]>) => new Map(entries.map(([ref, b]) => [spendableKey(ref, 'USD'), b]));

    it('finds none when every debit fits in batch order', () => {
      expect(firstShortfall([item(0, SOURCE, TARGET, 100n), item(1, TARGET, OTHER, 150n)], balances([[SOURCE, { available: 100n, limit: 0n }], [TARGET, { available: 50n, limit: 0n }]]))).toBeNull();
    });

    it('counts earlier credits and debits: the first transfer that does not fit', () => {
      const found = firstShortfall([item(0, SOURCE, TARGET, 60n), item(1, SOURCE, OTHER, 60n)], balances([[SOURCE, { available: 100n, limit: 0n }]]));
      expect(found?.item.index).toBe(1);
      expect(found?.available).toBe(40n);
    });

    it('lets an overdraft limit cover a debit and an unlimited one cover any', () => {
      expect(firstShortfall([item(0, SOURCE, TARGET, 150n)], balances([[SOURCE, { available: 100n, limit: 50n }]]))).toBeNull();
      expect(firstShortfall([item(0, SOURCE, TARGET, 151n)], balances([[SOURCE, { available: 100n, limit: 50n }]]))?.item.index).toBe(0);
      expect(firstShortfall([item(0, SOURCE, TARGET, 10n ** 30n)], balances([[SOURCE, { available: 0n, limit: null }]]))).toBeNull();
    });

    it('treats an account with no balance row as empty, without overdraft', () => {
      expect(firstShortfall([item(0, SOURCE, TARGET, 1n)], new Map())?.available).toBe(0n);
    });
  });
});

describe('reversal model', () => {
  const entry = (amount: string, status: TransferRow['status']) => ({ amount, status });

  it('counts reversals awaiting approval, executing and executed against what remains; released ones free it', () => {
    expect(remainingToReverse(1000n, [])).toBe(1000n);
    expect(remainingToReverse(1000n, [entry('300', 'executed'), entry('200', 'pending_approval'), entry('100', 'executing')])).toBe(400n);
    expect(remainingToReverse(1000n, ['rejected', 'expired', 'cancelled', 'failed'].map((s) => entry('500', s as TransferRow['status'])))).toBe(1000n);
  });

  it('reverses in full once the executed reversals reach the amount', () => {
    expect([reversalExtent(999n, 1000n), reversalExtent(1000n, 1000n)]).toEqual(['partially_reversed', 'reversed']);
  });

  it.each([
    ['pending_approval', null, 'internal_transfer_not_executed'],
    ['failed', null, 'internal_transfer_not_executed'],
    ['executed', 'some-original', 'internal_transfer_is_reversal'],
  ] as const)('refuses a %s transfer (reversal of %s): %s', (status, reversalOf, reason) => {
    const refusal = reversalRefusal({ status, reversal_of: reversalOf, ledger_transaction_id: status === 'executed' ? executed.ledger_transaction_id : null });
    expect(refusal?.options.reason).toBe(reason);
  });

  it('lets an executed transfer be reversed, the other way round', () => {
    expect(reversalRefusal(executed)).toBeNull();
    const input = reversalTransfer(executed, USD, 50n);
    expect([input.sourceRef, input.targetRef, input.amount]).toEqual([TARGET, SOURCE, 50n]);
    expect(reversalLegs({ ...executed, source_ref: TARGET, target_ref: SOURCE, amount: '50' })).toEqual([
      { accountRef: TARGET, asset: 'USD', amount: -50n },
      { accountRef: SOURCE, asset: 'USD', amount: 50n },
    ]);
  });

  it('asks a note of `other` only', () => {
    expect(() => assertReversalReason({ code: 'other', note: '  ' })).toThrow(AppError);
    expect(() => assertReversalReason({ code: 'other', note: 'the client asked' })).not.toThrow();
    expect(() => assertReversalReason({ code: 'duplicate', note: null })).not.toThrow();
  });
});
