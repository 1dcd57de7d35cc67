import { createReadStream } from 'node:fs';
import { z } from '../../schema/zod';
import { defineRoute, type RouteDef } from '../route';
import { Uuid } from '../../schema/common';
import { listOf, pageQuery } from '../pagination';
import { AppError, conflict, unprocessable } from '../../errors';
import { ExportBody } from '../../domain/exports/events';
import { EXPORT_KINDS, exportFileName, exportFilePath, listExports, presentExport, requestExport } from '../../domain/exports/exports';
import { ALSO_REQUIRES, readableExports, requireExportCreate, visibleExport } from '../../domain/exports/access';
import type { ExportKind } from '../../domain/exports/sources';
import { auditRowAlongside } from '../audit-trail';
import { ASSET_CODES } from '../../money/assets';
import { exportScheduleRoutes } from './export-schedules';
import { Format, Instant, TopologyRef } from './export-shapes';

const ClientAccountRef = z
  .string()
  .regex(/^client-accounts\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'must be a client-account reference')
  .openapi({ example: 'client-accounts/0193a1c2-7f00-7abc-8def-0123456789ab' });
const TITLES: Record<ExportKind, { tag: string; noun: string; op: string }> = {
  operations_activity: { tag: 'Exports', noun: 'operations activity export', op: 'OperationsActivityExport' },
  user_action_audit: { tag: 'Exports', noun: 'user action audit export', op: 'UserActionAuditExport' },
  client_account_statement: { tag: 'Exports', noun: 'client account statement export', op: 'ClientAccountStatementExport' },
};

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
        await requireExportCreate(services.sql, caller, kind, body.scope_ref);
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
      handler: async ({ query, caller, services, pager }) => {
        const fetch = (after: string | null, limit: number) => listExports(services.sql, caller.enterpriseId, kind, after, limit, query.schedule_id);
        return { body: await pager.list(query, caller, fetch, presentExport, { visible: (rows) => readableExports(services.sql, caller, kind, rows) }) };
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
      handler: async ({ params, caller, services }) => ({ body: presentExport(await visibleExport(services.sql, caller, kind, params.export_id, noun)) }),
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
          headers: {
            'Content-Disposition': {
              description:
                kind === 'client_account_statement'
                  ? '`attachment; filename="statement-export-<account id>-<asset>-<from>-to-<to>.<format>"`, `from` and `to` as their UTC dates.'
                  : `\`attachment; filename="${collection}-<export id>.<format>"\`.`,
              schema: { type: 'string' },
            },
          },
        },
      },
      errors: ['EdgeNotFound', 'EdgeConflict', 'EdgeGone'],
      handler: async ({ params, caller, services }) => {
        const row = await visibleExport(services.sql, caller, kind, params.export_id, noun);
        if (row.status === 'expired') throw new AppError('EdgeGone', 'The export file has expired.', { reason: 'export_expired' });
        if (row.status !== 'completed') throw conflict(`The export is ${row.status}.`, `export_${row.status}`);
        return {
          body: createReadStream(exportFilePath(services.config.dataDir, row)),
          headers: {
            'Content-Type': row.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson',
            'Content-Disposition': `attachment; filename="${exportFileName(row)}"`,
            'Content-Length': String(row.byte_size),
            'Repr-Digest': `sha-256=:${Buffer.from(row.sha256!, 'hex').toString('base64')}:`,
          },
        };
      },
    }),
  ];
}

export const allExportRoutes: RouteDef[] = [
  ...exportRoutes('operations_activity'),
  ...exportRoutes('user_action_audit'),
  ...exportRoutes('client_account_statement'),
  ...exportScheduleRoutes,
];
