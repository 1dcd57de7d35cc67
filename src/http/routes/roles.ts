import { z } from '../../schema/zod';
import { defineRoute, type RouteDef } from '../route';
import { Uuid } from '../../schema/common';
import { listOf, pageQuery } from '../pagination';
import { withOptimisticLock } from '../etag';
import { Role } from '../../domain/iam/entities';
import { BoundaryRef, PermissionInput, RoleBody, presentRole } from '../../domain/iam/present';
import { createRole, readRole, retireRole, updateRole } from '../../domain/iam/roles';
import { inIamTransaction } from '../../domain/iam/unit';
import { auditedAs } from '../audit-trail';
import { listInScope } from '../../domain/iam/scopes';
import { ifMatchOn } from './users';

const Permissions = z
  .array(PermissionInput)
  .min(1)
  .max(100)
  .openapi({ description: 'Names from the Permission enum; an unknown one is 422 with a pointer to it. You can only include permissions you hold at the scope.' });

export const createRoleRoute = defineRoute({
  method: 'post',
  path: '/roles',
  operationId: 'createRole',
  summary: 'Create a custom role',
  description: 'A named set of permissions defined at an enterprise or client; it can be granted at that scope or below. Names are unique per enterprise. A permission the caller does not hold at `scope_ref` is 403 `privilege_escalation` with `missing_permissions`.',
  tags: ['Roles'],
  auth: { kind: 'bearer', permission: 'roles.manage' },
  idempotency: 'optional',
  body: z
    .object({
      name: z.string().trim().min(1).max(100),
      description: z.string().max(500).default(''),
      permissions: Permissions,
      scope_ref: BoundaryRef,
    })
    .strict()
    .openapi('RoleCreate'),
  responses: { 201: { description: 'The role.', schema: RoleBody } },
  errors: ['EdgeNotFound', 'EdgeConflict', 'EdgeUnprocessable'],
  handler: async ({ body, caller, services, ctx }) => {
    const role = await inIamTransaction(
      services,
      caller,
      (unit) => createRole(unit, { name: body.name, description: body.description, permissions: body.permissions, scopeRef: body.scope_ref }),
      auditedAs(ctx, 201, 'roles'),
    );
    return { status: 201, body: presentRole(role) };
  },
});

export const listRoles = defineRoute({
  method: 'get',
  path: '/roles',
  operationId: 'listRoles',
  summary: 'List roles',
  description: 'Platform-managed roles (defined at the enterprise) and custom roles, at scopes where the caller holds `roles.read`.',
  tags: ['Roles'],
  auth: { kind: 'bearer', permission: 'roles.read' },
  query: z
    .object({
      scope_ref: BoundaryRef.optional().openapi({ param: { name: 'scope_ref', in: 'query' } }),
      status: RoleBody.shape.status.optional().openapi({ param: { name: 'status', in: 'query' } }),
      ...pageQuery,
    })
    .strict(),
  responses: { 200: { description: 'A page of roles.', schema: listOf(RoleBody, 'RoleList') } },
  handler: async ({ query, caller, services, pager }) => {
    const where = query.status ? { status: query.status } : {};
    const fetch = (after: string | null, limit: number) =>
      listInScope(services.orm.em.fork(), Role, caller, 'roles.read', { scopeField: 'scopeRef', requestedScope: query.scope_ref, where, after, limit });
    return { body: await pager.list(query, caller, fetch, presentRole) };
  },
});

const RoleParams = z.object({ role_id: Uuid });

export const getRole = defineRoute({
  method: 'get',
  path: '/roles/{role_id}',
  operationId: 'getRole',
  summary: 'Get a role',
  tags: ['Roles'],
  auth: { kind: 'bearer', permission: 'roles.read' },
  params: RoleParams,
  responses: { 200: { description: 'The role.', schema: RoleBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => ({ body: presentRole(await readRole(services.orm.em.fork(), caller, params.role_id)) }),
});

export const updateRoleRoute = defineRoute({
  method: 'patch',
  path: '/roles/{role_id}',
  operationId: 'updateRole',
  summary: 'Update a custom role',
  description:
    'Changes `description` and/or replaces `permissions`; holders get the new permissions on their next request. Platform-managed roles are immutable (409 `platform_managed_role`); a retired role is 409 `role_retired`. Each added permission must be held by the caller at the role’s scope and as far as each active assignment of the role reaches (its scope, with its propagation); otherwise 403 `privilege_escalation` with `missing_permissions`.',
  tags: ['Roles'],
  auth: { kind: 'bearer', permission: 'roles.manage' },
  ifMatch: true,
  params: RoleParams,
  body: z.object({ description: z.string().max(500).optional(), permissions: Permissions.optional() }).strict().openapi('RoleUpdate'),
  responses: { 200: { description: 'The updated role.', schema: RoleBody } },
  errors: ['EdgeNotFound', 'EdgeConflict', 'EdgeUnprocessable', 'EdgePreconditionFailed'],
  handler: async ({ params, body, caller, services, ctx }) =>
    withOptimisticLock(async () => ({
      body: presentRole(await inIamTransaction(services, caller, (unit) => updateRole(unit, params.role_id, body, ifMatchOn(ctx)), auditedAs(ctx, 200, 'roles'))),
    })),
});

export const retireRoleRoute = defineRoute({
  method: 'post',
  path: '/roles/{role_id}/retire',
  operationId: 'retireRole',
  summary: 'Retire a custom role',
  description: 'From the next request on, the role grants nothing to anyone; it cannot be granted again. Final. Platform-managed roles cannot be retired (409).',
  tags: ['Roles'],
  auth: { kind: 'bearer', permission: 'roles.manage' },
  ifMatch: true,
  params: RoleParams,
  responses: { 200: { description: 'The retired role.', schema: RoleBody } },
  errors: ['EdgeNotFound', 'EdgeConflict', 'EdgePreconditionFailed'],
  handler: async ({ params, caller, services, ctx }) =>
    withOptimisticLock(async () => ({
      body: presentRole(await inIamTransaction(services, caller, (unit) => retireRole(unit, params.role_id, ifMatchOn(ctx)), auditedAs(ctx, 200, 'roles'))),
    })),
});

export const roleRoutes: RouteDef[] = [createRoleRoute, listRoles, getRole, updateRoleRoute, retireRoleRoute];
