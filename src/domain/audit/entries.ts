import type Koa from 'koa';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Sql, TransactionSql } from 'postgres';
import { AppError } from '../../errors';
import { UUID_RE, uuidv7 } from '../../ids';
import type { Caller } from '../../auth/caller';
import { bulkTable } from '../../db/bulk';
import type { Alongside } from '../../db/base';

export type AuditOutcome = 'succeeded' | 'refused' | 'failed';

/** What an entry reads of the route the HTTP pipeline put in `ctx.state.route`. */
interface AuditedRoute {
  operationId: string;
  path: string;
}

/** Where an audit entry is written: a MikroORM transaction, a `postgres` transaction, or the pool. */
export type AuditDb = EntityManager | Sql | TransactionSql;

export interface AuditEntryRow {
  id: string;
  enterprise_id: string;
  occurred_at: Date;
  request_id: string;
  action: string;
  method: string;
  path: string;
  resource_ref: string | null;
  outcome: AuditOutcome;
  status_code: number;
  error_code: string | null;
  subject_id: string;
  actor_id: string | null;
  attribution: ReturnType<Caller['attribution']>;
  client_ip: string;
  user_agent: string | null;
  idempotency_key: string | null;
}

const COLUMNS = [
  'id', 'enterprise_id', 'request_id', 'action', 'method', 'path', 'resource_ref', 'outcome', 'status_code',
  'error_code', 'subject_id', 'actor_id', 'attribution', 'client_ip', 'user_agent', 'idempotency_key',
] as const;

const INSERT = `insert into user_action_audit_entries (${COLUMNS.join(', ')}) values (${COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})`;

const outcomeOf = (status: number): AuditOutcome => (status >= 500 ? 'failed' : status >= 400 ? 'refused' : 'succeeded');

/**
 * The resource a request acted on when the handler did not name it: the last `{x_id}` path
 * parameter (`/service-accounts/{service_account_id}/rotate-secret` → `service-accounts/<id>`), else the
 * created resource (`POST /users` answering `{id}` → `users/<id>`, or a `principal_ref` in the answer).
 */
export function impliedResourceRef(path: string, params: Record<string, string>, responseBody: unknown): string | null {
  const segments = path.split('/').filter(Boolean);
  for (let i = segments.length - 1; i > 0; i--) {
    const name = /^\{(.+)\}$/.exec(segments[i])?.[1];
    if (name && UUID_RE.test(params[name] ?? '') && !segments[i - 1].startsWith('{')) return `${segments[i - 1]}/${params[name]}`;
  }
  const body = responseBody as { id?: unknown; principal_ref?: unknown } | undefined;
  if (typeof body?.principal_ref === 'string') return body.principal_ref;
  if (typeof body?.id === 'string' && UUID_RE.test(body.id) && segments.length > 0) return `${segments[0]}/${body.id}`;
  return null;
}

export type EntryRecord = Omit<AuditEntryRow, 'occurred_at'>;

function entryValues(ctx: Koa.Context, caller: Caller, status: number, errorCode: string | null, resourceRef: string | null): unknown[] {
  const values = entryRecord(ctx, caller, status, errorCode, resourceRef);
  return COLUMNS.map((c) => values[c]);
}

function entryRecord(ctx: Koa.Context, caller: Caller, status: number, errorCode: string | null, resourceRef: string | null): EntryRecord {
  const route = ctx.state.route as AuditedRoute;
  return {
    id: uuidv7(),
    enterprise_id: caller.enterpriseId,
    request_id: ctx.state.requestId ?? '',
    action: route.operationId,
    method: ctx.method,
    path: ctx.path,
    resource_ref: resourceRef,
    outcome: outcomeOf(status),
    status_code: status,
    error_code: errorCode,
    subject_id: caller.subject.id,
    actor_id: caller.actor?.id ?? null,
    attribution: caller.attribution(),
    client_ip: ctx.state.clientIp ?? '',
    user_agent: ctx.get('user-agent').slice(0, 512) || null,
    idempotency_key: ctx.get('idempotency-key').slice(0, 255) || null,
  };
}

const ATTRIBUTION = COLUMNS.indexOf('attribution');

async function insert(db: AuditDb, values: unknown[]): Promise<void> {
  // postgres serializes a jsonb parameter itself; knex (MikroORM) needs the JSON text.
  if ('unsafe' in db) await db.unsafe(INSERT, values as never[], { prepare: true });
  else await db.execute(INSERT.replace(/\$\d+/g, '?'), values.map((v, i) => (i === ATTRIBUTION ? JSON.stringify(v) : v)));
}

/**
 * Writes the success entry inside the handler's own transaction, so the entry exists if and only if
 * the effect does; the pipeline then does not write a second one. Routes that do not call this get the
 * pipeline's entry, written just after their effect committed.
 */
export async function auditInTransaction(db: AuditDb, ctx: Koa.Context, outcome: { status: number; resourceRef: string }): Promise<void> {
  await insert(db, entryValues(ctx, ctx.state.caller as Caller, outcome.status, null, outcome.resourceRef));
  ctx.state.auditResourceRef = outcome.resourceRef;
  ctx.state.audited = true;
}

/** For a domain function's `alongside`: the request's success entry, naming `<collection>/<row id>`, committed with the row's change. */
export const auditRowAlongside =
  (ctx: Koa.Context, status: number, collection: string): Alongside<{ id: string }> =>
  (tx, row) =>
    auditInTransaction(tx, ctx, { status, resourceRef: `${collection}/${row.id}` });

/** For a domain function's `alongside`: the request's success entry naming `resourceRef` (what the request's path names, when that is not the changed row). */
export const auditAlongside =
  (ctx: Koa.Context, status: number, resourceRef: string): Alongside<unknown> =>
  (tx) =>
    auditInTransaction(tx, ctx, { status, resourceRef });

/** A request's success entry that travels with a workflow Update (`carriedEntry`). */
export interface CarriedEntry {
  /** The request's success entry, as the pipeline would record it (`impliedResourceRef` of the route's path). */
  entry: EntryRecord;
  /** Call once the Update the entry travelled with has been answered (its handler ran): the pipeline then writes no second entry. */
  committed: () => void;
}

/**
 * For a change a workflow's activity commits (an approval's vote or decision, a governed record's
 * cancel): the request's success entry travels with the workflow Update and is written in the
 * activity's transaction (`writeCarriedEntry`). Once the Update has answered, `committed()` tells the
 * pipeline not to write a second one. An Update its validator refused ran no activity: without
 * `committed()` the pipeline records the refusal, and that is the request's only entry.
 */
export function carriedEntry(ctx: Koa.Context, status: number): CarriedEntry {
  const entry = successEntry(ctx, status, undefined);
  return {
    entry,
    committed: () => {
      ctx.state.auditResourceRef = entry.resource_ref;
      ctx.state.audited = true;
    },
  };
}

/**
 * One item of a bulk request (POST /approvals/decisions): its own entry naming the item, with the
 * item's status and error, as if the item had been a request of its own. Write a refused item's with
 * `writeItemEntry`; a decided one's travels with its Update (`CarriedEntry`).
 */
export function itemEntry(ctx: Koa.Context, status: number, errorCode: string | null, resourceRef: string): EntryRecord {
  return entryRecord(ctx, ctx.state.caller as Caller, status, errorCode, resourceRef);
}

export async function writeItemEntry(db: AuditDb, entry: EntryRecord): Promise<void> {
  await insert(db, COLUMNS.map((c) => entry[c]));
}

/** After a bulk request wrote an entry per item: the pipeline writes no entry of its own for it. */
export function auditedPerItem(ctx: Koa.Context): void {
  ctx.state.audited = true;
}

/** Writes a carried entry in the change's transaction; a retried activity writes it once. */
export async function writeCarriedEntry(tx: TransactionSql, entry: EntryRecord): Promise<void> {
  await tx.unsafe(`${INSERT} on conflict (id) do nothing`, COLUMNS.map((c) => entry[c]) as never[], { prepare: true });
}

/** For a domain function that owns the change's transaction (inIamTransaction, the enterprise, client and account lifecycles): the request's success entry for the change's result, written inside it. */
export interface AuditedAs<T> {
  ctx: Koa.Context;
  outcome: (result: T) => { status: number; resourceRef: string };
}

/** The success entry naming `<collection>/<id>` of the change's result. */
export const auditedAs = <T extends { id: string }>(ctx: Koa.Context, status: number, collection: string): AuditedAs<T> => ({
  ctx,
  outcome: (row) => ({ status, resourceRef: `${collection}/${row.id}` }),
});

/** Writes `audited`'s entry for `result` in `tx`, the change's transaction; nothing when the caller audits otherwise. */
export async function auditAs<T>(tx: AuditDb, audited: AuditedAs<T> | undefined, result: T): Promise<void> {
  if (audited) await auditInTransaction(tx, audited.ctx, audited.outcome(result));
}

/** Audit entries as bulk rows (db/bulk), for the entries committed with an Idempotency-Key answer. */
export const AUDIT_ENTRIES = bulkTable<EntryRecord>('user_action_audit_entries', {
  id: 'uuid', enterprise_id: 'uuid', request_id: 'text', action: 'text', method: 'text', path: 'text', resource_ref: 'text',
  outcome: 'text', status_code: 'int', error_code: 'text', subject_id: 'uuid', actor_id: 'uuid', attribution: 'jsonb',
  client_ip: 'text', user_agent: 'text', idempotency_key: 'text',
});

/**
 * The success entry as a row to commit in the handler's own transaction (routes with
 * `answerInTransaction`: it goes out with the Idempotency-Key answer). The pipeline writes no second
 * entry once that transaction committed.
 */
export function successEntry(ctx: Koa.Context, status: number, responseBody: unknown): EntryRecord {
  const resourceRef = impliedResourceRef((ctx.state.route as AuditedRoute).path, ctx.params ?? {}, responseBody);
  return entryRecord(ctx, ctx.state.caller as Caller, status, null, resourceRef);
}

/** Writes an entry made by `requestAuditEntry`. */
export async function insertAuditEntry(db: Sql, values: unknown[]): Promise<void> {
  await insert(db, values);
}

/** The pipeline's entry of a request, as column values: null when there is no caller or the handler wrote its own. */
export function requestAuditEntry(ctx: Koa.Context, error: unknown): unknown[] | null {
  const caller = ctx.state.caller as Caller | undefined;
  if (!caller || (!error && ctx.state.audited)) return null;
  const status = error ? (error instanceof AppError ? error.status : 500) : ctx.status;
  const errorCode = error ? (error instanceof AppError ? error.code : 'EdgeInternal') : null;
  const resourceRef =
    ctx.state.auditResourceRef ?? impliedResourceRef((ctx.state.route as AuditedRoute).path, ctx.params ?? {}, error ? undefined : ctx.body);
  return entryValues(ctx, caller, status, errorCode, resourceRef);
}

const INSERT_LATE = `insert into user_action_audit_entries (${COLUMNS.join(', ')}, occurred_at) values (${COLUMNS.map((_, i) => `$${i + 1}`).join(', ')}, $${COLUMNS.length + 1}) on conflict (id) do nothing`;

/**
 * Writes an entry again after its first write failed with the connection (a failover): stamped with
 * the instant of the request, and at most once, since that first write may have committed unanswered.
 */
export async function insertAuditEntryLate(db: Sql, values: unknown[], occurredAt: Date): Promise<void> {
  await db.unsafe(INSERT_LATE, [...values, occurredAt] as never[]);
}
