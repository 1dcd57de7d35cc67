import { z } from './zod';
import { RETURN_SCHEMES } from '../reference/return-reasons';
import { Timestamp, Uuid } from './common';

/** Why money came back, as a rail or deposits provider reports it (src/reference/return-reasons.ts has the codes). */
export const ReturnReasonBody = z
  .object({
    scheme: z.enum(RETURN_SCHEMES),
    code: z.string().min(1).max(35).openapi({ description: 'The scheme\'s reason code as reported (`AC04`, `R03`, `bounced`).', example: 'AC04' }),
    description: z.string().max(500).optional(),
  })
  .strict()
  .openapi('ReturnReason', { description: 'A return or reversal reason: the scheme and its code (docs/returns-and-reversals.md lists the codes and what each does).' });

const Money = z.object({ currency: z.string(), value: z.string() });

/** One return, recall or reversal on the record it concerns (`returns` of a payout, `reversals` of a deposit or transfer). */
export const ReturnEntryBody = z
  .object({
    id: Uuid,
    kind: z.enum(['payout_return', 'deposit_reversal', 'operator_reversal']),
    external_id: z.string().openapi({ description: "The provider's id of the return or recall (`return_id`, `reversal_id`); the reversal's own id for an operator's." }),
    amount: Money,
    fee_refund: Money.openapi({ description: 'Fees given back with it (the enterprise\'s commercial agreement, `refund_on_return`).' }),
    overdraft_used: Money.openapi({ description: 'How far it took the account below zero (a recall after the money was spent).' }),
    reason: ReturnReasonBody,
    occurred_at: Timestamp,
    ledger_transaction_ref: z.string().openapi({ description: 'The ledger transaction that booked it (`ledger-transactions/<id>`): its `reversal_of` is the original.' }),
    approval_ref: z.string().nullable().openapi({ description: 'The approval an operator reversal went through.' }),
  })
  .openapi('ReturnEntry');

export type ReturnEntry = z.output<typeof ReturnEntryBody>;
