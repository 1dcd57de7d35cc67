import { AppError, conflict } from '../../errors';
import { ASSETS } from '../../ledger';
import { railsFor } from '../../reference/bank-rails';
import type { CollectionAccount } from './collection-accounts';
import type { OffRampStatus, OnRampStatus } from './messages';

/*
 * The ramp sessions' states, the moves between them and the checks that decide them: pure, so the
 * rules can be read and tested without a database. The stores keep rows; the operations decide here.
 */

/** requested → awaiting_payment → payment_received → converting → completed; unpaid → expired; early → cancelled; → failed. */
export const ON_RAMP_TRANSITIONS: Readonly<Record<OnRampStatus, readonly OnRampStatus[]>> = {
  requested: ['awaiting_payment', 'cancelled', 'failed'],
  awaiting_payment: ['payment_received', 'expired', 'cancelled'],
  payment_received: ['converting', 'failed'],
  converting: ['completed', 'failed'],
  completed: [],
  expired: [],
  cancelled: [],
  failed: [],
};

/** pending_approval → requested → converting → payout_sent → completed; released before the payout; → failed. */
export const OFF_RAMP_TRANSITIONS: Readonly<Record<OffRampStatus, readonly OffRampStatus[]>> = {
  pending_approval: ['requested', 'rejected', 'expired', 'cancelled', 'failed'],
  requested: ['converting', 'cancelled', 'failed'],
  converting: ['payout_sent', 'failed'],
  payout_sent: ['completed', 'failed'],
  completed: ['partially_returned', 'returned'],
  partially_returned: ['partially_returned', 'returned'],
  returned: [],
  cancelled: [],
  rejected: [],
  expired: [],
  failed: [],
};

export const canMoveOnRamp = (from: OnRampStatus, to: OnRampStatus): boolean => ON_RAMP_TRANSITIONS[from].includes(to);
export const canMoveOffRamp = (from: OffRampStatus, to: OffRampStatus): boolean => OFF_RAMP_TRANSITIONS[from].includes(to);

/** The on-ramp statuses a client may cancel from: the payment has not arrived. */
export const ON_RAMP_CANCELLABLE: OnRampStatus[] = ['requested', 'awaiting_payment'];
/** The on-ramp statuses a start Temporal refused can fail from. */
export const ON_RAMP_UNSTARTED: OnRampStatus[] = ['requested'];
/** The off-ramp statuses a start Temporal refused can fail from (the hold still there to release). */
export const OFF_RAMP_UNSTARTED: OffRampStatus[] = ['requested', 'pending_approval'];

/** The ends of an off-ramp before its payout: each releases the hold. */
export type OffRampReleaseStatus = Extract<OffRampStatus, 'cancelled' | 'failed' | 'rejected' | 'expired'>;

/** The failure reason of an approval that ended the session. */
export const approvalReason = (outcome: 'rejected' | 'expired' | 'cancelled'): string => `approval_${outcome}`;

/** An on-ramp's pair pointers (fiat → asset) and an off-ramp's (asset → fiat). */
export const ON_RAMP_PAIR_POINTERS = { from: '/body/fiat_currency', to: '/body/asset' };
export const OFF_RAMP_PAIR_POINTERS = { from: '/body/asset', to: '/body/fiat_currency' };

/** The fiat currency and the crypto asset a ramp exchanges, else 422 naming the one that is not. */
export function rampAssets(fiatCurrency: string, assetCode: string) {
  const fiat = ASSETS[fiatCurrency];
  const asset = ASSETS[assetCode];
  if (!fiat || fiat.class !== 'fiat') throw new AppError('EdgeUnprocessable', 'fiat_currency must be a fiat currency.', { errors: [{ pointer: '/body/fiat_currency', detail: 'not a fiat currency' }] });
  if (!asset || asset.class !== 'crypto') throw new AppError('EdgeUnprocessable', 'asset must be a crypto asset.', { errors: [{ pointer: '/body/asset', detail: 'not a crypto asset' }] });
  return { fiat, asset };
}

/** The pay-in rail collecting a currency (the first the catalogue lists), else 422. */
export function payInRail(currency: string): string {
  const rail = railsFor('pay_in', currency)[0];
  if (!rail) throw new AppError('EdgeUnprocessable', `No bank rail collects ${currency}.`, { errors: [{ pointer: '/body/fiat_currency', detail: 'no pay-in rail' }] });
  return rail.code;
}

/** What the payer is shown: the collection account's bank details and the reference to quote. */
export function paymentInstructions(currency: string, reference: string, collection: CollectionAccount) {
  const { beneficiary_name, ...bank_details } = collection.details;
  return { rail: collection.rail, currency, beneficiary_name: beneficiary_name ?? '', reference, bank_details };
}

/** A reported payment must be in the currency the session collects (422 otherwise). */
export function assertPaymentCurrency(currency: string, fiatCurrency: string): void {
  if (currency.toUpperCase() !== fiatCurrency) {
    throw new AppError('EdgeUnprocessable', `The session collects ${fiatCurrency}.`, { errors: [{ pointer: '/body/amount/currency', detail: `must be ${fiatCurrency}` }] });
  }
}

/** What a payout method must be for an off-ramp of `accountRef` in `fiat`: 422 when it is not this account's or pays another currency, 409 when disabled. */
export function assertPayoutMethod(method: { account_ref: string; currency: string; status: string } | undefined, accountRef: string, fiat: string): void {
  if (!method || method.account_ref !== accountRef) {
    throw new AppError('EdgeUnprocessable', 'The payout method is not one of this account.', { errors: [{ pointer: '/body/payout_method_id', detail: 'unknown payout method for this account' }] });
  }
  if (method.currency !== fiat) {
    throw new AppError('EdgeUnprocessable', `The payout method pays out ${method.currency}.`, { errors: [{ pointer: '/body/fiat_currency', detail: `must be ${method.currency} for this payout method` }] });
  }
  if (method.status !== 'active') throw conflict('The payout method is disabled.', 'payout_method_disabled');
}

/** Why a priced on-ramp cannot convert (`pair_disabled`, `amount_out_of_range`), or null. */
export function onRampConversionBlock(pair: { enabled: boolean; min_from_amount: string; max_from_amount: string }, net: bigint, assetAmount: bigint): string | null {
  if (!pair.enabled) return 'pair_disabled';
  if (net < BigInt(pair.min_from_amount) || net > BigInt(pair.max_from_amount) || assetAmount <= 0n) return 'amount_out_of_range';
  return null;
}
