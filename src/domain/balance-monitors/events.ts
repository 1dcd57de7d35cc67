import { z } from '../../schema/zod';
import { defineEventType } from '../../events/catalogue';
import { ETag, Ref, Timestamp, Uuid } from '../../schema/common';
import { MONITOR_BALANCES, MONITOR_OPERATORS, THRESHOLD_CROSSED } from '../../ledger/monitors';

const AccountRefOut = z.string().openapi({ description: '`client-accounts/<id>` or `master-accounts/<id>`.', example: 'client-accounts/0193a1c2-7f00-7abc-8def-0123456789ab' });
const BalanceName = z.enum(MONITOR_BALANCES).openapi({ description: 'Which figure of the balance item is watched: `available` (total − held), `total` or `held`.' });
const Operator = z.enum(MONITOR_OPERATORS);

export const BalanceMonitorBody = z
  .object({
    id: Uuid,
    resource: z.literal('balance_monitor'),
    account_ref: AccountRefOut,
    asset: z.string(),
    balance: BalanceName,
    operator: Operator,
    threshold: z.string().openapi({ description: "Exact decimal string in the asset's precision; may be negative or zero.", example: '100.00' }),
    description: z.string(),
    status: z.enum(['active', 'disabled']).openapi({ description: 'Only active monitors are evaluated.' }),
    state: z.boolean().openapi({
      description: 'Whether the condition held after the last booking that changed the balance (or, for a monitor created, changed or enabled since, at that moment). Not kept current while disabled.',
    }),
    last_crossed_at: Timestamp.nullable().openapi({ description: 'When a booking last made the condition true from false (its event was written then).' }),
    etag: ETag.openapi({ description: 'Covers the configuration (balance, operator, threshold, description, status), not `state`: a booking does not change it.' }),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('BalanceMonitor');

export const BalanceThresholdCrossingBody = z
  .object({
    resource: z.literal('balance_threshold_crossing'),
    monitor_ref: Ref('balance-monitors'),
    account_ref: AccountRefOut,
    asset: z.string(),
    balance: BalanceName,
    operator: Operator,
    threshold: z.string(),
    balance_before: z.string().openapi({ description: 'The watched figure just before the booking.' }),
    balance_after: z.string().openapi({ description: 'The watched figure just after it: the condition holds for it.' }),
    ledger_transaction_id: Uuid.nullable().openapi({ description: 'The ledger transaction that crossed; null when a hold placed or released moved the balance.' }),
    crossed_at: Timestamp,
  })
  .openapi('BalanceThresholdCrossing');

defineEventType(
  THRESHOLD_CROSSED,
  'A booking made a balance monitor\'s condition true while it was false (written in the booking\'s transaction; not again until the condition has been false again).',
  BalanceThresholdCrossingBody,
);
