import { z } from '../../schema/zod';
import { defineEventType } from '../../events/catalogue';
import { ETag, Timestamp, Uuid } from '../../schema/common';
import { referenceMetadataBody } from '../../schema/metadata';
import { ReturnEntryBody } from '../../schema/returns';

const resource = (name: string) => z.object({ id: z.string(), resource: z.literal(name) }).catchall(z.unknown());

export const FUNDING_ENDPOINT_CREATED = defineEventType(
  'funding.funding_endpoint.created.v1',
  'A funding endpoint (deposit address or virtual bank account) was created for an account, on first need.',
  resource('funding_endpoint'),
);

export const DEPOSIT_STATUSES = ['pending', 'confirmed', 'credited', 'failed', 'partially_reversed', 'reversed'] as const;

const Money = z.object({ currency: z.string(), value: z.string() });

/** The deposit of the tenant API contract (presentDeposit): its reads and its events' payloads. */
export const DepositBody = z
  .object({
    id: Uuid,
    resource: z.literal('deposit'),
    account_ref: z.string(),
    funding_endpoint_id: Uuid,
    deposit_instruction_id: Uuid,
    asset: z.string(),
    rail_class: z.enum(['crypto', 'fiat']),
    network: z.string().nullable(),
    fiat_rail: z.string().nullable(),
    amount: Money,
    transaction_hash: z.string().openapi({ description: "Network transaction id (crypto) or bank reference (fiat): the reporting connector's reference; synthetic in sandbox." }),
    confirmations: z.number().int(),
    confirmations_required: z.number().int(),
    status: z.enum(DEPOSIT_STATUSES).openapi({ description: 'pending → confirmed → credited; failed when it cannot be credited (see failure_reason); credited → partially_reversed | reversed when the rail recalls it or an operator returns it (docs/returns-and-reversals.md).' }),
    failure_reason: z.string().nullable(),
    ledger_transaction_ref: z.string().nullable(),
    confirmed_at: Timestamp.nullable(),
    credited_at: Timestamp.nullable(),
    subject_attribution: z.unknown().nullable(),
    connector_ref: z.string().nullable().openapi({ description: 'The connector that reported the deposit (`connectors/<id>`); null for a simulated one.' }),
    reversals: z.array(ReturnEntryBody).openapi({ description: 'Recalls, chargebacks and returns to the sender after it was credited, oldest first (each a ledger reversal of the credit).' }),
    reversed_amount: Money.openapi({ description: 'The sum of `reversals`: never more than `amount`.' }),
    ...referenceMetadataBody,
    etag: ETag,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('Deposit');

export const DEPOSIT_PENDING = defineEventType(
  'operations.deposit.pending.v1',
  'An incoming transfer was seen on a funding endpoint; it waits for its confirmations.',
  DepositBody,
);
export const DEPOSIT_CONFIRMED = defineEventType(
  'operations.deposit.confirmed.v1',
  'A deposit reached its network confirmation count and is final.',
  DepositBody,
);
export const DEPOSIT_CREDITED = defineEventType(
  'operations.deposit.credited.v1',
  'A confirmed deposit was credited to its account, exactly once.',
  DepositBody,
);
export const DEPOSIT_FAILED = defineEventType(
  'operations.deposit.failed.v1',
  'A deposit could not be credited (for example, its account was closed meanwhile); see failure_reason.',
  DepositBody,
);
export const DEPOSIT_PARTIALLY_REVERSED = defineEventType(
  'operations.deposit.partially_reversed.v1',
  'Part of a credited deposit was taken back (a recall, a chargeback, or a return to the sender); the ledger debited the account.',
  DepositBody,
);
export const DEPOSIT_REVERSED = defineEventType(
  'operations.deposit.reversed.v1',
  'A credited deposit was taken back in full (a recall, a chargeback, or a return to the sender); the ledger debited the account.',
  DepositBody,
);

/** An account a reversal overdrew: no money leaves it in `asset` until the shortfall is repaid (docs/returns-and-reversals.md). */
export const AccountRestrictionBody = z
  .object({
    resource: z.literal('account_restriction'),
    account_ref: z.string(),
    asset: z.string(),
    reason: z.literal('reversal_shortfall'),
    overdraft_used: Money.openapi({ description: 'How far the available balance is below zero.' }),
    cause_ref: z.string().openapi({ description: 'The record whose reversal overdrew it (`deposits/<id>`).' }),
    ledger_transaction_ref: z.string(),
  })
  .openapi('AccountRestriction');
export const ACCOUNT_RESTRICTED = defineEventType(
  'funding.account.restricted.v1',
  'A reversal took an account below zero: the shortfall is overdraft used, and withdrawals, transfers out and off-ramps are refused (`account_restricted`) until it is repaid.',
  AccountRestrictionBody,
);

export const DEPOSIT_UPDATED = defineEventType('operations.deposit.updated.v1', 'A deposit\'s reference or metadata changed.', DepositBody);
