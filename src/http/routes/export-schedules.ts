import { z } from '../../schema/zod';
import { defineRoute, type RouteDef } from '../route';
import { Uuid } from '../../schema/common';
import { listOf, pageQuery } from '../pagination';
import { assertIfMatch } from '../etag';
import { unprocessable } from '../../errors';
import { ExportScheduleBody } from '../../domain/exports/events';
import { readableSchedules, requireExportCreate, requireScheduleControl, visibleSchedule } from '../../domain/exports/access';
import { auditRowAlongside } from '../audit-trail';
import { actOnSchedule, createExportSchedule, describeSchedule, listSchedules, presentSchedule, type ScheduleAction, type ScheduleRow } from '../../domain/exports/schedules';
import { Format, Instant, Kind, TopologyRef } from './export-shapes';

/* Recurring exports: Temporal Schedules whose runs each create one export. */

const ScheduleParams = z.object({ schedule_id: Uuid });

export const createExportScheduleRoute = defineRoute({
  method: 'post',
  path: '/export-schedules',
  operationId: 'createExportSchedule',
  summary: 'Create a recurring export (extension of the tenant API contract)',
  description:
    'A Temporal Schedule (`export-schedule/<id>`, visible in the Temporal UI) whose every run creates one export of `kind` for a time range derived from the run\'s scheduled time: `previous_utc_day`, or `trailing` `seconds` before it. `spec` is a cron expression (UTC) or an interval.',
  tags: ['Exports'],
  auth: { kind: 'bearer', permission: 'exports.create' },
  idempotency: 'optional',
  body: z
    .object({
      kind: Kind,
      format: Format.default('csv'),
      scope_ref: TopologyRef,
      spec: z.union([
        z.object({ cron: z.string().min(9).max(100) }).strict(),
        z.object({ interval_seconds: z.number().int().min(1).max(366 * 86400) }).strict(),
      ]),
      range: z.union([
        z.object({ type: z.literal('previous_utc_day') }).strict(),
        z.object({ type: z.literal('trailing'), seconds: z.number().int().min(1).max(366 * 86400) }).strict(),
      ]),
      description: z.string().max(500).optional(),
    })
    .strict()
    .openapi('ExportScheduleCreate'),
  responses: { 201: { description: 'The schedule.', schema: ExportScheduleBody } },
  errors: ['EdgeNotFound', 'EdgeUnprocessable'],
  handler: async ({ body, caller, services, ctx }) => {
    await requireExportCreate(services.sql, caller, body.kind, body.scope_ref);
    let row: ScheduleRow;
    try {
      row = await createExportSchedule(services, {
        enterpriseId: caller.enterpriseId,
        kind: body.kind,
        format: body.format,
        scopeRef: body.scope_ref,
        cron: 'cron' in body.spec ? body.spec.cron : null,
        intervalSeconds: 'interval_seconds' in body.spec ? body.spec.interval_seconds : null,
        rangeType: body.range.type,
        rangeSeconds: body.range.type === 'trailing' ? body.range.seconds : null,
        description: body.description ?? '',
        attribution: caller.attribution(),
      }, auditRowAlongside(ctx, 201, 'export-schedules'));
    } catch (err) {
      // Temporal refuses a cron expression it cannot parse.
      if ('cron' in body.spec && /cron|invalid/i.test((err as Error).message)) {
        throw unprocessable('The cron expression is invalid.', [{ pointer: '/body/spec/cron', detail: (err as Error).message }]);
      }
      throw err;
    }
    return { status: 201, body: presentSchedule(row, await describeSchedule(services, row.id)) };
  },
});

export const listExportSchedulesRoute = defineRoute({
  method: 'get',
  path: '/export-schedules',
  operationId: 'listExportSchedules',
  summary: 'List export schedules',
  tags: ['Exports'],
  auth: { kind: 'bearer', permission: 'exports.read' },
  query: z.object(pageQuery).strict(),
  responses: { 200: { description: 'A page of schedules.', schema: listOf(ExportScheduleBody, 'ExportScheduleList') } },
  handler: async ({ query, caller, services, pager }) => {
    const fetch = (after: string | null, limit: number) => listSchedules(services.sql, caller.enterpriseId, after, limit);
    return { body: await pager.list(query, caller, fetch, (r) => presentSchedule(r), { visible: (rows) => readableSchedules(services.sql, caller, rows) }) };
  },
});

export const getExportScheduleRoute = defineRoute({
  method: 'get',
  path: '/export-schedules/{schedule_id}',
  operationId: 'getExportSchedule',
  summary: 'Get an export schedule with its next run times',
  tags: ['Exports'],
  auth: { kind: 'bearer', permission: 'exports.read' },
  params: ScheduleParams,
  responses: { 200: { description: 'The schedule.', schema: ExportScheduleBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => {
    const row = await visibleSchedule(services.sql, caller, params.schedule_id, 'exports.read');
    return { body: presentSchedule(row, row.status === 'deleted' ? undefined : await describeSchedule(services, row.id)) };
  },
});

function scheduleActionRoute<B extends z.ZodType = z.ZodUndefined>(
  name: ScheduleAction['kind'],
  summary: string,
  description: string,
  body?: B,
  toAction: (body: z.infer<B>) => ScheduleAction = () => ({ kind: name }) as ScheduleAction,
): RouteDef {
  const changesRow = name === 'pause' || name === 'unpause' || name === 'delete';
  return defineRoute({
    method: 'post',
    path: `/export-schedules/{schedule_id}/${name}`,
    operationId: `${name}ExportSchedule`,
    summary,
    description,
    tags: ['Exports'],
    auth: { kind: 'bearer', permission: 'exports.create' },
    ifMatch: changesRow,
    params: ScheduleParams,
    body,
    responses: { [changesRow ? 200 : 202]: { description: 'The schedule.', schema: ExportScheduleBody } },
    errors: ['EdgeNotFound', 'EdgeConflict', ...(changesRow ? (['EdgePreconditionFailed'] as const) : ['EdgeUnprocessable' as const])],
    handler: async ({ params, body: input, caller, services, ctx }) => {
      const action = toAction(input as z.infer<B>);
      if (action.kind === 'backfill' && !(action.start < action.end)) {
        throw unprocessable('`start_time` must be before `end_time`.', [{ pointer: '/body/end_time', detail: 'must be after start_time' }]);
      }
      const row = await actOnSchedule(
        services,
        params.schedule_id,
        action,
        async (r) => {
          await requireScheduleControl(services.sql, caller, r);
          if (changesRow) assertIfMatch(ctx, r);
        },
        caller.attribution(),
        // Only pause, unpause and delete change the row; trigger and backfill keep the pipeline's entry.
        auditRowAlongside(ctx, 200, 'export-schedules'),
      );
      return { status: changesRow ? 200 : 202, body: presentSchedule(row, row.status === 'deleted' ? undefined : await describeSchedule(services, row.id)) };
    },
  });
}

export const exportScheduleRoutes: RouteDef[] = [
  createExportScheduleRoute,
  listExportSchedulesRoute,
  getExportScheduleRoute,
  scheduleActionRoute('pause', 'Pause an export schedule', 'No runs start until it is unpaused (also possible in the Temporal UI).'),
  scheduleActionRoute('unpause', 'Unpause an export schedule', 'Runs start again at the next scheduled time.'),
  scheduleActionRoute('trigger', 'Run an export schedule now', 'Starts one run now (202); it creates an export for the range ending now.'),
  scheduleActionRoute(
    'backfill',
    'Backfill an export schedule over a past range',
    'Starts one run for every scheduled time in [start_time, end_time) (202); each creates its export, once per scheduled time.',
    z.object({ start_time: Instant, end_time: Instant }).strict().openapi('ExportScheduleBackfill'),
    (b) => ({ kind: 'backfill', start: new Date(b.start_time), end: new Date(b.end_time) }),
  ),
  scheduleActionRoute('delete', 'Delete an export schedule', 'Deletes the Temporal Schedule; exports it created stay.'),
];
