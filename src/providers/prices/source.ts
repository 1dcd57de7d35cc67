import type { PairRow } from '../../domain/pricing/pairs';
import type { Rational } from '../../reference/rational';

/**
 * A price source: the mid price of a pair's market (units of quote_asset per one base_asset) and the
 * instant it was observed. Indicative prices ask with `firm: false`; a firm quote asks with
 * `firm: true` and its id as `key`, so a source that prices firm quotes differently (or records
 * them) can. Staleness is judged by the caller against COUNTERFOIL_PRICE_MAX_AGE_MS.
 */
export interface PriceRequest {
  firm: boolean;
  /** The firm quote's id: the idempotency key of the request. */
  key?: string;
}

export interface PricePoint {
  mid: Rational;
  asOf: Date;
}

export interface PriceSource {
  readonly name: string;
  price(pair: PairRow, request: PriceRequest): Promise<PricePoint>;
}
