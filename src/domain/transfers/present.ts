import type { SubjectAttribution } from '../../auth/caller';
import { etagOf } from '../../db/base';
import type { NewEvent } from '../../events/outbox';
import { money } from '../../money/assets';
import { BATCH_EVENTS, TRANSFER_EVENTS } from './events';
import { batchSummary } from './batch-model';
import type { BatchRow, TransferRow } from './store';

/*
 * What the API answers and the events carry for this area's records: one shape each, so an answer,
 * its replay and its event never differ.
 */

/** The transaction record of the tenant API contract. Fees of internal transfers are zero until an agreement prices them. */
export function presentTransfer(t: TransferRow) {
  return {
    id: t.id,
    account_ref: t.source_ref,
    approval_ref: t.approval_ref,
    family: 'internal_transfer' as const,
    family_params: { source_ref: t.source_ref, target_ref: t.target_ref },
    principal_amount: money(BigInt(t.amount), t.asset),
    fee_summary: { components: [], total: money(0n, t.asset) },
    fill_rate: null,
    failure_reason: t.failure_reason,
    status: t.status,
    settled_at: t.settled_at ? t.settled_at.toISOString() : null,
    subject_attribution: t.subject_attribution,
    policy_decision: t.policy_decision,
    reference: t.reference,
    metadata: t.metadata,
    reversal_of: t.reversal_of,
    reversal_reason: t.reversal_reason,
    reversals: t.reversals.map((r) => ({
      id: r.id,
      amount: money(BigInt(r.amount), t.asset),
      status: r.status,
      reason: r.reason,
      approval_ref: r.approval_ref,
      ledger_transaction_ref: r.ledger_transaction_id ? `ledger-transactions/${r.ledger_transaction_id}` : null,
      created_at: new Date(r.created_at).toISOString(),
    })),
    reversed_amount: money(BigInt(t.reversed_amount), t.asset),
    etag: etagOf(t),
    created_at: t.created_at.toISOString(),
    updated_at: t.updated_at.toISOString(),
  };
}

/** The event of a transfer's current status; `payload` defaults to its representation now. */
export function transferEvent(row: TransferRow, attribution: SubjectAttribution | null, payload: unknown = presentTransfer(row), type = TRANSFER_EVENTS[row.status]): NewEvent {
  return {
    type,
    enterpriseId: row.enterprise_id,
    scopeRef: row.source_ref,
    resourceRef: `internal-transfers/${row.id}`,
    payload,
    attribution,
  };
}

export function presentBatch(b: BatchRow) {
  return {
    id: b.id,
    resource: 'internal_transfer_batch' as const,
    atomic: b.atomic,
    status: b.status,
    transfer_count: b.transfer_count,
    summary: batchSummary(b.results),
    results: b.results,
    subject_attribution: b.subject_attribution,
    etag: etagOf(b),
    created_at: b.created_at.toISOString(),
    updated_at: b.updated_at.toISOString(),
  };
}

/** The event of a completed batch, its representation as the payload. */
export function batchEvent(batch: BatchRow, payload: ReturnType<typeof presentBatch>): NewEvent {
  return {
    type: BATCH_EVENTS.completed,
    enterpriseId: batch.enterprise_id,
    scopeRef: `enterprises/${batch.enterprise_id}`,
    resourceRef: `internal-transfer-batches/${batch.id}`,
    payload,
    attribution: batch.subject_attribution,
  };
}
