import type Koa from 'koa';
import type { Caller } from '../auth/caller';
import type { Alongside } from '../db/base';
import { isDatabaseUnavailable } from '../db/unavailable';
import { AppError } from '../errors';
import { UUID_RE, uuidv7 } from '../ids';
import type { Services } from '../services';
import {
  insertAuditEntry,
  insertAuditEntryLate,
  outcomeOf,
  writeEntry,
  type AuditDb,
  type AuditedAs,
  type CarriedEntry,
  type EntryRecord,
} from '../domain/audit/entries';

/*
 * The audit entry of a request, read from its Koa context: the domain (domain/audit/entries) knows the
 * rows and how to write them, never the request, so everything that reads `ctx` lives here.
 */

/** How long an entry whose write met a failover is retried: well past an unplanned failover (≤ 15 s). */
export const AUDIT_OUTAGE_WAIT_MS = 60_000;
const RETRY_MS = 250;

/** Entries being written again after a failover (tests and shutdown wait for them). */
const late = new Set<Promise<void>>();

/** Resolves once every entry deferred by a failover is written or given up. */
export async function lateAuditEntries(): Promise<void> {
  await Promise.all([...late]);
}

/**
 * Runs around the request pipeline of every non-GET route and records the outcome once the handler has
 * answered or refused. Rate-limited refusals are not recorded: writing a row for each would hand a
 * flooding client the database the limiter protects.
 */
export function auditTrail(services: Pick<Services, 'sql' | 'log'>): Koa.Middleware {
  const record = async (ctx: Koa.Context, error: unknown) => {
    if (error instanceof AppError && error.code === 'EdgeRateLimited') return;
    const entry = requestAuditEntry(ctx, error);
    if (!entry) return;
    const requestId = ctx.state.requestId;
    try {
      await insertAuditEntry(services.sql, entry);
    } catch (err) {
      if (isDatabaseUnavailable(err)) {
        // A failover under the write (the pool reconnects within a second): written again in the
        // background, without holding the answer, once the database answers.
        writeLate(services, entry, new Date(), requestId);
        return;
      }
      // The effect (or refusal) already happened; losing its entry is logged loudly rather than turned into a 500.
      services.log.error({ err, request_id: requestId }, 'audit entry could not be written');
    }
  };
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      await record(ctx, err);
      throw err;
    }
    await record(ctx, null);
  };
}

/** Retries the entry until it is written or AUDIT_OUTAGE_WAIT_MS pass; only then is its loss an error. */
function writeLate(services: Pick<Services, 'sql' | 'log'>, entry: EntryRecord, occurredAt: Date, requestId: string | undefined): void {
  const deadline = Date.now() + AUDIT_OUTAGE_WAIT_MS;
  const done = (async () => {
    for (let attempt = 1; ; attempt++) {
      await new Promise((r) => setTimeout(r, RETRY_MS));
      try {
        await insertAuditEntryLate(services.sql, entry, occurredAt);
        services.log.info({ request_id: requestId, attempts: attempt, waited_ms: Date.now() - occurredAt.getTime() }, 'audit entry written after the database came back');
        return;
      } catch (err) {
        if (isDatabaseUnavailable(err) && Date.now() < deadline) continue;
        services.log.error({ err, request_id: requestId }, 'audit entry could not be written');
        return;
      }
    }
  })();
  late.add(done);
  void done.finally(() => late.delete(done));
}

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

/** What an entry reads of the route the pipeline put in `ctx.state.route`. */
interface AuditedRoute {
  operationId: string;
  path: string;
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

/**
 * Writes the success entry inside the handler's own transaction, so the entry exists if and only if
 * the effect does; the pipeline then does not write a second one. Routes that do not call this get the
 * pipeline's entry, written just after their effect committed.
 */
export async function auditInTransaction(db: AuditDb, ctx: Koa.Context, outcome: { status: number; resourceRef: string }): Promise<void> {
  await writeEntry(db, entryRecord(ctx, ctx.state.caller as Caller, outcome.status, null, outcome.resourceRef));
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

/** After a bulk request wrote an entry per item: the pipeline writes no entry of its own for it. */
export function auditedPerItem(ctx: Koa.Context): void {
  ctx.state.audited = true;
}

/** For a domain function that owns the change's transaction: the request's success entry for the change's result, as `outcome` names it. */
export const auditedBy = <T>(ctx: Koa.Context, outcome: (result: T) => { status: number; resourceRef: string }): AuditedAs<T> => ({
  write: (tx, result) => auditInTransaction(tx, ctx, outcome(result)),
});

/** The success entry naming `<collection>/<id>` of the change's result. */
export const auditedAs = <T extends { id: string }>(ctx: Koa.Context, status: number, collection: string): AuditedAs<T> =>
  auditedBy<T>(ctx, (row) => ({ status, resourceRef: `${collection}/${row.id}` }));

/**
 * The success entry as a row to commit in the handler's own transaction (routes with
 * `answerInTransaction`: it goes out with the Idempotency-Key answer). The pipeline writes no second
 * entry once that transaction committed.
 */
export function successEntry(ctx: Koa.Context, status: number, responseBody: unknown): EntryRecord {
  const resourceRef = impliedResourceRef((ctx.state.route as AuditedRoute).path, ctx.params ?? {}, responseBody);
  return entryRecord(ctx, ctx.state.caller as Caller, status, null, resourceRef);
}

/** The pipeline's entry of a request: null when there is no caller or the handler wrote its own. */
export function requestAuditEntry(ctx: Koa.Context, error: unknown): EntryRecord | null {
  const caller = ctx.state.caller as Caller | undefined;
  if (!caller || (!error && ctx.state.audited)) return null;
  const status = error ? (error instanceof AppError ? error.status : 500) : ctx.status;
  const errorCode = error ? (error instanceof AppError ? error.code : 'EdgeInternal') : null;
  const resourceRef =
    ctx.state.auditResourceRef ?? impliedResourceRef((ctx.state.route as AuditedRoute).path, ctx.params ?? {}, error ? undefined : ctx.body);
  return entryRecord(ctx, caller, status, errorCode, resourceRef);
}
