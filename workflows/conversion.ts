import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { CONVERSION_CANCEL_UPDATE, CONVERSION_NOT_CANCELLABLE, type ConversionWorkflowInput } from '../src/domain/conversions/messages';
import { tagGoverned, underApproval } from './governed';
import { versioned } from './versioning';

const { markConversionExecuting, settleConversion, releaseConversion } = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '200 milliseconds', maximumInterval: '10 seconds' },
});

/**
 * Workflow id `conversion/<id>`, for a conversion a policy rule put in `pending_approval` (its
 * source amount + fee is held): approval → executing → executed, or rejected | expired | cancelled
 * with the hold released exactly once. The cancel Update is refused once the approval is decided.
 */
export async function conversionWorkflow(input: ConversionWorkflowInput): Promise<string> {
  const status = tagGoverned('conversion', input, 'pending_approval');
  return underApproval({
    approval: input.approval,
    cancelUpdate: CONVERSION_CANCEL_UPDATE,
    notCancellable: CONVERSION_NOT_CANCELLABLE,
    status,
    approved: async (approvedBy) => {
      const marked = await markConversionExecuting(input.conversionId, approvedBy);
      if (marked !== 'executing') return marked;
      status('executing');
      return settleConversion(input.conversionId);
    },
    released: (outcome, cancelledBy) => releaseConversion(input.conversionId, outcome, cancelledBy),
  });
}

versioned('PINNED', conversionWorkflow);
