import { ScheduleAlreadyRunning, ScheduleOverlapPolicy, type Client } from '@temporalio/client';

export const HOUSEKEEPING_SCHEDULE_ID = 'housekeeping';

/** Creates the hourly housekeeping schedule unless it already exists (every start calls this). */
export async function ensureHousekeepingSchedule(client: Client, taskQueue: string): Promise<void> {
  try {
    await client.schedule.create({
      scheduleId: HOUSEKEEPING_SCHEDULE_ID,
      spec: { intervals: [{ every: '1 hour' }] },
      policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 hour' },
      action: { type: 'startWorkflow', workflowType: 'housekeepingWorkflow', taskQueue, workflowId: 'housekeeping' },
    });
  } catch (err) {
    if (!(err instanceof ScheduleAlreadyRunning)) throw err;
  }
}
