import type { PendingQuery, Row, Sql, TransactionSql } from 'postgres';
import type { SubjectAttribution } from '../../auth/caller';
import type { Alongside } from '../../db/base';

/** What a guarded transition needs to know about a session table. */
export interface SessionTable<R extends { status: S }, S extends string> {
  /** Table name (a constant of ours, escaped as an identifier anyway). */
  table: string;
  columns: (tx: TransactionSql) => PendingQuery<Row[]>;
  recordEvent: (tx: TransactionSql, row: R, attribution: SubjectAttribution | null) => Promise<unknown>;
}

/**
 * One guarded transition of a ramp session in its own transaction, with its event and `alongside`: the
 * row is locked, changed only if its status is in `from`, and returned with whether it changed (null if absent).
 */
export async function guardedTransition<R extends { status: S }, S extends string>(
  sql: Sql,
  t: SessionTable<R, S>,
  id: string,
  from: S[],
  set: (tx: TransactionSql, row: R) => Promise<Partial<Record<keyof R, unknown>> & { status: S }>,
  attribution: SubjectAttribution | null = null,
  alongside?: Alongside<R>,
): Promise<{ row: R; changed: boolean } | null> {
  return (await sql.begin(async (tx) => {
    const [row] = (await tx`select ${t.columns(tx)} from ${tx(t.table)} where id = ${id} for update`) as unknown as R[];
    if (!row) return null;
    if (!from.includes(row.status)) return { row, changed: false };
    const changes = await set(tx, row);
    const [updated] = (await tx`
      update ${tx(t.table)} set ${tx(changes as never)}, version = version + 1, updated_at = now()
       where id = ${id} returning ${t.columns(tx)}`) as unknown as R[];
    await t.recordEvent(tx, updated, attribution);
    await alongside?.(tx, updated);
    return { row: updated, changed: true };
  })) as { row: R; changed: boolean } | null;
}

/** Activities fail (and retry) while the creating transaction has not committed yet. */
export function statusAfter<S extends string>(result: { row: { status: S } } | null, what: string, id: string): S {
  if (!result) throw new Error(`${what} ${id} is not visible yet`);
  return result.row.status;
}
