import type { Sql } from 'postgres';
import { Enterprise } from './entities';
import type { NotifiedCache } from '../../db/notified-cache';

/** Notified by the `enterprises_changed` trigger on every committed update of an enterprise. */
export const ENTERPRISES_CHANNEL = 'counterfoil_enterprises';

/**
 * Enterprise reads sit on the hottest authenticated path (GET /enterprises). They go through the
 * `postgres` client (several times cheaper per query than MikroORM's find: docs/performance.md,
 * "Database connections") and a per-process cache invalidated by NOTIFY. Writes stay with the ORM.
 */
function enterpriseFromRow(r: Record<string, unknown>): Enterprise {
  return Object.assign(new Enterprise(), {
    id: r.id,
    version: r.version,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    legalName: r.legal_name,
    jurisdiction: r.jurisdiction,
    externalId: r.external_id,
    metadata: r.metadata,
    admissionState: r.admission_state,
    restrictionState: r.restriction_state,
    defaultMasterAccountId: r.default_master_account_id,
  });
}

export async function findEnterprise(sql: Sql, id: string): Promise<Enterprise | null> {
  const [row] = await sql`select * from enterprises where id = ${id}`;
  return row ? enterpriseFromRow(row) : null;
}

/** The enterprise by id through the process cache (see ENTERPRISES_CHANNEL). */
export function cachedEnterprise(cache: NotifiedCache<Enterprise | null>, sql: Sql, id: string): Promise<Enterprise | null> {
  return cache.get(id, () => findEnterprise(sql, id));
}
