import type { EntityManager } from '@mikro-orm/postgresql';
import type { TransactionSql, Sql } from 'postgres';
import { bulkTable, type BulkRows, type BulkTable } from '../db/bulk';
import { uuidv7 } from '../ids';
import type { SubjectAttribution } from '../auth/caller';
import { assertKnownEventType } from './catalogue';

export const EVENTS_CHANNEL = 'counterfoil_events';

export interface NewEvent {
  /** `<area>.<subject>.<state>.v<n>`, registered in the catalogue. */
  type: string;
  enterpriseId: string;
  /** The narrowest topology scope of the resource (`enterprises/E`, `clients/C`, `client-accounts/A`). */
  scopeRef: string;
  resourceRef: string;
  /** The resource's API representation at this moment. */
  payload: unknown;
  attribution?: SubjectAttribution | null;
  /** The event's id when the caller needs it before the insert (an Idempotency-Key answer that refers to it); else a new one. */
  id?: string;
}

// JSON travels as text and is cast in SQL: a jsonb-typed parameter would be JSON-encoded a second time by `postgres`.
const INSERT = `insert into events (id, type, enterprise_id, scope_ref, resource_ref, payload, attribution)
                values ($1, $2, $3, $4, $5, $6::text::jsonb, $7::text::jsonb)`;

function values(e: NewEvent, id: string) {
  return [id, e.type, e.enterpriseId, e.scopeRef, e.resourceRef, JSON.stringify(e.payload), e.attribution ? JSON.stringify(e.attribution) : null];
}

/**
 * Appends an event inside the caller's MikroORM transaction, so the event exists if and only if
 * the change does, and rings the outbox bell. Returns the event id.
 */
export async function recordEvent(em: EntityManager, e: NewEvent): Promise<string> {
  assertKnownEventType(e.type);
  const id = e.id ?? uuidv7();
  await em.execute(INSERT.replace(/\$\d/g, '?'), values(e, id));
  outboxBell.ring();
  return id;
}

/**
 * The same for raw-SQL transactions (the ledger's hot path). The INSERT is handed to the connection
 * before this returns, so a caller pipelining statements (even its COMMIT) behind it keeps their order.
 */
export function recordEventSql(tx: TransactionSql | Sql, e: NewEvent): Promise<string> {
  assertKnownEventType(e.type);
  const id = e.id ?? uuidv7();
  const inserted = tx.unsafe(INSERT, values(e, id) as never[], { prepare: true }).execute();
  outboxBell.ring();
  return inserted.then(() => id);
}

const EVENTS = bulkTable<{ id: string; type: string; enterprise_id: string; scope_ref: string; resource_ref: string; payload: unknown; attribution: unknown }>(
  'events',
  { id: 'uuid', type: 'text', enterprise_id: 'uuid', scope_ref: 'text', resource_ref: 'text', payload: 'jsonb', attribution: 'jsonb' },
);

/** Many events as bulk rows, for a statement that inserts them with other rows (db/bulk bulkInsertAll). */
export function eventsInBulk(events: NewEvent[]): BulkRows {
  for (const e of events) assertKnownEventType(e.type);
  const rows = events.map((e) => ({
    id: e.id ?? uuidv7(),
    type: e.type,
    enterprise_id: e.enterpriseId,
    scope_ref: e.scopeRef,
    resource_ref: e.resourceRef,
    payload: e.payload,
    attribution: e.attribution ?? null,
  }));
  outboxBell.ring();
  return { table: EVENTS as BulkTable<unknown>, rows };
}

/** How long the bell waits after an event is written before it wakes the dispatchers: time for that transaction to commit. */
const RING_DELAY_MS = 10;

/**
 * Wakes the outbox dispatchers (which LISTEN on EVENTS_CHANNEL) without a NOTIFY inside the
 * writer's transaction: PostgreSQL serialises the commits of every transaction that notified on one
 * global lock, held across the WAL flush (docs/performance.md, "Outbox dispatch"). The bell sends one
 * NOTIFY of its own, outside any transaction, RING_DELAY_MS after the first event it hears of, for
 * all events written meanwhile. An event whose transaction commits later than that is found by the
 * next ring or by the dispatcher's periodic sweep, so a late or lost ring delays delivery, never loses it.
 */
class OutboxBell {
  private readonly clients = new Set<Sql>();
  private timer: NodeJS.Timeout | undefined;

  /** Each process's services attach their client; rings go out through the first one attached. */
  attach(sql: Sql): void {
    this.clients.add(sql);
  }

  detach(sql: Sql): void {
    this.clients.delete(sql);
  }

  ring(): void {
    if (this.timer || this.clients.size === 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const [sql] = this.clients;
      sql?.unsafe(`select pg_notify('${EVENTS_CHANNEL}', '')`).catch(() => {}); // the sweep covers a ring lost to a closing pool
    }, RING_DELAY_MS);
    this.timer.unref();
  }
}

export const outboxBell = new OutboxBell();
