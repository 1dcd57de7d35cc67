import type { Sql } from 'postgres';
import type { Db } from '../../db/sql';
import { notFound } from '../../errors';
import type { Alongside } from '../../db/base';
import { uuidv7 } from '../../ids';
import { money } from '../../ledger';
import { fundableAccount } from '../funding/accounts';
import { tradablePair, type PairRow } from '../pricing/pairs';
import { feeSummary, priceConversion, type FeeSchedules, type MarketPrice, type Pricing } from '../pricing/prices';
import { serialise } from '../../reference/rational';
import { loadFees, storeFees, type PricedColumns } from './ledger';

/* Firm and indicative quotes: the price and fee of a conversion before it executes. */

export interface QuoteRow extends PricedColumns {
  id: string;
  created_at: Date;
  enterprise_id: string;
  account_ref: string;
  pair_id: string;
  expires_at: Date;
  used_at: Date | null;
  conversion_id: string | null;
}

export const QUOTE_COLUMNS = (sql: Db) => sql`
  id, created_at, enterprise_id, account_ref, pair_id, from_asset, to_asset, from_amount::text as from_amount,
  to_amount::text as to_amount, fee_amount::text as fee_amount, fee_components, enterprise_ca_version, platform_ca_version,
  rate, price, expires_at, used_at, conversion_id`;

/** The firm quote as POST /conversions/preview answers it. */
export function presentQuote(q: QuoteRow) {
  return {
    id: q.id,
    resource: 'conversion_quote' as const,
    account_ref: q.account_ref,
    pair_id: q.pair_id,
    amount_basis: 'from' as const,
    binding: true,
    flow_type: 'conversion' as const,
    pricing_mode: 'firm' as const,
    from_asset: q.from_asset,
    to_asset: q.to_asset,
    from_amount: money(BigInt(q.from_amount), q.from_asset),
    to_amount: money(BigInt(q.to_amount), q.to_asset),
    price: { computed_at: q.created_at.toISOString(), price: q.price, price_type: 'firm' as const },
    fee_summary: feeSummary(loadFees(q.fee_components), q.from_asset),
    total_debit: money(BigInt(q.from_amount) + BigInt(q.fee_amount), q.from_asset),
    expires_at: q.expires_at.toISOString(),
    used: q.used_at !== null,
    created_at: q.created_at.toISOString(),
  };
}

export interface ConversionRequest {
  enterpriseId: string;
  accountRef: string;
  fromAsset: string;
  toAsset: string;
  /** Minor units of fromAsset. */
  fromAmount: bigint;
}

export const POINTERS = { from: '/body/from_amount/currency', to: '/body/to_currency', amount: '/body/from_amount/value' };
/** Longest firm quote a caller may ask for. */
export const MAX_QUOTE_TTL_MS = 60_000;

/**
 * Where pricing gets the market's mid price (its provider: `services.providers.market(enterpriseId)`),
 * reads the pair and the fee schedules (the database by default, or a caller's caches kept fresh by
 * NOTIFY: the signed API), and the instant it prices at (default now).
 */
export interface PricingInputs {
  market: MarketPrice;
  pair?: (fromAsset: string, toAsset: string) => Promise<PairRow | null>;
  schedules?: (enterpriseId: string) => Promise<FeeSchedules>;
  at?: Date;
}

/** `firmKey`: the id of the firm quote being priced (indicative when absent). */
export async function priced(sql: Db, r: ConversionRequest, inputs: PricingInputs, firmKey?: string): Promise<Pricing> {
  const pair = await tradablePair(sql, r.fromAsset, r.toAsset, POINTERS, inputs.pair);
  const [mid, schedules] = await Promise.all([inputs.market(pair, { firm: firmKey !== undefined, key: firmKey }), inputs.schedules?.(r.enterpriseId)]);
  return priceConversion(sql, { enterpriseId: r.enterpriseId, pair, mid, fromAmount: r.fromAmount, pointer: POINTERS.amount, at: inputs.at, schedules });
}

/** Prices without binding anything (GET /prices/indicative). */
export function indicativePrice(sql: Sql, r: Omit<ConversionRequest, 'accountRef'>, market: MarketPrice): Promise<Pricing> {
  return priced(sql, { ...r, accountRef: '' }, { market });
}

/**
 * The terms of a firm quote: the price and fee for this amount, held for `ttlMs` (default: the
 * pair's quote_ttl_ms, 10 s in the catalogue; at most 60 s). Not stored: `createQuote` stores them,
 * the signed API seals them into the quote id and `executeQuote` stores them when exchanged.
 * Authorization and the account's membership of the enterprise are the caller's.
 */
export async function priceQuote(sql: Sql, r: ConversionRequest & { ttlMs?: number }, inputs: PricingInputs): Promise<QuoteRow> {
  const id = uuidv7();
  const p = await priced(sql, r, inputs, id);
  const ttlMs = Math.min(Math.max(1, r.ttlMs ?? p.pair.quote_ttl_ms), MAX_QUOTE_TTL_MS);
  return {
    id,
    created_at: p.computedAt,
    enterprise_id: r.enterpriseId,
    account_ref: r.accountRef,
    pair_id: p.pair.id,
    from_asset: p.pair.from_asset,
    to_asset: p.pair.to_asset,
    from_amount: p.fromAmount.toString(),
    to_amount: p.toAmount.toString(),
    fee_amount: p.fee.total.toString(),
    fee_components: storeFees(p.fee.components),
    enterprise_ca_version: p.fee.enterpriseCaVersion,
    platform_ca_version: p.fee.platformCaVersion,
    rate: serialise(p.rate),
    price: p.price,
    expires_at: new Date(p.computedAt.getTime() + ttlMs),
    used_at: null,
    conversion_id: null,
  };
}

/** Stores quote terms; `ifAbsent` leaves an existing row with the same id as it is (a sealed quote exchanged twice). */
export function insertQuote(sql: Db, q: QuoteRow, ifAbsent: boolean) {
  return sql<QuoteRow[]>`
    insert into conversion_quotes (id, created_at, enterprise_id, account_ref, pair_id, from_asset, to_asset, from_amount, to_amount,
                                   fee_amount, fee_components, enterprise_ca_version, platform_ca_version, rate, price, expires_at)
    values (${q.id}, ${q.created_at}, ${q.enterprise_id}, ${q.account_ref}, ${q.pair_id}, ${q.from_asset}, ${q.to_asset},
            ${q.from_amount}, ${q.to_amount}, ${q.fee_amount}, ${sql.json(q.fee_components as never)},
            ${q.enterprise_ca_version}, ${q.platform_ca_version}, ${q.rate}, ${q.price}, ${q.expires_at})
    ${ifAbsent ? sql`on conflict (id) do nothing` : sql``}
    returning ${QUOTE_COLUMNS(sql)}`;
}

/** A stored firm quote (POST /conversions/preview), committed with `alongside`; the account must exist in the enterprise. */
export async function createQuote(sql: Sql, r: ConversionRequest & { ttlMs?: number }, market: MarketPrice, alongside?: Alongside<QuoteRow>): Promise<QuoteRow> {
  const account = await fundableAccount(sql, r.accountRef);
  if (!account || account.enterpriseId !== r.enterpriseId) throw notFound('account');
  const priced = await priceQuote(sql, r, { market });
  return (await sql.begin(async (tx) => {
    const [row] = await insertQuote(tx, priced, false);
    await alongside?.(tx, row);
    return row;
  })) as QuoteRow;
}

export async function getQuote(sql: Db, quoteId: string): Promise<QuoteRow | null> {
  const [row] = await sql<QuoteRow[]>`select ${QUOTE_COLUMNS(sql)} from conversion_quotes where id = ${quoteId}`;
  return row ?? null;
}
