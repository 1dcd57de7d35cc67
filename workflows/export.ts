import { ActivityFailure, ApplicationFailure, ParentClosePolicy, proxyActivities, sleep, startChild, upsertSearchAttributes, workflowInfo } from '@temporalio/workflow';
import { defineSearchAttributeKey, SearchAttributeType, WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import type { Activities } from '../activities';
import type { ExportWorkflowInput, ScheduledExportInput } from '../src/domain/exports/messages';
import { SA } from '../src/temporal/search-attributes';
import { versioned } from './versioning';

const { produceExport } = proxyActivities<Activities>({
  startToCloseTimeout: '2 hours',
  heartbeatTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumAttempts: 3 },
});
const { failExport, expireExport, openScheduledExport } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { maximumAttempts: 10 },
});

/** Set by Temporal on every run a Schedule starts (also on trigger and backfill): the run's nominal time. */
const SCHEDULED_START = defineSearchAttributeKey('TemporalScheduledStartTime', SearchAttributeType.DATETIME);

function failureReason(err: unknown): string {
  let cause = err;
  while ((cause instanceof ActivityFailure || cause instanceof ApplicationFailure) && cause.cause) cause = cause.cause;
  return (cause as Error).message ?? 'export failed';
}

/** One export: stream the rows to a file, complete (or fail with a reason), then delete the file at expiry. */
export async function exportWorkflow(input: ExportWorkflowInput): Promise<string> {
  upsertSearchAttributes([
    { key: SA.family, value: 'export' },
    { key: SA.status, value: 'running' },
  ]);
  let expiresAt: string;
  try {
    ({ expiresAt } = await produceExport(input.exportId, input.retentionSeconds));
  } catch (err) {
    await failExport(input.exportId, failureReason(err));
    upsertSearchAttributes([{ key: SA.status, value: 'failed' }]);
    return 'failed';
  }
  upsertSearchAttributes([{ key: SA.status, value: 'completed' }]);
  await sleep(Math.max(0, Date.parse(expiresAt) - Date.now()));
  await expireExport(input.exportId);
  upsertSearchAttributes([{ key: SA.status, value: 'expired' }]);
  return 'expired';
}

/** One run of an export schedule: creates the run's export (once per nominal time) and starts its workflow. */
export async function scheduledExportWorkflow(input: ScheduledExportInput): Promise<string | null> {
  const nominal = workflowInfo().typedSearchAttributes.get(SCHEDULED_START) ?? new Date();
  const opened = await openScheduledExport(input.scheduleId, nominal.toISOString());
  if (!opened) return null;
  upsertSearchAttributes([
    { key: SA.family, value: 'export_schedule' },
    { key: SA.enterprise, value: opened.enterpriseId },
    { key: SA.status, value: 'started' },
  ]);
  if (opened.status === 'queued') {
    try {
      await startChild(exportWorkflow, {
        workflowId: opened.workflowId,
        args: [opened.input],
        // The export outlives this run: it waits for its file's expiry.
        parentClosePolicy: ParentClosePolicy.ABANDON,
      });
    } catch (err) {
      // A retried run whose child already started.
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    }
  }
  return opened.input.exportId;
}

versioned('AUTO_UPGRADE', exportWorkflow);
versioned('AUTO_UPGRADE', scheduledExportWorkflow);
