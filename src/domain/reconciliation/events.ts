import { z } from '../../schema/zod';
import { defineEventType } from '../../events/catalogue';
import { ETag, Timestamp, Uuid } from '../../schema/common';
import { SubjectAttributionBody } from '../../schema/attribution';
import { BREAK_KINDS } from './breaks-model';
import { GOVERNED_STATUSES } from '../approvals/lifecycle';

/* The wire shapes of reconciliation (accounts, runs, breaks, periods) and the events that carry them. */

const Money = z.object({ currency: z.string(), value: z.string().openapi({ description: 'A signed decimal string.' }) });
const Difference = z.object({ currency: z.string(), value: z.string().openapi({ description: 'Signed decimal: positive when the statement holds more than the ledger.' }) });

export const ReconciliationAccountBody = z
  .object({
    id: Uuid,
    resource: z.literal('reconciliation_account'),
    rail: z.string().openapi({ description: 'The network or bank rail code the provider account is on.' }),
    address: z.string().openapi({ description: "The provider's identity of the account: an IBAN, an account number, a wallet address." }),
    currency: z.string(),
    description: z.string(),
    statement_source: z.enum(['provider', 'files']).openapi({ description: '`provider`: every run pulls the statement from the rail\'s statements provider; `files`: statements are imported (POST /statement-imports).' }),
    opening_balance: Money.openapi({ description: 'What the provider account held before its first statement line.' }),
    lag_seconds: z.number().int().openapi({ description: 'How late the provider may report what the ledger booked: a ledger transaction unmatched for longer is a break.' }),
    interval_seconds: z.number().int().openapi({ description: 'How often the account is reconciled (its Temporal Schedule).' }),
    temporal_schedule_id: z.string(),
    provider_balance: Money.nullable().openapi({ description: "The balance the provider answered at the last pull; for a file-only account, the latest closing balance its statement files state (null before either)." }),
    provider_balance_at: Timestamp.nullable(),
    reconciled_through: z.string().nullable().openapi({ description: 'The last day (YYYY-MM-DD, UTC) of the unbroken run of closed periods: the account is reconciled up to and including it.' }),
    etag: ETag,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('ReconciliationAccount');

export const ReconciliationRunBody = z
  .object({
    id: Uuid,
    resource: z.literal('reconciliation_run'),
    account_id: Uuid,
    trigger: z.enum(['schedule', 'manual']),
    workflow_id: z.string().nullable(),
    read_at: Timestamp,
    inputs_sha256: z.string().openapi({ description: 'SHA-256 of what the run compared (statement lines, ledger transactions and the provider balance): two runs with the same inputs have the same hash.' }),
    lines_added: z.number().int(),
    lines_considered: z.number().int(),
    transactions_considered: z.number().int(),
    matched: z.number().int(),
    breaks_opened: z.number().int(),
    breaks_resolved: z.number().int(),
    breaks_open: z.number().int(),
    provider_balance: Money.nullable(),
    statement_balance: Money.openapi({ description: 'The opening balance plus every statement line booked by the provider balance\'s read time (all lines for file-only accounts).' }),
    ledger_total: Money.openapi({ description: 'What the ledger moved through the account in all.' }),
    ledger_balance: Money.nullable().openapi({ description: "The ledger's balance of the account at the provider balance's read time, compared with the provider's (null for file-only accounts and runs before the check)." }),
    ledger_unexplained: Money.nullable().openapi({ description: "What of the provider's balance minus the ledger's is neither in flight nor named by a break: a `ledger_drift` break when not zero." }),
    duration_ms: z.number().int(),
    created_at: Timestamp,
  })
  .openapi('ReconciliationRun');

export const ReconciliationBreakBody = z
  .object({
    id: Uuid,
    resource: z.literal('reconciliation_break'),
    account_id: Uuid,
    kind: z.enum(BREAK_KINDS).openapi({
      description:
        '`unmatched_line`: a statement line no ledger transaction matches; `unmatched_transaction`: a ledger transaction the statement lacks past the lag; ' +
        '`amount_mismatch`: the same reference with another amount (or a match within a rule\'s drift); `duplicate_line`: a second report of a matched line; ' +
        "`balance_drift`: the provider's balance is not what its statement adds up to; `closed_period_posting`: any of these dated inside a closed period (`detail.underlying_kind`).",
    }),
    fingerprint: z.string().openapi({ description: 'What the break is about, stable across runs (`line:<id>`, `transaction:<id>`, `match:<id>`, `balance`): with kind and period, its identity.' }),
    period: z.string().openapi({ description: 'The UTC day (YYYY-MM-DD) the difference belongs to.' }),
    status: z.enum(['open', 'acknowledged', 'resolved', 'accepted']),
    statement_line_id: Uuid.nullable(),
    ledger_transaction_id: Uuid.nullable(),
    match_id: Uuid.nullable(),
    difference: Difference,
    detail: z.record(z.string(), z.unknown()),
    opened_by_run: Uuid,
    snoozed_until: Timestamp.nullable(),
    note: z.string().nullable(),
    evidence: z.record(z.string(), z.unknown()).nullable().openapi({ description: 'Frozen when accepted: the lines and transactions as they were.' }),
    resolution: z.enum(['matched', 'corrected', 'cleared']).nullable().openapi({ description: '`matched`: a later run matched it; `corrected`: a person named the correcting ledger transaction; `cleared`: the difference is gone.' }),
    resolution_ledger_transaction_id: Uuid.nullable(),
    decided_by: SubjectAttributionBody.nullable(),
    decided_at: Timestamp.nullable(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('ReconciliationBreak');

export const ReconciliationPeriodBody = z
  .object({
    resource: z.literal('reconciliation_period'),
    account_id: Uuid,
    period: z.string(),
    status: z.enum(['closed']),
    closed_at: Timestamp,
    closed_by: SubjectAttributionBody,
    figures: z.record(z.string(), z.unknown()).openapi({ description: 'What was signed: opening and closing balances, statement lines and ledger transactions of the day, matches and breaks.' }),
    payload: z.string().openapi({ description: 'The canonical JSON text the signature covers (encoding `counterfoil.reconciliation.period.v1`).' }),
    signature: z.string().openapi({ description: 'Ed25519 over `payload`, base64url, with the ledger checkpoint key (GET /ledger-checkpoints names its public key).' }),
    key_id: z.string(),
  })
  .openapi('ReconciliationPeriod');

export const ReconciliationPeriodCloseBody = z
  .object({
    id: Uuid,
    resource: z.literal('reconciliation_period_close'),
    account_id: Uuid,
    period: z.string().openapi({ description: 'The day (UTC, YYYY-MM-DD) it closes.' }),
    status: z.enum(['pending_approval', 'closed', 'rejected', 'expired', 'cancelled', 'failed']).openapi({
      description: '`closed`: approved, the day is closed and signed; `failed`: approved, but the day could no longer close (`failure_reason` names the blocker, e.g. a break opened meanwhile).',
    }),
    failure_reason: z.string().nullable(),
    approval_ref: z.string(),
    subject_attribution: SubjectAttributionBody,
    etag: ETag,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('ReconciliationPeriodClose');

export const ReconciliationAdjustmentBody = z
  .object({
    id: Uuid,
    resource: z.literal('reconciliation_adjustment'),
    break_id: Uuid,
    reverses_id: Uuid.nullable().openapi({ description: 'The adjustment this one undoes.' }),
    account_ref: z.string().openapi({ description: 'The account that bears (debit) or receives (credit) the correction.' }),
    direction: z.enum(['credit', 'debit']).openapi({ description: "`credit`: money the statement holds and the ledger lacked comes in to the account (from the enterprise's external deposits); `debit`: it leaves the account (to its external withdrawals)." }),
    amount: z.object({ currency: z.string(), value: z.string() }),
    note: z.string(),
    status: z.enum(GOVERNED_STATUSES),
    failure_reason: z.string().nullable(),
    approval_ref: z.string().nullable(),
    policy_decision: z.record(z.string(), z.unknown()),
    ledger_transaction_ref: z.string().nullable(),
    subject_attribution: SubjectAttributionBody,
    executed_at: Timestamp.nullable(),
    etag: ETag,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('ReconciliationAdjustment');

const MoneyRange = z.object({ min: z.object({ currency: z.string(), value: z.string() }), max: z.object({ currency: z.string(), value: z.string() }) });

export const ExpectedPaymentBody = z
  .object({
    id: Uuid,
    resource: z.literal('expected_payment'),
    account_id: Uuid,
    direction: z.enum(['credit', 'debit']).openapi({ description: '`credit`: money expected in; `debit`: money expected out.' }),
    amount_range: MoneyRange.openapi({ description: 'What the fulfilling lines must add up to, inclusive.' }),
    window: z.object({ from: Timestamp, to: Timestamp }).openapi({ description: 'When the provider may book it.' }),
    reference: z.string().nullable().openapi({ description: "Quoted by the line, as its reference or inside its remittance text." }),
    counterparty: z.string().nullable().openapi({ description: "Contained in the line's counterparty (case and spacing ignored)." }),
    description: z.string(),
    metadata: z.record(z.string(), z.string()),
    status: z.enum(['unreconciled', 'partially_reconciled', 'reconciled', 'cancelled']),
    reconciled_amount: z.object({ currency: z.string(), value: z.string() }),
    reconciled_at: Timestamp.nullable(),
    statement_line_ids: z.array(Uuid).openapi({ description: 'The statement lines that fulfilled it, and those that matched a ledger transaction that did.' }),
    ledger_transaction_ids: z.array(Uuid).openapi({ description: 'The deposits (or payouts) that are the expected payment in the books: those its lines matched, and those that fulfilled it before the provider reported them.' }),
    subject_attribution: SubjectAttributionBody,
    etag: ETag,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('ExpectedPayment');

export const RECONCILIATION_EVENTS = {
  expectedPaymentCreated: defineEventType('reconciliation.expected_payment.created.v1', 'A payment was declared as expected on a reconciled account.', ExpectedPaymentBody),
  expectedPaymentPartiallyReconciled: defineEventType('reconciliation.expected_payment.partially_reconciled.v1', 'Statement lines fulfilled part of an expected payment (below its minimum).', ExpectedPaymentBody),
  expectedPaymentReconciled: defineEventType('reconciliation.expected_payment.reconciled.v1', 'Statement lines fulfilled an expected payment: their sum is within its range.', ExpectedPaymentBody),
  expectedPaymentCancelled: defineEventType('reconciliation.expected_payment.cancelled.v1', 'An expected payment nothing fulfilled was withdrawn.', ExpectedPaymentBody),
  adjustmentRequested: defineEventType('reconciliation.adjustment.requested.v1', 'A correcting booking for a break was proposed; under a policy rule it waits for its approval.', ReconciliationAdjustmentBody),
  adjustmentExecuted: defineEventType('reconciliation.adjustment.executed.v1', 'The ledger booked the adjustment; its break is resolved with that transaction.', ReconciliationAdjustmentBody),
  adjustmentEnded: defineEventType('reconciliation.adjustment.ended.v1', 'The adjustment ended without a booking (rejected, expired, cancelled or failed); its hold is voided.', ReconciliationAdjustmentBody),
  breakOpened: defineEventType('reconciliation.break.opened.v1', 'A reconciliation run found a difference between a statement and the ledger.', ReconciliationBreakBody),
  breakAcknowledged: defineEventType('reconciliation.break.acknowledged.v1', 'Someone took a break in hand.', ReconciliationBreakBody),
  breakResolved: defineEventType('reconciliation.break.resolved.v1', 'A break is resolved: matched by a later run, corrected by a ledger transaction, or its difference is gone.', ReconciliationBreakBody),
  breakAccepted: defineEventType('reconciliation.break.accepted.v1', 'A break was accepted with a note; its evidence is frozen.', ReconciliationBreakBody),
  runCompleted: defineEventType('reconciliation.run.completed.v1', 'A reconciliation run of a provider account finished.', ReconciliationRunBody),
  periodCloseRequested: defineEventType('reconciliation.period_close.requested.v1', "Closing a day was asked for and a policy rule requires approval first; the day closes once approved.", ReconciliationPeriodCloseBody),
  periodCloseEnded: defineEventType('reconciliation.period_close.ended.v1', 'A close waiting for approval ended: closed, or rejected, expired, cancelled, or failed because the day could no longer close.', ReconciliationPeriodCloseBody),
  periodClosed: defineEventType('reconciliation.period.closed.v1', "A day of a provider account is reconciled and closed; its figures are signed.", ReconciliationPeriodBody),
} as const;
