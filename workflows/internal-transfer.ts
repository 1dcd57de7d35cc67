import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { TRANSFER_CANCEL_UPDATE, TRANSFER_NOT_CANCELLABLE, type InternalTransferWorkflowInput } from '../src/domain/transfers/messages';
import { tagGoverned, underApproval } from './governed';
import { versioned } from './versioning';

const { markTransferExecuting, settleTransfer, releaseTransfer } = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '200 milliseconds', maximumInterval: '10 seconds' },
});

/**
 * Workflow id `internal-transfer/<id>`, for a transfer a policy rule put in `pending_approval` (its
 * amount is held on the source): approval → executing → executed (the hold posted into the target),
 * or rejected | expired | cancelled with the hold voided exactly once. The cancel Update is refused
 * once the approval is decided.
 */
export async function internalTransferWorkflow(input: InternalTransferWorkflowInput): Promise<string> {
  const status = tagGoverned('internal_transfer', input, 'pending_approval');
  return underApproval({
    approval: input.approval,
    cancelUpdate: TRANSFER_CANCEL_UPDATE,
    notCancellable: TRANSFER_NOT_CANCELLABLE,
    status,
    approved: async (approvedBy) => {
      const marked = await markTransferExecuting(input.transferId, approvedBy);
      if (marked !== 'executing') return marked;
      status('executing');
      return settleTransfer(input.transferId);
    },
    released: (outcome, cancelledBy) => releaseTransfer(input.transferId, outcome, cancelledBy),
  });
}

versioned('PINNED', internalTransferWorkflow);
