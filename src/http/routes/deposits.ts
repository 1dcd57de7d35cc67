import { z } from '../../schema/zod';
import { defineRoute, type RouteDef } from '../route';
import { AccountRef, Uuid } from '../../schema/common';
import { listOf, pageQuery } from '../pagination';
import { pathOfRow, requireAccount, visibility } from '../../domain/funding/accounts';
import { getDeposit, listDeposits, updateDepositReferenceMetadata } from '../../domain/deposits/deposits';
import { DEPOSIT_STATUSES, DepositBody } from '../../domain/funding/events';
import { referenceMetadataQuery } from '../../schema/metadata';
import { referenceMetadataPatchRoute } from '../references';
import { presentDeposit } from '../../domain/funding/present';

export const listDepositsRoute = defineRoute({
  method: 'get',
  path: '/deposits',
  operationId: 'listDeposits',
  summary: 'List deposits',
  description: '`reference` and `metadata[<key>]` match exactly.',
  tags: ['Deposits'],
  auth: { kind: 'bearer', permission: 'funding.read' },
  query: z
    .object({
      account_ref: AccountRef.optional().openapi({ param: { name: 'account_ref', in: 'query' } }),
      status: z.enum(DEPOSIT_STATUSES).optional().openapi({ param: { name: 'status', in: 'query' } }),
      ...referenceMetadataQuery,
      ...pageQuery,
    })
    .strict(),
  responses: { 200: { description: 'A page of deposits, oldest first.', schema: listOf(DepositBody, 'DepositList') } },
  errors: ['EdgeNotFound'],
  handler: async ({ query, caller, services, pager }) => {
    if (query.account_ref) await requireAccount(services.sql, caller, query.account_ref, 'funding.read');
    const visible = visibility(caller, 'funding.read');
    const fetch = (after: string | null, limit: number) =>
      listDeposits(services.sql, { enterpriseId: caller.enterpriseId, visible, accountRef: query.account_ref, status: query.status, reference: query.reference, metadata: query.metadata, after, limit });
    return { body: await pager.list(query, caller, fetch, presentDeposit) };
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

export const updateDepositRoute = referenceMetadataPatchRoute({
  path: '/deposits/{deposit_id}',
  operationId: 'updateDeposit',
  summary: 'Change a deposit\'s reference or metadata',
  noun: 'deposit',
  states: 'In any status, terminal ones included',
  tags: ['Deposits'],
  permission: 'deposits.annotate',
  params: z.object({ deposit_id: Uuid }),
  schema: DepositBody,
  update: (services, caller, params, change, assertCurrent) => updateDepositReferenceMetadata(services.sql, caller, params.deposit_id, change, assertCurrent),
  present: presentDeposit,
});

export const depositRoutes: RouteDef[] = [listDepositsRoute, getDepositRoute, updateDepositRoute];
