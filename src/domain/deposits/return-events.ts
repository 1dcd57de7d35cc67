import { z } from '../../schema/zod';
import { defineEventType } from '../../events/catalogue';
import { ETag, Timestamp, Uuid } from '../../schema/common';
import { SubjectAttributionBody } from '../../schema/attribution';
import { PolicyDecisionBody } from '../policies/decision-body';
import { DEPOSIT_RETURN_REASONS, DEPOSIT_RETURN_STATUSES } from './return-model';

const Money = z.object({ currency: z.string(), value: z.string() });

export const DepositReturnReasonBody = z
  .object({
    code: z.enum(DEPOSIT_RETURN_REASONS).openapi({ description: 'Why the money goes back (docs/returns-and-reversals.md, "Operator returns").' }),
    note: z.string().min(1).max(500).optional().openapi({ description: 'What the operator adds for the approvers and the record.' }),
  })
  .strict()
  .openapi('DepositReturnReason');

/** An operator's return of a deposit to its sender (presentDepositReturn): its answers and its events' payloads. */
export const DepositReturnBody = z
  .object({
    id: Uuid,
    resource: z.literal('deposit_return'),
    deposit_ref: z.string().openapi({ description: 'The deposit paid back (`deposits/<id>`).' }),
    account_ref: z.string().openapi({ description: 'The account debited when it executes.' }),
    amount: Money,
    reason: DepositReturnReasonBody,
    status: z.enum(DEPOSIT_RETURN_STATUSES).openapi({
      description:
        'executing at once unless a policy rule requires approval: pending_approval → executing → executed | failed; pending_approval → rejected | expired | cancelled. The amount is held on the account until it executes or is released.',
    }),
    failure_reason: z.string().nullable(),
    approval_ref: z.string().nullable(),
    policy_decision: PolicyDecisionBody.openapi({ description: 'The policy decision and trace the return was proposed under.' }),
    provider_reference: z.string().nullable().openapi({ description: "The return's reference on the rail, once the provider sent it." }),
    ledger_transaction_ref: z.string().nullable().openapi({ description: 'The reversal of the deposit\'s credit (`ledger-transactions/<id>`), once executed.' }),
    subject_attribution: SubjectAttributionBody,
    executed_at: Timestamp.nullable(),
    etag: ETag,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('DepositReturn');

/** The return's events; the deposit itself moves to partially_reversed | reversed with its own (operations.deposit.*). */
export const DEPOSIT_RETURN_REQUESTED = defineEventType(
  'operations.deposit_return.requested.v1',
  'An operator proposed returning a deposit to its sender: its amount is held on the account, awaiting approval (pending_approval) or executing at once.',
  DepositReturnBody,
);
export const DEPOSIT_RETURN_EXECUTED = defineEventType(
  'operations.deposit_return.executed.v1',
  "A deposit return was paid back by the deposit's provider and booked as a reversal of the credit.",
  DepositReturnBody,
);
export const DEPOSIT_RETURN_ENDED = defineEventType(
  'operations.deposit_return.ended.v1',
  'A deposit return ended without moving money (rejected, expired, cancelled or failed: see `status` and `failure_reason`); its hold was released.',
  DepositReturnBody,
);
