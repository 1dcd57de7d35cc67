import type { ApprovalSpec } from '../approvals/messages';

/*
 * What the ramp workflows and the API exchange. Imported by workflows: constants and types
 * only, no runtime dependencies.
 */

/** Signal to `on-ramp/<id>`: the sandbox bank recorded the payment (the row is already payment_received). */
export const ON_RAMP_PAYMENT_SIGNAL = 'onRamp.paymentReceived';
/** Signal to `on-ramp/<id>` and `off-ramp/<id>`: the session was cancelled (the row is already cancelled). */
export const RAMP_CANCELLED_SIGNAL = 'ramp.cancelled';
/** Signal to `off-ramp/<id>`: the payout's provider reported a change; the workflow asks its outcome now instead of at its next check. */
export const OFF_RAMP_PAYOUT_SIGNAL = 'rail.outcomeReported';
/** Off-ramp workflows from this change on submit through the payout rail's provider and ask its outcome. */
export const OFF_RAMP_PAYOUT_RAIL_PATCH = 'off-ramp-payout-rail';
/**
 * Off-ramp workflows from this change on mark themselves `CounterfoilAwaitingProvider` while the payout
 * rail's provider keeps failing (the activity's PROVIDER_UNAVAILABLE, as withdrawals do).
 */
export const OFF_RAMP_AWAITING_PROVIDER_PATCH = 'off-ramp-awaiting-provider';

export type OnRampStatus = 'requested' | 'awaiting_payment' | 'payment_received' | 'converting' | 'completed' | 'expired' | 'cancelled' | 'failed';
export type OffRampStatus = 'pending_approval' | 'requested' | 'converting' | 'payout_sent' | 'completed' | 'cancelled' | 'rejected' | 'expired' | 'failed' | 'partially_returned' | 'returned';

/** Update an `off-ramp/<id>` workflow answers while its approval is pending (args [ApprovalCancellation]). */
export const OFF_RAMP_CANCEL_UPDATE = 'off_ramp.cancel';
/** ApplicationFailure type of the cancel Update's validator once the approval has been decided. */
export const OFF_RAMP_NOT_CANCELLABLE = 'OffRampNotCancellable';

export interface OnRampWorkflowInput {
  sessionId: string;
  enterpriseId: string;
  clientId: string | null;
  accountRef: string;
  /** ISO time the payment window closes (a durable timer in the workflow). */
  expiresAt: string;
}

export interface OffRampWorkflowInput {
  sessionId: string;
  enterpriseId: string;
  clientId: string | null;
  accountRef: string;
  /** Workflows started before the payout rail seam: time from payout_sent to completed (the sandbox bank's confirmation). */
  payoutSettleMs: number;
  /** Set when a policy rule requires approval before the session converts. */
  approval?: ApprovalSpec | null;
}

/** Workflow types (the exported functions' names in workflows/): the API starts them by these names. */
export const ON_RAMP_WORKFLOW = 'onRampWorkflow';
export const OFF_RAMP_WORKFLOW = 'offRampWorkflow';

export const onRampWorkflowId = (id: string) => `on-ramp/${id}`;
export const offRampWorkflowId = (id: string) => `off-ramp/${id}`;
