import type Koa from 'koa';
import { isDatabaseUnavailable } from '../db/unavailable';
import { AppError } from '../errors';
import type { Services } from '../services';
import { insertAuditEntry, insertAuditEntryLate, requestAuditEntry } from '../domain/audit/entries';

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
    const values = requestAuditEntry(ctx, error);
    if (!values) return;
    const requestId = ctx.state.requestId;
    try {
      await insertAuditEntry(services.sql, values);
    } catch (err) {
      if (isDatabaseUnavailable(err)) {
        // A failover under the write (the pool reconnects within a second): written again in the
        // background, without holding the answer, once the database answers.
        writeLate(services, values, new Date(), requestId);
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
function writeLate(services: Pick<Services, 'sql' | 'log'>, values: unknown[], occurredAt: Date, requestId: string | undefined): void {
  const deadline = Date.now() + AUDIT_OUTAGE_WAIT_MS;
  const done = (async () => {
    for (let attempt = 1; ; attempt++) {
      await new Promise((r) => setTimeout(r, RETRY_MS));
      try {
        await insertAuditEntryLate(services.sql, values, occurredAt);
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
