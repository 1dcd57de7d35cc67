import type Koa from 'koa';
import { AppError, ERROR_CODES, type ErrorCode, type ErrorReason, type FieldError, type NamedFieldError, type RefusedField } from '../errors';
import { isDatabaseUnavailable } from '../db/unavailable';

/**
 * Problem `type` URIs are path-absolute references to the page of their code in the reference this API
 * serves (src/http/docs.ts): they resolve against whichever base URL the client called, proxies included.
 */
export const PROBLEM_TYPE_BASE = '/docs/problems/';

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ErrorCode;
  reason: ErrorReason;
  request_id: string;
  errors: Array<{ pointer: string; detail: string }>;
  [extension: string]: unknown;
}

/** Where in a request each field the layers below HTTP refuse by name is: every money route carries `amount: {value, currency}`. */
const FIELD_POINTERS: Record<RefusedField, string> = { amount: '/body/amount/value' };

/** A refused input as the problem body's `errors[]` member: a field named below HTTP gets its request pointer. */
export function located(e: FieldError | NamedFieldError): FieldError {
  return 'field' in e ? { pointer: FIELD_POINTERS[e.field], detail: e.detail } : e;
}

export function problemBody(err: AppError, requestId: string): ProblemBody {
  const { title } = ERROR_CODES[err.code];
  return {
    ...(err.options.extensions ?? {}),
    type: `${PROBLEM_TYPE_BASE}${err.code}`,
    title,
    status: err.status,
    detail: err.detail,
    code: err.code,
    reason: err.reason,
    request_id: requestId,
    errors: (err.options.errors ?? []).map(located),
  };
}

/** Writes an AppError as RFC 9457 problem+json. */
export function sendProblem(ctx: Koa.Context, err: AppError): void {
  ctx.status = err.status;
  for (const [k, v] of Object.entries(err.options.headers ?? {})) ctx.set(k, v);
  ctx.type = 'application/problem+json';
  ctx.body = problemBody(err, ctx.state.requestId ?? '');
}

/** A database that went away mid-request is an outage, not a bug: 503 with Retry-After, so the client retries. */
export function databaseUnavailable(err: unknown): AppError | undefined {
  if (!isDatabaseUnavailable(err)) return undefined;
  return new AppError('TemporarilyUnavailable', 'The database connection was lost during the request. Retry with the same Idempotency-Key: an attempt that did commit replays its answer.', {
    headers: { 'Retry-After': '1' },
  });
}

/** Anything that is not an AppError is a bug: 500 with no internals, logged in full. */
export function problemMiddleware(): Koa.Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      if (err instanceof AppError) {
        sendProblem(ctx, err);
        ctx.state.errorCode = err.code;
        return;
      }
      // Koa's own client errors (e.g. aborted body) carry `expose` and a 4xx status.
      const status = (err as { status?: number }).status;
      if (status && status >= 400 && status < 500 && (err as { expose?: boolean }).expose) {
        sendProblem(ctx, new AppError(status === 413 ? 'EdgePayloadTooLarge' : 'EdgeBadRequest', (err as Error).message));
        return;
      }
      const unavailable = databaseUnavailable(err);
      if (unavailable) {
        ctx.state.log?.warn({ err }, 'database connection lost during the request');
        sendProblem(ctx, unavailable);
        ctx.state.errorCode = unavailable.code;
        return;
      }
      ctx.state.log?.error({ err }, 'unhandled error');
      sendProblem(ctx, new AppError('EdgeInternal', 'An internal error occurred; it has been logged with this request id.'));
    }
  };
}
