import { z } from '../../schema/zod';
import { defineEventType } from '../../events/catalogue';
import { ETag, Timestamp, Uuid } from '../../schema/common';
import { FeeSummaryBody, Money, TransactionResource } from '../transfers/events';
import { SubjectAttributionBody } from '../../schema/attribution';
import { PolicyDecisionBody } from '../policies/decision-body';
import { referenceMetadataBody } from '../../schema/metadata';
import { ReturnEntryBody } from '../../schema/returns';

export const DESTINATION_STATUSES = ['pending_approval', 'active', 'disabled', 'retired', 'rejected'] as const;

export const CryptoRoutingBody = z
  .object({
    asset: z.string(),
    network: z.string(),
    label: z.string(),
    destination: z.object({ address: z.string(), memo: z.string().nullable() }),
  })
  .openapi('WithdrawalCryptoRouting');

export const WithdrawalDestinationBody = z
  .object({
    id: Uuid,
    resource: z.literal('withdrawal_destination'),
    asset: z.string(),
    label: z.string(),
    rail_class: z.literal('crypto'),
    scope_ref: z.string().openapi({ description: 'Accounts at or below this scope may withdraw to it.' }),
    status: z.enum(DESTINATION_STATUSES).openapi({
      description: 'pending_approval → active | rejected (when the enterprise puts new destinations under approval); active ↔ disabled; active | disabled → retired (terminal).',
    }),
    usable_from: Timestamp.nullable().openapi({ description: 'Withdrawals may use it from this instant (the end of its cooling-off period); null: no cooling-off, or still pending approval.' }),
    approval_ref: z.string().nullable().openapi({ description: 'The approval it waits (or waited) for; null when none was required.' }),
    crypto_routing: CryptoRoutingBody,
    fiat_routing: z.null(),
    ...referenceMetadataBody,
    etag: ETag,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('WithdrawalDestination');

export const WITHDRAWAL_STATUSES = ['pending_approval', 'executing', 'pending_compliance', 'executed', 'rejected', 'expired', 'cancelled', 'failed', 'partially_returned', 'returned'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
export const TERMINAL_WITHDRAWAL_STATUSES: readonly WithdrawalStatus[] = ['executed', 'rejected', 'expired', 'cancelled', 'failed', 'partially_returned', 'returned'];

export const WithdrawalRecordBody = z
  .object({
    resource: TransactionResource,
    id: Uuid,
    account_ref: z.string().openapi({ description: 'The debited account.' }),
    approval_ref: z.string().nullable(),
    family: z.literal('withdrawal'),
    family_params: z.object({}).strict(),
    principal_amount: Money,
    fee_summary: FeeSummaryBody,
    fill_rate: z.null(),
    failure_reason: z.string().nullable(),
    status: z.enum(WITHDRAWAL_STATUSES).openapi({
      description:
        'pending_approval → executing → executed; pending_approval → rejected | expired | cancelled; executing → cancelled (before the rail accepted) | failed; executing → pending_compliance (screening froze it) → executing (released under quorum) | failed (`screening_rejected`); executed → partially_returned | returned when the rail sends money back (docs/returns-and-reversals.md). See docs/governed-money.md and docs/compliance.md.',
    }),
    settled_at: Timestamp.nullable(),
    subject_attribution: SubjectAttributionBody,
    rail: z.string().openapi({ description: 'The crypto network the withdrawal travels on.' }),
    withdrawal_destination_id: Uuid,
    rail_reference: z.string().nullable().openapi({ description: 'The rail\'s reference once it accepted the submission.' }),
    policy_decision: PolicyDecisionBody,
    returns: z.array(ReturnEntryBody).openapi({ description: 'What the rail sent back after settlement, oldest first (each booked once, linked to the settlement).' }),
    returned_amount: Money.openapi({ description: 'The sum of `returns`: never more than the principal.' }),
    ...referenceMetadataBody,
    etag: ETag,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('WithdrawalRecord');

const destinationEvent = (state: string, description: string) =>
  defineEventType(`withdrawals.withdrawal_destination.${state}.v1`, description, WithdrawalDestinationBody);

export const DESTINATION_EVENTS = {
  created: destinationEvent('created', 'A withdrawal destination was registered (active).'),
  pending_approval: destinationEvent('pending_approval', 'A withdrawal destination was registered and waits for the approval of admins.'),
  approved: destinationEvent('approved', 'The admins approved a withdrawal destination: it is active (usable from `usable_from`).'),
  rejected: destinationEvent('rejected', 'A withdrawal destination was not approved (rejected, expired or cancelled): it can never be used.'),
  enabled: destinationEvent('enabled', 'A disabled withdrawal destination was enabled.'),
  disabled: destinationEvent('disabled', 'A withdrawal destination was disabled: new withdrawals cannot use it.'),
  retired: destinationEvent('retired', 'A withdrawal destination was retired (terminal).'),
} as const;

export const DESTINATION_UPDATED = destinationEvent('updated', 'A withdrawal destination\'s reference or metadata changed.');

const withdrawalEvent = (state: string, description: string) => defineEventType(`operations.withdrawal.${state}.v1`, description, WithdrawalRecordBody);

/** One event per state a withdrawal enters; `settled` is the contract's withdrawal-settled type (status `executed`). */
export const WITHDRAWAL_EVENTS: Record<WithdrawalStatus, string> = {
  pending_approval: withdrawalEvent('pending_approval', 'A withdrawal was accepted and waits for approval; its amount and fee are held.'),
  executing: withdrawalEvent('executing', 'A withdrawal is executing: it goes to the rail.'),
  pending_compliance: withdrawalEvent('pending_compliance', 'Screening froze a withdrawal: it waits for a compliance decision under quorum; its amount and fee stay held.'),
  executed: withdrawalEvent('settled', 'The rail confirmed a withdrawal and the ledger settled it (status executed).'),
  rejected: withdrawalEvent('rejected', 'A withdrawal was rejected by an approver; its hold was released.'),
  expired: withdrawalEvent('expired', 'A withdrawal\'s approval expired; its hold was released.'),
  cancelled: withdrawalEvent('cancelled', 'A withdrawal was cancelled before the rail accepted it; its hold was released.'),
  failed: withdrawalEvent('failed', 'The rail failed a withdrawal; its hold was released.'),
  partially_returned: withdrawalEvent('partially_returned', 'The rail sent part of a settled withdrawal back (bank charges, or a return in parts); the ledger credited it to the account.'),
  returned: withdrawalEvent('returned', 'The rail sent a settled withdrawal back in full; the ledger credited it to the account.'),
};

export const WITHDRAWAL_UPDATED = withdrawalEvent('updated', 'A withdrawal\'s reference or metadata changed.');
