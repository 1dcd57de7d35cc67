import type { Sql, TransactionSql } from 'postgres';
import { AppError } from '../../errors';
import { ASSETS, money } from '../../ledger';
import { feesUnder, quoteFees, schedulesInForce } from '../fees/agreements';
import type { FeeComponent, OperationType } from '../fees/engine';
import { formatDecimalDown, multiply, parseDecimal, rational, reciprocal, type Rational } from './rational';
import type { PairRow } from './pairs';

/** Where mid prices come from. The sandbox source is the only implementation; a market feed would be another. */
export interface PriceSource {
  /** Mid price of the pair's direction: units of to_asset per one from_asset. */
  mid(pair: PairRow, at: Date): Rational;
}

/** Deterministic: the catalogue's mid price (quote per base), inverted exactly for the reverse direction. */
export const sandboxPriceSource: PriceSource = {
  mid(pair) {
    const mid = parseDecimal(pair.mid_price);
    return pair.from_asset === pair.base_asset ? mid : reciprocal(mid);
  },
};

const BPS = 10_000n;

/** The client's rate: the mid less the pair's spread (the house buys below mid in both directions). */
export function clientRate(pair: PairRow, at: Date, source: PriceSource = sandboxPriceSource): Rational {
  return multiply(source.mid(pair, at), rational(BPS - BigInt(pair.spread_bps), BPS));
}

/** floor(amount × rate) converted between minor units: any remainder stays with the house. */
export function convertMinor(fromMinor: bigint, rate: Rational, fromAsset: string, toAsset: string): bigint {
  const scaleFrom = 10n ** BigInt(ASSETS[fromAsset].precision);
  const scaleTo = 10n ** BigInt(ASSETS[toAsset].precision);
  return (fromMinor * rate.num * scaleTo) / (rate.den * scaleFrom);
}

export interface Pricing {
  pair: PairRow;
  fromAmount: bigint;
  toAmount: bigint;
  rate: Rational;
  /** `rate` as a decimal string with the pair's price precision (rounded down). */
  price: string;
  fee: { components: FeeComponent[]; total: bigint; enterpriseCaVersion: number; platformCaVersion: number };
  computedAt: Date;
}

/** The platform schedule and the enterprise's agreement in force, as `schedulesInForce` reads them. */
export type FeeSchedules = Awaited<ReturnType<typeof schedulesInForce>>;

/**
 * Prices converting `fromAmount` over `pair`. The fee comes from the fee engine in the from asset and
 * is charged on top of the principal (the whole principal is converted), with the schedules in force
 * (read now, or `schedules` when given). Outside the pair's limits, or an amount too small to yield
 * one minor unit, is 422 at `pointer`.
 */
export async function priceConversion(
  sql: Sql | TransactionSql,
  input: { enterpriseId: string; pair: PairRow; fromAmount: bigint; operationType?: OperationType; pointer: string; at?: Date; schedules?: FeeSchedules },
): Promise<Pricing> {
  const { pair, fromAmount } = input;
  const min = BigInt(pair.min_from_amount);
  const max = BigInt(pair.max_from_amount);
  if (fromAmount < min || fromAmount > max) {
    throw new AppError('EdgeUnprocessable', `The amount is outside the ${pair.from_asset} → ${pair.to_asset} limits.`, {
      reason: 'amount_out_of_range',
      errors: [{ pointer: input.pointer, detail: `must be between ${money(min, pair.from_asset).value} and ${money(max, pair.from_asset).value}` }],
    });
  }
  const computedAt = input.at ?? new Date();
  const rate = clientRate(pair, computedAt);
  const toAmount = convertMinor(fromAmount, rate, pair.from_asset, pair.to_asset);
  if (toAmount <= 0n) {
    throw new AppError('EdgeUnprocessable', 'The amount is too small to convert.', { reason: 'amount_too_small', errors: [{ pointer: input.pointer, detail: 'converts to zero' }] });
  }
  const request = { enterpriseId: input.enterpriseId, operationType: input.operationType ?? 'conversion', asset: pair.from_asset, amount: fromAmount, rail: null };
  const fees = input.schedules ? feesUnder(input.schedules, request) : await quoteFees(sql, request);
  return {
    pair,
    fromAmount,
    toAmount,
    rate,
    price: formatDecimalDown(rate, pair.price_precision),
    fee: { components: fees.components, total: fees.total, enterpriseCaVersion: fees.enterpriseCaVersion, platformCaVersion: fees.platformCaVersion },
    computedAt,
  };
}

/** How long an indicative price is meant to hold (informational: it binds nothing). */
export const INDICATIVE_VALIDITY_MS = 30_000;

/** The seed's indicative price. */
export function presentIndicativePrice(p: Pricing) {
  return {
    amount_basis: 'from' as const,
    binding: false,
    calculated_at: p.computedAt.toISOString(),
    expires_at: new Date(p.computedAt.getTime() + INDICATIVE_VALIDITY_MS).toISOString(),
    flow_type: 'conversion' as const,
    pricing_mode: 'indicative' as const,
    from_asset: p.pair.from_asset,
    to_asset: p.pair.to_asset,
    from_amount: money(p.fromAmount, p.pair.from_asset),
    to_amount: money(p.toAmount, p.pair.to_asset),
    indicative_price: { computed_at: p.computedAt.toISOString(), price: p.price, price_type: 'indicative' as const },
    fee_summary: feeSummary(p.fee.components, p.pair.from_asset),
  };
}

/** The transaction record's fee summary: `{components: [{kind, amount}], total}`. */
export function feeSummary(components: Pick<FeeComponent, 'type' | 'amount'>[], asset: string) {
  return {
    components: components.map((c) => ({ kind: c.type, amount: money(c.amount, asset) })),
    total: money(components.reduce((s, c) => s + c.amount, 0n), asset),
  };
}
