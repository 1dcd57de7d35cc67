import type { PendingQuery, Row, Sql, TransactionSql } from 'postgres';
import { AppError } from '../errors';
import { isRefusal } from '../db/refusals';
import { isDatabaseUnavailable } from '../db/unavailable';
import { bulkInsert, bulkTable, type BulkRows, type BulkTable } from '../db/bulk';

export const IDEMPOTENCY_RETENTION_HOURS = 24;
/** An `in_progress` record older than this is treated as abandoned by a crashed process. */
const ABANDONED_AFTER_SECONDS = 60;

/** What is stored under a key and replayed to its retries: an HTTP handler's result. */
export interface Answer<R = unknown> {
  status?: number;
  body: R;
  headers?: Record<string, string>;
}

export interface Replay extends Answer {
  replayed: true;
}

/** A row a request commits with its answer (its audit entry): the table and the row for an answer. */
export interface Alongside<R = unknown> {
  table: BulkTable<R>;
  row(result: Answer): R;
}

/**
 * Lets an effect store its answer inside its own transaction, so the answer exists if and only if
 * the effect committed. Then an `in_progress` record can only mean nothing was committed, and
 * taking over an abandoned one can never book twice. Money paths use it.
 *
 * With `claimed` false (routes with `answerInTransaction`) nothing was claimed beforehand: `record`
 * claims the key and stores the answer in one statement at the end of the effect's transaction, so a
 * request costs one commit instead of three (claim, effect, answer). A concurrent request with the
 * same key waits on that row until the first commits, then finds the key taken and rolls back; the
 * key is the last lock the transaction takes, so the wait cannot deadlock.
 */
export class IdempotencyScope implements KeyRef {
  recorded = false;
  constructor(
    readonly principalId: string,
    readonly key: string,
    readonly fingerprint: string,
    private readonly claimed: boolean,
    /** More rows the request commits with its answer (the audit entry of the request). */
    private readonly alongside?: Alongside,
  ) {}

  /**
   * Issues the answer's statements at once (pipelined behind the effect's); rejects with KeyTaken if
   * another request holds the key. `refuseInSql`: a taken key also aborts the transaction, for a
   * caller that pipelines its COMMIT without looking at the results first.
   */
  record(tx: TransactionSql, result: Answer, opts: { refuseInSql?: boolean } = {}): Promise<void> {
    this.recorded = true;
    let answer = answerStatement(tx, this, result, this.claimed ? 'over-claim' : 'insert');
    if (opts.refuseInSql) answer = tx`with answered as (${answer}) select counterfoil_refuse(${KEY_TAKEN}) where not exists (select from answered)`;
    const statements = [answer, ...(this.alongside ? [bulkInsert(tx, this.alongside.table, [this.alongside.row(result)])] : [])];
    for (const q of statements) q.execute();
    return Promise.all(statements).then(
      ([rows]) => {
        if (!opts.refuseInSql && rows.length === 0) throw new KeyTaken();
      },
      (err) => {
        throw isRefusal(err, KEY_TAKEN) ? new KeyTaken() : err;
      },
    );
  }

  /**
   * Forgets the answer the effect recorded, in the transaction that undoes the effect (a record
   * released because its workflow could not be started): a retry under the key is a new attempt.
   */
  forget(tx: TransactionSql): PendingQuery<Row[]> {
    return tx`delete from idempotency_records where principal_id = ${this.principalId} and key = ${this.key}`;
  }

  /**
   * The answer and its alongside row as data, for a group commit that stores many answers in one
   * statement (answersInBulk). Only for scopes that claimed nothing beforehand (`answerInTransaction`).
   * `bodyIsEvent`: the id of an event the same transaction writes whose payload is the body, byte for
   * byte; the record then refers to it instead of holding a second copy (events are never purged).
   */
  answered(result: Answer, bodyIsEvent?: string): { answer: AnswerRow; alongside?: { table: BulkTable<unknown>; row: unknown } } {
    if (this.claimed) throw new Error('idempotency: a claimed key is answered over its claim, not in a group commit');
    this.recorded = true;
    return {
      answer: {
        principal_id: this.principalId,
        key: this.key,
        request_hash: this.fingerprint,
        response_status: result.status ?? 200,
        response_body: bodyIsEvent ? null : (result.body ?? null),
        response_event_id: bodyIsEvent ?? null,
        response_headers: result.headers ?? {},
      },
      alongside: this.alongside ? { table: this.alongside.table, row: this.alongside.row(result) } : undefined,
    };
  }
}

interface AnswerRow {
  principal_id: string;
  key: string;
  request_hash: string;
  response_status: number;
  response_body: unknown;
  response_event_id: string | null;
  response_headers: Record<string, string>;
}

const ANSWERS = bulkTable<AnswerRow>(
  'idempotency_records',
  { principal_id: 'uuid', key: 'text', request_hash: 'text', response_status: 'int', response_body: 'jsonb', response_event_id: 'uuid', response_headers: 'jsonb' },
  {
    computed: { state: `'completed'`, expires_at: `now() + make_interval(hours => ${IDEMPOTENCY_RETENTION_HOURS})` },
    // In key order: concurrent group commits take the keys' row locks in one order.
    tail: `order by principal_id, key
           on conflict (principal_id, key) do update
              set request_hash = excluded.request_hash, state = 'completed', created_at = now(), expires_at = excluded.expires_at,
                  response_status = excluded.response_status, response_body = excluded.response_body,
                  response_event_id = excluded.response_event_id, response_headers = excluded.response_headers
            where idempotency_records.expires_at < now()
           returning 1`,
  },
);

/**
 * Many answers (IdempotencyScope.answered) as bulk rows for one statement (db/bulk bulkInsertAll):
 * the answers, which claim their keys, then their alongside rows by table. `refusal(at)` is that
 * statement's final SELECT, with the answers' CTE at position `at`: it refuses in SQL (KeyTaken)
 * when any key was taken, aborting the transaction.
 */
export function answersInBulk(answered: ReturnType<IdempotencyScope['answered']>[]) {
  const rows = answered.map((a) => a.answer);
  const byTable = new Map<BulkTable<unknown>, unknown[]>();
  for (const a of answered) if (a.alongside) byTable.set(a.alongside.table, [...(byTable.get(a.alongside.table) ?? []), a.alongside.row]);
  const parts: BulkRows[] = [{ table: ANSWERS as BulkTable<unknown>, rows }, ...[...byTable].map(([table, tableRows]) => ({ table, rows: tableRows }))];
  return {
    parts,
    refusal: (at: number) => ({
      sql: (ctes: string[], p: number) => `select counterfoil_refuse($${p}) where (select count(*) from ${ctes[at]}) < $${p + 1}`,
      params: [KEY_TAKEN, rows.length],
    }),
  };
}

/** Whether a group commit failed because one of its keys was taken meanwhile. */
export const isKeyTaken = (err: unknown) => isRefusal(err, KEY_TAKEN);

const KEY_TAKEN = 'idempotency_key_taken';

/** The key was claimed by another request meanwhile: the effect must roll back and the stored answer decide. */
export class KeyTaken extends Error {}

interface KeyRef {
  principalId: string;
  key: string;
  fingerprint: string;
}

/**
 * The statement that stores a completed answer: over this request's own claim, or (nothing claimed
 * beforehand) as a new record that also claims the key — taking over only an expired one. Returns a
 * row exactly when it stored.
 */
function answerStatement(db: Sql | TransactionSql, k: KeyRef, result: Answer, mode: 'over-claim' | 'insert'): PendingQuery<Row[]> {
  const status = result.status ?? 200;
  const body = db.json(result.body as never);
  const headers = db.json(result.headers ?? {});
  return mode === 'over-claim'
    ? db`
        update idempotency_records
           set state = 'completed', response_status = ${status}, response_body = ${body}, response_event_id = null, response_headers = ${headers}
         where principal_id = ${k.principalId} and key = ${k.key}
        returning 1`
    : db`
        insert into idempotency_records (principal_id, key, request_hash, state, expires_at, response_status, response_body, response_headers)
        values (${k.principalId}, ${k.key}, ${k.fingerprint}, 'completed', now() + make_interval(hours => ${IDEMPOTENCY_RETENTION_HOURS}),
                ${status}, ${body}, ${headers})
        on conflict (principal_id, key) do update
           set request_hash = excluded.request_hash, state = 'completed', created_at = now(), expires_at = excluded.expires_at,
               response_status = excluded.response_status, response_body = excluded.response_body, response_event_id = null,
               response_headers = excluded.response_headers
         where idempotency_records.expires_at < now()
        returning 1`;
}

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
             expires_at = excluded.expires_at, response_status = null, response_body = null, response_event_id = null, response_headers = null
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
  // An answer stored by reference (IdempotencyScope.answered) is its event's payload.
  const [existing] = await sql`
    select r.request_hash, r.state, r.response_status, coalesce(r.response_body, e.payload) as response_body, r.response_headers
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
    body: existing.response_body,
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
