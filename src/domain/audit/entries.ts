import type { EntityManager } from '@mikro-orm/postgresql';
import type { Sql, TransactionSql } from 'postgres';
import type { Caller } from '../../auth/caller';
import { bulkTable } from '../../db/bulk';

export type AuditOutcome = 'succeeded' | 'refused' | 'failed';

/** Where an audit entry is written: a MikroORM transaction, a `postgres` transaction, or the pool. */
export type AuditDb = EntityManager | Sql | TransactionSql;

export interface AuditEntryRow {
  id: string;
  enterprise_id: string;
  occurred_at: Date;
  request_id: string;
  action: string;
  method: string;
  path: string;
  resource_ref: string | null;
  outcome: AuditOutcome;
  status_code: number;
  error_code: string | null;
  subject_id: string;
  actor_id: string | null;
  attribution: ReturnType<Caller['attribution']>;
  client_ip: string;
  user_agent: string | null;
  idempotency_key: string | null;
}

const COLUMNS = [
  'id', 'enterprise_id', 'request_id', 'action', 'method', 'path', 'resource_ref', 'outcome', 'status_code',
  'error_code', 'subject_id', 'actor_id', 'attribution', 'client_ip', 'user_agent', 'idempotency_key',
] as const;

const INSERT = `insert into user_action_audit_entries (${COLUMNS.join(', ')}) values (${COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})`;

/** How an entry names its answer's status. */
export const outcomeOf = (status: number): AuditOutcome => (status >= 500 ? 'failed' : status >= 400 ? 'refused' : 'succeeded');

export type EntryRecord = Omit<AuditEntryRow, 'occurred_at'>;

const ATTRIBUTION = COLUMNS.indexOf('attribution');

const valuesOf = (entry: EntryRecord): unknown[] => COLUMNS.map((c) => entry[c]);

/** Writes one entry, made by the HTTP layer from its request, in `db` (the change's transaction, or the pool). */
export async function writeEntry(db: AuditDb, entry: EntryRecord): Promise<void> {
  const values = valuesOf(entry);
  // postgres serializes a jsonb parameter itself; knex (MikroORM) needs the JSON text.
  if ('unsafe' in db) await db.unsafe(INSERT, values as never[], { prepare: true });
  else await db.execute(INSERT.replace(/\$\d+/g, '?'), values.map((v, i) => (i === ATTRIBUTION ? JSON.stringify(v) : v)));
}

/** A request's success entry that travels with a workflow Update (`carriedEntry`). */
export interface CarriedEntry {
  /** The request's success entry, as the pipeline would record it (`impliedResourceRef` of the route's path). */
  entry: EntryRecord;
  /** Call once the Update the entry travelled with has been answered (its handler ran): the pipeline then writes no second entry. */
  committed: () => void;
}

/** One item's entry of a bulk request (`itemEntry`). */
export const writeItemEntry = writeEntry;

/** Writes a carried entry in the change's transaction; a retried activity writes it once. */
export async function writeCarriedEntry(tx: TransactionSql, entry: EntryRecord): Promise<void> {
  await tx.unsafe(`${INSERT} on conflict (id) do nothing`, valuesOf(entry) as never[], { prepare: true });
}

/**
 * For a domain function that owns the change's transaction (inIamTransaction, the enterprise, client and
 * account lifecycles): writes the request's success entry for the change's result inside it. The HTTP layer
 * makes it from its request (`auditedAs`), so the domain never sees the request.
 */
export interface AuditedAs<T> {
  write: (tx: AuditDb, result: T) => Promise<void>;
}

/** Writes `audited`'s entry for `result` in `tx`, the change's transaction; nothing when the caller audits otherwise. */
export async function auditAs<T>(tx: AuditDb, audited: AuditedAs<T> | undefined, result: T): Promise<void> {
  if (audited) await audited.write(tx, result);
}

/** Audit entries as bulk rows (db/bulk), for the entries committed with an Idempotency-Key answer. */
export const AUDIT_ENTRIES = bulkTable<EntryRecord>('user_action_audit_entries', {
  id: 'uuid', enterprise_id: 'uuid', request_id: 'text', action: 'text', method: 'text', path: 'text', resource_ref: 'text',
  outcome: 'text', status_code: 'int', error_code: 'text', subject_id: 'uuid', actor_id: 'uuid', attribution: 'jsonb',
  client_ip: 'text', user_agent: 'text', idempotency_key: 'text',
});

/** Writes the pipeline's entry of a request (`requestAuditEntry`). */
export async function insertAuditEntry(db: Sql, entry: EntryRecord): Promise<void> {
  await writeEntry(db, entry);
}

const INSERT_LATE = `insert into user_action_audit_entries (${COLUMNS.join(', ')}, occurred_at) values (${COLUMNS.map((_, i) => `$${i + 1}`).join(', ')}, $${COLUMNS.length + 1}) on conflict (id) do nothing`;

/**
 * Writes an entry again after its first write failed with the connection (a failover): stamped with
 * the instant of the request, and at most once, since that first write may have committed unanswered.
 */
export async function insertAuditEntryLate(db: Sql, entry: EntryRecord, occurredAt: Date): Promise<void> {
  await db.unsafe(INSERT_LATE, [...valuesOf(entry), occurredAt] as never[]);
}
