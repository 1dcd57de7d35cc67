import type { Caller } from '../../auth/caller';
import type { Services } from '../../services';
import { awaitApprovalOpened } from '../approvals';
import type { IdempotencyScope } from '../../idempotency/store';
import { startOwed } from '../../temporal/start-outbox';
import { acceptWithdrawal } from './accept';
import type { NewWithdrawal } from './model';
import { presentWithdrawal, type WithdrawalView } from './present';
import { releaseWithdrawal } from './release';

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
  const { row, start, approval } = await acceptWithdrawal(services.sql, caller, input, services.metrics, {
    idempotency: opts.idempotency,
    taskQueue: opts.taskQueue ?? services.temporal.taskQueue,
  });
  await startOwed(services, start, () =>
    releaseWithdrawal(services.sql, row.id, 'failed', 'workflow_start_failed', services.metrics, { workflowId: start.workflowId, answer: opts.idempotency }),
  );
  if (approval) await awaitApprovalOpened(services, start.workflowId);
  return presentWithdrawal(row);
}
