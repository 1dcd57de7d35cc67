import { asyncLocalStorage as activityContext } from '@temporalio/activity';
import { activeTraceIds } from './index';

/**
 * What a log line written inside a traced request or an activity carries besides its own fields: the
 * trace and span ids (while tracing is on), and the workflow id, run id and activity type of the
 * activity it runs in. A pino mixin: it runs for lines that pass the level only.
 */
export function logContext(): Record<string, string> {
  const ids = activeTraceIds();
  const info = activityContext.getStore()?.info;
  if (!info) return ids ?? {};
  return {
    ...ids,
    workflow_id: info.workflowExecution?.workflowId ?? '',
    run_id: info.workflowExecution?.runId ?? '',
    activity_type: info.activityType,
  };
}
