import type { ExportKind, ExportSelection, ExportSource, SourceQuery } from './source';
import { auditEntriesSource } from '../audit/export-source';
import { statementSource } from '../statements/export-source';

export { EXPORT_KINDS, type ExportKind, type ExportSelection, type ExportSource, type SourceQuery } from './source';

const sources = new Map<ExportKind, ExportSource>();

/** Registers (or replaces) the source of an export kind; the module that owns the rows declares it. */
export function defineExportSource(kind: ExportKind, source: ExportSource): void {
  sources.set(kind, source);
}

export function exportSource(kind: ExportKind): ExportSource {
  const source = sources.get(kind);
  if (!source) throw new Error(`no export source for ${kind}`);
  return source;
}

/** A source reading the event log: `select` maps an `events e` row to the export's columns. */
function eventLogSource(columns: Record<string, string>, numeric: readonly string[], where: string): ExportSource {
  const select = Object.entries(columns)
    .map(([name, expr]) => `${expr} as "${name}"`)
    .join(', ');
  const query = (s: ExportSelection): SourceQuery => ({
    text: `select ${select} from events e
            where e.enterprise_id = $1::uuid and e.occurred_at >= $2::timestamptz and e.occurred_at < $3::timestamptz
              and ($4::text[] is null or e.scope_ref = any($4::text[])) and ${where}
            order by e.seq`,
    params: [s.enterpriseId, s.rangeStart.toISOString(), s.rangeEnd.toISOString(), s.scopeRefs],
  });
  return {
    columns: Object.keys(columns),
    numeric,
    query,
    rows: (sql, s, batchSize) => {
      const { text, params } = query(s);
      return sql.unsafe(text, params as never[]).cursor(batchSize);
    },
  };
}

// Operations activity reads the event log, which carries every transaction's representation (status,
// fees, attribution); the audit export reads the audit trail's own table. Besides the transactions
// (`operations.*`, deposits included) it carries the other money objects the integrator annotates:
// withdrawal destinations and ramp sessions.
const ACTIVITY_EVENT_TYPES = ['operations.%', 'withdrawals.withdrawal_destination.%', 'ramps.%'];

defineExportSource(
  'operations_activity',
  eventLogSource(
    {
      occurred_at: `to_char(e.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      event_id: 'e.id::text',
      event_type: 'e.type',
      resource_ref: 'e.resource_ref',
      scope_ref: 'e.scope_ref',
      family: `e.payload->>'family'`,
      status: `e.payload->>'status'`,
      principal_currency: `e.payload->'principal_amount'->>'currency'`,
      principal_value: `e.payload->'principal_amount'->>'value'`,
      fee_currency: `e.payload->'fee_summary'->'total'->>'currency'`,
      fee_total: `e.payload->'fee_summary'->'total'->>'value'`,
      subject_kind: `e.attribution->'subject'->>'kind'`,
      subject_id: `e.attribution->'subject'->>'id'`,
      // The integrator's own id and pairs: a spreadsheet reconciles on them (metadata as its JSON object).
      reference: `e.payload->>'reference'`,
      metadata: `(e.payload->'metadata')::text`,
    },
    ['principal_value', 'fee_total'],
    `(${ACTIVITY_EVENT_TYPES.map((t) => `e.type like '${t}'`).join(' or ')})`,
  ),
);

defineExportSource('user_action_audit', auditEntriesSource);
defineExportSource('client_account_statement', statementSource);
