import { AppError } from '../../errors';
import type { ApprovalSpec } from '../approvals';
import type { WorkflowStart } from '../../temporal/start-outbox';
import type { ConversionStatus } from './events';
import type { StoredFee } from './ledger';
import { CONVERSION_WORKFLOW, conversionWorkflowId, type ConversionWorkflowInput } from './messages';
import type { ConversionRow } from './store';

/*
 * A conversion's states, the moves between them and the checks that decide them: pure, so the
 * rules can be read and tested without a database. The store keeps rows; the operations decide here.
 */

/** executed at once; or pending_approval → executing → executed, or released before it executes. */
export const CONVERSION_TRANSITIONS: Readonly<Record<ConversionStatus, readonly ConversionStatus[]>> = {
  pending_approval: ['executing', 'cancelled', 'rejected', 'expired', 'failed'],
  executing: ['executed'],
  executed: [],
  cancelled: [],
  rejected: [],
  expired: [],
  failed: [],
};

export const canMove = (from: ConversionStatus, to: ConversionStatus): boolean => CONVERSION_TRANSITIONS[from].includes(to);

/** The ends of a conversion awaiting approval that release its hold. */
export type ConversionReleaseStatus = Extract<ConversionStatus, 'cancelled' | 'rejected' | 'expired' | 'failed'>;

/** Only a conversion awaiting approval can be cancelled: its hold is still there to release. */
export const isCancellable = (status: ConversionStatus): boolean => status === 'pending_approval';

/** A quote that cannot be executed: used (409 `quote_used`) or expired (409 `quote_expired`, the database clock decided). */
export function assertQuoteUsable(quote: { used_at: Date | null; conversion_id: string | null; expires_at: Date }, expired: boolean): void {
  if (quote.used_at) throw new AppError('EdgeConflict', 'The quote has already been used.', { reason: 'quote_used', extensions: { conversion_ref: `conversions/${quote.conversion_id}` } });
  if (expired) throw new AppError('EdgeConflict', 'The quote has expired; request a new one.', { reason: 'quote_expired', extensions: { expired_at: quote.expires_at.toISOString() } });
}

/** The fee a conversion charges: the sum of its components, exact. */
export const feeTotal = (fees: StoredFee[]): bigint => fees.reduce((s, f) => s + BigInt(f.amount), 0n);

/** The start of `conversion/<id>` a conversion awaiting approval is owed. */
export function conversionStart(conversion: ConversionRow, approval: ApprovalSpec, taskQueue: string): WorkflowStart {
  const args: [ConversionWorkflowInput] = [
    { conversionId: conversion.id, enterpriseId: conversion.enterprise_id, clientId: conversion.client_id, accountRef: conversion.account_ref, approval },
  ];
  return { workflowType: CONVERSION_WORKFLOW, workflowId: conversionWorkflowId(conversion.id), taskQueue, args };
}
