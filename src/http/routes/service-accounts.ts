import type Koa from 'koa';
import { z } from '../../schema/zod';
import { defineRoute, type RouteDef } from '../route';
import { Ref, Timestamp, Uuid } from '../../schema/common';
import { listOf, pageQuery } from '../pagination';
import { withOptimisticLock } from '../etag';
import { ServiceAccount } from '../../domain/iam/entities';
import {
  BoundaryRef,
  RoleGrantInput,
  RoleAssignmentBody,
  RoleAssignmentErrorBody,
  ServiceAccountBody,
  presentRoleAssignment,
  presentServiceAccount,
  principalRef,
} from '../../domain/iam/present';
import {
  openServiceAccount,
  provisionServiceAccount,
  readServiceAccount,
  revokeServiceAccount,
  type ServiceAccountOutcome,
} from '../../domain/iam/service-accounts';
import { inIamTransaction } from '../../domain/iam/unit';
import type { AuditedAs } from '../../domain/audit/entries';
import { auditedAs, auditedBy } from '../audit-trail';
import { listInScope } from '../../domain/iam/scopes';
import { ifMatchOn } from './users';
import type { Services } from '../../services';

const ExternalId = z.string().min(1).max(200).regex(/^[\x21-\x7e]+$/, 'visible ASCII characters only');

const ServiceAccountRequest = z
  .object({
    description: z.string().max(500).default(''),
    parent_ref: BoundaryRef,
    roles: z.array(RoleGrantInput).max(20).default([]),
    external_id: ExternalId.optional(),
  })
  .strict();

const creationFields = {
  client_id: z.string(),
  client_secret: z.string().openapi({ description: 'Returned once; only its hash is kept.' }),
  client_secret_expires_at: Timestamp,
  principal_ref: Ref('service-accounts'),
  role_assignments: z.array(RoleAssignmentBody),
  role_assignment_errors: z.array(RoleAssignmentErrorBody),
  service_account: ServiceAccountBody,
};
const ServiceAccountCreation = z.object(creationFields).openapi('ServiceAccountCreation');
const ServiceAccountProvisioning = z
  .object({ ...creationFields, client_secret: creationFields.client_secret.nullable().openapi({ description: 'Null when the account already existed: its secret is never shown again.' }) })
  .openapi('ServiceAccountProvisioning');

function presentOutcome(o: ServiceAccountOutcome) {
  return {
    client_id: o.account.clientId,
    client_secret: o.clientSecret,
    client_secret_expires_at: o.account.currentSecretExpiresAt.toISOString(),
    principal_ref: principalRef('service_account', o.account.id),
    role_assignments: o.assignments.map(presentRoleAssignment),
    role_assignment_errors: o.errors,
    service_account: presentServiceAccount(o.account),
  };
}

/** The domain's request from a create or provision body. */
const accountRequest = (body: z.output<typeof ServiceAccountRequest>, services: Services) => ({
  description: body.description,
  parentRef: body.parent_ref,
  externalId: body.external_id,
  roles: body.roles,
  secretTtlDays: services.config.clientSecretTtlDays,
});

/** A creation's entry (201; provisioning that found the account: 200), committed with the account and its grants. */
const auditedOutcome = (ctx: Koa.Context): AuditedAs<ServiceAccountOutcome> =>
  auditedBy<ServiceAccountOutcome>(ctx, (o) => ({ status: o.created ? 201 : 200, resourceRef: principalRef('service_account', o.account.id) }));

export const createServiceAccountRoute = defineRoute({
  method: 'post',
  path: '/service-accounts',
  operationId: 'createServiceAccount',
  summary: 'Create a service account',
  description:
    'Returns `client_id` and `client_secret` once. Each entry of `roles` is granted as by POST /role-assignments; one that fails is listed in `role_assignment_errors` (with the error it would have had) and the others still happen: a role the caller does not itself hold at its `scope_ref`, as far as its `scope_propagation` reaches, is listed there as 403 `privilege_escalation`. The secret is never stored, so there is no Idempotency-Key replay: use POST /service-accounts/provision for idempotent creation by `external_id`.',
  tags: ['Service accounts'],
  auth: { kind: 'bearer', permission: 'service_accounts.manage' },
  body: ServiceAccountRequest.openapi('ServiceAccountCreate'),
  responses: { 201: { description: 'The account, its credentials and its grants.', schema: ServiceAccountCreation } },
  errors: ['EdgeNotFound', 'EdgeConflict'],
  handler: async ({ body, caller, services, ctx }) => {
    const outcome = await inIamTransaction(services, caller, (unit) => openServiceAccount(unit, accountRequest(body, services)), auditedOutcome(ctx));
    return { status: 201, body: presentOutcome(outcome), headers: { 'Cache-Control': 'no-store' } };
  },
});

export const provisionServiceAccountRoute = defineRoute({
  method: 'post',
  path: '/service-accounts/provision',
  operationId: 'provisionServiceAccount',
  summary: 'Create a service account, or return the one with this external_id',
  description:
    'Idempotent by `external_id`: the first call creates the account (201, with its secret once); later calls return it as it is (200, `client_secret` null, no grants made, its active assignments listed). An account with this `external_id` under another `parent_ref` is 409 `provision_mismatch`.',
  tags: ['Service accounts'],
  auth: { kind: 'bearer', permission: 'service_accounts.manage' },
  body: ServiceAccountRequest.extend({ external_id: ExternalId }).openapi('ServiceAccountProvision'),
  responses: {
    201: { description: 'Created: credentials and grants.', schema: ServiceAccountProvisioning },
    200: { description: 'Already there: no secret.', schema: ServiceAccountProvisioning },
  },
  errors: ['EdgeNotFound', 'EdgeConflict'],
  handler: async ({ body, caller, services, ctx }) => {
    const outcome = await inIamTransaction(services, caller, (unit) => provisionServiceAccount(unit, { ...accountRequest(body, services), externalId: body.external_id }), auditedOutcome(ctx));
    return { status: outcome.created ? 201 : 200, body: presentOutcome(outcome), headers: { 'Cache-Control': 'no-store' } };
  },
});

export const listServiceAccounts = defineRoute({
  method: 'get',
  path: '/service-accounts',
  operationId: 'listServiceAccounts',
  summary: 'List service accounts',
  description: 'Only accounts whose parent is a scope where the caller holds `service_accounts.read`.',
  tags: ['Service accounts'],
  auth: { kind: 'bearer', permission: 'service_accounts.read' },
  query: z
    .object({
      parent_ref: BoundaryRef.optional().openapi({ param: { name: 'parent_ref', in: 'query' } }),
      status: ServiceAccountBody.shape.status.optional().openapi({ param: { name: 'status', in: 'query' } }),
      external_id: ExternalId.optional().openapi({ param: { name: 'external_id', in: 'query' } }),
      ...pageQuery,
    })
    .strict(),
  responses: { 200: { description: 'A page of service accounts.', schema: listOf(ServiceAccountBody, 'ServiceAccountList') } },
  handler: async ({ query, caller, services, pager }) => {
    const where = { ...(query.status ? { status: query.status } : {}), ...(query.external_id ? { externalId: query.external_id } : {}) };
    const fetch = (after: string | null, limit: number) =>
      listInScope(services.orm.em.fork(), ServiceAccount, caller, 'service_accounts.read', { scopeField: 'parentRef', requestedScope: query.parent_ref, where, after, limit });
    return { body: await pager.list(query, caller, fetch, presentServiceAccount) };
  },
});

const AccountParams = z.object({ service_account_id: Uuid });

export const getServiceAccount = defineRoute({
  method: 'get',
  path: '/service-accounts/{service_account_id}',
  operationId: 'getServiceAccount',
  summary: 'Get a service account',
  tags: ['Service accounts'],
  auth: { kind: 'bearer', permission: 'service_accounts.read' },
  params: AccountParams,
  responses: { 200: { description: 'The service account.', schema: ServiceAccountBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => ({
    body: presentServiceAccount(await readServiceAccount(services.orm.em.fork(), caller, params.service_account_id)),
  }),
});

export const revokeServiceAccountRoute = defineRoute({
  method: 'post',
  path: '/service-accounts/{service_account_id}/revoke',
  operationId: 'revokeServiceAccount',
  summary: 'Revoke a service account',
  description: 'Final: its tokens fail (401) from their next request on and its secrets no longer issue tokens. Revoking a revoked account is 409 `service_account_revoked`. The caller must itself hold every permission the account holds, at its scopes and as far as they reach; otherwise 403 `privilege_escalation` with `missing_permissions`.',
  tags: ['Service accounts'],
  auth: { kind: 'bearer', permission: 'service_accounts.manage' },
  ifMatch: true,
  params: AccountParams,
  responses: { 200: { description: 'The revoked service account.', schema: ServiceAccountBody } },
  errors: ['EdgeNotFound', 'EdgeConflict', 'EdgePreconditionFailed'],
  handler: async ({ params, caller, services, ctx }) =>
    withOptimisticLock(async () => ({
      body: presentServiceAccount(await inIamTransaction(services, caller, (unit) => revokeServiceAccount(unit, params.service_account_id, ifMatchOn(ctx)), auditedAs(ctx, 200, 'service-accounts'))),
    })),
});

export const serviceAccountRoutes: RouteDef[] = [
  createServiceAccountRoute,
  provisionServiceAccountRoute,
  listServiceAccounts,
  getServiceAccount,
  revokeServiceAccountRoute,
];
