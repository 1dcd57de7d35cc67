import { CancellationScope, allHandlersFinished, condition, proxyActivities, upsertSearchAttributes } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { PolicyChangeWorkflowInput } from '../src/domain/governance/messages';
import { SA } from '../src/temporal/search-attributes';
import { ApprovalGate } from './approval';
import { versioned } from './versioning';

const { applyPolicyChange, closePolicyChange } = proxyActivities<Activities>({
  startToCloseTimeout: '10 seconds',
  retry: { initialInterval: '200 milliseconds', maximumInterval: '10 seconds' },
});

/**
 * `policy-change/<id>`: a change of the policy (or a new withdrawal destination) waiting for the
 * enterprise's quorum of admins, on the same ApprovalGate as governed money (initiator barred,
 * expiry on a durable timer). Approved → applied atomically by one activity; otherwise closed with
 * nothing changed. Decisions and the initiator's cancel arrive as the gate's Updates.
 */
export async function policyChangeWorkflow(input: PolicyChangeWorkflowInput): Promise<string> {
  upsertSearchAttributes([
    { key: SA.enterprise, value: input.approval.enterpriseId },
    { key: SA.family, value: input.approval.actionFamily },
    { key: SA.status, value: 'pending_approval' },
  ]);
  const gate = new ApprovalGate(input.approval);
  const result = await gate.run();
  const outcome = result.outcome;
  const status = await CancellationScope.nonCancellable(() =>
    outcome === 'approved' ? applyPolicyChange(input.changeId, result.approvedBy) : closePolicyChange(input.changeId, outcome),
  );
  upsertSearchAttributes([{ key: SA.status, value: status }]);
  // A decision's Update may still be recording it: ending now would fail that Update.
  await condition(allHandlersFinished);
  return status;
}

versioned('PINNED', policyChangeWorkflow);
