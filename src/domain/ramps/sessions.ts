import type { Row, Sql, TransactionSql } from 'postgres';
import type { Db } from '../../db/sql';
import type { Caller, SubjectAttribution } from '../../auth/caller';
import type { Permission } from '../../auth/permissions';
import type { AccountOwnedRow, Alongside } from '../../db/base';
import { notFound } from '../../errors';
import { recordEventSql } from '../../events/outbox';
import { forgetUnstarted, type UnstartedWorkflow } from '../../temporal/start-outbox';
import { referenceMetadataFragment, updateReferenceMetadata, type ReferenceMetadataChange, type ReferenceMetadataFilter } from '../../db/references';
import { visibility, visibleCondition } from '../funding/accounts';

/*
 * What on-ramp and off-ramp sessions share: one guarded transition, the reads, the event of a status,
 * the reference-and-metadata change. Each kind brings its table, column list, mapper and model.
 */

/** The changes of one transition: some columns of the row, and always its new status. */
export type SessionChanges<R, S> = Partial<Record<keyof R, unknown>> & { status: S };

/** Activities fail (and retry) while the creating transaction has not committed yet. */
export function statusAfter<S extends string>(result: { row: { status: S } } | null, what: string, id: string): S {
  if (!result) throw new Error(`${what} ${id} is not visible yet`);
  return result.row.status;
}

/** A kind of ramp session: its table, its row, its model, its event type per status, and how it is named and presented. */
export interface SessionKind<R, S extends string> {
  table: string;
  /** The selected columns, as SQL text (built from the row's select record). */
  columns: string;
  /** The typed row from a row selected with `columns`: the only place a result row becomes one. */
  toRow: (r: Row) => R;
  /** The model's moves: a transition it does not allow is a fault in the caller, never written. */
  canMove: (from: S, to: S) => boolean;
  events: Record<S, string>;
  /** The event type of a change to its reference or metadata. */
  updated: string;
  /** The collection of its refs (`off-ramp-sessions`). */
  collection: string;
  /** Its name in errors (`off-ramp session`). */
  what: string;
  present: (row: R) => unknown;
}

/** A list's filters on a ramp session kind. */
export interface SessionFilter<S extends string> extends ReferenceMetadataFilter {
  accountRef?: string;
  status?: S;
}

type Annotated = { reference: string | null; metadata: Record<string, string> };

/** The reads, events and transitions every ramp session kind shares. */
export function sessionStore<R extends AccountOwnedRow & Annotated & { status: S }, S extends string>(kind: SessionKind<R, S>) {
  const { what, toRow } = kind;
  const columns = (sql: Db) => sql`${sql.unsafe(kind.columns)}`;
  const pathOf = (row: R) => (row.client_id ? [`enterprises/${row.enterprise_id}`, `clients/${row.client_id}`, row.account_ref] : [`enterprises/${row.enterprise_id}`, row.account_ref]);
  /** The event of the status `row` is now in (or `type`), on its account's scope. */
  const recordEvent = (tx: TransactionSql, row: R, attribution: SubjectAttribution | null, type = kind.events[row.status]) =>
    recordEventSql(tx, {
      type,
      enterpriseId: row.enterprise_id,
      scopeRef: row.account_ref,
      resourceRef: `${kind.collection}/${row.id}`,
      payload: kind.present(row),
      attribution,
    });
  const find = async (sql: Db, id: string): Promise<R | null> => {
    const [row] = await sql`select ${columns(sql)} from ${sql(kind.table)} where id = ${id}`;
    return row ? toRow(row) : null;
  };
  /**
   * One guarded transition in its own transaction, with its event and `alongside`: the row is locked,
   * changed only if its status is in `from`, and returned with whether it changed (null if absent).
   */
  const transition = async (
    sql: Sql,
    id: string,
    from: S[],
    set: (tx: TransactionSql, row: R) => Promise<SessionChanges<R, S>>,
    attribution: SubjectAttribution | null = null,
    alongside?: Alongside<R>,
  ): Promise<{ row: R; changed: boolean } | null> =>
    (await sql.begin(async (tx) => {
      const [locked] = await tx`select ${columns(tx)} from ${tx(kind.table)} where id = ${id} for update`;
      if (!locked) return null;
      const row = toRow(locked);
      if (!from.includes(row.status)) return { row, changed: false };
      const changes = await set(tx, row);
      if (!kind.canMove(row.status, changes.status)) throw new Error(`${what} ${id}: ${row.status} cannot become ${changes.status}`);
      const [written] = await tx`
        update ${tx(kind.table)} set ${tx(changes as never)}, version = version + 1, updated_at = now()
         where id = ${id} returning ${columns(tx)}`;
      const updated = toRow(written);
      await recordEvent(tx, updated, attribution);
      await alongside?.(tx, updated);
      return { row: updated, changed: true };
    })) as { row: R; changed: boolean } | null;
  return {
    find,
    recordEvent,
    transition,
    statusOf: (result: { row: R } | null, id: string): S => statusAfter(result, what, id),
    /** The session when the caller holds `permission` at its account, else 404 (403 in scope without it). */
    async require(sql: Db, caller: Caller, id: string, permission: Permission): Promise<R> {
      const row = await find(sql, id);
      if (!row) throw notFound(what);
      caller.require(permission, pathOf(row), what);
      return row;
    },
    /** A page of the sessions the caller may read (its enterprise, within the scopes it holds ramps.read at), oldest first. */
    list: async (sql: Sql, caller: Caller, filter: SessionFilter<S>, after: string | null, limit: number): Promise<R[]> =>
      (
        await sql`
        select ${columns(sql)} from ${sql(kind.table)} s
         where s.enterprise_id = ${caller.enterpriseId}
           and ${visibleCondition(sql, visibility(caller, 'ramps.read'), 's')}
           and ${filter.accountRef ? sql`s.account_ref = ${filter.accountRef}` : sql`true`}
           and ${filter.status ? sql`s.status = ${filter.status}` : sql`true`}
           and ${referenceMetadataFragment(sql, filter)}
           and ${after ? sql`s.id > ${after}` : sql`true`}
         order by s.id limit ${limit}`
      ).map(toRow),
    /**
     * Changes a session's reference and metadata, in any status (terminal ones included: reconciling
     * happens after settlement); they change nothing the session does. Needs `ramps.create` at its account.
     */
    updateReferenceMetadata: (sql: Sql, caller: Caller, id: string, change: ReferenceMetadataChange, assertCurrent: (row: R) => void): Promise<R> =>
      updateReferenceMetadata<R>(sql, {
        table: kind.table,
        columns: kind.columns,
        what,
        id,
        enterpriseId: caller.enterpriseId,
        change,
        authorize: (row) => caller.require('ramps.create', pathOf(row), what),
        assertCurrent,
        after: (tx, row) => recordEvent(tx, row, caller.attribution(), kind.updated),
      }),
    /**
     * A session whose workflow start Temporal refused: `from` → failed (`workflow_start_failed`), the owed
     * start forgotten and `release` (what the session still holds) undone, in one transaction.
     */
    failUnstarted: (sql: Sql, id: string, from: S[], unstarted: UnstartedWorkflow, release?: (tx: TransactionSql, row: R) => Promise<unknown>) =>
      transition(sql, id, from, async (tx, row) => {
        await forgetUnstarted(tx, unstarted);
        await release?.(tx, row);
        return { status: 'failed' as S, failure_reason: 'workflow_start_failed' } as SessionChanges<R, S>;
      }),
  };
}
