import type { ApprovalSpec } from '../approvals/messages';

/*
 * What the `internal-transfer/<id>` workflow and the API exchange. Imported by workflows:
 * constants and types only, no runtime dependencies.
 */

/** Update an `internal-transfer/<id>` workflow answers while its approval is pending (args [ApprovalCancellation]). */
export const TRANSFER_CANCEL_UPDATE = 'internal_transfer.cancel';
/** ApplicationFailure type of the cancel Update's validator once the approval has been decided. */
export const TRANSFER_NOT_CANCELLABLE = 'InternalTransferNotCancellable';

/** Workflow type (the exported function's name in workflows/): the API starts it by this name. */
export const INTERNAL_TRANSFER_WORKFLOW = 'internalTransferWorkflow';

export const internalTransferWorkflowId = (id: string) => `internal-transfer/${id}`;

export interface InternalTransferWorkflowInput {
  transferId: string;
  enterpriseId: string;
  clientId: string | null;
  /** The source account. */
  accountRef: string;
  approval: ApprovalSpec;
}
