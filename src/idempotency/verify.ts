import type { Sql, TransactionSql } from 'postgres';

/*
 * What `counterfoil ledger verify` asks of the Idempotency-Key answers still kept: an acknowledged
 * money operation exists (its answer commits with its effect, store.ts), and no two keys were
 * answered with the same new operation.
 */

/** The operation families whose answers carry `family` and `id`, and the table that holds each. */
const FAMILY_TABLES: Record<string, string> = {
  withdrawal: 'withdrawals',
  internal_transfer: 'internal_transfers',
  conversion: 'conversions',
};
const LIMIT = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Acknowledged {
  principal_id: string;
  key: string;
  response_status: number;
  family: string | null;
  id: string | null;
}

export async function idempotencyViolations(tx: Sql | TransactionSql): Promise<{ checked: number; violations: string[] }> {
  // An answer is kept as its first JSON text, as jsonb (older rows), or as the event it refers to.
  const rows = await tx<Acknowledged[]>`
    select r.principal_id, r.key, r.response_status,
           coalesce(a.body->>'family', r.response_body->>'family', e.payload->>'family') as family,
           coalesce(a.body->>'id', r.response_body->>'id', e.payload->>'id') as id
      from idempotency_records r
      left join lateral (select case when r.response_text ~ '^\\s*\\{' then r.response_text::jsonb end as body) a on true
      left join events e on e.id = r.response_event_id
     where r.state = 'completed' and r.response_status between 200 and 299`;
  const violations: string[] = [];
  const created = new Map<string, Acknowledged>();
  for (const r of rows) {
    if (!r.id || !UUID.test(r.id) || r.response_status !== 201) continue;
    const first = created.get(r.id);
    if (first && violations.length < LIMIT) {
      violations.push(`Idempotency-Keys ${first.key} (principal ${first.principal_id}) and ${r.key} (principal ${r.principal_id}) were both answered with the new ${r.family ?? 'resource'} ${r.id}`);
    }
    created.set(r.id, r);
  }
  for (const [family, table] of Object.entries(FAMILY_TABLES)) {
    const ids = rows.filter((r) => r.family === family && r.id && UUID.test(r.id)).map((r) => r.id!);
    if (ids.length === 0) continue;
    const missing = await tx.unsafe(`select x.id from unnest($1::uuid[]) x(id) where not exists (select from ${table} t where t.id = x.id) limit ${LIMIT}`, [ids] as never[]);
    for (const m of missing) {
      const r = rows.find((row) => row.id === m.id)!;
      violations.push(`Idempotency-Key ${r.key} (principal ${r.principal_id}) was answered with ${family} ${m.id}, which does not exist`);
    }
  }
  return { checked: rows.length, violations: violations.slice(0, LIMIT) };
}
