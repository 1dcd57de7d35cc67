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
