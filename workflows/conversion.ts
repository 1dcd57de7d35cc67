import { ApplicationFailure, CancellationScope, condition, defineUpdate, proxyActivities, setHandler, upsertSearchAttributes } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { SubjectAttribution } from '../src/auth/caller';
import type { ApprovalCancellation, ApprovalSpec } from '../src/domain/approvals/messages';
import { CONVERSION_CANCEL_UPDATE, CONVERSION_NOT_CANCELLABLE } from '../src/domain/conversions/messages';
import { SA } from '../src/temporal/search-attributes';
import { ApprovalGate } from './approval';

const { markConversionExecuting, settleConversion, releaseConversion } = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '200 milliseconds', maximumInterval: '10 seconds' },
});

export const cancelConversionUpdate = defineUpdate<string, [ApprovalCancellation]>(CONVERSION_CANCEL_UPDATE);

export interface ConversionWorkflowInput {
  conversionId: string;
  enterpriseId: string;
  clientId: string | null;
  accountRef: string;
  approval: ApprovalSpec;
}

/**
 * Workflow id `conversion/<id>`, for a conversion a policy rule put in `pending_approval` (its
 * source amount + fee is held): approval → executing → executed, or rejected | expired | cancelled
 * with the hold released exactly once. The cancel Update is refused once the approval is decided.
 */
export async function conversionWorkflow(input: ConversionWorkflowInput): Promise<string> {
  const status = (value: string) => upsertSearchAttributes([{ key: SA.status, value }]);
  upsertSearchAttributes([
    { key: SA.enterprise, value: input.enterpriseId },
    { key: SA.account, value: input.accountRef },
    { key: SA.family, value: 'conversion' },
    { key: SA.status, value: 'pending_approval' },
    ...(input.clientId ? [{ key: SA.client, value: input.clientId }] : []),
  ]);
  const gate = new ApprovalGate(input.approval);
  let finished: string | undefined;
  let cancelledBy: SubjectAttribution | null = null;
  setHandler(
    cancelConversionUpdate,
    async (c) => {
      cancelledBy = c.attribution;
      await gate.cancel(c);
      await condition(() => finished !== undefined);
      return finished!;
    },
    {
      validator: (_c: ApprovalCancellation) => {
        if (!gate.pending) throw ApplicationFailure.create({ type: CONVERSION_NOT_CANCELLABLE, message: 'the approval has been decided' });
      },
    },
  );

  const result = await gate.run();
  let final: string | null;
  if (result.outcome === 'approved') {
    final = await markConversionExecuting(input.conversionId, result.approvedBy);
    if (final === 'executing') {
      status('executing');
      final = await settleConversion(input.conversionId);
    }
  } else {
    const outcome = result.outcome;
    final = await CancellationScope.nonCancellable(() => releaseConversion(input.conversionId, outcome, outcome === 'cancelled' ? cancelledBy : null));
  }
  finished = final ?? 'missing';
  status(finished);
  return finished;
}
