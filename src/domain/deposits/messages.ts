import type { ApprovalSpec } from '../approvals/messages';

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

/** Workflow type of an operator's return of a deposit (`deposit-return/<id>`), started by the API by this name. */
export const DEPOSIT_RETURN_WORKFLOW = 'depositReturnWorkflow';

export const depositReturnWorkflowId = (id: string) => `deposit-return/${id}`;

/** Update a `deposit-return/<id>` workflow answers while its approval is pending (args [ApprovalCancellation]). */
export const DEPOSIT_RETURN_CANCEL_UPDATE = 'deposit_return.cancel';
/** ApplicationFailure type of the cancel Update's validator once the approval has been decided. */
export const DEPOSIT_RETURN_NOT_CANCELLABLE = 'DepositReturnNotCancellable';

export interface DepositReturnWorkflowInput {
  returnId: string;
  depositId: string;
  enterpriseId: string;
  clientId: string | null;
  accountRef: string;
  /** Null when no policy rule required approval: the return executes at once. */
  approval: ApprovalSpec | null;
}
