import type { ExportSource } from '../exports/source';

const COLUMNS: Record<string, string> = {
  occurred_at: `to_char(a.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  entry_id: 'a.id',
  request_id: 'a.request_id',
  action: 'a.action',
  method: 'a.method',
  path: 'a.path',
  resource_ref: 'a.resource_ref',
  outcome: 'a.outcome',
  status_code: 'a.status_code',
  error_code: 'a.error_code',
  subject_kind: `a.attribution->'subject'->>'kind'`,
  subject_id: 'a.subject_id',
  actor_kind: `a.attribution->'actor'->>'kind'`,
  actor_id: 'a.actor_id',
  authenticated_principal_id: `a.attribution->'authenticated_principal'->>'id'`,
  identity_source: `a.attribution->>'identity_source'`,
  client_ip: 'a.client_ip',
  user_agent: 'a.user_agent',
  idempotency_key: 'a.idempotency_key',
};

const SELECT = `
  select ${Object.entries(COLUMNS).map(([name, expr]) => `${expr} as "${name}"`).join(', ')}
    from user_action_audit_entries a
   where a.enterprise_id = $1 and a.occurred_at >= $2 and a.occurred_at < $3
   order by a.id`;

async function* noBatches(): AsyncIterable<readonly Record<string, unknown>[]> {}

/**
 * The user action audit export reads `user_action_audit_entries`, oldest first (uuidv7 ids). Entries
 * belong to the enterprise, not to a client, so an export scoped below the enterprise has no rows —
 * as a principal with `audit.read` only at a client sees no entries through the search.
 */
export const auditEntriesSource: ExportSource = {
  columns: Object.keys(COLUMNS),
  numeric: ['status_code'],
  rows: (sql, s, batchSize) =>
    s.scopeRefs !== null ? noBatches() : sql.unsafe(SELECT, [s.enterpriseId, s.rangeStart, s.rangeEnd] as never[]).cursor(batchSize),
};
