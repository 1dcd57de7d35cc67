import type { Sql } from 'postgres';
import { AppError } from '../errors';
import { isDatabaseUnavailable } from '../db/unavailable';
import { IDEMPOTENCY_RETENTION_HOURS, IdempotencyScope, KeyTaken, answerStatement, type Alongside, type Answer, type KeyRef, type Replay } from './store';

/** An `in_progress` record older than this is treated as abandoned by a crashed process. */
const ABANDONED_AFTER_SECONDS = 60;

/**
 * Runs `effect` at most once per (principal, key). Same key and same request replays the stored
 * answer; another request under the same key is 422; the same key while the first still runs is 409.
 * Server errors are not stored, so the client's retry runs again. With `answerInTransaction` the
 * effect must call `scope.record` in its transaction on every successful path (see IdempotencyScope).
 */
export async function runIdempotently(
  sql: Sql,
  principalId: string,
  key: string,
  fingerprint: string,
  effect: (scope: IdempotencyScope) => Promise<Answer>,
  options: { answerInTransaction?: boolean; alongside?: Alongside } = {},
): Promise<Answer | Replay> {
  const inTransaction = options.answerInTransaction === true;
  let claimedAt: string | undefined;
  if (!inTransaction) {
    const claimed = await sql`
      insert into idempotency_records (principal_id, key, request_hash, state, expires_at)
      values (${principalId}, ${key}, ${fingerprint}, 'in_progress', now() + make_interval(hours => ${IDEMPOTENCY_RETENTION_HOURS}))
      on conflict (principal_id, key) do update
         set request_hash = excluded.request_hash, state = 'in_progress', created_at = now(),
             expires_at = excluded.expires_at, response_status = null, response_text = null, response_body = null, response_event_id = null, response_headers = null
       where idempotency_records.expires_at < now()
          or (idempotency_records.state = 'in_progress'
              and idempotency_records.request_hash = excluded.request_hash
              and idempotency_records.created_at < now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS}))
      returning created_at::text as claimed_at`;
    if (claimed.length === 0) return storedAnswer(sql, principalId, key, fingerprint);
    claimedAt = claimed[0].claimed_at as string;
  }

  const scope = new IdempotencyScope(principalId, key, fingerprint, !inTransaction, options.alongside);
  let result: Answer;
  try {
    result = await effect(scope);
  } catch (err) {
    if (err instanceof KeyTaken) return storedAnswer(sql, principalId, key, fingerprint);
    if (err instanceof AppError && err.status < 500) {
      const refusal = { __problem: true, code: err.code, detail: err.detail, options: err.options };
      // In-transaction mode: a request that lost the race to the same key replays the winner's answer, not its own refusal.
      if (!(await store(sql, scope, { status: err.status, body: refusal }, inTransaction))) return storedAnswer(sql, principalId, key, fingerprint);
    } else if (!inTransaction) {
      // Only a claim nothing answered: an answer the effect committed stands, and its retry replays it
      // (e.g. a withdrawal committed and started whose approval the answer then failed to wait for).
      await releaseClaim(sql, principalId, key, claimedAt!).catch((releaseErr: unknown) => {
        if (!isDatabaseUnavailable(releaseErr)) throw releaseErr;
        // The database is away (a failover): released once it is back, so the client's retry is not
        // refused as "in progress" until the claim counts as abandoned.
        releaseWhenBack(sql, principalId, key, claimedAt!);
      });
    }
    throw err;
  }
  if (!scope.recorded && !(await store(sql, scope, result, inTransaction))) {
    return storedAnswer(sql, principalId, key, fingerprint);
  }
  return result;
}

/**
 * Deletes this request's own claim if nothing answered it. Matching the claim's instant leaves alone
 * a claim another request took over meanwhile. The instant travels as text: a timestamptz parameter
 * goes through a JS Date, which drops the microseconds.
 */
function releaseClaim(sql: Sql, principalId: string, key: string, claimedAt: string) {
  return sql`delete from idempotency_records
              where principal_id = ${principalId} and key = ${key} and state = 'in_progress' and created_at = ${claimedAt}::text::timestamptz`;
}

/** How often, and for how long, a claim left by a failed request is released again while the database is away. */
export const RELEASE_RETRY_MS = 500;
const RELEASE_RETRY_FOR_MS = ABANDONED_AFTER_SECONDS * 1000;

/** Retries releaseClaim in the background until it succeeds or the claim would count as abandoned anyway. */
function releaseWhenBack(sql: Sql, principalId: string, key: string, claimedAt: string): void {
  const giveUpAt = Date.now() + RELEASE_RETRY_FOR_MS;
  const retry = () =>
    releaseClaim(sql, principalId, key, claimedAt).catch(() => {
      if (Date.now() < giveUpAt) setTimeout(retry, RELEASE_RETRY_MS).unref();
    });
  setTimeout(retry, RELEASE_RETRY_MS).unref();
}

/** The answer under a key this request could not claim. */
async function storedAnswer(sql: Sql, principalId: string, key: string, fingerprint: string): Promise<Replay> {
  // The body as first sent; a record stored before `response_text` existed holds jsonb (or refers to its event's payload).
  const [existing] = await sql`
    select r.request_hash, r.state, r.response_status, coalesce(r.response_text, r.response_body::text, e.payload::text) as response_text, r.response_headers
      from idempotency_records r left join events e on e.id = r.response_event_id
     where r.principal_id = ${principalId} and r.key = ${key}`;
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
    body: existing.response_text === null ? null : JSON.parse(existing.response_text as string),
    headers: existing.response_headers ?? {},
    replayed: true,
  };
}

/** Stores a completed answer outside the effect's transaction. False if another request holds the key. */
async function store(sql: Sql, k: KeyRef, result: Answer, inTransaction: boolean): Promise<boolean> {
  return (await answerStatement(sql, k, result, inTransaction ? 'insert' : 'over-claim')).length > 0;
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
