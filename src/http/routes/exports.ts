import { createReadStream } from 'node:fs';
import type { Sql } from 'postgres';
import { z } from '../../schema/zod';
import { defineRoute, type RouteDef } from '../route';
import { Uuid } from '../../schema/common';
import { listOf, pageQuery } from '../pagination';
import { assertIfMatch } from '../etag';
import { AppError, conflict, notFound, unprocessable } from '../../errors';
import type { Caller, ScopePath } from '../../auth/caller';
import type { Permission } from '../../auth/permissions';
import { scopePathOf } from '../../domain/tenancy/scopes';
import { ScopePaths } from '../../events/log';
import { ExportBody, ExportScheduleBody } from '../../domain/exports/events';
import { EXPORT_KINDS, exportFilePath, findExport, listExports, presentExport, requestExport, type ExportRow } from '../../domain/exports/exports';
import type { ExportKind } from '../../domain/exports/sources';
import { auditRowAlongside } from '../../domain/audit/entries';
import { ASSET_CODES } from '../../ledger';
import {
  actOnSchedule,
  createExportSchedule,
  describeSchedule,
  findSchedule,
  listSchedules,
  presentSchedule,
  type ScheduleAction,
  type ScheduleRow,
} from '../../domain/exports/schedules';

const TopologyRef = z
  .string()
  .regex(/^(enterprises|clients|client-accounts)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'must be an enterprise, client or client-account reference')
  .openapi({ example: 'enterprises/0193a1c2-7f00-7abc-8def-0123456789ab' });
const ClientAccountRef = z
  .string()
  .regex(/^client-accounts\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'must be a client-account reference')
  .openapi({ example: 'client-accounts/0193a1c2-7f00-7abc-8def-0123456789ab' });
const Kind = z.enum(['operations_activity', 'user_action_audit']);
const Format = z.enum(['csv', 'jsonl']).openapi({ description: 'CSV (RFC 4180, header row) or JSON Lines.' });
const Instant = z.iso.datetime({ offset: true });

const TITLES: Record<ExportKind, { tag: string; noun: string; op: string }> = {
  operations_activity: { tag: 'Exports', noun: 'operations activity export', op: 'OperationsActivityExport' },
  user_action_audit: { tag: 'Exports', noun: 'user action audit export', op: 'UserActionAuditExport' },
  client_account_statement: { tag: 'Exports', noun: 'client account statement export', op: 'ClientAccountStatementExport' },
};

/**
 * What an export kind reveals beyond the export itself, so what its caller also needs at the scope:
 * the audit trail says who did what; a statement is the account's balances, read as GET …/statement reads them.
 */
const ALSO_REQUIRES: Partial<Record<ExportKind, Permission>> = { user_action_audit: 'audit.read', client_account_statement: 'balances.read' };

/** The request body of each kind: a statement is one client account's, in one asset. */
function requestBody(kind: ExportKind, op: string) {
  const common = { from: Instant, to: Instant, format: Format.default('csv') };
  if (kind !== 'client_account_statement') return z.object({ scope_ref: TopologyRef, ...common }).strict().openapi(`${op}Request`);
  return z
    .object({
      scope_ref: ClientAccountRef.openapi({ description: 'The client account.' }),
      asset: z.enum(ASSET_CODES),
      from: Instant.openapi({ description: 'Start (exclusive) of the period, as the statement\'s `from`.' }),
      to: Instant.openapi({ description: 'End (inclusive) of the period, not in the future, as the statement\'s `to`.' }),
      format: common.format,
    })
    .strict()
    .openapi(`${op}Request`);
}

async function pathOf(sql: Sql, row: { enterprise_id: string; scope_ref: string }): Promise<ScopePath> {
  return (await scopePathOf(sql, row.scope_ref)) ?? [`enterprises/${row.enterprise_id}`, row.scope_ref];
}

function requireFor(caller: Caller, kind: ExportKind, permission: Permission, path: ScopePath, what: string): void {
  caller.require(permission, path, what);
  const also = ALSO_REQUIRES[kind];
  if (also) caller.require(also, path, what);
}

async function visibleExport(sql: Sql, caller: Caller, kind: ExportKind, id: string): Promise<ExportRow> {
  const row = await findExport(sql, id, kind);
  if (!row) throw notFound(TITLES[kind].noun);
  requireFor(caller, kind, 'exports.read', await pathOf(sql, row), TITLES[kind].noun);
  return row;
}

function exportRoutes(kind: ExportKind): RouteDef[] {
  const { collection } = EXPORT_KINDS[kind];
  const { tag, noun, op } = TITLES[kind];
  const IdParams = z.object({ export_id: Uuid });
  return [
    defineRoute({
      method: 'post',
      path: `/${collection}`,
      operationId: `create${op}`,
      summary: `Request a ${noun}`,
      description: `Answers 202 with the export in \`queued\`; a workflow streams the rows to a file, then the export is \`completed\` with \`row_count\`, \`byte_size\` and \`sha256\`, or \`failed\` with a reason. ${
        ALSO_REQUIRES[kind] ? `Also requires \`${ALSO_REQUIRES[kind]}\` at the scope.` : ''
      }${
        kind === 'client_account_statement'
          ? ' The file is the statement of GET /client-accounts/{id}/statement over the same period: an `opening` row, one `entry` row per entry in booking order with the running `balance`, a `closing` row.'
          : ''
      }`,
      tags: [tag],
      auth: { kind: 'bearer', permission: 'exports.create' },
      idempotency: 'optional',
      body: requestBody(kind, op),
      responses: { 202: { description: 'The queued export.', schema: ExportBody } },
      errors: ['EdgeNotFound', 'EdgeUnprocessable', 'TemporarilyUnavailable'],
      handler: async ({ body, caller, services, ctx }) => {
        const path = await scopePathOf(services.sql, body.scope_ref);
        requireFor(caller, kind, 'exports.create', path ?? [body.scope_ref], 'scope');
        const [from, to] = [new Date(body.from), new Date(body.to)];
        if (!(from < to)) throw unprocessable('`from` must be before `to`.', [{ pointer: '/body/to', detail: 'must be after from' }]);
        // A statement's closing balance at a future instant could still change (as GET …/statement refuses it).
        // The body is one of two shapes (requestBody); only a statement's has an asset.
        const { asset } = body as { asset?: string };
        if (asset && to.getTime() > Date.now()) throw unprocessable('The instant is in the future.', [{ pointer: '/body/to', detail: 'must not be in the future' }]);
        const row = await requestExport(
          services,
          {
            enterpriseId: caller.enterpriseId,
            kind,
            format: body.format,
            scopeRef: body.scope_ref,
            asset,
            rangeStart: from,
            rangeEnd: to,
            attribution: caller.attribution(),
          },
          { alongside: auditRowAlongside(ctx, 202, collection) },
        );
        return { status: 202, body: presentExport(row) };
      },
    }),
    defineRoute({
      method: 'get',
      path: `/${collection}`,
      operationId: `list${op}s`,
      summary: `List ${noun}s`,
      tags: [tag],
      auth: { kind: 'bearer', permission: 'exports.read' },
      query: z
        .object({ schedule_id: Uuid.optional().openapi({ param: { name: 'schedule_id', in: 'query' }, description: 'Only the runs of this export schedule.' }), ...pageQuery })
        .strict(),
      responses: { 200: { description: 'A page of exports, oldest first.', schema: listOf(ExportBody, `${op}List`) } },
      handler: async ({ query, caller, services }) => {
        const filter = { schedule_id: query.schedule_id ?? null };
        const after = services.pager.decode(query.page_token, caller, filter);
        const rows = await listExports(services.sql, caller.enterpriseId, kind, after, query.page_size + 1, query.schedule_id);
        const scanned = rows.slice(0, query.page_size);
        const paths = new ScopePaths(services.sql);
        const visible: ExportRow[] = [];
        for (const row of scanned) {
          const path = (await paths.of(row.scope_ref)) ?? [caller.enterpriseRef, row.scope_ref];
          const also = ALSO_REQUIRES[kind];
          if (caller.can('exports.read', path) && (!also || caller.can(also, path))) visible.push(row);
        }
        return {
          body: {
            items: visible.map(presentExport),
            next_page_token: rows.length > query.page_size ? services.pager.encode(scanned[scanned.length - 1].id, caller, filter) : null,
          },
        };
      },
    }),
    defineRoute({
      method: 'get',
      path: `/${collection}/{export_id}`,
      operationId: `get${op}`,
      summary: `Get a ${noun}`,
      tags: [tag],
      auth: { kind: 'bearer', permission: 'exports.read' },
      params: IdParams,
      responses: { 200: { description: 'The export.', schema: ExportBody } },
      errors: ['EdgeNotFound'],
      handler: async ({ params, caller, services }) => ({ body: presentExport(await visibleExport(services.sql, caller, kind, params.export_id)) }),
    }),
    defineRoute({
      method: 'get',
      path: `/${collection}/{export_id}/download`,
      operationId: `download${op}`,
      summary: `Download a completed ${noun}`,
      description: 'Streams the file. `Repr-Digest` carries its SHA-256 (the export\'s `sha256`). 409 until completed; 410 after expiry.',
      tags: [tag],
      auth: { kind: 'bearer', permission: 'exports.read' },
      params: IdParams,
      responses: {
        200: {
          description: 'The file.',
          contentType: 'application/octet-stream',
          schema: z.string().openapi({ format: 'binary' }),
          headers: { 'Content-Disposition': { description: 'attachment; filename=...', schema: { type: 'string' } } },
        },
      },
      errors: ['EdgeNotFound', 'EdgeConflict', 'EdgeGone'],
      handler: async ({ params, caller, services }) => {
        const row = await visibleExport(services.sql, caller, kind, params.export_id);
        if (row.status === 'expired') throw new AppError('EdgeGone', 'The export file has expired.', { reason: 'export_expired' });
        if (row.status !== 'completed') throw conflict(`The export is ${row.status}.`, `export_${row.status}`);
        return {
          body: createReadStream(exportFilePath(services.config.dataDir, row)),
          headers: {
            'Content-Type': row.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson',
            'Content-Disposition': `attachment; filename="${collection}-${row.id}.${row.format}"`,
            'Content-Length': String(row.byte_size),
            'Repr-Digest': `sha-256=:${Buffer.from(row.sha256!, 'hex').toString('base64')}:`,
          },
        };
      },
    }),
  ];
}

async function visibleSchedule(sql: Sql, caller: Caller, id: string, permission: Permission): Promise<ScheduleRow> {
  const row = await findSchedule(sql, id);
  if (!row) throw notFound('export schedule');
  caller.require(permission, await pathOf(sql, row), 'export schedule');
  return row;
}

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
    const path = await scopePathOf(services.sql, body.scope_ref);
    requireFor(caller, body.kind, 'exports.create', path ?? [body.scope_ref], 'scope');
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
  handler: async ({ query, caller, services }) => {
    const after = services.pager.decode(query.page_token, caller, {});
    const rows = await listSchedules(services.sql, caller.enterpriseId, after, query.page_size + 1);
    const paths = new ScopePaths(services.sql);
    const scanned = rows.slice(0, query.page_size);
    const visible: ScheduleRow[] = [];
    for (const row of scanned) if (caller.can('exports.read', (await paths.of(row.scope_ref)) ?? [caller.enterpriseRef])) visible.push(row);
    return {
      body: {
        items: visible.map((r) => presentSchedule(r)),
        next_page_token: rows.length > query.page_size ? services.pager.encode(scanned[scanned.length - 1].id, caller, {}) : null,
      },
    };
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
          caller.require('exports.create', await pathOf(services.sql, r), 'export schedule');
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

export const allExportRoutes: RouteDef[] = [
  ...exportRoutes('operations_activity'),
  ...exportRoutes('user_action_audit'),
  ...exportRoutes('client_account_statement'),
  ...exportScheduleRoutes,
];
