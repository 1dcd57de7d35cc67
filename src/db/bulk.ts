import type { Sql, TransactionSql } from 'postgres';

/**
 * Many rows in one statement: the rows travel as one JSON array parameter and PostgreSQL unpacks
 * them with `jsonb_to_recordset`, typed by the column list. One Bind/Execute for a batch instead of
 * one per row, and one prepared plan per table, whatever the batch size. Columns left out of the list
 * take their defaults. Values must be JSON-safe: bigints and numerics as decimal strings (a bigint
 * throws), times as Dates or ISO strings (numeric_in and timestamptz_in read them exactly).
 */
export interface BulkTable<R> {
  /** `insert into … select … from jsonb_to_recordset($<param>)`, plus `tail` (ON CONFLICT, RETURNING). */
  text(param?: number): string;
  /** Type only: the rows this table takes. */
  readonly rows?: readonly R[];
}

/** Rows for one table, to insert with others in one statement (bulkInsertAll). */
export interface BulkRows {
  table: BulkTable<unknown>;
  rows: readonly unknown[];
}

/**
 * `columns`: each row field and its SQL type. `computed`: more columns set by an SQL expression
 * (`now() + …`) rather than by the row. `tail`: ORDER BY, ON CONFLICT, RETURNING.
 */
export function bulkTable<R>(table: string, columns: { [K in keyof R & string]: string }, opts: { computed?: Record<string, string>; tail?: string } = {}): BulkTable<R> {
  const names = Object.keys(columns) as (keyof R & string)[];
  const record = names.map((n) => `${n} ${columns[n]}`).join(', ');
  const computed = Object.entries(opts.computed ?? {});
  const into = [...names, ...computed.map(([c]) => c)].join(', ');
  const select = [...names, ...computed.map(([, e]) => e)].join(', ');
  return {
    // The parameter is text cast in SQL: a jsonb-typed one would be JSON-encoded a second time by `postgres`.
    text: (param = 1) => `insert into ${table} (${into}) select ${select} from jsonb_to_recordset($${param}::text::jsonb) as r(${record}) ${opts.tail ?? ''}`,
  };
}

/** The rows as the statement's one parameter (no replacer: it would take JSON.stringify off its fast path). */
export function rowsParam<R>(rows: readonly R[]): string {
  return JSON.stringify(rows);
}

/** The insert of `rows` as one prepared statement, not yet sent: the caller executes it in its order. */
export function bulkInsert<R>(tx: Sql | TransactionSql, table: BulkTable<R>, rows: readonly R[]) {
  return tx.unsafe(table.text(), [rowsParam(rows)], { prepare: true });
}

/**
 * Several tables' inserts as one statement, not yet sent: each a data-modifying CTE (`i0`, `i1`, …
 * in order; PostgreSQL runs every one to completion), then `then` — a SELECT that may read them,
 * with its own parameters numbered after theirs — or `select 1`. One Bind, one Sync and one answer
 * for all the tables, which a group commit's fixed cost is mostly made of.
 */
export function bulkInsertAll(
  tx: Sql | TransactionSql,
  parts: readonly BulkRows[],
  then?: { sql: (ctes: string[], firstParam: number) => string; params: unknown[] },
) {
  const ctes = parts.map((_, i) => `i${i}`);
  const text = `with ${parts.map((p, i) => `${ctes[i]} as (${p.table.text(i + 1)})`).join(', ')} ${then ? then.sql(ctes, parts.length + 1) : 'select 1'}`;
  return tx.unsafe(text, [...parts.map((p) => rowsParam(p.rows)), ...(then?.params ?? [])] as never[], { prepare: true });
}
