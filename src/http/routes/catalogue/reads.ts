import { z } from '../../../schema/zod';
import { defineRoute, type RouteDef } from '../../route';
import { AccountRef, Uuid } from '../../../schema/common';
import { listOf, pageQuery } from '../../pagination';
import { notFound } from '../../../errors';
import type { Caller } from '../../../auth/caller';
import type { Services } from '../../../services';
import type { ListPager, PageQuery } from '../../../page-tokens';
import { ASSETS, ASSET_CODES, type Asset } from '../../../money/assets';
import { CRYPTO_NETWORKS, findNetwork, networksFor, type CryptoNetwork } from '../../../reference/networks';
import { BANK_RAILS, RAIL_CODES, findRail, railsFor, type BankRail } from '../../../reference/bank-rails';
import { catalogueId } from '../../../reference/ids';
import { requireAccount } from '../../../domain/funding/accounts';

/* The static catalogues (assets, crypto networks, payment methods) and what an account is eligible for: reads only. */

// ---------- shapes ----------

const AssetBody = z
  .object({
    id: Uuid,
    resource: z.literal('asset'),
    code: z.string(),
    name: z.string(),
    precision: z.number().int().openapi({ description: 'Decimal places of the minor unit: amounts with more are refused (422).' }),
    asset_class: z.enum(['fiat', 'crypto']),
    networks: z.array(z.string()),
    payment_methods: z.array(z.string()),
  })
  .openapi('Asset');

const CryptoNetworkBody = z
  .object({
    id: Uuid,
    resource: z.literal('crypto_network'),
    code: z.string(),
    display_name: z.string(),
    native_asset: z.string(),
    assets: z.array(z.object({ asset: z.string(), contract: z.string().nullable() })),
    confirmations: z.number().int().openapi({ description: 'Blocks after inclusion before a deposit is final.' }),
    block_time_seconds: z.number(),
    address_format: z.object({ description: z.string(), pattern: z.string(), example: z.string() }),
    memo: z.object({ required_for_deposit: z.boolean(), format: z.string() }).nullable(),
    status: z.enum(['active', 'suspended']),
  })
  .openapi('CryptoNetwork');

const PaymentMethodBody = z
  .object({
    id: Uuid,
    resource: z.literal('payment_method'),
    code: z.enum(RAIL_CODES),
    display_name: z.string(),
    rail_class: z.literal('fiat'),
    currencies: z.array(z.string()),
    directions: z.array(z.enum(['pay_in', 'pay_out'])),
    typical_settlement: z.string(),
    beneficiary_fields: z.array(z.object({ name: z.string(), required: z.boolean(), format: z.string() })),
    status: z.enum(['active', 'suspended']),
  })
  .openapi('PaymentMethod');

const presentAsset = (a: Asset) => ({
  id: catalogueId('assets', a.code),
  resource: 'asset' as const,
  code: a.code,
  name: a.name,
  precision: a.precision,
  asset_class: a.class,
  networks: networksFor(a.code).map((n) => n.code),
  payment_methods: railsFor('pay_in', a.code).concat(railsFor('pay_out', a.code)).map((r) => r.code).filter((c, i, all) => all.indexOf(c) === i),
});

const presentNetwork = (n: CryptoNetwork) => ({
  id: n.id,
  resource: 'crypto_network' as const,
  code: n.code,
  display_name: n.displayName,
  native_asset: n.nativeAsset,
  assets: Object.entries(n.assets).map(([asset, contract]) => ({ asset, contract })),
  confirmations: n.confirmations,
  block_time_seconds: n.blockTimeSeconds,
  address_format: n.addressFormat,
  memo: n.memo ? { required_for_deposit: n.memo.requiredForDeposit, format: n.memo.format } : null,
  status: n.status,
});

const presentPaymentMethod = (r: BankRail) => ({
  id: r.id,
  resource: 'payment_method' as const,
  code: r.code,
  display_name: r.displayName,
  rail_class: 'fiat' as const,
  currencies: r.currencies,
  directions: r.directions,
  typical_settlement: r.typicalSettlement,
  beneficiary_fields: r.beneficiaryFields,
  status: r.status,
});

/** Static catalogues page like every list (keyset on id), so clients need one pagination loop. */
function pageOf<T extends { id: string }, Out>(pager: ListPager, caller: Caller, query: PageQuery, items: T[], present: (item: T) => Out) {
  const sorted = [...items].sort((a, b) => (a.id < b.id ? -1 : 1));
  return pager.list(query, caller, async (after, limit) => sorted.filter((i) => !after || i.id > after).slice(0, limit), present);
}

const AssetQuery = z.enum(ASSET_CODES).optional().openapi({ param: { name: 'asset', in: 'query' } });

const CurrencyQuery = z.enum(ASSET_CODES).optional().openapi({ param: { name: 'currency', in: 'query' } });

function catalogueList<T extends { id: string }>(opts: {
  path: string;
  operationId: string;
  summary: string;
  description: string;
  tag: string;
  item: z.ZodType;
  listName: string;
  query: Record<string, z.ZodType>;
  items: (q: Record<string, string | undefined>, services: Services, caller: Caller) => Promise<T[]>;
  present: (item: T) => unknown;
}): RouteDef {
  return defineRoute({
    method: 'get',
    path: opts.path,
    operationId: opts.operationId,
    summary: opts.summary,
    description: opts.description,
    tags: [opts.tag],
    auth: { kind: 'bearer', permission: 'catalogue.read' },
    query: z.object({ ...opts.query, ...pageQuery }).strict(),
    responses: { 200: { description: 'A page of catalogue entries.', schema: listOf(opts.item, opts.listName) } },
    errors: ['EdgeNotFound'],
    handler: async ({ query, caller, services, pager }) => {
      const { page_size, page_token, ...filters } = query as Record<string, unknown> & PageQuery;
      const items = await opts.items(filters as Record<string, string | undefined>, services, caller);
      return { body: await pageOf(pager, caller, query, items, opts.present) };
    },
  });
}

/** For per-account eligibility: the account must exist in the caller's scope; a closed one is eligible for nothing. */
async function accountIsOpen(services: Services, caller: Caller, accountRef: string): Promise<boolean> {
  const account = await requireAccount(services.sql, caller, accountRef, 'catalogue.read');
  return account.status !== 'closed';
}

// ---------- routes ----------

export const listAssets = catalogueList({
  path: '/assets',
  operationId: 'listAssets',
  summary: 'List assets and their precision',
  description: 'Every asset the ledger holds, with the decimal places amounts may carry and the rails that carry it.',
  tag: 'Catalogue',
  item: AssetBody,
  listName: 'AssetList',
  query: {},
  items: async () => Object.values(ASSETS).map((a) => ({ ...a, id: catalogueId('assets', a.code) })),
  present: presentAsset,
});

export const listCryptoNetworks = catalogueList({
  path: '/crypto-networks',
  operationId: 'listCryptoNetworks',
  summary: 'List crypto networks',
  description: 'The full network catalogue: assets and token contracts, confirmation counts, address formats, memo rules.',
  tag: 'Catalogue',
  item: CryptoNetworkBody,
  listName: 'CryptoNetworkList',
  query: {},
  items: async () => [...CRYPTO_NETWORKS],
  present: presentNetwork,
});

export const listAvailableCryptoNetworks = catalogueList({
  path: '/available-crypto-networks',
  operationId: 'listAvailableCryptoNetworks',
  summary: 'List crypto networks available now',
  description: 'Networks currently active (deposits and withdrawals flow), optionally those carrying `asset`.',
  tag: 'Catalogue',
  item: CryptoNetworkBody,
  listName: 'AvailableCryptoNetworkList',
  query: { asset: AssetQuery },
  items: async (q) => networksFor(q.asset),
  present: presentNetwork,
});

export const listEligibleCryptoNetworks = catalogueList({
  path: '/eligible-crypto-networks',
  operationId: 'listEligibleCryptoNetworks',
  summary: 'List the networks an account can use for an asset',
  description: 'Active networks carrying `asset` for an open account; empty for a closed account.',
  tag: 'Catalogue',
  item: CryptoNetworkBody,
  listName: 'EligibleCryptoNetworkList',
  query: { account_ref: AccountRef.openapi({ param: { name: 'account_ref', in: 'query' } }), asset: z.enum(ASSET_CODES).openapi({ param: { name: 'asset', in: 'query' } }) },
  items: async (q, services, caller) => ((await accountIsOpen(services, caller, q.account_ref!)) ? networksFor(q.asset) : []),
  present: presentNetwork,
});

export const listPaymentMethods = catalogueList({
  path: '/payment-methods',
  operationId: 'listPaymentMethods',
  summary: 'List payment methods (bank rails)',
  description: 'The full catalogue of fiat bank rails (SEPA, SWIFT, ACH, FPS) with their currencies, directions and beneficiary fields.',
  tag: 'Catalogue',
  item: PaymentMethodBody,
  listName: 'PaymentMethodList',
  query: {},
  items: async () => [...BANK_RAILS],
  present: presentPaymentMethod,
});

export const listAvailablePaymentMethods = catalogueList({
  path: '/available-payment-methods',
  operationId: 'listAvailablePaymentMethods',
  summary: 'List payment methods available for paying in',
  description: 'Active rails that can fund an account, optionally in `currency`.',
  tag: 'Catalogue',
  item: PaymentMethodBody,
  listName: 'AvailablePaymentMethodList',
  query: { currency: CurrencyQuery },
  items: async (q) => railsFor('pay_in', q.currency),
  present: presentPaymentMethod,
});

export const listEligiblePayoutMethods = catalogueList({
  path: '/eligible-payout-methods',
  operationId: 'listEligiblePayoutMethods',
  summary: 'List the rails an account can pay out on',
  description: 'Active pay-out rails for an open account, optionally in `currency`: the rails a payout method (POST /payout-methods) can use.',
  tag: 'Catalogue',
  item: PaymentMethodBody,
  listName: 'EligiblePayoutMethodList',
  query: { account_ref: AccountRef.openapi({ param: { name: 'account_ref', in: 'query' } }), currency: CurrencyQuery },
  items: async (q, services, caller) => ((await accountIsOpen(services, caller, q.account_ref!)) ? railsFor('pay_out', q.currency) : []),
  present: presentPaymentMethod,
});

export const getPaymentMethod = defineRoute({
  method: 'get',
  path: '/payment-methods/{payment_method_id}',
  operationId: 'getPaymentMethod',
  summary: 'Get a payment method',
  description: 'By id or by code (`sepa`, `swift`, `ach`, `fps`).',
  tags: ['Catalogue'],
  auth: { kind: 'bearer', permission: 'catalogue.read' },
  params: z.object({ payment_method_id: z.string().max(64) }),
  responses: { 200: { description: 'The payment method.', schema: PaymentMethodBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params }) => {
    const rail = findRail(params.payment_method_id);
    if (!rail) throw notFound('payment method');
    return { body: presentPaymentMethod(rail) };
  },
});

export const getCryptoNetwork = defineRoute({
  method: 'get',
  path: '/crypto-networks/{crypto_network_id}',
  operationId: 'getCryptoNetwork',
  summary: 'Get a crypto network',
  description: 'By id or by code (`ethereum`, `bitcoin`, `tron`, `solana`, `stellar`).',
  tags: ['Catalogue'],
  auth: { kind: 'bearer', permission: 'catalogue.read' },
  params: z.object({ crypto_network_id: z.string().max(64) }),
  responses: { 200: { description: 'The network.', schema: CryptoNetworkBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params }) => {
    const network = findNetwork(params.crypto_network_id);
    if (!network) throw notFound('crypto network');
    return { body: presentNetwork(network) };
  },
});
