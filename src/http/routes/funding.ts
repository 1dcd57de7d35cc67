import { z } from '../../schema/zod';
import { defineRoute, type RouteDef } from '../route';
import { AccountRef, ETag, Timestamp, Uuid } from '../../schema/common';
import { listOf, pageQuery } from '../pagination';
import { notFound } from '../../errors';
import type { Caller } from '../../auth/caller';
import type { Services } from '../../services';
import type { ListPager } from '../../page-tokens';
import { pathOfRow, requireAccount, visibility } from '../../domain/funding/accounts';
import { ensureFundingEndpoints, findEndpoint, listEndpoints, type RailClass } from '../../domain/funding/endpoints';
import { presentDepositInstruction, presentFundingEndpoint } from '../../domain/funding/present';

const CryptoRouting = z
  .object({
    asset: z.string(),
    network: z.string(),
    endpoint: z.object({ address: z.string(), memo: z.string().nullable().openapi({ description: 'Required on memo networks (stellar): a deposit without it cannot be attributed.' }) }),
  })
  .openapi('CryptoRouting');

const FiatRouting = z
  .object({
    rail: z.enum(['sepa', 'ach', 'fps']),
    currency: z.string(),
    beneficiary_name: z.string(),
    iban: z.string().optional(),
    bic: z.string().optional(),
    sort_code: z.string().optional(),
    account_number: z.string().optional(),
    routing_number: z.string().optional(),
    account_type: z.string().optional(),
  })
  .openapi('FiatRouting', { description: 'Virtual bank account details; the fields present depend on the rail.' });

export const FundingEndpointBody = z
  .object({
    id: Uuid,
    resource: z.literal('funding_endpoint'),
    account_ref: z.string(),
    asset: z.string(),
    network: z.string().nullable(),
    rail_class: z.enum(['crypto', 'fiat']),
    status: z.enum(['active', 'disabled']),
    crypto_routing: CryptoRouting.nullable(),
    fiat_rail: z.string().nullable(),
    fiat_routing: FiatRouting.nullable(),
    etag: ETag,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('FundingEndpoint');

export const DepositInstructionBody = z
  .object({
    id: Uuid,
    resource: z.literal('deposit_instruction'),
    funding_endpoint_id: Uuid,
    account_ref: z.string(),
    asset: z.string(),
    rail_class: z.enum(['crypto', 'fiat']),
    crypto_routing: CryptoRouting.nullable(),
    fiat_routing: FiatRouting.nullable(),
    expires_at: Timestamp.nullable(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('DepositInstruction');

const ListQuery = z
  .object({
    account_ref: AccountRef.optional().openapi({ param: { name: 'account_ref', in: 'query' }, description: 'Account whose endpoints to list; they are created on first need.' }),
    rail_class: z.enum(['crypto', 'fiat']).optional().openapi({ param: { name: 'rail_class', in: 'query' } }),
    ...pageQuery,
  })
  .strict();

/** One list handler for both views of the same rows (endpoints and their instructions). */
async function listFunding(
  services: Services,
  pager: ListPager,
  caller: Caller,
  query: z.output<typeof ListQuery>,
  view: 'endpoint' | 'instruction',
) {
  const fetch = async (after: string | null, limit: number) => {
    if (query.account_ref) {
      const account = await requireAccount(services.sql, caller, query.account_ref, 'funding.read');
      await ensureFundingEndpoints(services.sql, account, (request) => services.providers.issueDepositInstruction(request));
    }
    const rows = await listEndpoints(services.sql, {
      enterpriseId: caller.enterpriseId,
      visible: visibility(caller, 'funding.read'),
      accountRef: query.account_ref,
      railClass: query.rail_class as RailClass | undefined,
      after,
      limit,
      orderBy: view,
    });
    return rows.map((r) => ({ ...r, id: view === 'endpoint' ? r.id : r.instruction_id, row: r }));
  };
  return pager.list(query, caller, fetch, (k) => (view === 'endpoint' ? presentFundingEndpoint(k.row) : presentDepositInstruction(k.row)));
}

export const listFundingEndpoints = defineRoute({
  method: 'get',
  path: '/funding-endpoints',
  operationId: 'listFundingEndpoints',
  summary: 'List funding endpoints',
  description:
    'With `account_ref`: one endpoint for every asset and rail enabled for the account (crypto networks and pay-in bank rails), created on first need with a stable address issued by the rail\'s deposits provider (502 `EdgeBadGateway` naming it when it fails). Without: the endpoints already created in the caller\'s scope.',
  tags: ['Funding'],
  auth: { kind: 'bearer', permission: 'funding.read' },
  query: ListQuery,
  responses: { 200: { description: 'A page of funding endpoints.', schema: listOf(FundingEndpointBody, 'FundingEndpointList') } },
  errors: ['EdgeNotFound', 'EdgeBadGateway'],
  handler: async ({ query, caller, services, pager }) => ({ body: await listFunding(services, pager, caller, query, 'endpoint') }),
});

export const getFundingEndpoint = defineRoute({
  method: 'get',
  path: '/funding-endpoints/{funding_endpoint_id}',
  operationId: 'getFundingEndpoint',
  summary: 'Get a funding endpoint',
  tags: ['Funding'],
  auth: { kind: 'bearer', permission: 'funding.read' },
  params: z.object({ funding_endpoint_id: Uuid }),
  responses: { 200: { description: 'The funding endpoint.', schema: FundingEndpointBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => {
    const row = await findEndpoint(services.sql, { endpointId: params.funding_endpoint_id });
    if (!row) throw notFound('funding endpoint');
    caller.require('funding.read', pathOfRow(row), 'funding endpoint');
    return { body: presentFundingEndpoint(row) };
  },
});

export const listDepositInstructions = defineRoute({
  method: 'get',
  path: '/deposit-instructions',
  operationId: 'listDepositInstructions',
  summary: 'List deposit instructions',
  description: 'What to tell a payer: one instruction per funding endpoint (same creation rules as GET /funding-endpoints).',
  tags: ['Funding'],
  auth: { kind: 'bearer', permission: 'funding.read' },
  query: ListQuery,
  responses: { 200: { description: 'A page of deposit instructions.', schema: listOf(DepositInstructionBody, 'DepositInstructionList') } },
  errors: ['EdgeNotFound', 'EdgeBadGateway'],
  handler: async ({ query, caller, services, pager }) => ({ body: await listFunding(services, pager, caller, query, 'instruction') }),
});

export const getDepositInstruction = defineRoute({
  method: 'get',
  path: '/deposit-instructions/{deposit_instruction_id}',
  operationId: 'getDepositInstruction',
  summary: 'Get a deposit instruction',
  tags: ['Funding'],
  auth: { kind: 'bearer', permission: 'funding.read' },
  params: z.object({ deposit_instruction_id: Uuid }),
  responses: { 200: { description: 'The deposit instruction.', schema: DepositInstructionBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => {
    const row = await findEndpoint(services.sql, { instructionId: params.deposit_instruction_id });
    if (!row) throw notFound('deposit instruction');
    caller.require('funding.read', pathOfRow(row), 'deposit instruction');
    return { body: presentDepositInstruction(row) };
  },
});

export const fundingRoutes: RouteDef[] = [listFundingEndpoints, getFundingEndpoint, listDepositInstructions, getDepositInstruction];
