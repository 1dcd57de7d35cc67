import type { EntityManager } from '@mikro-orm/postgresql';
import type { TransactionSql, Sql } from 'postgres';
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
}

// JSON travels as text and is cast in SQL: a jsonb-typed parameter would be JSON-encoded a second time by `postgres`.
const INSERT = `insert into events (id, type, enterprise_id, scope_ref, resource_ref, payload, attribution)
                values ($1, $2, $3, $4, $5, $6::text::jsonb, $7::text::jsonb)`;

function values(e: NewEvent, id: string) {
  return [id, e.type, e.enterpriseId, e.scopeRef, e.resourceRef, JSON.stringify(e.payload), e.attribution ? JSON.stringify(e.attribution) : null];
}

/**
 * Appends an event inside the caller's MikroORM transaction, so the event exists if and only if
 * the change does. NOTIFY is delivered at commit and wakes the dispatcher. Returns the event id.
 */
export async function recordEvent(em: EntityManager, e: NewEvent): Promise<string> {
  assertKnownEventType(e.type);
  const id = uuidv7();
  await em.execute(INSERT.replace(/\$\d/g, '?'), values(e, id));
  await em.execute(`select pg_notify('${EVENTS_CHANNEL}', ?)`, [id]);
  return id;
}

/** The same for raw-SQL transactions (the ledger's hot path). */
export async function recordEventSql(tx: TransactionSql | Sql, e: NewEvent): Promise<string> {
  assertKnownEventType(e.type);
  const id = uuidv7();
  await tx.unsafe(INSERT, values(e, id) as never[]);
  await tx.unsafe(`select pg_notify('${EVENTS_CHANNEL}', $1)`, [id]);
  return id;
}
