import type { Sql } from 'postgres';
import type { Caller, ScopePath } from '../auth/caller';
import type { Permission } from '../auth/permissions';
import { scopePathOf } from '../auth/scope-paths';
import type { EventRow } from './present';

const COLUMNS = 'id, seq, type, occurred_at, enterprise_id, scope_ref, resource_ref, payload, attribution';

export interface EventFilter {
  type?: string;
  resourceRef?: string;
  /** Events at this scope or beneath it. */
  scopeRef?: string;
  occurredAfter?: Date;
  occurredBefore?: Date;
}

/** Resolves scope refs to ancestry paths once per request or batch. */
export class ScopePaths {
  private readonly cache = new Map<string, Promise<ScopePath | null>>();
  constructor(private readonly sql: Sql) {}

  of(ref: string): Promise<ScopePath | null> {
    let path = this.cache.get(ref);
    if (!path) this.cache.set(ref, (path = scopePathOf(this.sql, ref)));
    return path;
  }
}

/** True when the caller holds `permission` on the whole enterprise, so no per-row scope check is needed. */
function enterpriseWide(caller: Caller, permission: Permission): boolean {
  return caller.scopesWith(permission).some((g) => g.scopeRef === caller.enterpriseRef && g.propagation === 'subtree');
}

export async function findEvent(sql: Sql, id: string): Promise<EventRow | null> {
  const [row] = await sql.unsafe<EventRow[]>(`select ${COLUMNS} from events where id = $1`, [id]);
  return row ?? null;
}

/**
 * One page of the caller's enterprise's events, oldest first, after `afterSeq`. Rows outside the
 * caller's `events.read` scopes are skipped; a page may come back short (with a cursor) when many are.
 */
export async function listEvents(
  sql: Sql,
  caller: Caller,
  filter: EventFilter,
  afterSeq: bigint | null,
  limit: number,
): Promise<{ rows: EventRow[]; nextAfter: bigint | null }> {
  const where = ['enterprise_id = $1', 'seq > $2'];
  const args: unknown[] = [caller.enterpriseId, (afterSeq ?? 0n).toString()];
  const add = (clause: string, value: unknown) => {
    args.push(value);
    where.push(clause.replace('?', `$${args.length}`));
  };
  if (filter.type) add('type = ?', filter.type);
  if (filter.resourceRef) add('resource_ref = ?', filter.resourceRef);
  if (filter.occurredAfter) add('occurred_at > ?', filter.occurredAfter);
  if (filter.occurredBefore) add('occurred_at < ?', filter.occurredBefore);
  const scopeFilter = filter.scopeRef && filter.scopeRef !== caller.enterpriseRef ? filter.scopeRef : null;
  const unrestricted = !scopeFilter && enterpriseWide(caller, 'events.read');
  const chunk = unrestricted ? limit + 1 : Math.max(2 * limit, 100);
  const paths = new ScopePaths(sql);

  const kept: EventRow[] = [];
  let cursor = afterSeq ?? 0n;
  // Bounded scan per page so a caller who sees few of many events still gets a prompt (short) page.
  for (let scanned = 0; scanned < 20; scanned++) {
    args[1] = cursor.toString();
    const rows = await sql.unsafe<EventRow[]>(
      `select ${COLUMNS} from events where ${where.join(' and ')} order by seq limit ${chunk}`,
      args as never[],
    );
    for (const row of rows) {
      cursor = row.seq;
      if (!unrestricted) {
        const path = await paths.of(row.scope_ref);
        if (!path || !caller.can('events.read', path) || (scopeFilter && !path.includes(scopeFilter))) continue;
      }
      kept.push(row);
      if (kept.length > limit) return { rows: kept.slice(0, limit), nextAfter: kept[limit - 1].seq };
    }
    if (rows.length < chunk) return { rows: kept, nextAfter: null };
  }
  return { rows: kept, nextAfter: cursor };
}
