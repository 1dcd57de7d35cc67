import type { Sql } from 'postgres';
import type { Db } from '../../db/sql';
import { AppError, notFound } from '../../errors';
import { ASSETS, isAsset, money } from '../../ledger';

/** One direction of a market (from → to); see docs/conversions-and-ramps.md. */
export interface PairRow {
  id: string;
  from_asset: string;
  to_asset: string;
  base_asset: string;
  quote_asset: string;
  /** Exact decimal text: quote_asset per one base_asset. */
  mid_price: string;
  spread_bps: number;
  price_precision: number;
  min_from_amount: string;
  max_from_amount: string;
  quote_ttl_ms: number;
  enabled: boolean;
}

const COLUMNS = (sql: Db) => sql`
  id, from_asset, to_asset, base_asset, quote_asset, mid_price::text as mid_price, spread_bps, price_precision,
  min_from_amount::text as min_from_amount, max_from_amount::text as max_from_amount, quote_ttl_ms, enabled`;

export function presentPair(p: PairRow) {
  return {
    id: p.id,
    resource: 'conversion_pair' as const,
    from_asset: p.from_asset,
    to_asset: p.to_asset,
    base_asset: p.base_asset,
    quote_asset: p.quote_asset,
    min_from_amount: money(BigInt(p.min_from_amount), p.from_asset),
    max_from_amount: money(BigInt(p.max_from_amount), p.from_asset),
    from_precision: ASSETS[p.from_asset].precision,
    to_precision: ASSETS[p.to_asset].precision,
    price_precision: p.price_precision,
    quote_ttl_seconds: p.quote_ttl_ms / 1000,
    enabled: p.enabled,
  };
}

export function listPairs(sql: Sql, q: { fromAsset?: string; toAsset?: string; after: string | null; limit: number }): Promise<PairRow[]> {
  return sql<PairRow[]>`
    select ${COLUMNS(sql)} from conversion_pairs
     where ${q.fromAsset ? sql`from_asset = ${q.fromAsset}` : sql`true`}
       and ${q.toAsset ? sql`to_asset = ${q.toAsset}` : sql`true`}
       and ${q.after ? sql`id > ${q.after}` : sql`true`}
     order by id limit ${q.limit}`;
}

export async function getPair(sql: Db, id: string): Promise<PairRow> {
  const [row] = await sql<PairRow[]>`select ${COLUMNS(sql)} from conversion_pairs where id = ${id}`;
  if (!row) throw notFound('conversion pair');
  return row;
}

/** The listed pair from → to, enabled or not (null when not listed). */
export async function findPair(sql: Db, fromAsset: string, toAsset: string): Promise<PairRow | null> {
  const [row] = await sql<PairRow[]>`select ${COLUMNS(sql)} from conversion_pairs where from_asset = ${fromAsset} and to_asset = ${toAsset}`;
  return row ?? null;
}

/**
 * The enabled pair from → to. Unknown assets are 422 at their pointers; a pair that is not listed
 * is 422 `pair_not_supported`; a listed but disabled pair is 409 `pair_disabled`. `lookup` lets a
 * caller serve the row from a cache (the signed API); the default reads it.
 */
export async function tradablePair(
  sql: Db,
  fromAsset: string,
  toAsset: string,
  pointers: { from: string; to: string },
  lookup: (fromAsset: string, toAsset: string) => Promise<PairRow | null> = (f, t) => findPair(sql, f, t),
): Promise<PairRow> {
  const bad = (pointer: string, detail: string) => new AppError('EdgeUnprocessable', `Invalid conversion: ${detail}.`, { errors: [{ pointer, detail }] });
  if (!isAsset(fromAsset)) throw bad(pointers.from, 'unknown asset');
  if (!isAsset(toAsset)) throw bad(pointers.to, 'unknown asset');
  if (fromAsset === toAsset) throw bad(pointers.to, 'must differ from the source asset');
  const row = await lookup(fromAsset, toAsset);
  if (!row) {
    throw new AppError('EdgeUnprocessable', `${fromAsset} → ${toAsset} is not a supported conversion pair.`, {
      reason: 'pair_not_supported',
      errors: [{ pointer: pointers.to, detail: `no ${fromAsset}/${toAsset} pair` }],
    });
  }
  if (!row.enabled) throw new AppError('EdgeConflict', `The ${fromAsset} → ${toAsset} pair is disabled.`, { reason: 'pair_disabled' });
  return row;
}
