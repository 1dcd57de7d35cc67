import { etagOf, iso } from '../../db/base';
import { money } from '../../ledger';
import { loadFees } from '../conversions/ledger';
import { feeSummary } from '../pricing/prices';
import type { OffRampRow } from './off-ramp-store';
import type { OnRampRow } from './on-ramp-store';

/** What every session answers last, in this order: its annotations, entity tag and times. */
function sessionTail(r: OnRampRow | OffRampRow) {
  return {
    reference: r.reference,
    metadata: r.metadata,
    etag: etagOf(r),
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

export function presentOnRamp(r: OnRampRow) {
  return {
    id: r.id,
    resource: 'on-ramp-session' as const,
    status: r.status,
    account_ref: r.account_ref,
    fiat_currency: r.fiat_currency,
    asset: r.asset,
    pair_id: r.pair_id,
    payment_instructions: r.payment_instructions as {
      rail: string;
      currency: string;
      beneficiary_name: string;
      reference: string;
      bank_details: Record<string, string>;
    },
    expires_at: r.expires_at.toISOString(),
    fiat_amount: r.fiat_amount === null ? null : money(BigInt(r.fiat_amount), r.fiat_currency),
    fee_summary: r.fee_components === null ? null : feeSummary(loadFees(r.fee_components), r.fiat_currency),
    asset_amount: r.asset_amount === null ? null : money(BigInt(r.asset_amount), r.asset),
    price: r.price,
    failure_reason: r.failure_reason,
    subject_attribution: r.subject_attribution,
    payment_received_at: iso(r.payment_received_at),
    completed_at: iso(r.completed_at),
    ...sessionTail(r),
  };
}

export function presentOffRamp(r: OffRampRow) {
  return {
    id: r.id,
    resource: 'off-ramp-session' as const,
    status: r.status,
    account_ref: r.account_ref,
    asset: r.asset,
    fiat_currency: r.fiat_currency,
    pair_id: r.pair_id,
    payout_method_id: r.payout_method_id,
    amount: money(BigInt(r.amount), r.asset),
    fee_summary: feeSummary(loadFees(r.fee_components), r.asset),
    fiat_amount: r.fiat_amount === null ? null : money(BigInt(r.fiat_amount), r.fiat_currency),
    price: r.price,
    payout_reference: r.payout_reference,
    failure_reason: r.failure_reason,
    approval_ref: r.approval_ref,
    policy_decision: r.policy_decision,
    subject_attribution: r.subject_attribution,
    payout_sent_at: iso(r.payout_sent_at),
    completed_at: iso(r.completed_at),
    returns: r.returns,
    returned_amount: money(BigInt(r.returned_amount), r.fiat_currency),
    ...sessionTail(r),
  };
}
