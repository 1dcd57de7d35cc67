import { z } from '../../schema/zod';
import { defineEventType } from '../../events/catalogue';
import { ETag, Timestamp, Uuid } from '../../schema/common';
import { FeeSummaryBody, Money, TransactionResource } from '../transfers/events';
import { SubjectAttributionBody } from '../../schema/attribution';
import { referenceMetadataBody } from '../../schema/metadata';

export const CONVERSION_STATUSES = ['pending_approval', 'executing', 'executed', 'cancelled', 'rejected', 'expired', 'failed'] as const;
export type ConversionStatus = (typeof CONVERSION_STATUSES)[number];

export const ConversionRecordBody = z
  .object({
    resource: TransactionResource,
    id: Uuid,
    account_ref: z.string().openapi({ description: 'The account debited in the source asset and credited in the target asset.' }),
    approval_ref: z.string().nullable(),
    family: z.literal('conversion'),
    family_params: z.object({
      pair_id: Uuid,
      quote_id: Uuid.nullable().openapi({ description: 'The firm quote executed; null for a conversion at market.' }),
      from_amount: Money,
      to_amount: Money,
      to_currency: z.string(),
      price: z.string().openapi({ description: 'Units of to_currency per unit of from currency, rounded down to the pair\'s price precision.' }),
    }),
    principal_amount: Money,
    fee_summary: FeeSummaryBody,
    fill_rate: z.string().nullable().openapi({ description: 'The price the conversion executed at; null until executed.' }),
    failure_reason: z.string().nullable(),
    status: z.enum(CONVERSION_STATUSES).openapi({
      description: 'executed at once without approval; pending_approval → executing → executed, or → cancelled | rejected | expired | failed.',
    }),
    settled_at: Timestamp.nullable(),
    subject_attribution: SubjectAttributionBody,
    ...referenceMetadataBody,
    etag: ETag,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('ConversionRecord');

const event = (state: ConversionStatus, description: string) =>
  defineEventType(`operations.conversion.${state}.v1`, description, ConversionRecordBody);

export const CONVERSION_EVENTS: Record<ConversionStatus, string> = {
  pending_approval: event('pending_approval', 'A conversion awaits approval; its source amount and fee are held.'),
  executing: event('executing', 'An approved conversion is being booked.'),
  executed: event('executed', 'A conversion was booked in the ledger.'),
  cancelled: event('cancelled', 'A conversion was cancelled before execution; its hold was released.'),
  rejected: event('rejected', 'A conversion was rejected by an approver; its hold was released.'),
  expired: event('expired', 'A conversion\'s approval expired; its hold was released.'),
  failed: event('failed', 'A conversion could not be booked; its hold was released.'),
};


export const CONVERSION_UPDATED = defineEventType('operations.conversion.updated.v1', 'A conversion\'s reference or metadata changed.', ConversionRecordBody);
