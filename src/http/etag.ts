import type Koa from 'koa';
import { OptimisticLockError } from '@mikro-orm/core';
import { AppError } from '../errors';
import { etagOf } from '../db/base';

/** A stale If-Match is 412 and changes nothing; no If-Match means last writer wins (documented). */
export function assertIfMatch(ctx: Koa.Context, row: { id: string; version: number }): void {
  const header = ctx.get('if-match');
  if (!header || header.trim() === '*') return;
  const current = etagOf(row);
  const presented = header.split(',').map((t) => t.trim().replace(/^W\//, ''));
  if (!presented.includes(current)) {
    throw new AppError('EdgePreconditionFailed', 'The resource has changed since the ETag in If-Match was issued.', {
      extensions: { current_etag: current },
    });
  }
}

/** Maps a lost optimistic-lock race (a concurrent writer committed first) to 412. */
export async function withOptimisticLock<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof OptimisticLockError) {
      throw new AppError('EdgePreconditionFailed', 'The resource was changed concurrently; fetch it and retry.');
    }
    throw err;
  }
}
