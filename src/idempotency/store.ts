import type { PendingQuery, Row, Sql, TransactionSql } from 'postgres';
import { isRefusal } from '../db/refusals';
import { bulkInsert, bulkTable, type BulkRows, type BulkTable } from '../db/bulk';

/* The answers stored under idempotency keys, and the scope an effect stores its answer through (runIdempotently in run.ts). */

export const IDEMPOTENCY_RETENTION_HOURS = 24;

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
   */
  answered(result: Answer): { answer: AnswerRow; alongside?: { table: BulkTable<unknown>; row: unknown } } {
    if (this.claimed) throw new Error('idempotency: a claimed key is answered over its claim, not in a group commit');
    this.recorded = true;
    return {
      answer: {
        principal_id: this.principalId,
        key: this.key,
        request_hash: this.fingerprint,
        response_status: result.status ?? 200,
        response_text: bodyText(result.body),
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
  response_text: string | null;
  response_headers: Record<string, string>;
}

/**
 * The body as the JSON text it is first sent as, key order included, so a replay sends the same bytes
 * (jsonb would sort the keys). Rendering at an API version happens on the way out, to both alike.
 */
export const bodyText = (body: unknown): string | null => (body === undefined ? null : JSON.stringify(body));

const ANSWERS = bulkTable<AnswerRow>(
  'idempotency_records',
  { principal_id: 'uuid', key: 'text', request_hash: 'text', response_status: 'int', response_text: 'text', response_headers: 'jsonb' },
  {
    computed: { state: `'completed'`, expires_at: `now() + make_interval(hours => ${IDEMPOTENCY_RETENTION_HOURS})` },
    // In key order: concurrent group commits take the keys' row locks in one order.
    tail: `order by principal_id, key
           on conflict (principal_id, key) do update
              set request_hash = excluded.request_hash, state = 'completed', created_at = now(), expires_at = excluded.expires_at,
                  response_status = excluded.response_status, response_text = excluded.response_text, response_body = null,
                  response_event_id = null, response_headers = excluded.response_headers
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

export interface KeyRef {
  principalId: string;
  key: string;
  fingerprint: string;
}

/**
 * The statement that stores a completed answer: over this request's own claim, or (nothing claimed
 * beforehand) as a new record that also claims the key — taking over only an expired one. Returns a
 * row exactly when it stored.
 */
export function answerStatement(db: Sql | TransactionSql, k: KeyRef, result: Answer, mode: 'over-claim' | 'insert'): PendingQuery<Row[]> {
  const status = result.status ?? 200;
  const text = bodyText(result.body);
  const headers = db.json(result.headers ?? {});
  return mode === 'over-claim'
    ? db`
        update idempotency_records
           set state = 'completed', response_status = ${status}, response_text = ${text}, response_body = null, response_event_id = null, response_headers = ${headers}
         where principal_id = ${k.principalId} and key = ${k.key}
        returning 1`
    : db`
        insert into idempotency_records (principal_id, key, request_hash, state, expires_at, response_status, response_text, response_headers)
        values (${k.principalId}, ${k.key}, ${k.fingerprint}, 'completed', now() + make_interval(hours => ${IDEMPOTENCY_RETENTION_HOURS}),
                ${status}, ${text}, ${headers})
        on conflict (principal_id, key) do update
           set request_hash = excluded.request_hash, state = 'completed', created_at = now(), expires_at = excluded.expires_at,
               response_status = excluded.response_status, response_text = excluded.response_text, response_body = null, response_event_id = null,
               response_headers = excluded.response_headers
         where idempotency_records.expires_at < now()
        returning 1`;
}

