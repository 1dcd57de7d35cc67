/**
 * The conversion engine's public API (tenant routes, the signed /v1 API, ramps). Amounts are BigInt
 * minor units; prices are exact rationals. Authorization is the caller's job: check the account's
 * scope (routes) or the API key's account (signed API) before calling. See docs/conversions-and-ramps.md.
 *
 *   listPairs(sql, {after, limit})                        → PairRow[]        (presentPair)
 *   getPair(sql, id) / tradablePair(sql, from, to, ptrs)  → PairRow          (404 / 422 pair_not_supported / 409 pair_disabled)
 *   indicativePrice(sql, {enterpriseId, fromAsset, toAsset, fromAmount}) → Pricing (presentIndicativePrice)
 *   createQuote(sql, {enterpriseId, accountRef, fromAsset, toAsset, fromAmount, ttlMs?}) → QuoteRow (presentQuote)
 *   priceQuote(sql, same, {pair?, schedules?, at?})        → QuoteRow, not stored (signed API: sealed into the quote id)
 *   executeQuote(services, {quoteId, accountRef, attribution, businessKey?, terms?, annotations?}) → {conversion, replayed}
 *   convertAtMarket(services, {enterpriseId, accountRef, fromAsset, toAsset, fromAmount, attribution, businessKey?, annotations?}) → {conversion, replayed}
 *   updateConversionReferenceMetadata(sql, caller, id, change, assertCurrent) → ConversionRow (PATCH; docs/references-and-metadata.md)
 *   (both consult the policy rules: 422 policy_denied, or `pending_approval` + workflow `conversion/<id>`)
 */
export { convertAtMarket, executeQuote, type ExecuteOptions, type Executed } from './execute';
export { markConversionExecuting, releaseConversion, settleConversion } from './settle';
export { cancelConversion } from './cancel';
export { CONVERSION_TRANSITIONS, canMove as canMoveConversion } from './model';
export {
  createQuote,
  getQuote,
  indicativePrice,
  MAX_QUOTE_TTL_MS,
  presentQuote,
  priceQuote,
  type ConversionRequest,
  type PricingInputs,
  type QuoteRow,
} from './quotes';
export { listConversions, presentConversion, readableConversion, updateConversionReferenceMetadata } from './records';
export { findConversion, type ConversionRow } from './store';
export { CONVERSION_EVENTS, CONVERSION_STATUSES, ConversionRecordBody, type ConversionStatus } from './events';
export { CONVERSION_CANCEL_UPDATE, CONVERSION_NOT_CANCELLABLE, conversionWorkflowId } from './messages';
export { findPair, getPair, listPairs, presentPair, tradablePair, type PairRow } from '../pricing/pairs';
export { clientRate, convertMinor, presentIndicativePrice, type FeeSchedules, type MarketPrice, type Pricing } from '../pricing/prices';
