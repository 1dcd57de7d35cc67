import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { DEPOSIT_RETURN_CANCEL_UPDATE, DEPOSIT_RETURN_NOT_CANCELLABLE, type DepositReturnWorkflowInput } from '../src/domain/deposits/messages';
import { tagGoverned, underApproval } from './governed';
import { versioned } from './versioning';

const { markDepositReturnExecuting, sendDepositReturn, settleDepositReturn, releaseDepositReturn } = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '200 milliseconds', maximumInterval: '10 seconds' },
});

/** Pays the sender back through the deposit's provider, then books the reversal from the hold. */
async function execute(input: DepositReturnWorkflowInput): Promise<string | null> {
  const sent = await sendDepositReturn(input.returnId);
  if (sent !== 'executing') return sent;
  return settleDepositReturn(input.returnId);
}

/**
 * Workflow id `deposit-return/<id>`: an operator's return of a deposit to its sender, its amount held
 * on the account. Under a policy rule's approval it runs the governed gate first (approval → executing,
 * or rejected | expired | cancelled with the hold voided once); without one it executes at once.
 */
export async function depositReturnWorkflow(input: DepositReturnWorkflowInput): Promise<string> {
  const approval = input.approval;
  const status = tagGoverned('deposit_return', input, approval ? 'pending_approval' : 'executing');
  if (!approval) return status((await execute(input)) ?? 'missing');
  return underApproval({
    approval,
    cancelUpdate: DEPOSIT_RETURN_CANCEL_UPDATE,
    notCancellable: DEPOSIT_RETURN_NOT_CANCELLABLE,
    status,
    approved: async (approvedBy) => {
      const marked = await markDepositReturnExecuting(input.returnId, approvedBy);
      if (marked !== 'executing') return marked;
      status('executing');
      return execute(input);
    },
    released: (outcome, cancelledBy) => releaseDepositReturn(input.returnId, outcome, cancelledBy),
  });
}

versioned('PINNED', depositReturnWorkflow);
