import { z } from '../../schema/zod';
import { defineRoute, type RouteDef } from '../route';
import { Timestamp } from '../../schema/common';
import { parseAmount } from '../../money/assets';
import { requireAccount } from '../../domain/funding/accounts';
import { FeeSummaryBody, Money } from '../../domain/transfers/events';
import { indicativePrice, presentIndicativePrice } from '../../domain/conversions';

const AssetCode = z.string().min(1).max(16).transform((s) => s.toUpperCase());

export const IndicativePriceBody = z
  .object({
    amount_basis: z.literal('from'),
    binding: z.literal(false),
    calculated_at: Timestamp,
    expires_at: Timestamp,
    flow_type: z.literal('conversion'),
    pricing_mode: z.literal('indicative'),
    from_asset: z.string(),
    to_asset: z.string(),
    from_amount: Money,
    to_amount: Money,
    indicative_price: z.object({ computed_at: Timestamp, price: z.string(), price_type: z.literal('indicative') }),
    fee_summary: FeeSummaryBody,
  })
  .openapi('IndicativePrice');

export const getIndicativePrice = defineRoute({
  method: 'get',
  path: '/prices/indicative',
  operationId: 'getIndicativePrice',
  summary: 'Indicative conversion price',
  description:
    'Prices converting `from_amount` of `from_asset` into `to_asset` at the market\'s mid price from the provider the routing configuration names for the market (the sandbox: the catalogue\'s mid price; a connector: docs/connectors.md) less the pair\'s spread, rounded down, with the fee engine. Binds nothing; `expires_at` is 30 s later. With `account_ref`, the caller must see the account. Asset codes are case-insensitive. A provider that fails (unreachable, timed out, 5xx, an answer outside the protocol) is 502 EdgeBadGateway with `provider` naming it; a price older than COUNTERFOIL_PRICE_MAX_AGE_MS is 503 TemporarilyUnavailable with Retry-After.',
  tags: ['Prices'],
  auth: { kind: 'bearer', permission: 'conversions.read', capability: 'conversions' },
  query: z
    .object({
      from_asset: AssetCode.openapi({ param: { name: 'from_asset', in: 'query' }, example: 'USDC' }),
      to_asset: AssetCode.openapi({ param: { name: 'to_asset', in: 'query' }, example: 'EUR' }),
      amount_basis: z.literal('from').optional().openapi({ param: { name: 'amount_basis', in: 'query' }, description: 'Only `from` (the amount is what is converted).' }),
      from_amount: z.string().max(100).openapi({ param: { name: 'from_amount', in: 'query' }, example: '100.00' }),
      account_ref: z.string().max(80).optional().openapi({ param: { name: 'account_ref', in: 'query' } }),
    })
    .strict(),
  responses: { 200: { description: 'The indicative price.', schema: IndicativePriceBody } },
  errors: ['EdgeNotFound', 'EdgeConflict', 'EdgeUnprocessable', 'EdgeBadGateway', 'TemporarilyUnavailable'],
  handler: async ({ query, caller, services }) => {
    if (query.account_ref) await requireAccount(services.sql, caller, query.account_ref, 'conversions.read');
    const pricing = await indicativePrice(services.sql, {
      enterpriseId: caller.enterpriseId,
      fromAsset: query.from_asset,
      toAsset: query.to_asset,
      fromAmount: parseAmount(query.from_amount, query.from_asset, '/query/from_amount'),
    }, services.providers.market(caller.enterpriseId));
    return { body: presentIndicativePrice(pricing) };
  },
});

export const priceRoutes: RouteDef[] = [getIndicativePrice];
