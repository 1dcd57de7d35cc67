import { Context } from '@temporalio/activity';
import type { Services } from '../src/services';
import { expireExport, failExport, produceExport, queueExport, startExportWorkflowArgs } from '../src/domain/exports/exports';
import { scheduledRun } from '../src/domain/exports/schedules';

export function createExportActivities(services: Pick<Services, 'sql' | 'config' | 'reads'>) {
  return {
    /** Streams the export to its file; returns when the file expires. Heartbeats per batch. */
    async produceExport(exportId: string, retentionSeconds: number): Promise<{ expiresAt: string }> {
      const row = await produceExport(services, exportId, retentionSeconds, (rows) => Context.current().heartbeat(rows));
      return { expiresAt: row.expires_at!.toISOString() };
    },

    async failExport(exportId: string, reason: string): Promise<void> {
      await failExport(services, exportId, reason);
    },

    async expireExport(exportId: string): Promise<void> {
      await expireExport(services, exportId);
    },

    /** The export of one schedule run (created once per nominal time), and the input of its workflow. */
    async openScheduledExport(scheduleId: string, nominalTime: string) {
      const input = await scheduledRun(services.sql, scheduleId, new Date(nominalTime));
      if (!input) return null;
      const row = await queueExport(services.sql, input);
      return { ...startExportWorkflowArgs(services, row.id), enterpriseId: row.enterprise_id, status: row.status };
    },
  };
}
