import type Koa from 'koa';
import { OptimisticLockError } from '@mikro-orm/core';
import { AppError } from '../errors';
import { etagOf } from '../db/base';

/**
 * If-Match compares strongly (RFC 9110 §13.1.1): a weak tag `W/"…"` never matches, so a list of weak tags
 * only is 412 with its own reason; a stale tag is 412 and changes nothing; no If-Match means last writer wins.
 */
export function assertIfMatch(ctx: Koa.Context, row: { id: string; version: number }): void {
  const header = ctx.get('if-match');
  if (!header || header.trim() === '*') return;
  const current = etagOf(row);
  const presented = header.split(',').map((t) => t.trim()).filter(Boolean);
  if (presented.includes(current)) return;
  if (presented.every((t) => t.startsWith('W/'))) {
    throw new AppError('EdgePreconditionFailed', 'If-Match takes a strong ETag: a weak tag (W/"…") never matches. Send the ETag header as received.', {
      reason: 'if_match_weak_etag',
      extensions: { current_etag: current },
    });
  }
  throw new AppError('EdgePreconditionFailed', 'The resource has changed since the ETag in If-Match was issued.', {
    extensions: { current_etag: current },
  });
}

/**
 * Whether If-None-Match names the answer's ETag: weak comparison (RFC 9110 §13.1.2, `W/` ignored on both
 * sides), and `*` matches any current representation.
 */
export function noneMatchHits(header: string, etag: string): boolean {
  const opaque = (t: string) => t.trim().replace(/^W\//, '');
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => opaque(t) === opaque(etag));
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
