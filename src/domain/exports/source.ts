import type { Sql } from 'postgres';

// What an export source is, apart from the registry (sources.ts) so the sources it lists can import it.

export const EXPORT_KINDS = ['operations_activity', 'user_action_audit', 'client_account_statement'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

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
