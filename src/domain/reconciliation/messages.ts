import type { ApprovalSpec } from '../approvals/messages';

/*
 * What the reconciliation workflow and the API exchange. Imported by workflows: constants and types
 * only, no runtime dependencies.
 */

export const RECONCILIATION_RUN_WORKFLOW = 'reconciliationRunWorkflow';

export type ReconciliationTrigger = 'schedule' | 'manual';

/** The Temporal Schedule of a reconciled account: pausable and triggerable in the Temporal UI too. */
export const reconciliationScheduleId = (accountId: string) => `reconciliation-account/${accountId}`;
/** A scheduled run's workflow id (Temporal appends the nominal time); a manual run's adds its own id. */
export const reconciliationRunWorkflowId = (accountId: string, manualId?: string) => (manualId ? `reconciliation-run/${accountId}/${manualId}` : `reconciliation-run/${accountId}`);

export interface ReconciliationRunInput {
  accountId: string;
  trigger: ReconciliationTrigger;
}

/** What a run's workflow answers: ids and counts only, no amounts or addresses. */
export interface ReconciliationRunResult {
  runId: string;
  breaksOpen: number;
}

/** Workflow type of a governed adjustment (`reconciliation-adjustment/<id>`), started by the API by this name. */
export const RECONCILIATION_ADJUSTMENT_WORKFLOW = 'reconciliationAdjustmentWorkflow';
export const reconciliationAdjustmentWorkflowId = (id: string) => `reconciliation-adjustment/${id}`;
/** Update a `reconciliation-adjustment/<id>` workflow answers while its approval is pending (args [ApprovalCancellation]). */
export const RECONCILIATION_ADJUSTMENT_CANCEL_UPDATE = 'reconciliation_adjustment.cancel';
/** ApplicationFailure type of the cancel Update's validator once the approval has been decided. */
export const RECONCILIATION_ADJUSTMENT_NOT_CANCELLABLE = 'ReconciliationAdjustmentNotCancellable';

export interface ReconciliationAdjustmentWorkflowInput {
  adjustmentId: string;
  enterpriseId: string;
  clientId: string | null;
  accountRef: string;
  /** Null when no policy rule required approval: the adjustment is booked at once. */
  approval: ApprovalSpec | null;
}

/** Workflow type of a day's close under approval (`reconciliation-period-close/<id>`), started by the API by this name. */
export const RECONCILIATION_PERIOD_CLOSE_WORKFLOW = 'reconciliationPeriodCloseWorkflow';
export const reconciliationPeriodCloseWorkflowId = (id: string) => `reconciliation-period-close/${id}`;
/** Update a `reconciliation-period-close/<id>` workflow answers while its approval is pending (args [ApprovalCancellation]). */
export const RECONCILIATION_PERIOD_CLOSE_CANCEL_UPDATE = 'reconciliation_period_close.cancel';
export const RECONCILIATION_PERIOD_CLOSE_NOT_CANCELLABLE = 'ReconciliationPeriodCloseNotCancellable';

export interface ReconciliationPeriodCloseWorkflowInput {
  closeId: string;
  enterpriseId: string;
  accountId: string;
  approval: ApprovalSpec;
}
