import { ScheduleAlreadyRunning, ScheduleOverlapPolicy, type Client } from '@temporalio/client';
import { HOUSEKEEPING_WORKFLOW, HOUSEKEEPING_WORKFLOW_ID } from '../domain/housekeeping/messages';

export const HOUSEKEEPING_SCHEDULE_ID = 'housekeeping';

/** Creates the hourly housekeeping schedule unless it already exists (every start calls this). */
export async function ensureHousekeepingSchedule(client: Client, taskQueue: string): Promise<void> {
  try {
    await client.schedule.create({
      scheduleId: HOUSEKEEPING_SCHEDULE_ID,
      spec: { intervals: [{ every: '1 hour' }] },
      policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 hour' },
      action: { type: 'startWorkflow', workflowType: HOUSEKEEPING_WORKFLOW, taskQueue, workflowId: HOUSEKEEPING_WORKFLOW_ID },
    });
  } catch (err) {
    if (!(err instanceof ScheduleAlreadyRunning)) throw err;
  }
}
