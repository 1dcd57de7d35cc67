import { asyncLocalStorage as activityContext } from '@temporalio/activity';
import { activeTraceIds } from './index';
import { activitySpanIds } from './activity-spans';

/**
 * What a log line written inside a traced request or an activity carries besides its own fields: the
 * trace and span ids (while tracing is on), and the workflow id, run id and activity type of the
 * activity it runs in. A pino mixin: it runs for lines that pass the level only.
 */
export function logContext(): Record<string, string> {
  const ctx = activityContext.getStore();
  const ids = activeTraceIds() ?? (ctx && activitySpanIds(ctx));
  const info = ctx?.info;
  if (!info) return ids ?? {};
  return {
    ...ids,
    workflow_id: info.workflowExecution?.workflowId ?? '',
    run_id: info.workflowExecution?.runId ?? '',
    activity_type: info.activityType,
  };
}
