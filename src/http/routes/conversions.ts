import { z } from '../../schema/zod';
import { defineRoute, type RouteDef } from '../route';
import { AccountRef, Timestamp, Uuid } from '../../schema/common';
import { listOf, pageQuery } from '../pagination';
import { AppError } from '../../errors';
import { assetOf, parseAmount } from '../../money/assets';
import type { Caller } from '../../auth/caller';
import type { Services } from '../../services';
import { requireAccount } from '../../domain/funding/accounts';
import { requireCapability } from '../../domain/capabilities';
import { auditRowAlongside, carriedEntry } from '../audit-trail';
import { FeeSummaryBody, Money } from '../../domain/transfers/events';
import {
  CONVERSION_STATUSES,
  ConversionRecordBody,
  cancelConversion,
  convertAtMarket,
  createQuote,
  executeQuote,
  getPair,
  getQuote,
  listConversions,
  listPairs,
  presentConversion,
  presentPair,
  presentQuote,
  readableConversion,
  updateConversionReferenceMetadata,
} from '../../domain/conversions';
import { referenceMetadataCreate, referenceMetadataOf, referenceMetadataQuery } from '../../schema/metadata';
import { referenceMetadataPatchRoute } from '../references';

const AssetCode = z.string().min(1).max(16).transform((s) => s.toUpperCase());

export const ConversionPairBody = z
  .object({
    id: Uuid,
    resource: z.literal('conversion_pair'),
    from_asset: z.string(),
    to_asset: z.string(),
    base_asset: z.string(),
    quote_asset: z.string(),
    min_from_amount: Money,
    max_from_amount: Money,
    from_precision: z.number().int(),
    to_precision: z.number().int(),
    price_precision: z.number().int().openapi({ description: 'Decimal places of the presented price (rounded down).' }),
    quote_ttl_seconds: z.number().openapi({ description: 'Lifetime of a firm quote on this pair.' }),
    enabled: z.boolean(),
  })
  .openapi('ConversionPair');

export const ConversionQuoteBody = z
  .object({
    id: Uuid,
    resource: z.literal('conversion_quote'),
    account_ref: z.string(),
    pair_id: Uuid,
    amount_basis: z.literal('from'),
    binding: z.literal(true),
    flow_type: z.literal('conversion'),
    pricing_mode: z.literal('firm'),
    from_asset: z.string(),
    to_asset: z.string(),
    from_amount: Money,
    to_amount: Money,
    price: z.object({ computed_at: Timestamp, price: z.string(), price_type: z.literal('firm') }),
    fee_summary: FeeSummaryBody,
    total_debit: Money.openapi({ description: 'from_amount + fees: what the account is debited.' }),
    expires_at: Timestamp,
    used: z.boolean(),
    created_at: Timestamp,
  })
  .openapi('ConversionQuote');

const ConversionRequestBody = {
  account_ref: AccountRef,
  from_amount: z.object({ currency: z.string().min(1).max(16), value: z.string().max(100) }).strict(),
  to_currency: z.string().min(1).max(16),
};

/** The request's account (404 out of scope, 403 without `permission` there) with the `conversions` capability on. */
async function conversionAccount(services: Services, caller: Caller, accountRef: string, permission: 'conversions.create') {
  const account = await requireAccount(services.sql, caller, accountRef, permission);
  await requireCapability(services.sql, 'conversions', account.path);
  return account;
}

function parseRequest(body: { from_amount: { currency: string; value: string }; to_currency: string }) {
  const from = assetOf(body.from_amount.currency.toUpperCase(), '/body/from_amount/currency');
  return { fromAsset: from.code, toAsset: body.to_currency.toUpperCase(), fromAmount: parseAmount(body.from_amount.value, from, '/body/from_amount/value') };
}

export const listConversionPairs = defineRoute({
  method: 'get',
  path: '/conversion-pairs',
  operationId: 'listConversionPairs',
  summary: 'List conversion pairs',
  description: 'The catalogue of directed pairs (each market in both directions), with limits, precision and whether the pair is enabled.',
  tags: ['Conversions'],
  auth: { kind: 'bearer', permission: 'conversions.read' },
  query: z
    .object({
      from_asset: AssetCode.optional().openapi({ param: { name: 'from_asset', in: 'query' } }),
      to_asset: AssetCode.optional().openapi({ param: { name: 'to_asset', in: 'query' } }),
      ...pageQuery,
    })
    .strict(),
  responses: { 200: { description: 'A page of pairs.', schema: listOf(ConversionPairBody, 'ConversionPairList') } },
  handler: async ({ query, caller, services, pager }) => {
    return { body: await pager.list(query, caller, (after, limit) => listPairs(services.sql, { fromAsset: query.from_asset, toAsset: query.to_asset, after, limit }), presentPair) };
  },
});

export const getConversionPair = defineRoute({
  method: 'get',
  path: '/conversion-pairs/{conversion_pair_id}',
  operationId: 'getConversionPair',
  summary: 'Get a conversion pair',
  tags: ['Conversions'],
  auth: { kind: 'bearer', permission: 'conversions.read' },
  params: z.object({ conversion_pair_id: Uuid }),
  responses: { 200: { description: 'The pair.', schema: ConversionPairBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, services }) => ({ body: presentPair(await getPair(services.sql, params.conversion_pair_id)) }),
});

export const previewConversion = defineRoute({
  method: 'post',
  path: '/conversions/preview',
  operationId: 'previewConversion',
  summary: 'Get a firm quote',
  description:
    'A binding price and fee for this amount, valid until `expires_at` (the pair\'s quote lifetime, 10 s). Execute it with POST /conversions and `quote_id`, at most once. Outside the pair\'s limits is 422 `amount_out_of_range`; an unlisted pair 422 `pair_not_supported`; a disabled pair 409 `pair_disabled`.',
  tags: ['Conversions'],
  auth: { kind: 'bearer', permission: 'conversions.create', capability: 'conversions' },
  idempotency: 'optional',
  body: z.object(ConversionRequestBody).strict().openapi('ConversionPreviewRequest'),
  responses: { 201: { description: 'The firm quote.', schema: ConversionQuoteBody } },
  errors: ['EdgeNotFound', 'EdgeConflict', 'EdgeUnprocessable', 'ForbiddenCapabilityScope'],
  handler: async ({ body, caller, services, ctx }) => {
    await conversionAccount(services, caller, body.account_ref, 'conversions.create');
    // `conversions/<quote id>`: the name the pipeline gave the stored quote (the path's collection).
    const audit = auditRowAlongside(ctx, 201, 'conversions');
    const quote = await createQuote(services.sql, { enterpriseId: caller.enterpriseId, accountRef: body.account_ref, ...parseRequest(body) }, services.providers.market(caller.enterpriseId), audit);
    return { status: 201, body: presentQuote(quote) };
  },
});

export const createConversion = defineRoute({
  method: 'post',
  path: '/conversions',
  operationId: 'createConversion',
  summary: 'Convert between assets',
  description:
    'With `quote_id`, executes that firm quote (the body must repeat its account, amount and currencies); an expired quote is 409 `quote_expired`, a used one 409 `quote_used`. Without, converts at the market price of the moment. The account is debited `from_amount` + fee and credited the target amount (rounded down), through the FX liquidity account, in one ledger transaction. ' +
    'Insufficient funds is 422 `insufficient_funds`. A policy rule may deny (422 `policy_denied`) or require approval: then the answer is `pending_approval` with `approval_ref` and the amount plus fee held.',
  tags: ['Conversions'],
  auth: { kind: 'bearer', permission: 'conversions.create', capability: 'conversions' },
  idempotency: 'required',
  body: z.object({ ...ConversionRequestBody, quote_id: Uuid.optional(), ...referenceMetadataCreate }).strict().openapi('ConversionCreate'),
  responses: { 201: { description: 'The transaction record.', schema: ConversionRecordBody } },
  errors: ['EdgeBadRequest', 'EdgeNotFound', 'EdgeConflict', 'EdgeGone', 'EdgeUnprocessable', 'ForbiddenCapabilityScope', 'TemporarilyUnavailable'],
  handler: async ({ body, caller, services, idempotency }) => {
    await conversionAccount(services, caller, body.account_ref, 'conversions.create');
    const request = parseRequest(body);
    const annotations = referenceMetadataOf(body);
    if (body.quote_id) {
      const quote = await getQuote(services.sql, body.quote_id);
      if (!quote || quote.account_ref !== body.account_ref) throw new AppError('EdgeNotFound', 'The quote does not exist.');
      const mismatch = [
        quote.from_asset !== request.fromAsset && '/body/from_amount/currency',
        BigInt(quote.from_amount) !== request.fromAmount && '/body/from_amount/value',
        quote.to_asset !== request.toAsset && '/body/to_currency',
      ].filter((p): p is string => typeof p === 'string');
      if (mismatch.length > 0) {
        throw new AppError('EdgeUnprocessable', 'The request does not match the quote.', { reason: 'quote_mismatch', errors: mismatch.map((pointer) => ({ pointer, detail: 'differs from the quote' })) });
      }
      const { conversion } = await executeQuote(services, { quoteId: quote.id, accountRef: body.account_ref, attribution: caller.attribution(), idempotency, annotations });
      return { status: 201, body: presentConversion(conversion) };
    }
    const { conversion } = await convertAtMarket(services, { enterpriseId: caller.enterpriseId, accountRef: body.account_ref, ...request, attribution: caller.attribution(), idempotency, annotations });
    return { status: 201, body: presentConversion(conversion) };
  },
});

const ConversionParams = z.object({ conversion_id: Uuid });

export const getConversion = defineRoute({
  method: 'get',
  path: '/conversions/{conversion_id}',
  operationId: 'getConversion',
  summary: 'Get a conversion',
  tags: ['Conversions'],
  auth: { kind: 'bearer', permission: 'conversions.read' },
  params: ConversionParams,
  responses: { 200: { description: 'The transaction record.', schema: ConversionRecordBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => ({ body: presentConversion(await readableConversion(services.sql, caller, params.conversion_id)) }),
});

export const listConversionsRoute = defineRoute({
  method: 'get',
  path: '/conversions',
  operationId: 'listConversions',
  summary: 'List conversions',
  description: 'Oldest first; only accounts within the scopes where the caller holds conversions.read. `reference` and `metadata[<key>]` match exactly.',
  tags: ['Conversions'],
  auth: { kind: 'bearer', permission: 'conversions.read' },
  query: z
    .object({
      account_ref: AccountRef.optional().openapi({ param: { name: 'account_ref', in: 'query' } }),
      status: z.enum(CONVERSION_STATUSES).optional().openapi({ param: { name: 'status', in: 'query' } }),
      ...referenceMetadataQuery,
      ...pageQuery,
    })
    .strict(),
  responses: { 200: { description: 'A page of transaction records.', schema: listOf(ConversionRecordBody, 'ConversionList') } },
  handler: async ({ query, caller, services, pager }) => {
    const q = { accountRef: query.account_ref, status: query.status, reference: query.reference, metadata: query.metadata };
    return { body: await pager.list(query, caller, (after, limit) => listConversions(services.sql, caller, q, after, limit), presentConversion) };
  },
});

export const updateConversionRoute = referenceMetadataPatchRoute({
  path: '/conversions/{conversion_id}',
  operationId: 'updateConversion',
  summary: 'Change a conversion\'s reference or metadata',
  noun: 'conversion',
  states: 'In any status, terminal ones included',
  tags: ['Conversions'],
  permission: 'conversions.create',
  params: ConversionParams,
  schema: ConversionRecordBody,
  update: (services, caller, params, change, assertCurrent) => updateConversionReferenceMetadata(services.sql, caller, params.conversion_id, change, assertCurrent),
  present: presentConversion,
});

export const cancelConversionRoute = defineRoute({
  method: 'post',
  path: '/conversions/{conversion_id}/cancel',
  operationId: 'cancelConversion',
  summary: 'Cancel a conversion awaiting approval',
  description: 'Only while `pending_approval`: the approval is cancelled and the hold released. Anything else is 409 `conversion_<status>` (e.g. `conversion_executed`).',
  tags: ['Conversions'],
  auth: { kind: 'bearer', permission: 'conversions.create' },
  idempotency: 'optional',
  params: ConversionParams,
  responses: { 200: { description: 'The cancelled conversion.', schema: ConversionRecordBody } },
  errors: ['EdgeNotFound', 'EdgeConflict'],
  // The workflow's activity commits the entry (carried by the cancel Update) with the approval's cancellation.
  handler: async ({ params, caller, services, ctx }) => ({ body: presentConversion(await cancelConversion(services, caller, params.conversion_id, carriedEntry(ctx, 200))) }),
});

export const conversionRoutes: RouteDef[] = [
  listConversionPairs,
  getConversionPair,
  previewConversion,
  createConversion,
  listConversionsRoute,
  getConversion,
  updateConversionRoute,
  cancelConversionRoute,
];
