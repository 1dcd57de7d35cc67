import type { ApprovalSpec } from '../approvals/messages';

/** The contract of `policy-change/<id>` (workflows/policy-change.ts): its registered name and input. */
export const POLICY_CHANGE_WORKFLOW = 'policyChangeWorkflow';

export interface PolicyChangeWorkflowInput {
  changeId: string;
  approval: ApprovalSpec;
}
