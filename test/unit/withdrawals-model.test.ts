// A withdrawal's model is pure: states, moves and checks in, decisions out. No database.
import { AppError } from '../../src/errors';
import { assetOf } from '../../src/money/assets';
import type { Caller, SubjectAttribution } from '../../src/auth/caller';
import type { FundableAccount } from '../../src/domain/funding/accounts';
import type { PolicyDecision } from '../../src/domain/policies';
import type { DestinationRow } from '../../src/domain/withdrawals/destinations';
import { TERMINAL_WITHDRAWAL_STATUSES, WITHDRAWAL_STATUSES } from '../../src/domain/withdrawals/events';
import {
  WITHDRAWAL_TRANSITIONS,
  acceptedRow,
  accountRefusal,
  assertUsableDestination,
  canMove,
  heldAmount,
  isCancellable,
  isTerminal,
  notCancellable,
  proposed,
  settlementCredits,
  type NewWithdrawal,
} from '../../src/domain/withdrawals/model';

const E = '0193a1c2-7f00-7abc-8def-0000000000ee';
const ACCOUNT = 'client-accounts/0193a1c2-7f00-7abc-8def-000000000001';
const DEST = '0193a1c2-7f00-7abc-8def-0000000000dd';
const now = new Date('2026-01-15T10:00:00Z');
const USDC = assetOf('USDC');

const account: FundableAccount = { accountRef: ACCOUNT, enterpriseId: E, clientId: 'c1', status: 'active', path: [`enterprises/${E}`, 'clients/c1', ACCOUNT] };
const input: NewWithdrawal = { accountRef: ACCOUNT, asset: USDC, amount: 25_000_000n, rail: 'ethereum', destinationId: DEST };
const destination: DestinationRow = {
  id: DEST, version: 1, created_at: now, updated_at: now, enterprise_id: E, scope_ref: `enterprises/${E}`, scope_path: [`enterprises/${E}`],
  rail_class: 'crypto', asset: 'USDC', network: 'ethereum', label: 'cold', address: '0xabc', memo: null, status: 'active', usable_from: null,
  approval_id: null, reference: null, reference_unique: false, metadata: {},
};
const attribution = { subject: { kind: 'user', id: 'u1' } } as unknown as SubjectAttribution;
const caller = { attribution: () => attribution, subject: { kind: 'user' } } as unknown as Caller;
const allow = { effect: 'allow', requirement: null } as unknown as PolicyDecision;
const approve = { effect: 'require_approval', requirement: { required_human_approvals: 1 } } as unknown as PolicyDecision;
const fees = {
  components: [
    { type: 'network_fee' as const, amount: 3_000_000n, currency: 'USDC', payeeRef: 'system/network', source: 'platform' as const },
    { type: 'service_fee' as const, amount: 500_000n, currency: 'USDC', payeeRef: 'system/service', source: 'platform' as const },
  ],
  total: 3_500_000n,
};

const pointer = (err: AppError) => err.options.errors?.map((e) => ('pointer' in e ? e.pointer : null))[0];

const refusal = (f: () => unknown): AppError => {
  try {
    f();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
};

describe('transitions', () => {
  it('end in exactly the terminal statuses', () => {
    // After settlement only the rail's returns move a withdrawal on (docs/returns-and-reversals.md).
    const returns: readonly string[] = ['partially_returned', 'returned'];
    for (const s of WITHDRAWAL_STATUSES) expect(WITHDRAWAL_TRANSITIONS[s].filter((t) => !returns.includes(t)).length === 0).toBe(TERMINAL_WITHDRAWAL_STATUSES.includes(s));
    expect(WITHDRAWAL_TRANSITIONS.executed).toEqual(['partially_returned', 'returned']);
    expect(canMove('partially_returned', 'partially_returned')).toBe(true);
    expect(canMove('returned', 'partially_returned')).toBe(false);
    expect(canMove('failed', 'returned')).toBe(false);
    for (const s of WITHDRAWAL_STATUSES) expect(isTerminal(s)).toBe(TERMINAL_WITHDRAWAL_STATUSES.includes(s));
  });
  it('go through executing to settle, and release from either open status', () => {
    expect(canMove('pending_approval', 'executing')).toBe(true);
    expect(canMove('executing', 'executed')).toBe(true);
    expect(canMove('pending_approval', 'executed')).toBe(false);
    expect(canMove('executing', 'pending_approval')).toBe(false);
    for (const end of ['rejected', 'expired', 'cancelled', 'failed'] as const) {
      expect(canMove('pending_approval', end)).toBe(true);
      expect(canMove('executing', end)).toBe(true);
      expect(canMove('executed', end)).toBe(false);
    }
  });
});

describe('destination check', () => {
  it('admits an active destination of the scope, asset and rail', () => {
    expect(assertUsableDestination(destination, account, input, now.getTime())).toBe(destination);
  });
  it('refuses a missing one, another scope\'s, or one of another enterprise as 422 on the id', () => {
    for (const d of [null, { ...destination, scope_ref: 'clients/other' }, { ...destination, enterprise_id: 'other' }]) {
      const err = refusal(() => assertUsableDestination(d, account, input, now.getTime()));
      expect(err.code).toBe('EdgeUnprocessable');
      expect(pointer(err)).toBe('/body/withdrawal_destination_id');
    }
  });
  it('refuses one not active as 409 with its state', () => {
    expect(refusal(() => assertUsableDestination({ ...destination, status: 'disabled' }, account, input, now.getTime())).options.reason).toBe('destination_disabled');
  });
  it('refuses one cooling off until its end, and admits it from then', () => {
    const until = new Date(now.getTime() + 60_000);
    const err = refusal(() => assertUsableDestination({ ...destination, usable_from: until }, account, input, now.getTime()));
    expect(err.options.reason).toBe('destination_cooling_off');
    expect(err.options.extensions).toEqual({ usable_from: until.toISOString() });
    expect(assertUsableDestination({ ...destination, usable_from: until }, account, input, until.getTime())).toBeTruthy();
  });
  it('refuses another asset or rail as 422 naming the field', () => {
    expect(pointer(refusal(() => assertUsableDestination({ ...destination, asset: 'USDT' }, account, input, now.getTime())))).toBe('/body/amount/currency');
    expect(pointer(refusal(() => assertUsableDestination({ ...destination, network: 'solana' }, account, input, now.getTime())))).toBe('/body/rail');
  });
});

describe('account check', () => {
  const active = { status: 'active', client_status: 'active', admission_state: 'admitted', restriction_state: 'none' };
  it('admits an active account of an active client', () => {
    expect(accountRefusal(active)).toBeNull();
    expect(accountRefusal({ ...active, client_status: null })).toBeNull();
  });
  it('names the first refusal: enterprise, then client, then account', () => {
    expect(accountRefusal({ ...active, admission_state: 'closed', status: 'frozen' })).toEqual({ of: 'enterprise', state: 'closed' });
    expect(accountRefusal({ ...active, restriction_state: 'suspended' })).toEqual({ of: 'enterprise', state: 'suspended' });
    expect(accountRefusal({ ...active, client_status: 'suspended', status: 'frozen' })).toEqual({ of: 'client', status: 'suspended' });
    expect(accountRefusal({ ...active, status: 'frozen' })).toEqual({ of: 'account', status: 'frozen' });
  });
});

describe('accepted record', () => {
  const ids = { id: 'w1', approvalId: () => 'a1' };
  it('executes at once without an approval requirement, holding amount and fees', () => {
    const row = acceptedRow(caller, account, input, fees, allow, ids, now);
    expect(row).toMatchObject({ id: 'w1', status: 'executing', approval_id: null, amount: '25000000', fee_total: '3500000', scope_path: account.path, subject_attribution: attribution });
    expect(row.fee_components).toEqual([
      { type: 'network_fee', amount: '3000000', payee_ref: 'system/network' },
      { type: 'service_fee', amount: '500000', payee_ref: 'system/service' },
    ]);
    expect(heldAmount(input, fees)).toBe(28_500_000n);
  });
  it('awaits approval under a requirement, with its approval id', () => {
    expect(acceptedRow(caller, account, input, fees, approve, ids, now)).toMatchObject({ status: 'pending_approval', approval_id: 'a1' });
  });
  it('keeps the integrator\'s reference and metadata', () => {
    const row = acceptedRow(caller, account, { ...input, annotations: { reference: 'r-1', referenceUnique: true, metadata: { k: 'v' } } }, fees, allow, ids, now);
    expect(row).toMatchObject({ reference: 'r-1', reference_unique: true, metadata: { k: 'v' } });
  });
  it('is judged by the policy engine as a withdrawal to its destination', () => {
    expect(proposed(caller, account, input)).toEqual({
      enterpriseId: E, actionFamily: 'withdrawal', accountRef: ACCOUNT, asset: 'USDC', amount: 25_000_000n, destinationRef: `withdrawal-destinations/${DEST}`, initiatorKind: 'user',
    });
  });
});

describe('settlement and cancel', () => {
  it('credits the amount to the external flow and each fee to its payee, leaving zero legs out', () => {
    const w = { amount: '25000000', fee_components: [{ type: 'network_fee' as const, amount: '0', payee_ref: 'p0' }, { type: 'service_fee' as const, amount: '500000', payee_ref: 'p1' }] };
    expect(settlementCredits(w, 'ext')).toEqual([{ accountRef: 'ext', amount: 25_000_000n }, { accountRef: 'p1', amount: 500_000n }]);
  });
  it('cancels until the rail has it', () => {
    expect(isCancellable({ status: 'pending_approval', rail_reference: null })).toBe(true);
    expect(isCancellable({ status: 'executing', rail_reference: null })).toBe(true);
    expect(isCancellable({ status: 'executing', rail_reference: 'tx-1' })).toBe(false);
    expect(isCancellable({ status: 'executed', rail_reference: 'tx-1' })).toBe(false);
    expect(notCancellable('executed').options.reason).toBe('withdrawal_executed');
    expect(notCancellable('executing').options.reason).toBe('withdrawal_submitted');
  });
});
