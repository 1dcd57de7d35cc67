import type { Sql } from 'postgres';
import type { Caller, ScopePath } from '../../auth/caller';
import type { Permission } from '../../auth/permissions';
import { notFound } from '../../errors';
import { ScopePaths } from '../../events/log';
import { scopePathOf } from '../../auth/scope-paths';
import { findExport, type ExportRow } from './exports';
import { findSchedule, type ScheduleRow } from './schedules';
import type { ExportKind } from './sources';

/*
 * Who may request and read exports: `exports.*` at the export's scope, and what the kind reveals
 * beyond the export itself. Out-of-scope exports and schedules are 404, and lists leave them out.
 */

/**
 * What an export kind reveals beyond the export itself, so what its caller also needs at the scope:
 * the audit trail says who did what; a statement is the account's balances, read as GET …/statement reads them.
 */
export const ALSO_REQUIRES: Partial<Record<ExportKind, Permission>> = { user_action_audit: 'audit.read', client_account_statement: 'balances.read' };

async function pathOf(sql: Sql, row: { enterprise_id: string; scope_ref: string }): Promise<ScopePath> {
  return (await scopePathOf(sql, row.scope_ref)) ?? [`enterprises/${row.enterprise_id}`, row.scope_ref];
}

function requireFor(caller: Caller, kind: ExportKind, permission: Permission, path: ScopePath, what: string): void {
  caller.require(permission, path, what);
  const also = ALSO_REQUIRES[kind];
  if (also) caller.require(also, path, what);
}

/** The caller may request an export (or a schedule) of `kind` at `scopeRef`; an unknown scope is checked as itself (so 404). */
export async function requireExportCreate(sql: Sql, caller: Caller, kind: ExportKind, scopeRef: string): Promise<void> {
  requireFor(caller, kind, 'exports.create', (await scopePathOf(sql, scopeRef)) ?? [scopeRef], 'scope');
}

/** The export if the caller may read it, else 404 naming `noun`. */
export async function visibleExport(sql: Sql, caller: Caller, kind: ExportKind, id: string, noun: string): Promise<ExportRow> {
  const row = await findExport(sql, id, kind);
  if (!row) throw notFound(noun);
  requireFor(caller, kind, 'exports.read', await pathOf(sql, row), noun);
  return row;
}

/** The rows of a listed page the caller may read. */
export async function readableExports(sql: Sql, caller: Caller, kind: ExportKind, rows: ExportRow[]): Promise<ExportRow[]> {
  const paths = new ScopePaths(sql);
  const also = ALSO_REQUIRES[kind];
  const visible: ExportRow[] = [];
  for (const row of rows) {
    const path = (await paths.of(row.scope_ref)) ?? [caller.enterpriseRef, row.scope_ref];
    if (caller.can('exports.read', path) && (!also || caller.can(also, path))) visible.push(row);
  }
  return visible;
}

/** The schedule if the caller holds `permission` at its scope, else 404. */
export async function visibleSchedule(sql: Sql, caller: Caller, id: string, permission: Permission): Promise<ScheduleRow> {
  const row = await findSchedule(sql, id);
  if (!row) throw notFound('export schedule');
  caller.require(permission, await pathOf(sql, row), 'export schedule');
  return row;
}

/** Checks `exports.create` at a schedule's scope (before acting on it). */
export async function requireScheduleControl(sql: Sql, caller: Caller, row: ScheduleRow): Promise<void> {
  caller.require('exports.create', await pathOf(sql, row), 'export schedule');
}

/** The schedules of a listed page the caller may read. */
export async function readableSchedules(sql: Sql, caller: Caller, rows: ScheduleRow[]): Promise<ScheduleRow[]> {
  const paths = new ScopePaths(sql);
  const visible: ScheduleRow[] = [];
  for (const row of rows) if (caller.can('exports.read', (await paths.of(row.scope_ref)) ?? [caller.enterpriseRef])) visible.push(row);
  return visible;
}
