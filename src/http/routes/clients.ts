import { z } from '../../schema/zod';
import { sandboxKycAtCreation } from '../../providers/kyc/sandbox';
import { defineRoute, type RouteDef } from '../route';
import { Ref, Uuid } from '../../schema/common';
import { listOf, pageQuery } from '../pagination';
import { assertIfMatch, withOptimisticLock } from '../etag';
import { ClientBody } from '../../domain/clients/events';
import { authorizedClient, changeClientStatus, createClient, listClients, updateClient } from '../../domain/clients/clients';
import type { HolderAction } from '../../domain/clients/lifecycle';
import { presentClient } from '../../domain/clients/present';
import { auditedAs } from '../audit-trail';

const Metadata = z
  .record(z.string().min(1).max(64), z.string().max(500))
  .refine((m) => Object.keys(m).length <= 50, 'at most 50 keys');
const ClientParams = z.object({ client_id: Uuid });

export const createClientRoute = defineRoute({
  method: 'post',
  path: '/clients',
  operationId: 'createClient',
  summary: 'Create a client',
  description: 'Creates the client and its `default_client_account` in one transaction. `external_id` is unique within the enterprise (409 `external_id_taken`).',
  tags: ['Clients'],
  auth: { kind: 'bearer', permission: 'clients.manage' },
  idempotency: 'optional',
  body: z
    .object({
      display_name: z.string().min(1).max(200),
      external_id: z.string().min(1).max(200),
      metadata: Metadata.optional(),
      scope_ref: Ref('enterprises'),
    })
    .strict()
    .openapi('ClientCreate'),
  responses: { 201: { description: 'The client.', schema: ClientBody } },
  errors: ['EdgeNotFound', 'EdgeConflict', 'EdgeGone'],
  handler: async ({ body, caller, services, ctx }) => {
    caller.require('clients.manage', [body.scope_ref], 'enterprise');
    const client = await createClient(
      services.orm.em.fork(),
      caller,
      {
        enterpriseId: caller.enterpriseId,
        displayName: body.display_name,
        externalId: body.external_id,
        metadata: body.metadata ?? {},
        kycStatus: services.config.mode === 'sandbox' ? sandboxKycAtCreation(services.config.mode) : 'pending',
      },
      auditedAs(ctx, 201, 'clients'),
    );
    return { status: 201, body: presentClient(client) };
  },
});

export const getClientRoute = defineRoute({
  method: 'get',
  path: '/clients/{client_id}',
  operationId: 'getClient',
  summary: 'Get a client',
  tags: ['Clients'],
  auth: { kind: 'bearer', permission: 'clients.read' },
  params: ClientParams,
  responses: { 200: { description: 'The client.', schema: ClientBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => ({ body: presentClient(await authorizedClient(services.orm.em.fork(), caller, params.client_id, 'clients.read')) }),
});

export const listClientsRoute = defineRoute({
  method: 'get',
  path: '/clients',
  operationId: 'listClients',
  summary: 'List clients',
  description: 'Clients of the enterprise the caller may read: all of them with an enterprise-wide grant, else those it is granted at.',
  tags: ['Clients'],
  auth: { kind: 'bearer', permission: 'clients.read' },
  query: z
    .object({
      scope_ref: Ref('enterprises').optional().openapi({ param: { name: 'scope_ref', in: 'query' }, description: 'Enterprise whose clients to list.' }),
      status: z.enum(['active', 'suspended', 'closed']).optional().openapi({ param: { name: 'status', in: 'query' } }),
      ...pageQuery,
    })
    .strict(),
  responses: { 200: { description: 'A page of clients.', schema: listOf(ClientBody, 'ClientList') } },
  handler: async ({ query, caller, services, pager }) => {
    const fetch = (after: string | null, limit: number) => listClients(services.orm.em.fork(), caller, { scopeRef: query.scope_ref, status: query.status, after, limit });
    return { body: await pager.list(query, caller, fetch, presentClient) };
  },
});

export const updateClientRoute = defineRoute({
  method: 'patch',
  path: '/clients/{client_id}',
  operationId: 'updateClient',
  summary: 'Update a client',
  description: 'Changes `display_name` and/or replaces `metadata`. With If-Match, a stale ETag is 412 and nothing changes. A closed client is 409.',
  tags: ['Clients'],
  auth: { kind: 'bearer', permission: 'clients.manage' },
  ifMatch: true,
  params: ClientParams,
  body: z.object({ display_name: z.string().min(1).max(200).optional(), metadata: Metadata.optional() }).strict().openapi('ClientUpdate'),
  responses: { 200: { description: 'The updated client.', schema: ClientBody } },
  errors: ['EdgeNotFound', 'EdgePreconditionFailed', 'EdgeConflict', 'EdgeGone'],
  handler: async ({ params, body, caller, services, ctx }) => {
    await authorizedClient(services.orm.em.fork(), caller, params.client_id, 'clients.manage');
    const client = await withOptimisticLock(() =>
      updateClient(services.orm.em.fork(), caller, params.client_id, { displayName: body.display_name, metadata: body.metadata }, (row) => assertIfMatch(ctx, row), auditedAs(ctx, 200, 'clients')),
    );
    return { body: presentClient(client) };
  },
});

const DESCRIPTIONS: Record<HolderAction, string> = {
  suspend: 'active → suspended: the client\'s accounts can neither send nor receive money; reads still work.',
  reactivate: 'suspended → active.',
  close: 'active or suspended → closed (terminal), with every account of the client. Needs every balance at zero with no pending holds (else 409 `balances_not_zero`).',
};

function lifecycleRoute(action: HolderAction): RouteDef {
  return defineRoute({
    method: 'post',
    path: `/clients/{client_id}/${action}`,
    operationId: `${action}Client`,
    summary: `${action[0].toUpperCase()}${action.slice(1)} a client`,
    description: `${DESCRIPTIONS[action]} Other starting states are 409 with reason \`client_<state>\`.`,
    tags: ['Clients'],
    auth: { kind: 'bearer', permission: 'clients.manage' },
    params: ClientParams,
    responses: { 200: { description: 'The client.', schema: ClientBody } },
    errors: ['EdgeNotFound', 'EdgeConflict', 'EdgeGone'],
    handler: async ({ params, caller, services, ctx }) => {
      await authorizedClient(services.orm.em.fork(), caller, params.client_id, 'clients.manage');
      return { body: presentClient(await changeClientStatus(services.orm.em.fork(), caller, params.client_id, action, auditedAs(ctx, 200, 'clients'))) };
    },
  });
}

export const suspendClientRoute = lifecycleRoute('suspend');
export const reactivateClientRoute = lifecycleRoute('reactivate');
export const closeClientRoute = lifecycleRoute('close');

export const clientRoutes: RouteDef[] = [
  createClientRoute,
  listClientsRoute,
  getClientRoute,
  updateClientRoute,
  suspendClientRoute,
  reactivateClientRoute,
  closeClientRoute,
];
