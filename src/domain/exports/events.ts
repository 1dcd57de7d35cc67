import { z } from '../../schema/zod';
import { defineEventType } from '../../events/catalogue';
import { ETag, Ref, Timestamp, Uuid } from '../../schema/common';

export const ExportBody = z
  .object({
    id: Uuid,
    resource: z.enum(['operations_activity_export', 'user_action_audit_export', 'client_account_statement_export']),
    scope_ref: z.string(),
    asset: z.string().nullable().openapi({ description: 'The asset of a client account statement export; null for other kinds.' }),
    format: z.enum(['csv', 'jsonl']),
    from: Timestamp.openapi({ description: 'Inclusive start of the time range.' }),
    to: Timestamp.openapi({ description: 'Exclusive end of the time range.' }),
    status: z.enum(['queued', 'running', 'completed', 'failed', 'expired']),
    failure_reason: z.string().nullable(),
    row_count: z.number().int().nullable(),
    byte_size: z.number().int().nullable(),
    sha256: z.string().nullable().openapi({ description: 'Hex SHA-256 of the file; equal to the digest of the downloaded bytes.' }),
    download_path: z.string().nullable().openapi({ description: 'Where to GET the file while it is `completed`.' }),
    expires_at: Timestamp.nullable(),
    completed_at: Timestamp.nullable(),
    schedule_ref: Ref('export-schedules').nullable(),
    scheduled_for: Timestamp.nullable(),
    etag: ETag,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('Export');

export const ExportScheduleBody = z
  .object({
    id: Uuid,
    resource: z.literal('export_schedule'),
    kind: z.enum(['operations_activity', 'user_action_audit']),
    format: z.enum(['csv', 'jsonl']),
    scope_ref: z.string(),
    spec: z.object({ cron: z.string().nullable(), interval_seconds: z.number().int().nullable() }),
    range: z.object({ type: z.enum(['previous_utc_day', 'trailing']), seconds: z.number().int().nullable() }),
    description: z.string(),
    status: z.enum(['active', 'paused', 'deleted']),
    temporal_schedule_id: z.string(),
    next_run_times: z.array(Timestamp).optional().openapi({ description: 'From the Temporal Schedule (on GET of one schedule).' }),
    etag: ETag,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('ExportSchedule');

export const EXPORT_EVENTS = {
  queued: defineEventType('exports.export.queued.v1', 'An export was requested (by a caller or a schedule run).', ExportBody),
  completed: defineEventType('exports.export.completed.v1', 'An export file is ready to download.', ExportBody),
  failed: defineEventType('exports.export.failed.v1', 'An export failed; `failure_reason` says why.', ExportBody),
  expired: defineEventType('exports.export.expired.v1', 'An export file passed its retention and was deleted.', ExportBody),
  scheduleCreated: defineEventType('exports.schedule.created.v1', 'An export schedule was created.', ExportScheduleBody),
  schedulePaused: defineEventType('exports.schedule.paused.v1', 'An export schedule was paused.', ExportScheduleBody),
  scheduleUnpaused: defineEventType('exports.schedule.unpaused.v1', 'An export schedule was unpaused.', ExportScheduleBody),
  scheduleDeleted: defineEventType('exports.schedule.deleted.v1', 'An export schedule was deleted.', ExportScheduleBody),
};
