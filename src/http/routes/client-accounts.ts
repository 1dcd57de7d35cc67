import { z } from '../../schema/zod';
import { defineRoute, type RouteDef } from '../route';
import { Ref, Uuid } from '../../schema/common';
import { listOf, pageQuery } from '../pagination';
import { assertIfMatch, withOptimisticLock } from '../etag';
import { ClientAccountBody } from '../../domain/clients/events';
import { authorizedClientAccount, changeClientAccountStatus, createClientAccount, listClientAccounts, updateClientAccount } from '../../domain/clients/accounts';
import { authorizedClient } from '../../domain/clients/clients';
import type { HolderAction } from '../../domain/clients/lifecycle';
import { presentClientAccount } from '../../domain/clients/present';
import { auditedAs } from '../audit-trail';

const AccountParams = z.object({ client_account_id: Uuid });

export const createClientAccountRoute = defineRoute({
  method: 'post',
  path: '/client-accounts',
  operationId: 'createClientAccount',
  summary: 'Create a client account',
  description: 'A new account of an active client (a suspended or closed client is 409). An account holds a balance per asset.',
  tags: ['Client accounts'],
  auth: { kind: 'bearer', permission: 'clients.manage' },
  idempotency: 'optional',
  body: z.object({ display_name: z.string().min(1).max(200), scope_ref: Ref('clients') }).strict().openapi('ClientAccountCreate'),
  responses: { 201: { description: 'The client account.', schema: ClientAccountBody } },
  errors: ['EdgeNotFound', 'EdgeConflict', 'EdgeGone'],
  handler: async ({ body, caller, services, ctx }) => {
    const client = await authorizedClient(services.orm.em.fork(), caller, body.scope_ref.slice('clients/'.length), 'clients.manage');
    const account = await createClientAccount(services.orm.em.fork(), caller, { clientId: client.id, displayName: body.display_name }, auditedAs(ctx, 201, 'client-accounts'));
    return { status: 201, body: presentClientAccount(account) };
  },
});

export const getClientAccountRoute = defineRoute({
  method: 'get',
  path: '/client-accounts/{client_account_id}',
  operationId: 'getClientAccount',
  summary: 'Get a client account',
  tags: ['Client accounts'],
  auth: { kind: 'bearer', permission: 'clients.read' },
  params: AccountParams,
  responses: { 200: { description: 'The client account.', schema: ClientAccountBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => ({
    body: presentClientAccount(await authorizedClientAccount(services.orm.em.fork(), caller, params.client_account_id, 'clients.read')),
  }),
});

export const listClientAccountsRoute = defineRoute({
  method: 'get',
  path: '/client-accounts',
  operationId: 'listClientAccounts',
  summary: 'List client accounts',
  description: 'Accounts of one client (`scope_ref=clients/<id>`) or of the enterprise, restricted to those the caller may read.',
  tags: ['Client accounts'],
  auth: { kind: 'bearer', permission: 'clients.read' },
  query: z
    .object({
      scope_ref: z
        .string()
        .regex(/^(enterprises|clients)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'must be an enterprise or client reference')
        .optional()
        .openapi({ param: { name: 'scope_ref', in: 'query' }, description: 'Client (or enterprise) whose accounts to list.' }),
      status: z.enum(['active', 'suspended', 'closed']).optional().openapi({ param: { name: 'status', in: 'query' } }),
      ...pageQuery,
    })
    .strict(),
  responses: { 200: { description: 'A page of client accounts.', schema: listOf(ClientAccountBody, 'ClientAccountList') } },
  handler: async ({ query, caller, services, pager }) => {
    const fetch = (after: string | null, limit: number) => listClientAccounts(services.orm.em.fork(), caller, { scopeRef: query.scope_ref, status: query.status, after, limit });
    return { body: await pager.list(query, caller, fetch, presentClientAccount) };
  },
});

export const updateClientAccountRoute = defineRoute({
  method: 'patch',
  path: '/client-accounts/{client_account_id}',
  operationId: 'updateClientAccount',
  summary: 'Update a client account',
  description: 'Changes `display_name`. With If-Match, a stale ETag is 412 and nothing changes. A closed account is 409.',
  tags: ['Client accounts'],
  auth: { kind: 'bearer', permission: 'clients.manage' },
  ifMatch: true,
  params: AccountParams,
  body: z.object({ display_name: z.string().min(1).max(200).optional() }).strict().openapi('ClientAccountUpdate'),
  responses: { 200: { description: 'The updated client account.', schema: ClientAccountBody } },
  errors: ['EdgeNotFound', 'EdgePreconditionFailed', 'EdgeConflict', 'EdgeGone'],
  handler: async ({ params, body, caller, services, ctx }) => {
    await authorizedClientAccount(services.orm.em.fork(), caller, params.client_account_id, 'clients.manage');
    const account = await withOptimisticLock(() =>
      updateClientAccount(services.orm.em.fork(), caller, params.client_account_id, { displayName: body.display_name }, (row) => assertIfMatch(ctx, row), auditedAs(ctx, 200, 'client-accounts')),
    );
    return { body: presentClientAccount(account) };
  },
});

const DESCRIPTIONS: Record<HolderAction, string> = {
  suspend: 'active → suspended: the account can neither send nor receive money; reads still work.',
  reactivate: 'suspended → active (the client must be active).',
  close: 'active or suspended → closed (terminal). Needs every balance at zero with no pending holds (else 409 `balances_not_zero`); a client\'s default account closes only with the client (409 `default_client_account`).',
};

function lifecycleRoute(action: HolderAction): RouteDef {
  return defineRoute({
    method: 'post',
    path: `/client-accounts/{client_account_id}/${action}`,
    operationId: `${action}ClientAccount`,
    summary: `${action[0].toUpperCase()}${action.slice(1)} a client account`,
    description: `${DESCRIPTIONS[action]} Other starting states are 409 with reason \`client_account_<state>\`.`,
    tags: ['Client accounts'],
    auth: { kind: 'bearer', permission: 'clients.manage' },
    params: AccountParams,
    responses: { 200: { description: 'The client account.', schema: ClientAccountBody } },
    errors: ['EdgeNotFound', 'EdgeConflict', 'EdgeGone'],
    handler: async ({ params, caller, services, ctx }) => {
      await authorizedClientAccount(services.orm.em.fork(), caller, params.client_account_id, 'clients.manage');
      return { body: presentClientAccount(await changeClientAccountStatus(services.orm.em.fork(), caller, params.client_account_id, action, auditedAs(ctx, 200, 'client-accounts'))) };
    },
  });
}

export const clientAccountRoutes: RouteDef[] = [
  createClientAccountRoute,
  listClientAccountsRoute,
  getClientAccountRoute,
  updateClientAccountRoute,
  lifecycleRoute('suspend'),
  lifecycleRoute('reactivate'),
  lifecycleRoute('close'),
];
