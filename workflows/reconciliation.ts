import { proxyActivities, upsertSearchAttributes, uuid4, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities';
import {
  RECONCILIATION_ADJUSTMENT_CANCEL_UPDATE,
  RECONCILIATION_ADJUSTMENT_NOT_CANCELLABLE,
  RECONCILIATION_PERIOD_CLOSE_CANCEL_UPDATE,
  RECONCILIATION_PERIOD_CLOSE_NOT_CANCELLABLE,
  type ReconciliationAdjustmentWorkflowInput,
  type ReconciliationPeriodCloseWorkflowInput,
  type ReconciliationRunInput,
  type ReconciliationRunResult,
} from '../src/domain/reconciliation/messages';
import { SA } from '../src/temporal/search-attributes';
import { tagGoverned, underApproval } from './governed';
import { versioned } from './versioning';

const { pullReconciliationStatement } = proxyActivities<Activities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '2 minutes',
  // A provider that stays down fails this run; the schedule's next run tries again.
  retry: { initialInterval: '1 second', maximumInterval: '1 minute', maximumAttempts: 8 },
});
const { reconcileReconciliationAccount } = proxyActivities<Activities>({
  startToCloseTimeout: '10 minutes',
  // The step beats while its transaction runs: a lost worker's attempt is retried within a minute.
  heartbeatTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumAttempts: 10 },
});

/** A UUIDv7 from the workflow's clock and its seeded randomness: runs list in time order, and a replay makes the same id. */
function timeOrderedId(): string {
  const r = uuid4().replace(/-/g, '');
  const s = Date.now().toString(16).padStart(12, '0') + '7' + r.slice(13, 16) + ((parseInt(r[16], 16) & 0x3) | 0x8).toString(16) + r.slice(17, 32);
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

/**
 * One reconciliation run of a provider account, started by the account's Schedule or by hand: pull
 * the statement, then match and open or resolve breaks in one idempotent step keyed by the run's id
 * (fixed in the history, so a retry or a replay is the same run). The history holds ids and counts only.
 */
export async function reconciliationRunWorkflow(input: ReconciliationRunInput): Promise<ReconciliationRunResult | null> {
  upsertSearchAttributes([
    { key: SA.family, value: 'reconciliation' },
    { key: SA.status, value: 'running' },
  ]);
  const runId = timeOrderedId();
  const { added } = await pullReconciliationStatement(input.accountId);
  const result = await reconcileReconciliationAccount({ accountId: input.accountId, runId, trigger: input.trigger, workflowId: workflowInfo().workflowId, linesAdded: added });
  upsertSearchAttributes([{ key: SA.status, value: result === null ? 'account_gone' : result.breaksOpen > 0 ? 'breaks_open' : 'reconciled' }]);
  return result;
}

versioned('AUTO_UPGRADE', reconciliationRunWorkflow);

const { markAdjustmentExecuting, bookAdjustment, releaseAdjustment } = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '200 milliseconds', maximumInterval: '10 seconds' },
});

/**
 * Workflow id `reconciliation-adjustment/<id>`: the correcting booking a break asks for, its amount
 * held. Under a policy rule's approval it runs the governed gate first (approved → booked, or
 * rejected | expired | cancelled with the hold voided once); without one it is booked at once.
 */
export async function reconciliationAdjustmentWorkflow(input: ReconciliationAdjustmentWorkflowInput): Promise<string> {
  const approval = input.approval;
  const status = tagGoverned('reconciliation_adjustment', input, approval ? 'pending_approval' : 'executing');
  if (!approval) return status((await bookAdjustment(input.adjustmentId)) ?? 'missing');
  return underApproval({
    approval,
    cancelUpdate: RECONCILIATION_ADJUSTMENT_CANCEL_UPDATE,
    notCancellable: RECONCILIATION_ADJUSTMENT_NOT_CANCELLABLE,
    status,
    approved: async (approvedBy) => {
      const marked = await markAdjustmentExecuting(input.adjustmentId, approvedBy);
      if (marked !== 'executing') return marked;
      status('executing');
      return bookAdjustment(input.adjustmentId);
    },
    released: (outcome, cancelledBy) => releaseAdjustment(input.adjustmentId, outcome, cancelledBy),
  });
}

versioned('PINNED', reconciliationAdjustmentWorkflow);

const { closeApprovedPeriod, endPeriodClose } = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '200 milliseconds', maximumInterval: '10 seconds' },
});

/**
 * Workflow id `reconciliation-period-close/<id>`: a day's close a policy rule put under approval. The
 * governed gate decides; approved, the day closes signed (naming the approvers) if it still can, else
 * the request fails with the blocker; rejected, expired or cancelled, nothing closes.
 */
export async function reconciliationPeriodCloseWorkflow(input: ReconciliationPeriodCloseWorkflowInput): Promise<string> {
  const status = tagGoverned('reconciliation_period_close', { enterpriseId: input.enterpriseId, clientId: null, accountRef: `reconciliation-accounts/${input.accountId}` }, 'pending_approval');
  return underApproval({
    approval: input.approval,
    cancelUpdate: RECONCILIATION_PERIOD_CLOSE_CANCEL_UPDATE,
    notCancellable: RECONCILIATION_PERIOD_CLOSE_NOT_CANCELLABLE,
    status,
    approved: (approvedBy) => closeApprovedPeriod(input.closeId, approvedBy),
    released: (outcome, cancelledBy) => endPeriodClose(input.closeId, outcome, cancelledBy),
  });
}

versioned('PINNED', reconciliationPeriodCloseWorkflow);
