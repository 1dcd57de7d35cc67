import { z } from '../../schema/zod';
import { defineEventType } from '../../events/catalogue';
import { ETag, Timestamp, Uuid } from '../../schema/common';
import { PolicyDecisionBody } from '../policies/decision-body';
import { referenceMetadataBody } from '../../schema/metadata';
import { SubjectAttributionBody } from '../../schema/attribution';
import { TRANSFER_STATUSES } from './model';
import { REVERSAL_REASON_CODES } from './reversal-model';

export const Money = z.object({ currency: z.string(), value: z.string() }).openapi('Money', { description: 'An exact amount: a decimal string in the asset\'s units.' });

export const FeeSummaryBody = z
  .object({
    components: z.array(z.object({ kind: z.string(), amount: Money })),
    total: Money,
  })
  .openapi('FeeSummary');

/**
 * The transaction records' discriminator. The OpenAPI document describes the latest version, so the
 * schemas list it; handlers and stored payloads keep the first version's shape and src/versions adds it.
 */
export const TransactionResource = z.literal('transaction').openapi({ description: 'The resource discriminator; from API version 2026-11-26 (absent at 2026-11-21).' });

/** The statuses are the model's (./model); the schemas below describe them. */
export { TRANSFER_STATUSES };

export const ReversalReasonBody = z
  .object({
    code: z.enum(REVERSAL_REASON_CODES).openapi({ description: 'Why the transfer is reversed (docs/returns-and-reversals.md).' }),
    note: z.string().max(500).nullable().openapi({ description: 'The operator\'s words; required for `other`.' }),
  })
  .openapi('InternalTransferReversalReason');

const ReversalEntryBody = z
  .object({
    id: Uuid.openapi({ description: 'The reversal: an internal transfer the other way (`internal-transfers/<id>`).' }),
    amount: Money,
    status: z.enum(TRANSFER_STATUSES),
    reason: ReversalReasonBody,
    approval_ref: z.string().nullable(),
    ledger_transaction_ref: z.string().nullable().openapi({ description: 'Its ledger transaction once booked (`ledger-transactions/<id>`); its `reversal_of` is the original\'s.' }),
    created_at: Timestamp,
  })
  .openapi('InternalTransferReversalEntry');

export const TransactionRecordBody = z
  .object({
    resource: TransactionResource,
    id: Uuid,
    account_ref: z.string().openapi({ description: 'The debited account.' }),
    approval_ref: z.string().nullable(),
    family: z.literal('internal_transfer'),
    family_params: z.object({ source_ref: z.string(), target_ref: z.string() }),
    principal_amount: Money,
    fee_summary: FeeSummaryBody,
    fill_rate: z.string().nullable(),
    failure_reason: z.string().nullable(),
    status: z.enum(TRANSFER_STATUSES).openapi({ description: 'executed at once unless a policy rule requires approval: pending_approval → executing → executed | failed; pending_approval → cancelled | rejected | expired (hold released).' }),
    settled_at: Timestamp.nullable(),
    subject_attribution: SubjectAttributionBody,
    policy_decision: PolicyDecisionBody.nullable().openapi({ description: 'The policy decision and trace the transfer was accepted under.' }),
    ...referenceMetadataBody,
    reversal_of: Uuid.nullable().openapi({ description: 'On a reversal: the internal transfer it reverses.' }),
    reversal_reason: ReversalReasonBody.nullable().openapi({ description: 'On a reversal: why.' }),
    reversals: z.array(ReversalEntryBody).openapi({ description: 'Its reversals in any status, oldest first: those awaiting approval, executing or executed count against what remains.' }),
    reversed_amount: Money.openapi({ description: 'What its executed reversals booked back: never more than `principal_amount`.' }),
    etag: ETag,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('InternalTransferRecord');

const TRANSFER_EVENT_DESCRIPTIONS: Record<(typeof TRANSFER_STATUSES)[number], string> = {
  pending_approval: 'An internal transfer awaits approval; its amount is held on the source account.',
  executing: 'An internal transfer was approved and is being booked.',
  executed: 'An internal transfer was booked in the ledger.',
  cancelled: 'An internal transfer was cancelled before execution; its hold was released.',
  rejected: 'An internal transfer was rejected by an approver; its hold was released.',
  expired: 'An internal transfer\'s approval expired; its hold was released.',
  failed: 'An internal transfer failed before booking; its hold was released.',
};

/** One event type per state entered: `operations.internal_transfer.<status>.v1`, payload = the record. */
export const TRANSFER_EVENTS = Object.fromEntries(
  TRANSFER_STATUSES.map((s) => [s, defineEventType(`operations.internal_transfer.${s}.v1`, TRANSFER_EVENT_DESCRIPTIONS[s], TransactionRecordBody)]),
) as Record<(typeof TRANSFER_STATUSES)[number], string>;

/** The original's events when a reversal of it is booked; its status stays `executed`. */
export const TRANSFER_REVERSAL_EVENTS = {
  partially_reversed: defineEventType(
    'operations.internal_transfer.partially_reversed.v1',
    'A reversal of part of an executed internal transfer was booked (a new transfer the other way, linked to it); `reversed_amount` says how much came back.',
    TransactionRecordBody,
  ),
  reversed: defineEventType('operations.internal_transfer.reversed.v1', 'Reversals of an executed internal transfer took all of it back.', TransactionRecordBody),
} as const;

export const TRANSFER_UPDATED = defineEventType('operations.internal_transfer.updated.v1', 'An internal transfer\'s reference or metadata changed.', TransactionRecordBody);

const ItemProblemBody = z
  .object({
    status: z.number().int(),
    code: z.string(),
    detail: z.string(),
    reason: z.string().optional(),
    errors: z.array(z.object({ pointer: z.string(), detail: z.string() })),
  })
  .catchall(z.unknown())
  .openapi('InternalTransferBatchProblem', { description: 'The refusal a transfer of the batch got: the problem body POST /internal-transfers would have answered, with pointers into the batch body.' });

export const BATCH_OUTCOMES = ['executed', 'pending_approval', 'refused'] as const;

export const TransferBatchBody = z
  .object({
    id: Uuid,
    resource: z.literal('internal_transfer_batch'),
    atomic: z.boolean(),
    status: z.literal('completed').openapi({ description: 'Every transfer of the batch has its outcome (an atomic batch that is refused is not recorded).' }),
    transfer_count: z.number().int(),
    summary: z.object({ executed: z.number().int(), pending_approval: z.number().int(), refused: z.number().int() }),
    results: z
      .array(
        z.object({
          index: z.number().int().openapi({ description: 'The transfer\'s position in the request.' }),
          outcome: z.enum(BATCH_OUTCOMES).openapi({ description: 'At creation: booked, awaiting approval (see the transfer for what happened since), or refused (`problem`).' }),
          transfer_ref: z.string().nullable().openapi({ description: '`internal-transfers/<id>`; null when refused.' }),
          problem: ItemProblemBody.nullable(),
        }),
      )
      .openapi({ description: 'One per transfer, in request order.' }),
    subject_attribution: SubjectAttributionBody,
    etag: ETag,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('InternalTransferBatch');

export const BATCH_EVENTS = {
  completed: defineEventType('operations.internal_transfer_batch.completed.v1', 'A batch of internal transfers was accepted; each transfer also has its own events.', TransferBatchBody),
};
