import type { PendingQuery, Row, Sql, TransactionSql } from 'postgres';
import { notFound } from '../errors';
import { isReferenceTaken, mergeMetadata, referenceTaken, type ReferenceMetadata } from '../schema/metadata';

/*
 * SQL shared by every money object's `reference` and `metadata` columns (migration
 * Migration20261128041000_references_metadata): the list filter and the unique-reference answer.
 */

export interface ReferenceMetadataFilter {
  reference?: string;
  metadata?: Record<string, string>;
}

/**
 * The filter's condition over `alias`'s columns, its parameters numbered from `first`: an exact
 * reference (btree) and metadata containment (`@>`, the GIN index).
 */
export function referenceMetadataWhere(filter: ReferenceMetadataFilter, first: number, alias = ''): { text: string; params: unknown[] } {
  const col = (c: string) => (alias ? `${alias}.${c}` : c);
  return {
    // The metadata travels as text cast in SQL: a jsonb-typed parameter would be JSON-encoded a second time by `postgres`.
    text: `($${first}::text is null or ${col('reference')} = $${first}) and ($${first + 1}::text is null or ${col('metadata')} @> $${first + 1}::text::jsonb)`,
    params: [filter.reference ?? null, filter.metadata && Object.keys(filter.metadata).length > 0 ? JSON.stringify(filter.metadata) : null],
  };
}

/** The same condition as a `postgres` fragment, for lists written as tagged templates (no alias). */
export function referenceMetadataFragment(sql: Sql | TransactionSql, filter: ReferenceMetadataFilter): PendingQuery<Row[]> {
  const [reference, metadata] = referenceMetadataWhere(filter, 1).params as [string | null, string | null];
  return sql`${reference === null ? sql`true` : sql`reference = ${reference}`} and ${metadata === null ? sql`true` : sql`metadata @> ${metadata}::text::jsonb`}`;
}

/**
 * The API's answer when `err` is the unique-reference violation of `table`: 409 `reference_taken`
 * with the id of the object holding it. Any other error as it is.
 */
export async function referenceRefusal(sql: Sql | TransactionSql, err: unknown, table: string, what: string, enterpriseId: string, stored: Pick<ReferenceMetadata, 'reference'>): Promise<unknown> {
  if (!isReferenceTaken(err, table) || stored.reference === null) return err;
  const [held] = await sql.unsafe(`select id from ${table} where enterprise_id = $1 and reference = $2 and reference_unique`, [enterpriseId, stored.reference]);
  return held ? referenceTaken(what, held.id as string) : err;
}

/** A PATCH of an object's reference and metadata: `reference` null removes it, absent keeps it. */
export interface ReferenceMetadataChange {
  reference?: string | null;
  metadata?: Record<string, string | null>;
}

interface Annotated {
  id: string;
  version: number;
  enterprise_id: string;
  reference: string | null;
  metadata: Record<string, string>;
}

/**
 * Changes an object's reference and metadata in one transaction: the row locked, `authorize` (404
 * or 403 as the object's reads are), `assertCurrent` (If-Match, 412), the metadata merged (422 over
 * the limits), the version bumped, and `after` (the object's event) with the updated row. A unique
 * reference held by another object of the type is 409 `reference_taken`; nothing changes then.
 */
export async function updateReferenceMetadata<R extends Annotated>(
  sql: Sql,
  opts: {
    table: string;
    columns: string;
    what: string;
    id: string;
    enterpriseId: string;
    change: ReferenceMetadataChange;
    /** Reads only through `tx`: the row is locked, and a second connection from the pool could wait on it. */
    authorize: (row: R, tx: TransactionSql) => Promise<void> | void;
    assertCurrent: (row: R) => void;
    after: (tx: TransactionSql, row: R) => Promise<unknown>;
  },
): Promise<R> {
  const { table, columns, change } = opts;
  try {
    return (await sql.begin(async (tx) => {
      const [row] = (await tx.unsafe(`select ${columns} from ${table} where id = $1 and enterprise_id = $2 for update`, [opts.id, opts.enterpriseId])) as unknown as R[];
      if (!row) throw notFound(opts.what);
      await opts.authorize(row, tx);
      opts.assertCurrent(row);
      const metadata = mergeMetadata(row.metadata, change.metadata);
      const [updated] = (await tx.unsafe(
        `update ${table} set reference = case when $2 then $3 else reference end, metadata = $4::text::jsonb,
                version = version + 1, updated_at = now()
          where id = $1 returning ${columns}`,
        [row.id, change.reference !== undefined, change.reference ?? null, JSON.stringify(metadata)],
      )) as unknown as R[];
      await opts.after(tx, updated);
      return updated;
    })) as R;
  } catch (err) {
    throw await referenceRefusal(sql, err, table, opts.what, opts.enterpriseId, { reference: change.reference ?? null });
  }
}
