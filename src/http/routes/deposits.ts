import { z } from '../../schema/zod';
import { defineRoute, type RouteDef } from '../route';
import { AccountRef, ETag, Timestamp, Uuid } from '../../schema/common';
import { listOf, pageQuery } from '../pagination';
import { pathOfRow, requireAccount, visibility } from '../../domain/funding/accounts';
import { getDeposit, listDeposits } from '../../domain/deposits/deposits';
import { presentDeposit } from '../../domain/funding/present';

const Money = z.object({ currency: z.string(), value: z.string() });

export const DepositBody = z
  .object({
    id: Uuid,
    resource: z.literal('deposit'),
    account_ref: z.string(),
    funding_endpoint_id: Uuid,
    deposit_instruction_id: Uuid,
    asset: z.string(),
    rail_class: z.enum(['crypto', 'fiat']),
    network: z.string().nullable(),
    fiat_rail: z.string().nullable(),
    amount: Money,
    transaction_hash: z.string().openapi({ description: "Network transaction id (crypto) or bank reference (fiat): the reporting connector's reference; synthetic in sandbox." }),
    confirmations: z.number().int(),
    confirmations_required: z.number().int(),
    status: z.enum(['pending', 'confirmed', 'credited', 'failed']).openapi({ description: 'pending → confirmed → credited; failed when it cannot be credited (see failure_reason).' }),
    failure_reason: z.string().nullable(),
    ledger_transaction_ref: z.string().nullable(),
    confirmed_at: Timestamp.nullable(),
    credited_at: Timestamp.nullable(),
    subject_attribution: z.unknown().nullable(),
    connector_ref: z.string().nullable().openapi({ description: 'The connector that reported the deposit (`connectors/<id>`); null for a simulated one.' }),
    etag: ETag,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('Deposit');

const DepositStatus = z.enum(['pending', 'confirmed', 'credited', 'failed']);

export const listDepositsRoute = defineRoute({
  method: 'get',
  path: '/deposits',
  operationId: 'listDeposits',
  summary: 'List deposits',
  tags: ['Deposits'],
  auth: { kind: 'bearer', permission: 'funding.read' },
  query: z
    .object({
      account_ref: AccountRef.optional().openapi({ param: { name: 'account_ref', in: 'query' } }),
      status: DepositStatus.optional().openapi({ param: { name: 'status', in: 'query' } }),
      ...pageQuery,
    })
    .strict(),
  responses: { 200: { description: 'A page of deposits, oldest first.', schema: listOf(DepositBody, 'DepositList') } },
  errors: ['EdgeNotFound'],
  handler: async ({ query, caller, services }) => {
    const filter = { account_ref: query.account_ref ?? null, status: query.status ?? null };
    if (query.account_ref) await requireAccount(services.sql, caller, query.account_ref, 'funding.read');
    const visible = visibility(caller, 'funding.read');
    const fetch = (after: string | null, limit: number) =>
      listDeposits(services.sql, { enterpriseId: caller.enterpriseId, visible, accountRef: query.account_ref, status: query.status, after, limit });
    return { body: await services.pager.list(query, caller, filter, fetch, presentDeposit) };
  },
});

export const getDepositRoute = defineRoute({
  method: 'get',
  path: '/deposits/{deposit_id}',
  operationId: 'getDeposit',
  summary: 'Get a deposit',
  tags: ['Deposits'],
  auth: { kind: 'bearer', permission: 'funding.read' },
  params: z.object({ deposit_id: Uuid }),
  responses: { 200: { description: 'The deposit.', schema: DepositBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => {
    const row = await getDeposit(services.sql, params.deposit_id);
    caller.require('funding.read', pathOfRow(row), 'deposit');
    return { body: presentDeposit(row) };
  },
});

export const depositRoutes: RouteDef[] = [listDepositsRoute, getDepositRoute];
