import { createHash } from 'node:crypto';
import type Koa from 'koa';
import { z } from '../../schema/zod';
import { Uuid } from '../../schema/common';
import { ASSETS, formatAmount, isAsset, parseAmount } from '../../money/assets';
import { executeQuote, listPairs, priceQuote, type ConversionRow, type PairRow, type QuoteRow } from '../../domain/conversions';
import type { Services } from '../../services';
import { SignedApiError, type SignedErrorLabel } from './errors';
import type { SignedDeps, SignedRequest } from './authenticate';
import { MAX_QUOTE_ID_LENGTH } from './quote-tokens';

/** Lower-case tickers on this surface (`usdc`), upper-case asset codes inside (`USDC`). */
const tickerOf = (asset: string) => asset.toLowerCase();
const Ticker = z.string().regex(/^[a-z0-9]{1,16}$/, 'must be a lower-case ticker such as "usdc"');
const Decimal = z.string().max(100).regex(/^(0|[1-9][0-9]*)(\.[0-9]+)?$/, 'must be a decimal string such as "12.50"');
const Timestamp = z.number().int().openapi({ description: 'Current time in milliseconds since the Unix epoch.', example: 1763712000000 });
const RecvWindow = z.number().int().optional().openapi({ description: 'Largest accepted delay between `timestamp` and the server time, in ms. Default 5000, maximum 60000.' });
const Amount = z.string().openapi({ description: "Exact decimal string in the asset's precision.", example: '100.000000' });
const EpochMs = z.number().int().openapi({ description: 'Milliseconds since the Unix epoch.' });
const Fee = z.object({ ticker: z.string(), amount: Amount }).openapi('V1Fee', { description: 'Charged in the source asset on top of `fromAmount`.' });

export const V1Balance = z
  .object({
    accountRef: z.string().openapi({ description: 'The client account the API key acts on.' }),
    balances: z.array(
      z
        .object({
          ticker: z.string(),
          available: Amount.openapi({ description: 'total - held: what can be converted now.' }),
          held: Amount.openapi({ description: 'Reserved by pending operations.' }),
          total: Amount,
        })
        .openapi('V1AssetBalance'),
    ),
  })
  .openapi('V1Balance');

export const V1ExchangeInfo = z
  .object({
    pairs: z.array(
      z
        .object({
          fromTicker: z.string(),
          toTicker: z.string(),
          minFromAmount: Amount,
          maxFromAmount: Amount,
          fromPrecision: z.number().int().openapi({ description: 'Decimal places of fromTicker amounts.' }),
          toPrecision: z.number().int().openapi({ description: 'Decimal places of toTicker amounts.' }),
          ratePrecision: z.number().int().openapi({ description: 'Decimal places of the quoted rate.' }),
          quoteTtlMs: z.number().int().openapi({ description: 'How long a quote of this pair can be exchanged.' }),
          enabled: z.boolean().openapi({ description: 'A disabled pair answers 3002 PAIR_DISABLED.' }),
        })
        .openapi('V1Pair'),
    ),
  })
  .openapi('V1ExchangeInfo');

const QuoteId = z.string().min(1).max(MAX_QUOTE_ID_LENGTH).openapi({
  description: 'Opaque; carries the firm terms, authenticated by the server. Its first 36 characters are the UUID the tenant API shows as the conversion\'s `quote_id`.',
});

export const V1Quote = z
  .object({
    quoteId: QuoteId,
    fromTicker: z.string(),
    toTicker: z.string(),
    fromAmount: Amount,
    toAmount: Amount.openapi({ description: 'What the exchange credits, rounded down.' }),
    rate: z.string().openapi({ description: 'toTicker per one fromTicker, rounded down to the pair precision; the booking uses the exact rate.' }),
    fee: Fee,
    totalDebit: Amount.openapi({ description: 'fromAmount + fee, debited from the account on exchange.' }),
    createdAt: EpochMs,
    expiresAt: EpochMs.openapi({ description: 'After this instant the quote is refused (3006 QUOTE_EXPIRED).' }),
  })
  .openapi('V1Quote');

export const V1Exchange = z
  .object({
    exchangeId: Uuid.openapi({ description: 'The conversion (also visible in the tenant API as /conversions/{id}).' }),
    quoteId: QuoteId,
    status: z.enum(['executed', 'pending_approval', 'executing', 'cancelled', 'rejected', 'expired', 'failed']),
    fromTicker: z.string(),
    toTicker: z.string(),
    fromAmount: Amount.openapi({ description: 'Converted amount (debited together with the fee).' }),
    toAmount: Amount.openapi({ description: 'Credited amount.' }),
    rate: z.string(),
    fee: Fee,
    executedAt: EpochMs.nullable(),
  })
  .openapi('V1ExchangeResult');

export interface SignedRoute {
  method: 'get' | 'post';
  path: string;
  operationId: string;
  summary: string;
  description: string;
  body?: z.ZodType;
  response: z.ZodType;
  /** Refusals this endpoint can answer besides the common ones of its method. */
  errors: SignedErrorLabel[];
  /** Reads the client's standing fresh instead of from the process cache (money moves). */
  movesMoney?: boolean;
  handler: (input: { request: SignedRequest; body: never; services: Services; deps: SignedDeps; ctx: Koa.Context }) => Promise<unknown>;
}

function feeOf(asset: string, amount: string) {
  return { ticker: tickerOf(asset), amount: formatAmount(BigInt(amount), asset) };
}

function presentQuote(q: QuoteRow, quoteId: string) {
  return {
    quoteId,
    fromTicker: tickerOf(q.from_asset),
    toTicker: tickerOf(q.to_asset),
    fromAmount: formatAmount(BigInt(q.from_amount), q.from_asset),
    toAmount: formatAmount(BigInt(q.to_amount), q.to_asset),
    rate: q.price,
    fee: feeOf(q.from_asset, q.fee_amount),
    totalDebit: formatAmount(BigInt(q.from_amount) + BigInt(q.fee_amount), q.from_asset),
    createdAt: q.created_at.getTime(),
    expiresAt: q.expires_at.getTime(),
  };
}

function presentExchange(c: ConversionRow, quoteId: string) {
  return {
    exchangeId: c.id,
    quoteId,
    status: c.status,
    fromTicker: tickerOf(c.from_asset),
    toTicker: tickerOf(c.to_asset),
    fromAmount: formatAmount(BigInt(c.from_amount), c.from_asset),
    toAmount: formatAmount(BigInt(c.to_amount), c.to_asset),
    rate: c.price,
    fee: feeOf(c.from_asset, c.fee_amount),
    executedAt: c.settled_at ? c.settled_at.getTime() : null,
  };
}

function presentPair(p: PairRow) {
  return {
    fromTicker: tickerOf(p.from_asset),
    toTicker: tickerOf(p.to_asset),
    minFromAmount: formatAmount(BigInt(p.min_from_amount), p.from_asset),
    maxFromAmount: formatAmount(BigInt(p.max_from_amount), p.from_asset),
    fromPrecision: ASSETS[p.from_asset].precision,
    toPrecision: ASSETS[p.to_asset].precision,
    ratePrecision: p.price_precision,
    quoteTtlMs: p.quote_ttl_ms,
    enabled: p.enabled,
  };
}

const PAIRS_LIMIT = 1000;

// The hottest read: one prepared statement on the ledger's balance rows (available = total - held, as the ledger defines it).
const BALANCES_SQL = 'select asset, total::text as total, held::text as held from ledger_balances where account_ref = $1 order by asset';

export const getBalance: SignedRoute = {
  method: 'get',
  path: '/v1/balance',
  operationId: 'getBalance',
  summary: "Balances of the key's account",
  description: 'One entry per asset the account holds or held, with available and held amounts.',
  response: V1Balance,
  errors: [],
  handler: async ({ request, services }) => {
    const rows = await services.sql.unsafe(BALANCES_SQL, [request.accountRef], { prepare: true });
    return {
      accountRef: request.accountRef,
      balances: rows.map((b) => {
        const total = BigInt(b.total);
        const held = BigInt(b.held);
        return { ticker: tickerOf(b.asset), available: formatAmount(total - held, b.asset), held: formatAmount(held, b.asset), total: formatAmount(total, b.asset) };
      }),
    };
  },
};

export const getExchangeInfo: SignedRoute = {
  method: 'get',
  path: '/v1/convert/exchangeInfo',
  operationId: 'getExchangeInfo',
  summary: 'Conversion pairs with their limits and precision',
  description: 'Every directed pair: minimum and maximum `fromAmount`, decimal places of both amounts and of the rate, quote lifetime.',
  response: V1ExchangeInfo,
  errors: [],
  // The pairs change only by an operator's hand, and a quote checks its pair on the primary: the listing
  // tolerates COUNTERFOIL_READ_MAX_LAG_MS of lag (DATABASE_READ_URL, docs/ledger.md). /v1/balance does not:
  // it must show the caller's own conversions.
  handler: async ({ services }) => ({ pairs: (await listPairs(services.reads.recent(), { after: null, limit: PAIRS_LIMIT })).map(presentPair) }),
};

const QuoteRequest = z
  .object({ fromTicker: Ticker, toTicker: Ticker, fromAmount: Decimal, timestamp: Timestamp, recvWindow: RecvWindow })
  .strict()
  .openapi('V1QuoteRequest');

export const postGetQuote: SignedRoute = {
  method: 'post',
  path: '/v1/convert/getQuote',
  operationId: 'getQuote',
  summary: 'A firm quote to convert fromAmount',
  description: "Prices converting `fromAmount` of `fromTicker` into `toTicker` for the key's account, with the fee, held until `expiresAt`. Exchange it with POST /v1/convert/exchange.",
  body: QuoteRequest,
  response: V1Quote,
  errors: ['UNKNOWN_PAIR', 'PAIR_DISABLED', 'AMOUNT_OUT_OF_RANGE', 'PRICE_PROVIDER_FAILED', 'SERVICE_UNAVAILABLE'],
  handler: async ({ request, body, services, deps }) => {
    const b = body as z.output<typeof QuoteRequest>;
    const fromAsset = b.fromTicker.toUpperCase();
    const toAsset = b.toTicker.toUpperCase();
    for (const [field, asset] of [['fromTicker', fromAsset], ['toTicker', toAsset]] as const) {
      if (!isAsset(asset)) throw new SignedApiError('UNKNOWN_PAIR', `${field}: unknown ticker ${asset.toLowerCase()}.`, {}, 'unknown_asset');
    }
    // Priced from the process caches and sealed into the quote id: no database round trip.
    const quote = await priceQuote(
      services.sql,
      { enterpriseId: request.key.enterpriseId, accountRef: request.accountRef, fromAsset, toAsset, fromAmount: parseAmount(b.fromAmount, fromAsset, '/body/fromAmount') },
      { market: services.providers.market(request.key.enterpriseId), pair: deps.caches.pair, schedules: deps.caches.feeSchedules, at: new Date(deps.now()) },
    );
    return presentQuote(quote, await deps.quotes.seal(quote));
  },
};

const ExchangeRequest = z.object({ quoteId: QuoteId, timestamp: Timestamp, recvWindow: RecvWindow }).strict().openapi('V1ExchangeRequest');

export const postExchange: SignedRoute = {
  method: 'post',
  path: '/v1/convert/exchange',
  operationId: 'exchange',
  summary: 'Execute a quote',
  description:
    'Executes the quote at most once, through the same conversion engine, ledger, fees, policies and event log as the tenant API. When a policy rule requires approval, the amount plus fee is held and `status` is `pending_approval` (approved in the tenant API). Sending the same signed request again (identical bytes, inside recvWindow) books nothing more and answers the same result with `Idempotent-Replayed: true` (and its deprecated alias `X-Replayed: true`); another request for a used quote is 3007 QUOTE_USED.',
  body: ExchangeRequest,
  response: V1Exchange,
  errors: ['QUOTE_NOT_FOUND', 'QUOTE_EXPIRED', 'QUOTE_USED', 'INSUFFICIENT_FUNDS', 'PAIR_DISABLED', 'ACCOUNT_RESTRICTED', 'POLICY_DENIED', 'CONFLICT', 'SERVICE_UNAVAILABLE'],
  movesMoney: true,
  handler: async ({ request, body, services, deps, ctx }) => {
    const b = body as z.output<typeof ExchangeRequest>;
    const terms = await deps.quotes.open(b.quoteId, { enterpriseId: request.key.enterpriseId, accountRef: request.accountRef });
    if (!terms) throw new SignedApiError('QUOTE_NOT_FOUND', "No such quote for this key's account.");
    const { conversion, replayed } = await executeQuote(services, {
      quoteId: terms.id,
      terms,
      accountRef: request.accountRef,
      attribution: request.attribution,
      // The signed bytes identify the request: the same request again is the same business key.
      businessKey: `api-keys/${request.key.id}/${createHash('sha256').update(request.raw).digest('base64url')}`,
    });
    // One replay header on both surfaces; X-Replayed stays as a deprecated alias for clients written against it.
    if (replayed) ctx.set({ 'Idempotent-Replayed': 'true', 'X-Replayed': 'true' });
    return presentExchange(conversion, b.quoteId);
  },
};

export const signedRoutes: SignedRoute[] = [getBalance, getExchangeInfo, postGetQuote, postExchange];
