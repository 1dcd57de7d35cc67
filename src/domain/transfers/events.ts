import { z } from '../../http/zod';
import { defineEventType } from '../../events/catalogue';
import { ETag, Timestamp, Uuid } from '../../http/schemas';

export const Money = z.object({ currency: z.string(), value: z.string() }).openapi('Money', { description: 'An exact amount: a decimal string in the asset\'s units.' });

const PrincipalRef = z.object({ id: z.string(), kind: z.string(), tenant_ref: z.string() });

export const SubjectAttributionBody = z
  .object({
    authenticated_principal: PrincipalRef,
    subject: PrincipalRef,
    actor: PrincipalRef.nullable(),
    identity_source: z.string(),
    federation: z.object({ issuer: z.string(), subject: z.string() }).nullable(),
    enterprise_binding: z.object({ tenant_type: z.literal('enterprise'), topology_ref: z.string() }),
    initiated_by: PrincipalRef.nullable(),
    approved_by: z.array(PrincipalRef).nullable(),
  })
  .openapi('SubjectAttribution');

export const FeeSummaryBody = z
  .object({
    components: z.array(z.object({ kind: z.string(), amount: Money })),
    total: Money,
  })
  .openapi('FeeSummary');

export const TRANSFER_STATUSES = ['pending_approval', 'executing', 'executed', 'cancelled', 'rejected', 'failed'] as const;

export const TransactionRecordBody = z
  .object({
    id: Uuid,
    account_ref: z.string().openapi({ description: 'The debited account.' }),
    approval_ref: z.string().nullable(),
    family: z.literal('internal_transfer'),
    family_params: z.object({ source_ref: z.string(), target_ref: z.string() }),
    principal_amount: Money,
    fee_summary: FeeSummaryBody,
    fill_rate: z.string().nullable(),
    failure_reason: z.string().nullable(),
    status: z.enum(TRANSFER_STATUSES).openapi({ description: 'pending_approval → executing → executed | failed; pending_approval → cancelled | rejected.' }),
    settled_at: Timestamp.nullable(),
    subject_attribution: SubjectAttributionBody,
    etag: ETag,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('InternalTransferRecord');

export const TRANSFER_EVENTS = {
  executed: defineEventType('operations.internal_transfer.executed.v1', 'An internal transfer was booked in the ledger.', TransactionRecordBody),
  cancelled: defineEventType('operations.internal_transfer.cancelled.v1', 'An internal transfer was cancelled before execution.', TransactionRecordBody),
};
