/*
 * What the export workflows and the API exchange. Imported by workflows: constants and types only,
 * no runtime dependencies.
 */

/** Workflow types (the exported functions' names in workflows/): the API starts them by these names. */
export const EXPORT_WORKFLOW = 'exportWorkflow';
/** Started by each export schedule's Temporal Schedule; it starts the run's `export/<id>` as a child. */
export const SCHEDULED_EXPORT_WORKFLOW = 'scheduledExportWorkflow';

export const exportWorkflowId = (exportId: string) => `export/${exportId}`;
export const scheduledExportRunWorkflowId = (scheduleId: string) => `export-schedule-run/${scheduleId}`;

export interface ExportWorkflowInput {
  exportId: string;
  retentionSeconds: number;
}

export interface ScheduledExportInput {
  scheduleId: string;
}
