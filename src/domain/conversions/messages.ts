import type { ApprovalSpec } from '../approvals/messages';

/*
 * What the `conversion/<id>` workflow and the API exchange. Imported by workflows: constants and
 * types only, no runtime dependencies.
 */

/** Workflow type (the exported function's name in workflows/): the API starts it by this name. */
export const CONVERSION_WORKFLOW = 'conversionWorkflow';

/** The workflow a conversion awaiting approval runs in (`conversion/<id>`). */
export const conversionWorkflowId = (id: string) => `conversion/${id}`;

export interface ConversionWorkflowInput {
  conversionId: string;
  enterpriseId: string;
  clientId: string | null;
  accountRef: string;
  approval: ApprovalSpec;
}

/** Update a `conversion/<id>` workflow answers while its approval is pending (args [ApprovalCancellation]). */
export const CONVERSION_CANCEL_UPDATE = 'conversion.cancel';
/** ApplicationFailure type of the cancel Update's validator once the approval has been decided. */
export const CONVERSION_NOT_CANCELLABLE = 'ConversionNotCancellable';
