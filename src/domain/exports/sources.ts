import type { Sql } from 'postgres';
import { auditEntriesSource } from '../audit/export-source';
import { statementSource } from '../statements/export-source';

export type ExportKind = 'operations_activity' | 'user_action_audit' | 'client_account_statement';

export interface ExportSelection {
  enterpriseId: string;
  /** Scope refs to include (the export's scope and everything beneath it); null means the whole enterprise. */
  scopeRefs: string[] | null;
  /** The export's own scope ref. */
  scopeRef: string;
  /** The asset of a statement export; null for other kinds. */
  asset: string | null;
  rangeStart: Date;
  rangeEnd: Date;
}

/**
 * Where the rows of one export kind come from. A source yields rows in a stable order, a batch at a
 * time from a server-side cursor, so an export of any size runs in constant memory.
 */
export interface ExportSource {
  columns: readonly string[];
  /**
   * The columns holding decimals the exporter formats itself (amounts, counts): in CSV a plain decimal
   * there, `-10.00` included, stays a number; every other cell starting with a formula character is
   * neutralised (see `csvCell` in `writer.ts`).
   */
  numeric?: readonly string[];
  rows(sql: Sql, selection: ExportSelection, batchSize: number): AsyncIterable<readonly Record<string, unknown>[]>;
  /**
   * Optional fast path: the same rows as one SQL query of text columns named as `columns`, whose lines
   * PostgreSQL encodes and streams by COPY (no row objects in the worker: flat memory, several times the rows/s).
   */
  query?(selection: ExportSelection): SourceQuery;
}

export interface SourceQuery {
  /** A `select` with `$1…$n` placeholders; its columns are the export's, in order, as text. */
  text: string;
  params: unknown[];
}

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
// fees, attribution); the audit export reads the audit trail's own table.
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
    `e.type like 'operations.%'`,
  ),
);

defineExportSource('user_action_audit', auditEntriesSource);
defineExportSource('client_account_statement', statementSource);
