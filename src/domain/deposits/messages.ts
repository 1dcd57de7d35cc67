/*
 * What the `deposit/<id>` workflow and the API exchange. Imported by workflows: constants and types
 * only, no runtime dependencies.
 */

/** Workflow type (the exported function's name in workflows/): the API starts it by this name. */
export const DEPOSIT_WORKFLOW = 'depositWorkflow';

export const depositWorkflowId = (id: string) => `deposit/${id}`;

export interface DepositWorkflowInput {
  depositId: string;
  enterpriseId: string;
  clientId: string | null;
  accountRef: string;
  /** The network's confirmation count (0 for bank rails). */
  confirmations: number;
  /** Simulated block time: the wait is confirmations × blockMs (a parameter so tests run in ms). */
  blockMs: number;
}

/** ApplicationFailure type of the deposit activities for an unknown deposit: not retried. */
export const DEPOSIT_NOT_FOUND = 'DepositNotFound';
