import { z } from '../../schema/zod';
import { createDestinationGoverned } from '../../domain/governance/governed';
import { defineRoute, type RouteDef } from '../route';
import { Uuid } from '../../schema/common';
import { listOf, pageQuery } from '../pagination';
import { assertIfMatch } from '../etag';
import {
  DESTINATION_STATUSES,
  WithdrawalDestinationBody,
  changeDestinationStatus,
  listDestinations,
  presentDestination,
  readDestination,
  updateDestinationReferenceMetadata,
  type DestinationAction,
} from '../../domain/withdrawals';
import { referenceMetadataCreate, referenceMetadataOf, referenceMetadataQuery } from '../../schema/metadata';
import { referenceMetadataPatchRoute } from '../references';
import { auditRowAlongside } from '../audit-trail';

const DestinationParams = z.object({ destination_id: Uuid });

export const createWithdrawalDestinationRoute = defineRoute({
  method: 'post',
  path: '/withdrawal-destinations',
  operationId: 'createWithdrawalDestination',
  summary: 'Register a withdrawal destination',
  description:
    'A crypto address accounts at or below `scope_ref` (an enterprise, client or account) may withdraw to. The address is checked for the network\'s format and checksum, the memo against the network\'s memo rules, and the asset must be carried by the network: otherwise 422 naming the field.',
  tags: ['Withdrawals'],
  auth: { kind: 'bearer', permission: 'withdrawal_destinations.manage' },
  idempotency: 'optional',
  body: z
    .object({
      rail_class: z.literal('crypto'),
      scope_ref: z.string().max(200),
      crypto_routing: z
        .object({
          asset: z.string().max(16),
          network: z.string().max(64),
          label: z.string().min(1).max(200),
          destination: z.object({ address: z.string().min(1).max(200), memo: z.string().max(64).nullable().default(null) }).strict(),
        })
        .strict(),
      ...referenceMetadataCreate,
    })
    .strict()
    .openapi('WithdrawalDestinationCreate'),
  responses: {
    201: {
      description:
        'The destination: `active`, or `pending_approval` with its `approval_ref` when the enterprise puts new destinations under approval (governance settings `destination_approval_quorum`); usable by withdrawals from `usable_from` (cooling-off).',
      schema: WithdrawalDestinationBody,
    },
  },
  errors: ['EdgeNotFound', 'EdgeGone', 'EdgeUnprocessable'],
  handler: async ({ body, caller, services, ctx }) => {
    const r = body.crypto_routing;
    const row = await createDestinationGoverned(services, caller, {
      scopeRef: body.scope_ref,
      asset: r.asset,
      network: r.network,
      label: r.label,
      address: r.destination.address,
      memo: r.destination.memo,
      annotations: referenceMetadataOf(body),
    }, auditRowAlongside(ctx, 201, 'withdrawal-destinations'));
    return { status: 201, body: presentDestination(row) };
  },
});

export const listWithdrawalDestinationsRoute = defineRoute({
  method: 'get',
  path: '/withdrawal-destinations',
  operationId: 'listWithdrawalDestinations',
  summary: 'List withdrawal destinations',
  description: '`reference` and `metadata[<key>]` match exactly.',
  tags: ['Withdrawals'],
  auth: { kind: 'bearer', permission: 'withdrawals.read' },
  query: z
    .object({
      scope_ref: z.string().max(200).optional().openapi({ param: { name: 'scope_ref', in: 'query' } }),
      status: z.enum(DESTINATION_STATUSES).optional().openapi({ param: { name: 'status', in: 'query' } }),
      asset: z.string().max(16).optional().openapi({ param: { name: 'asset', in: 'query' } }),
      ...referenceMetadataQuery,
      ...pageQuery,
    })
    .strict(),
  responses: { 200: { description: 'A page of destinations.', schema: listOf(WithdrawalDestinationBody, 'WithdrawalDestinationList') } },
  handler: async ({ query, caller, services, pager }) => {
    const q = { scopeRef: query.scope_ref, status: query.status, asset: query.asset, reference: query.reference, metadata: query.metadata };
    return { body: await pager.list(query, caller, (after, limit) => listDestinations(services.sql, caller, { ...q, after, limit }), presentDestination) };
  },
});

export const getWithdrawalDestinationRoute = defineRoute({
  method: 'get',
  path: '/withdrawal-destinations/{destination_id}',
  operationId: 'getWithdrawalDestination',
  summary: 'Get a withdrawal destination',
  tags: ['Withdrawals'],
  auth: { kind: 'bearer', permission: 'withdrawals.read' },
  params: DestinationParams,
  responses: { 200: { description: 'The destination.', schema: WithdrawalDestinationBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => ({ body: presentDestination(await readDestination(services.sql, caller, params.destination_id)) }),
});

export const updateWithdrawalDestinationRoute = referenceMetadataPatchRoute({
  path: '/withdrawal-destinations/{destination_id}',
  operationId: 'updateWithdrawalDestination',
  summary: 'Change a withdrawal destination\'s reference or metadata',
  noun: 'withdrawal destination',
  states: 'In any status, retired and rejected included, without an approval (where withdrawals may go does not change)',
  tags: ['Withdrawals'],
  permission: 'withdrawal_destinations.manage',
  params: DestinationParams,
  schema: WithdrawalDestinationBody,
  update: (services, caller, params, change, assertCurrent) => updateDestinationReferenceMetadata(services.sql, caller, params.destination_id, change, assertCurrent),
  present: presentDestination,
});

const TRANSITION_DESCRIPTIONS: Record<DestinationAction, string> = {
  enable: '`disabled` → `active`.',
  disable: '`active` → `disabled`: new withdrawals to it are 409 `destination_disabled`; withdrawals in flight continue.',
  retire: '`active` | `disabled` → `retired` (terminal).',
};

function destinationTransitionRoute(action: DestinationAction) {
  return defineRoute({
    method: 'post',
    path: `/withdrawal-destinations/{destination_id}/${action}`,
    operationId: `${action}WithdrawalDestination`,
    summary: `${action[0].toUpperCase()}${action.slice(1)} a withdrawal destination`,
    description: `${TRANSITION_DESCRIPTIONS[action]} Any other starting state is 409. With If-Match, a stale ETag is 412.`,
    tags: ['Withdrawals'],
    auth: { kind: 'bearer', permission: 'withdrawal_destinations.manage' },
    ifMatch: true,
    params: DestinationParams,
    responses: { 200: { description: 'The destination after the change.', schema: WithdrawalDestinationBody } },
    errors: ['EdgeNotFound', 'EdgeConflict', 'EdgeGone', 'EdgePreconditionFailed'],
    handler: async ({ params, caller, services, ctx }) => {
      const row = await changeDestinationStatus(services.sql, caller, params.destination_id, action, (r) => assertIfMatch(ctx, r), auditRowAlongside(ctx, 200, 'withdrawal-destinations'));
      return { body: presentDestination(row) };
    },
  });
}

export const withdrawalDestinationRoutes: RouteDef[] = [
  createWithdrawalDestinationRoute,
  listWithdrawalDestinationsRoute,
  getWithdrawalDestinationRoute,
  updateWithdrawalDestinationRoute,
  destinationTransitionRoute('enable'),
  destinationTransitionRoute('disable'),
  destinationTransitionRoute('retire'),
];
