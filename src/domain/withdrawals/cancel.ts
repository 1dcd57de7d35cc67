import { WorkflowNotFoundError, WorkflowUpdateFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { Caller } from '../../auth/caller';
import type { Services } from '../../services';
import type { CarriedEntry } from '../audit/entries';
import type { WithdrawalStatus } from './events';
import { WITHDRAWAL_CANCEL_UPDATE, WITHDRAWAL_NOT_CANCELLABLE, withdrawalWorkflowId, type WithdrawalCancellation } from './messages';
import { isCancellable, notCancellable } from './model';
import { presentWithdrawal, type WithdrawalView } from './present';
import { readWithdrawal } from './read';
import { findWithdrawal } from './store';

/**
 * POST /withdrawals/{id}/cancel: until the withdrawal is handed to the rail. The workflow decides
 * through a validated Update and answers with the withdrawal released (`cancelled`); afterwards 409.
 * `audit`, the request's entry, travels with the Update: the workflow's activity commits it with the
 * approval's cancellation (awaiting approval) or with the withdrawal's release (approved, not yet
 * submitted); a refused Update ran no activity and leaves the request to the pipeline.
 */
export async function cancelWithdrawal(services: Services, caller: Caller, id: string, audit?: CarriedEntry): Promise<WithdrawalView> {
  const row = await readWithdrawal(services.sql, caller, id, 'withdrawals.create');
  if (!isCancellable(row)) throw notCancellable(row.status);
  const cancellation: WithdrawalCancellation = { principal: caller.subject, attribution: caller.attribution(), auditEntry: audit?.entry };
  try {
    const client = await services.temporal.get();
    // The Update answers the final status only (histories hold no amounts); the answer is read from the record.
    await client.workflow.getHandle(withdrawalWorkflowId(id)).executeUpdate<WithdrawalStatus, [WithdrawalCancellation]>(WITHDRAWAL_CANCEL_UPDATE, { args: [cancellation] });
    audit?.committed();
    return presentWithdrawal((await findWithdrawal(services.sql, id))!);
  } catch (err) {
    const cause = err instanceof WorkflowUpdateFailedError ? err.cause : null;
    if ((cause instanceof ApplicationFailure && cause.type === WITHDRAWAL_NOT_CANCELLABLE) || err instanceof WorkflowNotFoundError) {
      const current = (await findWithdrawal(services.sql, id)) ?? row;
      throw notCancellable(current.status);
    }
    throw err;
  }
}
