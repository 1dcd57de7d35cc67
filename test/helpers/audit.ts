import type { Sql } from 'postgres';

/**
 * The audit entries one request left, each with whether the same transaction wrote `table`'s row (equal
 * xmin): the row with this `id`, or the one matching every column of `key` (a table keyed otherwise, or
 * an event by `resource_ref` and `type` when the row itself has moved on since).
 */
export async function entriesCommittedWithRow(sql: Sql, requestId: string, table: string, key: string | Record<string, string>) {
  const match = typeof key === 'string' ? { id: key } : key;
  const columns = Object.keys(match);
  const rows = await sql.unsafe(
    `select a.action, a.resource_ref, a.status_code,
            exists (select from ${table} r where ${columns.map((c, i) => `r.${c} = $${i + 2}`).join(' and ')} and r.xmin::text = a.xmin::text) as with_row
       from user_action_audit_entries a where a.request_id = $1`,
    [requestId, ...columns.map((c) => match[c])],
  );
  return [...rows];
}

/** The outcomes (`succeeded`, `refused`, `failed`) of the entries one request left. */
export async function entryOutcomes(sql: Sql, requestId: string): Promise<string[]> {
  const rows = await sql`select outcome from user_action_audit_entries where request_id = ${requestId} order by id`;
  return rows.map((r) => r.outcome as string);
}
