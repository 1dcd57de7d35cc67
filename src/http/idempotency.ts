import { createHash } from 'node:crypto';
import type { PendingQuery, Row, Sql, TransactionSql } from 'postgres';
import { AppError } from '../errors';
import type { HandlerResult } from './route';

export const IDEMPOTENCY_RETENTION_HOURS = 24;
/** An `in_progress` record older than this is treated as abandoned by a crashed process. */
const ABANDONED_AFTER_SECONDS = 60;
const KEY_RE = /^[\x21-\x7e]{1,255}$/;

export function requestFingerprint(method: string, path: string, raw: Buffer): string {
  return createHash('sha256').update(method).update('\0').update(path).update('\0').update(raw).digest('hex');
}

export function checkKey(key: string): void {
  if (!KEY_RE.test(key)) {
    throw new AppError('EdgeBadRequest', 'Idempotency-Key must be 1 to 255 visible ASCII characters.', {
      errors: [{ pointer: '/headers/idempotency-key', detail: 'invalid format' }],
    });
  }
}

export interface Replay extends HandlerResult {
  replayed: true;
}

/**
 * Lets an effect store its answer inside its own transaction, so the answer exists if and only if
 * the effect committed. Then an `in_progress` record can only mean nothing was committed, and
 * taking over an abandoned one can never book twice. Money paths use it.
 */
export class IdempotencyScope {
  recorded = false;
  constructor(
    readonly principalId: string,
    readonly key: string,
  ) {}

  /** The UPDATE to run (or pipeline) in the effect's transaction. */
  record(tx: TransactionSql, result: HandlerResult): PendingQuery<Row[]> {
    this.recorded = true;
    return tx`
      update idempotency_records
         set state = 'completed', response_status = ${result.status ?? 200}, response_body = ${tx.json(result.body as never)},
             response_headers = ${tx.json(result.headers ?? {})}
       where principal_id = ${this.principalId} and key = ${this.key}`;
  }
}

/**
 * Runs `effect` at most once per (principal, key). Same key and same request replays the stored
 * answer; another request under the same key is 422; the same key while the first still runs is 409.
 * Server errors are not stored, so the client's retry runs again.
 */
export async function runIdempotently(
  sql: Sql,
  principalId: string,
  key: string,
  fingerprint: string,
  effect: (scope: IdempotencyScope) => Promise<HandlerResult>,
): Promise<HandlerResult | Replay> {
  const claimed = await sql`
    insert into idempotency_records (principal_id, key, request_hash, state, expires_at)
    values (${principalId}, ${key}, ${fingerprint}, 'in_progress', now() + make_interval(hours => ${IDEMPOTENCY_RETENTION_HOURS}))
    on conflict (principal_id, key) do update
       set request_hash = excluded.request_hash, state = 'in_progress', created_at = now(),
           expires_at = excluded.expires_at, response_status = null, response_body = null, response_headers = null
     where idempotency_records.expires_at < now()
        or (idempotency_records.state = 'in_progress'
            and idempotency_records.request_hash = excluded.request_hash
            and idempotency_records.created_at < now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS}))
    returning 1`;

  if (claimed.length === 0) {
    const [existing] = await sql`
      select request_hash, state, response_status, response_body, response_headers
        from idempotency_records where principal_id = ${principalId} and key = ${key}`;
    if (!existing) throw new AppError('EdgeConflict', 'A request with this Idempotency-Key just completed; retry.');
    if (existing.request_hash !== fingerprint) {
      throw new AppError('EdgeUnprocessable', 'This Idempotency-Key was used with a different request.', {
        reason: 'idempotency_key_reused',
      });
    }
    if (existing.state === 'in_progress') {
      throw new AppError('EdgeConflict', 'A request with this Idempotency-Key is still being processed.', {
        reason: 'idempotency_key_in_use',
      });
    }
    return {
      status: existing.response_status,
      body: existing.response_body,
      headers: existing.response_headers ?? {},
      replayed: true,
    };
  }

  const scope = new IdempotencyScope(principalId, key);
  let result: HandlerResult;
  try {
    result = await effect(scope);
  } catch (err) {
    if (err instanceof AppError && err.status < 500) {
      await store(sql, principalId, key, err.status, { __problem: true, code: err.code, detail: err.detail, options: err.options }, {});
    } else {
      await sql`delete from idempotency_records where principal_id = ${principalId} and key = ${key}`;
    }
    throw err;
  }
  if (!scope.recorded) await store(sql, principalId, key, result.status ?? 200, result.body, result.headers ?? {});
  return result;
}

async function store(sql: Sql, principalId: string, key: string, status: number, body: unknown, headers: Record<string, string>) {
  await sql`
    update idempotency_records
       set state = 'completed', response_status = ${status}, response_body = ${sql.json(body as never)},
           response_headers = ${sql.json(headers)}
     where principal_id = ${principalId} and key = ${key}`;
}

/** A stored refusal replays as the same problem. */
export function replayedError(body: unknown): AppError | null {
  const b = body as { __problem?: boolean; code?: AppError['code']; detail?: string; options?: AppError['options'] };
  if (!b || !b.__problem || !b.code) return null;
  return new AppError(b.code, b.detail ?? '', b.options ?? {});
}

export async function purgeExpiredIdempotencyRecords(sql: Sql): Promise<number> {
  const rows = await sql`delete from idempotency_records where expires_at < now() returning 1`;
  return rows.length;
}
