import type { SubjectAttribution } from '../../auth/caller';
import type { ActionFamily, PolicyDecision } from '../policies/engine';
import type { ApprovalSpec } from './messages';

/**
 * The gate's input for a record whose policy decision requires approval; null when it does not.
 * `collection` names the record (`withdrawals`), `workflowId` its workflow (`withdrawal/<id>`).
 */
export function approvalSpecOf(input: {
  decision: PolicyDecision;
  approvalId: string | null;
  actionFamily: ActionFamily;
  collection: string;
  operationId: string;
  workflowId: string;
  enterpriseId: string;
  scopePath: readonly string[];
  initiatedBy: SubjectAttribution;
}): ApprovalSpec | null {
  if (!input.decision.requirement || !input.approvalId) return null;
  return {
    approvalId: input.approvalId,
    actionFamily: input.actionFamily,
    governedRef: `${input.collection}/${input.operationId}`,
    operationId: input.operationId,
    workflowId: input.workflowId,
    enterpriseId: input.enterpriseId,
    scopePath: [...input.scopePath],
    initiatedBy: input.initiatedBy,
    requirement: input.decision.requirement,
  };
}
