import { z } from '../../schema/zod';
import { Uuid } from '../../schema/common';
import { Metadata, Reference } from '../../schema/metadata';
import { ScreeningVerdictBody } from './screening';
import { ReturnReasonBody } from '../../schema/returns';
import { Timestamp } from '../../schema/common';

/** The events a connector posts to Counterfoil (docs/connectors.md), as the connector contract (openapi.ts) and the inbound route read them. */
const Amount = z.object({ currency: z.string().min(1).max(16), value: z.string().max(100) }).strict();

export const ConnectorEventBody = z
  .discriminatedUnion('type', [
    z
      .object({
        type: z.literal('payout.updated'),
        data: z.object({ idempotency_key: z.string().max(200).openapi({ description: 'The business key of the payout (`withdrawal/<id>`, `off_ramp/<id>`).' }) }).strict(),
      })
      .strict()
      .openapi('ConnectorPayoutUpdated', { description: 'A payout changed state: Counterfoil asks its outcome (POST /payouts/status) now instead of at its next check.' }),
    z
      .object({
        type: z.literal('deposit.received'),
        data: z
          .object({
            reference: z.string().min(1).max(200).openapi({ description: 'Transaction id or bank reference: one deposit per rail and reference.' }),
            deposit_instruction_id: Uuid.optional(),
            address: z.string().min(1).max(128).optional(),
            memo: z.string().min(1).max(64).nullable().optional(),
            payment_reference: z
              .string()
              .min(1)
              .max(64)
              .optional()
              .openapi({ description: "The reference the payer quoted: an on-ramp session's `payment_instructions.reference` (the payment pays that session)." }),
            amount: Amount,
            // `reference` already names the transaction, so the integrator's own id goes by another name.
            integrator_reference: Reference.optional().openapi({
              description: "The integrator's own id the payment arrived with (at most 128 characters): the deposit's `reference`. Not with `payment_reference`.",
            }),
            metadata: Metadata.optional().openapi({ description: "The deposit's `metadata` (the limits as on every money object; beyond them 422 naming the key). Not with `payment_reference`." }),
          })
          .strict()
          .refine((d) => [d.deposit_instruction_id, d.address, d.payment_reference].filter((t) => t !== undefined).length === 1, {
            message: 'give exactly one of deposit_instruction_id, address and payment_reference',
            path: ['deposit_instruction_id'],
          })
          // An on-ramp session carries the integrator's reference and metadata from its creation.
          .refine((d) => d.payment_reference === undefined || (d.integrator_reference === undefined && d.metadata === undefined), {
            message: 'integrator_reference and metadata describe a deposit, not an on-ramp payment',
            path: ['payment_reference'],
          }),
      })
      .strict()
      .openapi('ConnectorDepositReceived', {
        description: "A payment arrived, final on its rail: on a deposit instruction (or its address and memo), or quoting an on-ramp session's payment reference.",
      }),
    z
      .object({
        type: z.literal('payout.returned'),
        data: z
          .object({
            idempotency_key: z.string().max(200).openapi({ description: 'The business key of the settled payout (`withdrawal/<id>`, `off_ramp/<id>`).' }),
            return_id: z.string().min(1).max(200).openapi({ description: "The provider's id of this return: a second report of it books nothing." }),
            amount: Amount.openapi({ description: 'What came back: at most what is left of the payout (less when the banks kept charges, or the return comes in parts).' }),
            reason: ReturnReasonBody,
            returned_at: Timestamp,
          })
          .strict(),
      })
      .strict()
      .openapi('ConnectorPayoutReturned', { description: 'A settled payout came back from the rail (in full or in part): the account is credited by a ledger reversal of the settlement.' }),
    z
      .object({
        type: z.literal('deposit.reversed'),
        data: z
          .object({
            reference: z.string().min(1).max(200).openapi({ description: "The credited deposit's rail reference (its `deposit.received` reference)." }),
            reversal_id: z.string().min(1).max(200).openapi({ description: "The provider's id of this recall or chargeback: a second report of it books nothing." }),
            amount: Amount,
            reason: ReturnReasonBody,
            reversed_at: Timestamp,
          })
          .strict(),
      })
      .strict()
      .openapi('ConnectorDepositReversed', {
        description: 'A credited deposit was taken back (a SEPA recall, an ACH return, a card chargeback): the account is debited by a ledger reversal, into overdraft and restricted if it no longer covers it.',
      }),
    z
      .object({
        type: z.literal('kyc.decision'),
        data: z
          .object({
            client_id: Uuid,
            status: z.enum(['pending', 'verified', 'rejected']),
            reason: z.string().max(500).nullable().optional(),
            reference: z.string().max(200).nullable().optional(),
          })
          .strict(),
      })
      .strict()
      .openapi('ConnectorKycDecision', { description: "The outcome of a client's identity verification." }),
    z
      .object({
        type: z.literal('screening.completed'),
        data: z
          .object({
            screening_id: z.string().min(1).max(200).openapi({ description: 'The `screening_id` POST /screenings answered with `pending`.' }),
            verdict: ScreeningVerdictBody,
          })
          .strict(),
      })
      .strict()
      .openapi('ConnectorScreeningCompleted', { description: 'The verdict of a screening answered `pending`. A verdict after Counterfoil stopped waiting is recorded but decides nothing.' }),
    z
      .object({
        type: z.literal('statement.available'),
        data: z
          .object({
            account: z.object({ rail: z.string().min(1).max(40), address: z.string().min(1).max(128), currency: z.string().min(1).max(16) }).strict(),
            through: z.string().datetime({ offset: true }).openapi({ description: 'The statement is complete up to this instant.' }),
          })
          .strict(),
      })
      .strict()
      .openapi('ConnectorStatementAvailable', { description: 'New statement lines of a provider account: Counterfoil pulls them (POST /statements) from its last cursor.' }),
  ])
  .openapi('ConnectorEvent');

export type ConnectorEvent = z.output<typeof ConnectorEventBody>;
