import { z } from '../../schema/zod';
import { defineEventType } from '../../events/catalogue';
import { ReturnEntryBody } from '../../schema/returns';
import { ETag, Timestamp, Uuid } from '../../schema/common';
import { FeeSummaryBody, Money } from '../transfers/events';
import { SubjectAttributionBody } from '../../schema/attribution';
import { PolicyDecisionBody } from '../policies/decision-body';
import { referenceMetadataBody } from '../../schema/metadata';
import type { OffRampStatus, OnRampStatus } from './messages';

export const ON_RAMP_STATUSES = ['requested', 'awaiting_payment', 'payment_received', 'converting', 'completed', 'expired', 'cancelled', 'failed'] as const satisfies readonly OnRampStatus[];
export const OFF_RAMP_STATUSES = ['pending_approval', 'requested', 'converting', 'payout_sent', 'completed', 'cancelled', 'rejected', 'expired', 'failed', 'partially_returned', 'returned'] as const satisfies readonly OffRampStatus[];

const PaymentInstructions = z
  .object({
    rail: z.string(),
    currency: z.string(),
    beneficiary_name: z.string(),
    reference: z.string().openapi({ description: 'Must be quoted with the payment: it identifies the session.' }),
    bank_details: z.record(z.string(), z.string()),
  })
  .openapi('OnRampPaymentInstructions');

export const OnRampSessionBody = z
  .object({
    id: Uuid,
    resource: z.literal('on-ramp-session'),
    status: z.enum(ON_RAMP_STATUSES).openapi({
      description: 'requested → awaiting_payment → payment_received → converting → completed; awaiting_payment → expired | cancelled; requested → cancelled; → failed.',
    }),
    account_ref: z.string(),
    fiat_currency: z.string(),
    asset: z.string(),
    pair_id: Uuid,
    payment_instructions: PaymentInstructions,
    expires_at: Timestamp,
    fiat_amount: Money.nullable(),
    fee_summary: FeeSummaryBody.nullable(),
    asset_amount: Money.nullable(),
    price: z.string().nullable(),
    failure_reason: z.string().nullable(),
    subject_attribution: SubjectAttributionBody,
    payment_received_at: Timestamp.nullable(),
    completed_at: Timestamp.nullable(),
    ...referenceMetadataBody,
    etag: ETag,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('OnRampSession');

export const OffRampSessionBody = z
  .object({
    id: Uuid,
    resource: z.literal('off-ramp-session'),
    status: z.enum(OFF_RAMP_STATUSES).openapi({
      description: 'requested → converting → payout_sent → completed; requested → cancelled; requested | converting → failed (hold released). When a policy rule requires approval: pending_approval → requested once approved, or → rejected | expired | cancelled (hold released).',
    }),
    account_ref: z.string(),
    asset: z.string(),
    fiat_currency: z.string(),
    pair_id: Uuid,
    payout_method_id: Uuid,
    amount: Money,
    fee_summary: FeeSummaryBody,
    fiat_amount: Money.nullable(),
    price: z.string().nullable(),
    payout_reference: z.string().nullable(),
    failure_reason: z.string().nullable(),
    approval_ref: z.string().nullable(),
    policy_decision: PolicyDecisionBody.nullable().openapi({ description: 'The policy decision and trace the session was accepted under.' }),
    subject_attribution: SubjectAttributionBody,
    payout_sent_at: Timestamp.nullable(),
    completed_at: Timestamp.nullable(),
    returns: z.array(ReturnEntryBody).openapi({ description: 'What the bank rail sent back after the payout completed, in the fiat currency, oldest first.' }),
    returned_amount: Money.openapi({ description: 'The sum of `returns`: never more than `fiat_amount`.' }),
    ...referenceMetadataBody,
    etag: ETag,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('OffRampSession');

export const ON_RAMP_EVENTS = Object.fromEntries(
  ON_RAMP_STATUSES.map((s) => [s, defineEventType(`ramps.on_ramp_session.${s}.v1`, `An on-ramp session is now ${s}.`, OnRampSessionBody)]),
) as Record<OnRampStatus, string>;

export const OFF_RAMP_EVENTS = Object.fromEntries(
  OFF_RAMP_STATUSES.map((s) => [s, defineEventType(`ramps.off_ramp_session.${s}.v1`, `An off-ramp session is now ${s}.`, OffRampSessionBody)]),
) as Record<OffRampStatus, string>;

export const ON_RAMP_UPDATED = defineEventType('ramps.on_ramp_session.updated.v1', 'An on-ramp session\'s reference or metadata changed.', OnRampSessionBody);
export const OFF_RAMP_UPDATED = defineEventType('ramps.off_ramp_session.updated.v1', 'An off-ramp session\'s reference or metadata changed.', OffRampSessionBody);
