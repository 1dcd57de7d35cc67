import { WorkflowNotFoundError, WorkflowUpdateFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { Caller } from '../../auth/caller';
import { conflict } from '../../errors';
import type { Services } from '../../services';
import { approvalSpecOf, awaitApprovalOpened, type ApprovalSpec } from '../approvals';
import type { IdempotencyScope } from '../../idempotency/store';
import { startOwed, type WorkflowStart } from '../../temporal/start-outbox';
import type { WithdrawalStatus } from './events';
import {
  acceptWithdrawal,
  findWithdrawal,
  isTerminal,
  presentWithdrawal,
  readWithdrawal,
  releaseWithdrawal,
  type NewWithdrawal,
  type WithdrawalRow,
  type WithdrawalView,
} from './withdrawals';
import type { FundableAccount } from '../funding/accounts';
import type { CarriedEntry } from '../audit/entries';
import {
  WITHDRAWAL_CANCEL_UPDATE,
  WITHDRAWAL_NOT_CANCELLABLE,
  WITHDRAWAL_WORKFLOW,
  withdrawalWorkflowId,
  type WithdrawalCancellation,
  type WithdrawalWorkflowInput,
} from './messages';

/**
 * POST /withdrawals: accept (hold, record, policy decision, the workflow start it is owed and the
 * Idempotency-Key answer, in one transaction), then start `withdrawal/<id>`. A start that fails
 * releases the hold at once (`failed`, `workflow_start_failed`) and answers 503. If this process dies
 * between the commit and the start, the worker's sweeper starts the workflow (temporal/start-outbox)
 * and a retry under the same key replays the answer. With an approval, the answer waits until the
 * workflow has opened it, so `approval_ref` can be read at once.
 */
export async function createWithdrawal(
  services: Services,
  caller: Caller,
  input: NewWithdrawal,
  opts: { taskQueue?: string; idempotency?: IdempotencyScope } = {},
): Promise<WithdrawalView> {
  let owed!: ReturnType<typeof withdrawalStart>;
  const { row } = await acceptWithdrawal(services.sql, caller, input, services.metrics, {
    idempotency: opts.idempotency,
    start: (created, account) => (owed = withdrawalStart(created, account, opts.taskQueue ?? services.temporal.taskQueue)).start,
  });
  await startOwed(services, owed.start, () =>
    releaseWithdrawal(services.sql, row.id, 'failed', 'workflow_start_failed', services.metrics, { workflowId: owed.start.workflowId, answer: opts.idempotency }),
  );
  if (owed.approval) await awaitApprovalOpened(services, owed.start.workflowId);
  return presentWithdrawal(row);
}

/** The start of `withdrawal/<id>` an accepted withdrawal is owed, with the approval it opens (null without one). */
export function withdrawalStart(created: WithdrawalRow, account: FundableAccount, taskQueue: string): { start: WorkflowStart; approval: ApprovalSpec | null } {
  const workflowId = withdrawalWorkflowId(created.id);
  const approval = approvalSpecOf({
    decision: created.policy_decision,
    approvalId: created.approval_id,
    actionFamily: 'withdrawal',
    collection: 'withdrawals',
    operationId: created.id,
    workflowId,
    enterpriseId: created.enterprise_id,
    scopePath: account.path,
    initiatedBy: created.subject_attribution,
  });
  const args: [WithdrawalWorkflowInput] = [{ withdrawalId: created.id, enterpriseId: created.enterprise_id, clientId: created.client_id, accountRef: created.account_ref, approval }];
  return { start: { workflowType: WITHDRAWAL_WORKFLOW, workflowId, taskQueue, args }, approval };
}

const notCancellable = (status: WithdrawalStatus) =>
  isTerminal(status)
    ? conflict(`The withdrawal is ${status}; it can no longer be cancelled.`, `withdrawal_${status}`)
    : conflict('The withdrawal has been handed to the rail; it can no longer be cancelled.', 'withdrawal_submitted');

/**
 * POST /withdrawals/{id}/cancel: until the withdrawal is handed to the rail. The workflow decides
 * through a validated Update and answers with the withdrawal released (`cancelled`); afterwards 409.
 * `audit`, the request's entry, travels with the Update: the workflow's activity commits it with the
 * approval's cancellation (awaiting approval) or with the withdrawal's release (approved, not yet
 * submitted); a refused Update ran no activity and leaves the request to the pipeline.
 */
export async function cancelWithdrawal(services: Services, caller: Caller, id: string, audit?: CarriedEntry): Promise<WithdrawalView> {
  const row = await readWithdrawal(services.sql, caller, id, 'withdrawals.create');
  if (isTerminal(row.status) || row.rail_reference) throw notCancellable(row.status);
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
