import { z } from '../../schema/zod';
import { defineRoute, type RouteDef } from '../route';
import { AccountRef, Uuid } from '../../schema/common';
import { listOf, pageQuery } from '../pagination';
import { assetOf, parseAmount } from '../../money/assets';
import {
  WITHDRAWAL_STATUSES,
  WithdrawalRecordBody,
  cancelWithdrawal,
  createWithdrawal,
  listWithdrawals,
  presentWithdrawal,
  readWithdrawal,
  updateWithdrawalReferenceMetadata,
} from '../../domain/withdrawals';
import { referenceMetadataCreate, referenceMetadataOf, referenceMetadataQuery } from '../../schema/metadata';
import { referenceMetadataPatchRoute } from '../references';
import { carriedEntry } from '../audit-trail';

const WithdrawalParams = z.object({ withdrawal_id: Uuid });

export const createWithdrawalRoute = defineRoute({
  method: 'post',
  path: '/withdrawals',
  operationId: 'createWithdrawal',
  summary: 'Withdraw to a withdrawal destination',
  description:
    'Validates, prices the fee with the fee engine, decides the policy, holds amount + fee on the account and starts the durable workflow `withdrawal/<id>`. ' +
    'Answers 201 with the transaction record: `executing` (no approval needed) or `pending_approval` with `approval_ref` (the approval already exists; during a database failover it may answer 404 for a few seconds, until the workflow has opened it). ' +
    '`rail` is the crypto network and must be the destination\'s; the destination must be active and registered at or above the account\'s scope, for the same asset (else 422 / 409 `destination_<status>`). ' +
    'A policy `deny` is 422 `policy_denied` naming the rule; insufficient funds (amount + fee) is 422 `insufficient_funds`. States: docs/governed-money.md.',
  tags: ['Withdrawals'],
  auth: { kind: 'bearer', permission: 'withdrawals.create' },
  idempotency: 'required',
  body: z
    .object({
      account_ref: AccountRef,
      amount: z.object({ currency: z.string().max(16), value: z.string().max(100) }).strict(),
      rail: z.string().min(1).max(64),
      withdrawal_destination_id: Uuid,
      ...referenceMetadataCreate,
    })
    .strict()
    .openapi('WithdrawalCreate'),
  responses: { 201: { description: 'The transaction record.', schema: WithdrawalRecordBody } },
  errors: ['EdgeBadRequest', 'EdgeNotFound', 'EdgeConflict', 'EdgeGone', 'EdgeUnprocessable', 'TemporarilyUnavailable'],
  handler: async ({ body, caller, services, idempotency }) => {
    const asset = assetOf(body.amount.currency, '/body/amount/currency');
    const amount = parseAmount(body.amount.value, asset, '/body/amount/value');
    const view = await createWithdrawal(
      services,
      caller,
      { accountRef: body.account_ref, asset, amount, rail: body.rail, destinationId: body.withdrawal_destination_id, annotations: referenceMetadataOf(body) },
      { idempotency },
    );
    return { status: 201, body: view };
  },
});

export const listWithdrawalsRoute = defineRoute({
  method: 'get',
  path: '/withdrawals',
  operationId: 'listWithdrawals',
  summary: 'List withdrawals',
  description: '`reference` and `metadata[<key>]` match exactly.',
  tags: ['Withdrawals'],
  auth: { kind: 'bearer', permission: 'withdrawals.read' },
  query: z
    .object({
      account_ref: AccountRef.optional().openapi({ param: { name: 'account_ref', in: 'query' } }),
      status: z.enum(WITHDRAWAL_STATUSES).optional().openapi({ param: { name: 'status', in: 'query' } }),
      ...referenceMetadataQuery,
      ...pageQuery,
    })
    .strict(),
  responses: { 200: { description: 'A page of withdrawals.', schema: listOf(WithdrawalRecordBody, 'WithdrawalList') } },
  handler: async ({ query, caller, services, pager }) => {
    return {
      body: await pager.list(
        query,
        caller,
        (after, limit) => listWithdrawals(services.sql, caller, { accountRef: query.account_ref, status: query.status, reference: query.reference, metadata: query.metadata, after, limit }),
        presentWithdrawal,
      ),
    };
  },
});

export const getWithdrawalRoute = defineRoute({
  method: 'get',
  path: '/withdrawals/{withdrawal_id}',
  operationId: 'getWithdrawal',
  summary: 'Get a withdrawal',
  tags: ['Withdrawals'],
  auth: { kind: 'bearer', permission: 'withdrawals.read' },
  params: WithdrawalParams,
  responses: { 200: { description: 'The transaction record.', schema: WithdrawalRecordBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => ({ body: presentWithdrawal(await readWithdrawal(services.sql, caller, params.withdrawal_id)) }),
});

export const updateWithdrawalRoute = referenceMetadataPatchRoute({
  path: '/withdrawals/{withdrawal_id}',
  operationId: 'updateWithdrawal',
  summary: 'Change a withdrawal\'s reference or metadata',
  noun: 'withdrawal',
  states: 'In any status, terminal ones included',
  tags: ['Withdrawals'],
  permission: 'withdrawals.create',
  params: WithdrawalParams,
  schema: WithdrawalRecordBody,
  update: (services, caller, params, change, assertCurrent) => updateWithdrawalReferenceMetadata(services.sql, caller, params.withdrawal_id, change, assertCurrent),
  present: presentWithdrawal,
});

export const cancelWithdrawalRoute = defineRoute({
  method: 'post',
  path: '/withdrawals/{withdrawal_id}/cancel',
  operationId: 'cancelWithdrawal',
  summary: 'Cancel a withdrawal',
  description:
    'Until the withdrawal is handed to the rail: a pending approval is cancelled with it, the hold is released and the answer is the withdrawal `cancelled`. ' +
    'Afterwards 409 `withdrawal_submitted`; a finished withdrawal is 409 `withdrawal_<status>`.',
  tags: ['Withdrawals'],
  auth: { kind: 'bearer', permission: 'withdrawals.create' },
  params: WithdrawalParams,
  responses: { 200: { description: 'The cancelled withdrawal.', schema: WithdrawalRecordBody } },
  errors: ['EdgeNotFound', 'EdgeConflict'],
  // The workflow's activity commits the entry (carried by the cancel Update): with the approval's cancellation while it
  // waits for one, else with the withdrawal's release.
  handler: async ({ params, caller, services, ctx }) => ({ body: await cancelWithdrawal(services, caller, params.withdrawal_id, carriedEntry(ctx, 200)) }),
});

export const withdrawalRoutes: RouteDef[] = [createWithdrawalRoute, listWithdrawalsRoute, getWithdrawalRoute, updateWithdrawalRoute, cancelWithdrawalRoute];
