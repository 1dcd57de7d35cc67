import type { Sql, TransactionSql } from 'postgres';
import { ScheduleNotFoundError, ScheduleOverlapPolicy, type ScheduleDescription } from '@temporalio/client';
import type { SubjectAttribution } from '../../auth/caller';
import type { Services } from '../../services';
import { conflict, notFound } from '../../errors';
import { etagOf, type Alongside } from '../../db/base';
import { uuidv7 } from '../../ids';
import { recordEventSql } from '../../events/outbox';
import { SA } from '../../temporal/search-attributes';
import { EXPORT_EVENTS } from './events';
import type { ExportKind } from './sources';
import type { ExportFormat } from './writer';
import type { NewExport } from './exports';
import { SCHEDULED_EXPORT_WORKFLOW, scheduledExportRunWorkflowId, type ScheduledExportInput } from './messages';

export type ScheduleStatus = 'active' | 'paused' | 'deleted';

export interface ScheduleRow {
  id: string;
  version: number;
  created_at: Date;
  updated_at: Date;
  enterprise_id: string;
  kind: ExportKind;
  format: ExportFormat;
  scope_ref: string;
  cron: string | null;
  interval_seconds: number | null;
  range_type: 'previous_utc_day' | 'trailing';
  range_seconds: number | null;
  description: string;
  status: ScheduleStatus;
  attribution: SubjectAttribution | null;
}

/** The Temporal Schedule behind an export schedule: visible, pausable and triggerable in the Temporal UI too. */
export const temporalScheduleId = (id: string) => `export-schedule/${id}`;

export function presentSchedule(s: ScheduleRow, description?: ScheduleDescription) {
  return {
    id: s.id,
    resource: 'export_schedule' as const,
    kind: s.kind,
    format: s.format,
    scope_ref: s.scope_ref,
    spec: { cron: s.cron, interval_seconds: s.interval_seconds },
    range: { type: s.range_type, seconds: s.range_seconds },
    description: s.description,
    // Pausing in the Temporal UI is as good as pausing through the API.
    status: s.status === 'deleted' ? s.status : description ? (description.state.paused ? 'paused' : 'active') : s.status,
    temporal_schedule_id: temporalScheduleId(s.id),
    ...(description ? { next_run_times: description.info.nextActionTimes.map((d) => d.toISOString()) } : {}),
    etag: etagOf(s),
    created_at: s.created_at.toISOString(),
    updated_at: s.updated_at.toISOString(),
  };
}

/** The time range a run covers, from its nominal (scheduled) time. */
export function runRange(s: Pick<ScheduleRow, 'range_type' | 'range_seconds'>, nominal: Date): { start: Date; end: Date } {
  if (s.range_type === 'previous_utc_day') {
    const end = new Date(Date.UTC(nominal.getUTCFullYear(), nominal.getUTCMonth(), nominal.getUTCDate()));
    return { start: new Date(end.getTime() - 86_400_000), end };
  }
  return { start: new Date(nominal.getTime() - s.range_seconds! * 1000), end: nominal };
}

/** The export one run of a schedule creates; null when the schedule is gone (a run racing its deletion). */
export async function scheduledRun(sql: Sql, scheduleId: string, nominal: Date): Promise<NewExport | null> {
  const [s] = await sql<ScheduleRow[]>`select * from export_schedules where id = ${scheduleId}`;
  if (!s || s.status === 'deleted') return null;
  const range = runRange(s, nominal);
  return {
    enterpriseId: s.enterprise_id,
    kind: s.kind,
    format: s.format,
    scopeRef: s.scope_ref,
    rangeStart: range.start,
    rangeEnd: range.end,
    attribution: s.attribution,
    scheduleId: s.id,
    scheduledFor: nominal,
  };
}

export interface NewSchedule {
  enterpriseId: string;
  kind: ExportKind;
  format: ExportFormat;
  scopeRef: string;
  cron: string | null;
  intervalSeconds: number | null;
  rangeType: 'previous_utc_day' | 'trailing';
  rangeSeconds: number | null;
  description: string;
  attribution: SubjectAttribution;
}

async function recordScheduleEvent(tx: TransactionSql, type: string, row: ScheduleRow) {
  await recordEventSql(tx, {
    type,
    enterpriseId: row.enterprise_id,
    scopeRef: row.scope_ref,
    resourceRef: `export-schedules/${row.id}`,
    payload: presentSchedule(row),
    attribution: row.attribution,
  });
}

/**
 * Creates the Temporal Schedule, then the row (with `alongside`, e.g. the request's audit entry); a run
 * that fires before the row commits finds nothing and skips.
 */
export async function createExportSchedule(services: Services, input: NewSchedule, alongside?: Alongside<ScheduleRow>): Promise<ScheduleRow> {
  const id = uuidv7();
  const client = await services.temporal.get();
  const handle = await client.schedule.create({
    scheduleId: temporalScheduleId(id),
    spec: input.cron ? { cronExpressions: [input.cron] } : { intervals: [{ every: input.intervalSeconds! * 1000 }] },
    policies: { overlap: ScheduleOverlapPolicy.ALLOW_ALL, catchupWindow: '1 day' },
    action: {
      type: 'startWorkflow',
      workflowType: SCHEDULED_EXPORT_WORKFLOW,
      taskQueue: services.temporal.taskQueue,
      workflowId: scheduledExportRunWorkflowId(id),
      args: [{ scheduleId: id } satisfies ScheduledExportInput],
      typedSearchAttributes: [
        { key: SA.family, value: 'export_schedule' },
        { key: SA.enterprise, value: input.enterpriseId },
      ],
    },
    memo: { kind: input.kind, scope_ref: input.scopeRef },
  });
  try {
    return await services.sql.begin(async (tx) => {
      const [row] = await tx<ScheduleRow[]>`
        insert into export_schedules (id, enterprise_id, kind, format, scope_ref, cron, interval_seconds, range_type, range_seconds, description, attribution)
        values (${id}, ${input.enterpriseId}, ${input.kind}, ${input.format}, ${input.scopeRef}, ${input.cron}, ${input.intervalSeconds},
                ${input.rangeType}, ${input.rangeSeconds}, ${input.description}, ${tx.json(input.attribution as never)})
        returning *`;
      await recordScheduleEvent(tx, EXPORT_EVENTS.scheduleCreated, row);
      await alongside?.(tx, row);
      return row;
    });
  } catch (err) {
    await handle.delete().catch(() => {});
    throw err;
  }
}

export async function findSchedule(sql: Sql, id: string): Promise<ScheduleRow | null> {
  const [row] = await sql<ScheduleRow[]>`select * from export_schedules where id = ${id}`;
  return row ?? null;
}

export function listSchedules(sql: Sql, enterpriseId: string, afterId: string | null, limit: number) {
  return sql<ScheduleRow[]>`
    select * from export_schedules where enterprise_id = ${enterpriseId} and status <> 'deleted'
       and ${afterId ? sql`id > ${afterId}` : sql`true`}
     order by id limit ${limit}`;
}

export async function describeSchedule(services: Services, id: string): Promise<ScheduleDescription | undefined> {
  const client = await services.temporal.get();
  try {
    return await client.schedule.getHandle(temporalScheduleId(id)).describe();
  } catch (err) {
    if (err instanceof ScheduleNotFoundError) return undefined;
    throw err;
  }
}

export type ScheduleAction =
  | { kind: 'pause' }
  | { kind: 'unpause' }
  | { kind: 'delete' }
  | { kind: 'trigger' }
  | { kind: 'backfill'; start: Date; end: Date };

/**
 * Applies an action to the schedule row (with its event and `alongside`) and to the Temporal Schedule.
 * Trigger and backfill change no row (nor run `alongside`): each run they cause creates its own export.
 */
export async function actOnSchedule(
  services: Services,
  id: string,
  action: ScheduleAction,
  authorize: (row: ScheduleRow) => Promise<void> | void,
  attribution: SubjectAttribution,
  alongside?: Alongside<ScheduleRow>,
): Promise<ScheduleRow> {
  const existing = await findSchedule(services.sql, id);
  if (!existing) throw notFound('export schedule');
  await authorize(existing);
  if (existing.status === 'deleted') throw conflict('The export schedule is deleted.', 'schedule_deleted');
  const handle = (await services.temporal.get()).schedule.getHandle(temporalScheduleId(id));
  const note = `${action.kind} by ${attribution.subject.kind} ${attribution.subject.id}`;
  switch (action.kind) {
    case 'trigger':
      await handle.trigger(ScheduleOverlapPolicy.ALLOW_ALL);
      return existing;
    case 'backfill':
      await handle.backfill({ start: action.start, end: action.end, overlap: ScheduleOverlapPolicy.ALLOW_ALL });
      return existing;
    case 'pause':
      await handle.pause(note);
      break;
    case 'unpause':
      await handle.unpause(note);
      break;
    case 'delete':
      await handle.delete().catch((err) => {
        if (!(err instanceof ScheduleNotFoundError)) throw err;
      });
      break;
  }
  const status: ScheduleStatus = action.kind === 'pause' ? 'paused' : action.kind === 'unpause' ? 'active' : 'deleted';
  const type = { pause: EXPORT_EVENTS.schedulePaused, unpause: EXPORT_EVENTS.scheduleUnpaused, delete: EXPORT_EVENTS.scheduleDeleted }[action.kind];
  return services.sql.begin(async (tx) => {
    const [row] = await tx<ScheduleRow[]>`
      update export_schedules set status = ${status}, version = version + 1, updated_at = now() where id = ${id} returning *`;
    await recordScheduleEvent(tx, type, { ...row, attribution });
    await alongside?.(tx, row);
    return row;
  });
}
