import { WorkflowNotFoundError, WorkflowUpdateFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { Caller } from '../../auth/caller';
import { AppError, conflict } from '../../errors';
import type { Services } from '../../services';
import { approvalSpecOf, awaitApprovalOpened } from '../approvals';
import type { WithdrawalCancellation, withdrawalWorkflow } from '../../../workflows/withdrawal';
import type { WithdrawalStatus } from './events';
import {
  acceptWithdrawal,
  findWithdrawal,
  isTerminal,
  presentWithdrawal,
  readWithdrawal,
  releaseWithdrawal,
  type NewWithdrawal,
  type WithdrawalView,
} from './withdrawals';

/** Names the workflow side declares (workflows/withdrawal.ts); repeated here so the API never loads workflow code. */
const CANCEL_UPDATE = 'withdrawal.cancel';
const NOT_CANCELLABLE = 'WithdrawalNotCancellable';

export const withdrawalWorkflowId = (id: string) => `withdrawal/${id}`;

/**
 * POST /withdrawals: accept (hold, record, policy decision), then start `withdrawal/<id>`. A start
 * that fails releases the hold at once (`failed`, `workflow_start_failed`) and answers 503. With an
 * approval, the answer waits until the workflow has opened it, so `approval_ref` can be read at once.
 */
export async function createWithdrawal(services: Services, caller: Caller, input: NewWithdrawal, taskQueue = services.temporal.taskQueue): Promise<WithdrawalView> {
  const { row, account } = await acceptWithdrawal(services.sql, caller, input, services.metrics);
  const workflowId = withdrawalWorkflowId(row.id);
  const approval = approvalSpecOf({
    decision: row.policy_decision,
    approvalId: row.approval_id,
    actionFamily: 'withdrawal',
    collection: 'withdrawals',
    operationId: row.id,
    workflowId,
    enterpriseId: row.enterprise_id,
    scopePath: account.path,
    initiatedBy: row.subject_attribution,
  });
  try {
    const client = await services.temporal.get();
    await client.workflow.start<typeof withdrawalWorkflow>('withdrawalWorkflow', {
      workflowId,
      taskQueue,
      args: [{ withdrawalId: row.id, enterpriseId: row.enterprise_id, clientId: row.client_id, accountRef: row.account_ref, approval }],
    });
  } catch (err) {
    services.log.error({ err, withdrawal: row.id }, 'withdrawal workflow did not start; releasing the hold');
    await releaseWithdrawal(services.sql, row.id, 'failed', 'workflow_start_failed', services.metrics);
    throw new AppError('TemporarilyUnavailable', 'The withdrawal could not be started; nothing was moved. Retry later.', { headers: { 'Retry-After': '5' } });
  }
  if (approval) await awaitApprovalOpened(services, workflowId);
  return presentWithdrawal(row);
}

const notCancellable = (status: WithdrawalStatus) =>
  isTerminal(status)
    ? conflict(`The withdrawal is ${status}; it can no longer be cancelled.`, `withdrawal_${status}`)
    : conflict('The withdrawal has been handed to the rail; it can no longer be cancelled.', 'withdrawal_submitted');

/**
 * POST /withdrawals/{id}/cancel: until the withdrawal is handed to the rail. The workflow decides
 * through a validated Update and answers with the withdrawal released (`cancelled`); afterwards 409.
 */
export async function cancelWithdrawal(services: Services, caller: Caller, id: string): Promise<WithdrawalView> {
  const row = await readWithdrawal(services.sql, caller, id, 'withdrawals.create');
  if (isTerminal(row.status) || row.rail_reference) throw notCancellable(row.status);
  const cancellation: WithdrawalCancellation = { principal: caller.subject, attribution: caller.attribution() };
  try {
    const client = await services.temporal.get();
    return await client.workflow.getHandle(withdrawalWorkflowId(id)).executeUpdate<WithdrawalView, [WithdrawalCancellation]>(CANCEL_UPDATE, { args: [cancellation] });
  } catch (err) {
    const cause = err instanceof WorkflowUpdateFailedError ? err.cause : null;
    if ((cause instanceof ApplicationFailure && cause.type === NOT_CANCELLABLE) || err instanceof WorkflowNotFoundError) {
      const current = (await findWithdrawal(services.sql, id)) ?? row;
      throw notCancellable(current.status);
    }
    throw err;
  }
}
