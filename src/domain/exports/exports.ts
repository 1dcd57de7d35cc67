import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Sql, TransactionSql } from 'postgres';
import type { SubjectAttribution } from '../../auth/caller';
import type { Services } from '../../services';
import { etagOf, iso, type Alongside } from '../../db/base';
import { parseRef, uuidv7 } from '../../ids';
import { recordEventSql } from '../../events/outbox';
import { EXPORT_EVENTS } from './events';
import { exportSource, type ExportKind } from './sources';
import { copyEncoded, encodeBatches, writeExportFile, type ExportFormat } from './writer';
import { forgetUnstarted, recordStart, startOwed, type WorkflowStart } from '../../temporal/start-outbox';
import { EXPORT_WORKFLOW, exportWorkflowId, type ExportWorkflowInput } from './messages';
import { statementDownloadName } from '../../reference/statement-download';

export type ExportStatus = 'queued' | 'running' | 'completed' | 'failed' | 'expired';

export interface ExportRow {
  id: string;
  version: number;
  created_at: Date;
  updated_at: Date;
  enterprise_id: string;
  kind: ExportKind;
  format: ExportFormat;
  scope_ref: string;
  asset: string | null;
  range_start: Date;
  range_end: Date;
  status: ExportStatus;
  failure_reason: string | null;
  row_count: bigint | null;
  byte_size: bigint | null;
  sha256: string | null;
  completed_at: Date | null;
  expires_at: Date | null;
  schedule_id: string | null;
  scheduled_for: Date | null;
  attribution: SubjectAttribution | null;
}

export const EXPORT_KINDS: Record<ExportKind, { resource: string; collection: string }> = {
  operations_activity: { resource: 'operations_activity_export', collection: 'operations-activity-exports' },
  user_action_audit: { resource: 'user_action_audit_export', collection: 'user-action-audit-exports' },
  client_account_statement: { resource: 'client_account_statement_export', collection: 'client-account-statement-exports' },
};

export function exportFilePath(dataDir: string, row: Pick<ExportRow, 'id' | 'format'>): string {
  return path.join(dataDir, 'exports', `${row.id}.${row.format}`);
}

/** The name a download is saved under: a statement's says whose, in what and over which days, as the console's own CSV does. */
export function exportFileName(row: ExportRow): string {
  if (row.kind !== 'client_account_statement' || !row.asset) return `${EXPORT_KINDS[row.kind].collection}-${row.id}.${row.format}`;
  return statementDownloadName({
    file: 'statement-export',
    accountRef: row.scope_ref,
    asset: row.asset,
    from: row.range_start.toISOString(),
    to: row.range_end.toISOString(),
    format: row.format,
  });
}

export function presentExport(e: ExportRow) {
  const { resource, collection } = EXPORT_KINDS[e.kind];
  return {
    id: e.id,
    resource: resource as 'operations_activity_export' | 'user_action_audit_export' | 'client_account_statement_export',
    scope_ref: e.scope_ref,
    asset: e.asset,
    format: e.format,
    from: e.range_start.toISOString(),
    to: e.range_end.toISOString(),
    status: e.status,
    failure_reason: e.failure_reason,
    // Counts, not money: safely within a double.
    row_count: e.row_count === null ? null : Number(e.row_count),
    byte_size: e.byte_size === null ? null : Number(e.byte_size),
    sha256: e.sha256,
    download_path: e.status === 'completed' ? `/${collection}/${e.id}/download` : null,
    expires_at: iso(e.expires_at),
    completed_at: iso(e.completed_at),
    schedule_ref: e.schedule_id ? `export-schedules/${e.schedule_id}` : null,
    scheduled_for: iso(e.scheduled_for),
    etag: etagOf(e),
    created_at: e.created_at.toISOString(),
    updated_at: e.updated_at.toISOString(),
  };
}

async function recordExportEvent(tx: TransactionSql, type: string, row: ExportRow) {
  await recordEventSql(tx, {
    type,
    enterpriseId: row.enterprise_id,
    scopeRef: row.scope_ref,
    resourceRef: `${EXPORT_KINDS[row.kind].collection}/${row.id}`,
    payload: presentExport(row),
    attribution: row.attribution,
  });
}

export interface NewExport {
  enterpriseId: string;
  kind: ExportKind;
  format: ExportFormat;
  scopeRef: string;
  /** A statement's asset; absent for other kinds. */
  asset?: string;
  rangeStart: Date;
  rangeEnd: Date;
  attribution: SubjectAttribution | null;
  scheduleId?: string;
  scheduledFor?: Date;
}

/**
 * Inserts a queued export with its event; a schedule run that already created its export gets that one
 * back. `owes`: the workflow start a new export is owed, recorded in the same transaction (temporal/start-outbox);
 * `alongside`: more work committed with a new export (the request's audit entry).
 */
export async function queueExport(sql: Sql, input: NewExport, owes?: (row: ExportRow) => WorkflowStart, alongside?: Alongside<ExportRow>): Promise<ExportRow> {
  return sql.begin(async (tx) => {
    const [row] = await tx<ExportRow[]>`
      insert into exports (id, enterprise_id, kind, format, scope_ref, asset, range_start, range_end, schedule_id, scheduled_for, attribution)
      values (${uuidv7()}, ${input.enterpriseId}, ${input.kind}, ${input.format}, ${input.scopeRef}, ${input.asset ?? null}, ${input.rangeStart}, ${input.rangeEnd},
              ${input.scheduleId ?? null}, ${input.scheduledFor ?? null}, ${input.attribution ? tx.json(input.attribution as never) : null})
      on conflict (schedule_id, scheduled_for) where schedule_id is not null do nothing
      returning *`;
    if (!row) {
      const [existing] = await tx<ExportRow[]>`select * from exports where schedule_id = ${input.scheduleId!} and scheduled_for = ${input.scheduledFor!}`;
      return existing;
    }
    await recordExportEvent(tx, EXPORT_EVENTS.queued, row);
    if (owes) await recordStart(tx, owes(row));
    await alongside?.(tx, row);
    return row;
  });
}

/**
 * POST /<exports>: queues the export, then starts `export/<id>` (the start is owed in the export's
 * transaction, so a process that dies before it leaves it to the worker's sweeper). A start that fails
 * ends the export `failed` (`workflow_start_failed`) and answers 503.
 */
export async function requestExport(services: Services, input: NewExport, opts: { taskQueue?: string; alongside?: Alongside<ExportRow> } = {}): Promise<ExportRow> {
  const owes = (row: ExportRow): WorkflowStart => {
    const { workflowId, input: args } = startExportWorkflowArgs(services, row.id);
    return { workflowType: EXPORT_WORKFLOW, workflowId, taskQueue: opts.taskQueue ?? services.temporal.taskQueue, args: [args] };
  };
  const row = await queueExport(services.sql, input, owes, opts.alongside);
  const start = owes(row);
  await startOwed(services, start, () =>
    services.sql.begin(async (tx) => {
      await forgetUnstarted(tx, { workflowId: start.workflowId });
      const [failed] = await tx<ExportRow[]>`
        update exports set status = 'failed', failure_reason = 'workflow_start_failed', version = version + 1, updated_at = now()
         where id = ${row.id} and status = 'queued' returning *`;
      if (failed) await recordExportEvent(tx, EXPORT_EVENTS.failed, failed);
    }),
  );
  return row;
}

/** Workflow id and input of an export's workflow; requestExport starts it, schedule runs start it as a child. */
export function startExportWorkflowArgs(services: Pick<Services, 'config'>, exportId: string): { workflowId: string; input: ExportWorkflowInput } {
  return { workflowId: exportWorkflowId(exportId), input: { exportId, retentionSeconds: services.config.exportRetentionSeconds } };
}

export async function findExport(sql: Sql, id: string, kind?: ExportKind): Promise<ExportRow | null> {
  const [row] = await sql<ExportRow[]>`select * from exports where id = ${id} and ${kind ? sql`kind = ${kind}` : sql`true`}`;
  return row ?? null;
}

export function listExports(sql: Sql, enterpriseId: string, kind: ExportKind, afterId: string | null, limit: number, scheduleId?: string) {
  return sql<ExportRow[]>`
    select * from exports
     where enterprise_id = ${enterpriseId} and kind = ${kind}
       and ${scheduleId ? sql`schedule_id = ${scheduleId}` : sql`true`}
       and ${afterId ? sql`id > ${afterId}` : sql`true`}
     order by id limit ${limit}`;
}

/** The scope refs an export covers: its scope and, for a client, the client's accounts. */
async function scopeRefsOf(sql: Sql, row: ExportRow): Promise<string[] | null> {
  const ref = parseRef(row.scope_ref);
  if (!ref || ref.collection === 'enterprises') return null;
  if (ref.collection !== 'clients') return [row.scope_ref];
  const accounts = await sql<{ id: string }[]>`select id from client_accounts where client_id = ${ref.id}`;
  return [row.scope_ref, ...accounts.map((a) => `client-accounts/${a.id}`)];
}

async function transition(sql: Sql, id: string, from: ExportStatus[], set: Record<string, unknown>, eventType: string | null): Promise<ExportRow | null> {
  return sql.begin(async (tx) => {
    const [row] = await tx<ExportRow[]>`
      update exports set ${tx(set as Record<string, never>)}, version = version + 1, updated_at = now()
       where id = ${id} and status = any(${from}::text[]) returning *`;
    if (row && eventType) await recordExportEvent(tx, eventType, row);
    return row ?? null;
  });
}

/**
 * Writes the export's file from its source and completes it. Safe to run again after a crash: a
 * completed export is left alone, anything else is written from the start.
 */
export async function produceExport(services: Pick<Services, 'sql' | 'config' | 'reads'>, id: string, retentionSeconds: number, heartbeat: (rows: number) => void): Promise<ExportRow> {
  const { sql, config } = services;
  const current = await findExport(sql, id);
  if (!current) throw new Error(`export ${id} does not exist`);
  if (current.status === 'completed' || current.status === 'expired') return current;
  const row = (await transition(sql, id, ['queued', 'running'], { status: 'running' }, null)) ?? current;
  const source = exportSource(row.kind);
  const file = exportFilePath(config.dataDir, row);
  mkdirSync(path.dirname(file), { recursive: true });
  const selection = {
    enterpriseId: row.enterprise_id,
    scopeRefs: await scopeRefsOf(sql, row),
    scopeRef: row.scope_ref,
    asset: row.asset,
    rangeStart: row.range_start,
    rangeEnd: row.range_end,
  };
  // The period is over once the replica has replayed past its end: the bulk read goes there (DATABASE_READ_URL).
  const reader = services.reads.upTo(row.range_end);
  const chunks = source.query
    ? copyEncoded(reader, source.query(selection), source.columns, row.format, source.numeric)
    : encodeBatches(source.rows(reader, selection, 2000), source.columns, row.format, source.numeric);
  const written = await writeExportFile(chunks, source.columns, row.format, file, heartbeat);
  const completed = await transition(
    sql,
    id,
    ['running'],
    {
      status: 'completed',
      row_count: written.rowCount,
      byte_size: written.byteSize,
      sha256: written.sha256,
      completed_at: new Date(),
      expires_at: new Date(Date.now() + retentionSeconds * 1000),
    },
    EXPORT_EVENTS.completed,
  );
  return completed ?? (await findExport(sql, id))!;
}

export async function failExport(services: Pick<Services, 'sql' | 'config'>, id: string, reason: string): Promise<void> {
  await transition(services.sql, id, ['queued', 'running'], { status: 'failed', failure_reason: reason.slice(0, 500) }, EXPORT_EVENTS.failed);
  await rm(`${exportFilePath(services.config.dataDir, { id, format: 'csv' })}.part`, { force: true });
  await rm(`${exportFilePath(services.config.dataDir, { id, format: 'jsonl' })}.part`, { force: true });
}

export async function expireExport(services: Pick<Services, 'sql' | 'config'>, id: string): Promise<void> {
  const row = await findExport(services.sql, id);
  if (!row) return;
  await rm(exportFilePath(services.config.dataDir, row), { force: true });
  await transition(services.sql, id, ['completed'], { status: 'expired' }, EXPORT_EVENTS.expired);
}
