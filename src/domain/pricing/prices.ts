import type { Sql, TransactionSql } from 'postgres';
import { AppError } from '../../errors';
import { ASSETS, money } from '../../ledger';
import { feesUnder, quoteFees, schedulesInForce } from '../fees/agreements';
import type { FeeComponent, OperationType } from '../fees/engine';
import { formatDecimalDown, multiply, rational, reciprocal, type Rational } from '../../reference/rational';
import type { PairRow } from './pairs';

/**
 * The mid price of a pair's market (units of quote_asset per one base_asset) from the provider that
 * serves it (src/providers/prices; `services.providers.market(enterpriseId)`). It refuses rather than
 * answer a price it cannot stand behind: 502 when the provider fails, 503 when its price is stale.
 */
export type MarketPrice = (pair: PairRow, request: { firm: boolean; key?: string }) => Promise<Rational>;

const BPS = 10_000n;

/** The client's rate from the market's mid: the pair's direction of it, less the pair's spread (the house buys below mid in both directions). */
export function clientRate(pair: PairRow, mid: Rational): Rational {
  const directed = pair.from_asset === pair.base_asset ? mid : reciprocal(mid);
  return multiply(directed, rational(BPS - BigInt(pair.spread_bps), BPS));
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
 * (read now, or `schedules` when given), at the market's `mid` (asked of its provider beforehand, outside
 * any transaction). Outside the pair's limits, or an amount too small to yield one minor unit, is 422 at `pointer`.
 */
export async function priceConversion(
  sql: Sql | TransactionSql,
  input: { enterpriseId: string; pair: PairRow; mid: Rational; fromAmount: bigint; operationType?: OperationType; pointer: string; at?: Date; schedules?: FeeSchedules },
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
  const rate = clientRate(pair, input.mid);
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

/** The indicative price of the tenant API contract. */
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
