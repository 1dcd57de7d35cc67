import type { Caller } from '../../auth/caller';
import { AppError, conflict } from '../../errors';
import type { Asset } from '../../money/assets';
import type { ReferenceMetadata } from '../../schema/metadata';
import type { FundableAccount } from '../funding/accounts';
import type { PolicyDecision, ProposedOperation } from '../policies';
import type { FeeQuote } from '../fees/engine';
import type { DestinationRow } from './destinations';
import { TERMINAL_WITHDRAWAL_STATUSES, type WithdrawalStatus } from './events';
import type { FeeComponentRow, WithdrawalRow } from './store';

/*
 * A withdrawal's states, the moves between them and the checks that decide them: pure, so the
 * rules can be read and tested without a database. The store keeps rows; the operations (accept,
 * execute, release, cancel, annotate, read) read, decide here, and write.
 */

/**
 * What each status may become. A release (`ReleaseOutcome`) ends any open status, as the
 * store's release guard (`status in ('pending_approval', 'executing', 'pending_compliance')`) admits.
 */
export const WITHDRAWAL_TRANSITIONS: Readonly<Record<WithdrawalStatus, readonly WithdrawalStatus[]>> = {
  pending_approval: ['executing', 'rejected', 'expired', 'cancelled', 'failed'],
  executing: ['executed', 'rejected', 'expired', 'cancelled', 'failed', 'pending_compliance'],
  pending_compliance: ['executing', 'failed'],
  executed: ['partially_returned', 'returned'],
  partially_returned: ['partially_returned', 'returned'],
  returned: [],
  rejected: [],
  expired: [],
  cancelled: [],
  failed: [],
};

export const canMove = (from: WithdrawalStatus, to: WithdrawalStatus): boolean => WITHDRAWAL_TRANSITIONS[from].includes(to);

export const isTerminal = (status: WithdrawalStatus) => TERMINAL_WITHDRAWAL_STATUSES.includes(status);

/** The ends of a withdrawal that move no money and void its hold. */
export type ReleaseOutcome = 'rejected' | 'expired' | 'cancelled' | 'failed';

export interface NewWithdrawal {
  accountRef: string;
  asset: Asset;
  amount: bigint;
  rail: string;
  destinationId: string;
  /** The integrator's reference and metadata (none when absent). */
  annotations?: ReferenceMetadata;
}

const unprocessable = (pointer: string, detail: string, message: string) => new AppError('EdgeUnprocessable', message, { errors: [{ pointer, detail }] });

/** The destination must be active, of the account's scope (at or above it), and match the asset and rail. */
export function assertUsableDestination(d: DestinationRow | null, account: FundableAccount, input: NewWithdrawal, now = Date.now()): DestinationRow {
  if (!d || d.enterprise_id !== account.enterpriseId || !account.path.includes(d.scope_ref)) {
    throw unprocessable('/body/withdrawal_destination_id', 'no destination of this account\'s scope', 'The withdrawal destination does not exist for this account.');
  }
  if (d.status !== 'active') throw conflict(`The withdrawal destination is ${d.status}.`, `destination_${d.status}`);
  // A new destination's cooling-off period (docs/policy-changes.md): 409 naming when it ends.
  if (d.usable_from && new Date(d.usable_from).getTime() > now) {
    throw new AppError('EdgeConflict', `The withdrawal destination is in its cooling-off period until ${new Date(d.usable_from).toISOString()}.`, {
      reason: 'destination_cooling_off',
      extensions: { usable_from: new Date(d.usable_from).toISOString() },
    });
  }
  if (d.asset !== input.asset.code) throw unprocessable('/body/amount/currency', `the destination receives ${d.asset}`, `The destination receives ${d.asset}, not ${input.asset.code}.`);
  if (d.network !== input.rail) throw unprocessable('/body/rail', `the destination is on ${d.network}`, `The destination is on ${d.network}, not ${input.rail}.`);
  return d;
}

/** What the accept check reads of the debited account: its own, its client's and its enterprise's states. */
export interface AccountState {
  status: string;
  client_status: string | null;
  admission_state: string;
  restriction_state: string;
}

/** Why an account cannot be debited by a withdrawal (the first that applies), or null. */
export type AccountRefusal = { of: 'enterprise'; state: 'closed' | 'suspended' } | { of: 'client' | 'account'; status: string };

export function accountRefusal(s: AccountState): AccountRefusal | null {
  if (s.admission_state === 'closed') return { of: 'enterprise', state: 'closed' };
  if (s.restriction_state === 'suspended') return { of: 'enterprise', state: 'suspended' };
  if (s.client_status && s.client_status !== 'active') return { of: 'client', status: s.client_status };
  if (s.status !== 'active') return { of: 'account', status: s.status };
  return null;
}

/** The operation the policy engine judges for a withdrawal. */
export const proposed = (caller: Pick<Caller, 'subject'>, account: FundableAccount, input: NewWithdrawal): ProposedOperation => ({
  enterpriseId: account.enterpriseId,
  actionFamily: 'withdrawal',
  accountRef: account.accountRef,
  asset: input.asset.code,
  amount: input.amount,
  destinationRef: `withdrawal-destinations/${input.destinationId}`,
  initiatorKind: caller.subject.kind,
});

/** What the hold covers: the amount and every fee, in minor units. */
export const heldAmount = (input: Pick<NewWithdrawal, 'amount'>, fees: Pick<FeeQuote, 'total'>): bigint => input.amount + fees.total;

/**
 * The record of an accepted withdrawal: awaiting approval when the decision requires one (its
 * approval id minted here), else executing. `hold_id` is filled by the insert, from the hold's key.
 */
export function acceptedRow(
  caller: Pick<Caller, 'attribution'>,
  account: FundableAccount,
  input: NewWithdrawal,
  fees: Pick<FeeQuote, 'components' | 'total'>,
  decision: PolicyDecision,
  ids: { id: string; approvalId: () => string },
  now: Date,
): WithdrawalRow {
  const fee_components: FeeComponentRow[] = fees.components.map((c) => ({ type: c.type, amount: c.amount.toString(), payee_ref: c.payeeRef! }));
  return {
    id: ids.id, version: 1, created_at: now, updated_at: now, enterprise_id: account.enterpriseId, client_id: account.clientId, account_ref: account.accountRef,
    scope_path: [...account.path], destination_id: input.destinationId, rail: input.rail, asset: input.asset.code, amount: input.amount.toString(),
    fee_components, fee_total: fees.total.toString(),
    hold_id: '', status: decision.requirement ? 'pending_approval' : 'executing', approval_id: decision.requirement ? ids.approvalId() : null, failure_reason: null,
    policy_decision: decision, subject_attribution: caller.attribution(), rail_reference: null, rail_accepted_at: null, ledger_transaction_id: null, settled_at: null,
    reference: input.annotations?.reference ?? null, reference_unique: input.annotations?.referenceUnique ?? false, metadata: input.annotations?.metadata ?? {},
    returns: [], returned_amount: '0',
  };
}

export const holdKey = (id: string) => `withdrawal/${id}`;
export const velocityRef = (id: string) => `withdrawals/${id}`;

/**
 * Where a settled withdrawal's hold goes: the amount to the enterprise's external withdrawals flow
 * (`externalAccount`), each fee to its payee; zero legs are left out.
 */
export function settlementCredits(w: Pick<WithdrawalRow, 'amount' | 'fee_components'>, externalAccount: string): { accountRef: string; amount: bigint }[] {
  return [
    { accountRef: externalAccount, amount: BigInt(w.amount) },
    ...w.fee_components.map((c) => ({ accountRef: c.payee_ref, amount: BigInt(c.amount) })),
  ].filter((c) => c.amount > 0n);
}

/** Cancellable until handed to the rail: open, not held by compliance, and without a rail reference. */
export const isCancellable = (w: Pick<WithdrawalRow, 'status' | 'rail_reference'>): boolean => !isTerminal(w.status) && w.status !== 'pending_compliance' && !w.rail_reference;

/** The 409 of a cancel that comes too late: the withdrawal ended, waits for a compliance decision, or the rail has it. */
export const notCancellable = (status: WithdrawalStatus) =>
  isTerminal(status) || status === 'pending_compliance'
    ? conflict(`The withdrawal is ${status}; it can no longer be cancelled.`, `withdrawal_${status}`)
    : conflict('The withdrawal has been handed to the rail; it can no longer be cancelled.', 'withdrawal_submitted');
