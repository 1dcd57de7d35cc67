import type Koa from 'koa';
import { AppError } from '../../errors';
import type { Services } from '../../services';
import { auditRequest } from './entries';

/**
 * Runs around the request pipeline of every non-GET route and records the outcome once the handler has
 * answered or refused. Rate-limited refusals are not recorded: writing a row for each would hand a
 * flooding client the database the limiter protects.
 */
export function auditTrail(services: Pick<Services, 'sql' | 'log'>): Koa.Middleware {
  const record = async (ctx: Koa.Context, error: unknown) => {
    if (error instanceof AppError && error.code === 'EdgeRateLimited') return;
    try {
      await auditRequest(ctx, services.sql, error);
    } catch (err) {
      // The effect (or refusal) already happened; losing its entry is logged loudly rather than turned into a 500.
      services.log.error({ err, request_id: ctx.state.requestId }, 'audit entry could not be written');
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
