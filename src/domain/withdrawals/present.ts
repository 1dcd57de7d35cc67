import type { SubjectAttribution } from '../../auth/caller';
import { etagOf } from '../../db/base';
import type { NewEvent } from '../../events/outbox';
import { money } from '../../money/assets';
import type { WithdrawalRow } from './store';

/*
 * What the API answers and the events carry for a withdrawal: one shape, so an answer, its replay
 * and its event never differ.
 */

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The transaction record of the tenant API contract, family `withdrawal`, plus the rail, destination and policy decision. */
export function presentWithdrawal(w: WithdrawalRow) {
  return {
    id: w.id,
    account_ref: w.account_ref,
    approval_ref: w.approval_id ? `approvals/${w.approval_id}` : null,
    family: 'withdrawal' as const,
    family_params: {},
    principal_amount: money(BigInt(w.amount), w.asset),
    fee_summary: {
      components: w.fee_components.map((c) => ({ kind: c.type, amount: money(BigInt(c.amount), w.asset) })),
      total: money(BigInt(w.fee_total), w.asset),
    },
    fill_rate: null,
    failure_reason: w.failure_reason,
    status: w.status,
    settled_at: iso(w.settled_at),
    subject_attribution: w.subject_attribution,
    rail: w.rail,
    withdrawal_destination_id: w.destination_id,
    rail_reference: w.rail_reference,
    policy_decision: w.policy_decision,
    returns: w.returns,
    returned_amount: money(BigInt(w.returned_amount), w.asset),
    reference: w.reference,
    metadata: w.metadata,
    etag: etagOf(w),
    created_at: iso(w.created_at)!,
    updated_at: iso(w.updated_at)!,
  };
}

export type WithdrawalView = ReturnType<typeof presentWithdrawal>;

/** The event `type` of a withdrawal, its representation `view` as the payload. */
export function withdrawalEvent(row: WithdrawalRow, view: WithdrawalView, attribution: SubjectAttribution | null, type: string): NewEvent {
  return {
    type,
    enterpriseId: row.enterprise_id,
    scopeRef: row.account_ref,
    resourceRef: `withdrawals/${row.id}`,
    payload: view,
    attribution,
  };
}
