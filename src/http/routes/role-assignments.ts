import { z } from '../../schema/zod';
import { requireActionToken } from '../action-token';
import { defineRoute, type RouteDef } from '../route';
import { Ref, Uuid } from '../../schema/common';
import { listOf, pageQuery } from '../pagination';
import { withOptimisticLock } from '../etag';
import { BoundaryRef, PrincipalRefString, Propagation, RoleAssignmentBody, presentRoleAssignment } from '../../domain/iam/present';
import { findPrincipal, grantRole, grantsEnterpriseAdmin, roleAssignmentsInScope, readRoleAssignment, revokeRoleAssignment } from '../../domain/iam/role-assignments';
import { inIamTransaction } from '../../domain/iam/unit';
import { ifMatchOn } from './users';
import { auditedAs } from '../audit-trail';

export const createRoleAssignment = defineRoute({
  method: 'post',
  path: '/role-assignments',
  operationId: 'createRoleAssignment',
  summary: 'Grant a role to a principal at a scope',
  description: [
    'Takes effect on the principal’s next request (no new token needed).',
    '- Granting the platform role `enterprise-admin` needs an action token for `role_assignments.grant_enterprise_admin` bound to `principal_ref` in X-Action-Token (428 without, 403 if expired, used or bound elsewhere).',
    '- `scope_ref`, `role_ref` and `principal_ref` must exist in the caller’s enterprise and be visible to it (404).',
    '- The caller needs `roles.manage` at `scope_ref` and must itself hold every permission of the role there, reaching as far as the grant: a `subtree` grant needs the caller’s own `subtree` grant at `scope_ref` or above, an `exact` one any grant covering `scope_ref` (403 `privilege_escalation` with `missing_permissions`). This holds for grants to the caller itself.',
    '- The role must be active (409 `role_retired`) and defined at `scope_ref` or above (422); `scope_ref` must lie within the principal’s own scope (422).',
    '- `subtree` holds at the scope and everything below it; `exact` at the scope only. The same active grant twice is 409 `role_assignment_exists`.',
  ].join('\n'),
  tags: ['Role assignments'],
  auth: { kind: 'bearer', permission: 'roles.manage' },
  idempotency: 'optional',
  body: z
    .object({
      principal_ref: PrincipalRefString,
      role_ref: Ref('roles'),
      scope_ref: BoundaryRef,
      scope_anchor_kind: z.literal('explicit').default('explicit'),
      scope_propagation: Propagation.default('subtree'),
    })
    .strict()
    .openapi('RoleAssignmentCreate'),
  responses: { 201: { description: 'The role assignment.', schema: RoleAssignmentBody } },
  errors: ['EdgeActionTokenRequired', 'EdgeNotFound', 'EdgeConflict', 'EdgeUnprocessable'],
  handler: async ({ body, caller, services, ctx }) => {
    // Granting enterprise-admin is a governed action: it needs a single-use action token bound to the grantee.
    const governedGrantConfirmed = await grantsEnterpriseAdmin(services.sql, caller.enterpriseId, body.role_ref);
    if (governedGrantConfirmed) {
      await requireActionToken({ services, ctx, caller }, 'role_assignments.grant_enterprise_admin', body.principal_ref);
    }
    const assignment = await inIamTransaction(
      services,
      caller,
      async (unit) =>
        grantRole(unit, await findPrincipal(unit.em, caller.enterpriseId, body.principal_ref), {
          roleRef: body.role_ref,
          scopeRef: body.scope_ref,
          propagation: body.scope_propagation,
          pointer: '/body',
          governedGrantConfirmed,
        }),
      auditedAs(ctx, 201, 'role-assignments'),
    );
    return { status: 201, body: presentRoleAssignment(assignment) };
  },
});

export const listRoleAssignments = defineRoute({
  method: 'get',
  path: '/role-assignments',
  operationId: 'listRoleAssignments',
  summary: 'List role assignments',
  description: 'Only assignments at scopes where the caller holds `roles.read`.',
  tags: ['Role assignments'],
  auth: { kind: 'bearer', permission: 'roles.read' },
  query: z
    .object({
      principal_ref: PrincipalRefString.optional().openapi({ param: { name: 'principal_ref', in: 'query' } }),
      role_ref: Ref('roles').optional().openapi({ param: { name: 'role_ref', in: 'query' } }),
      scope_ref: BoundaryRef.optional().openapi({ param: { name: 'scope_ref', in: 'query' } }),
      status: RoleAssignmentBody.shape.status.optional().openapi({ param: { name: 'status', in: 'query' } }),
      ...pageQuery,
    })
    .strict(),
  responses: { 200: { description: 'A page of role assignments.', schema: listOf(RoleAssignmentBody, 'RoleAssignmentList') } },
  handler: async ({ query, caller, services, pager }) => {
    const fetch = (after: string | null, limit: number) =>
      roleAssignmentsInScope(services.orm.em.fork(), caller, { principalRef: query.principal_ref, roleRef: query.role_ref, scopeRef: query.scope_ref, status: query.status, after, limit });
    return { body: await pager.list(query, caller, fetch, presentRoleAssignment) };
  },
});

const AssignmentParams = z.object({ role_assignment_id: Uuid });

export const getRoleAssignment = defineRoute({
  method: 'get',
  path: '/role-assignments/{role_assignment_id}',
  operationId: 'getRoleAssignment',
  summary: 'Get a role assignment',
  tags: ['Role assignments'],
  auth: { kind: 'bearer', permission: 'roles.read' },
  params: AssignmentParams,
  responses: { 200: { description: 'The role assignment.', schema: RoleAssignmentBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => ({
    body: presentRoleAssignment(await readRoleAssignment(services.orm.em.fork(), caller, params.role_assignment_id)),
  }),
});

export const revokeRoleAssignmentRoute = defineRoute({
  method: 'post',
  path: '/role-assignments/{role_assignment_id}/revoke',
  operationId: 'revokeRoleAssignment',
  summary: 'Revoke a role assignment',
  description: 'The principal loses the grant from its next request on. Final; revoking twice is 409 `role_assignment_revoked`.',
  tags: ['Role assignments'],
  auth: { kind: 'bearer', permission: 'roles.manage' },
  ifMatch: true,
  params: AssignmentParams,
  responses: { 200: { description: 'The revoked role assignment.', schema: RoleAssignmentBody } },
  errors: ['EdgeNotFound', 'EdgeConflict', 'EdgePreconditionFailed'],
  handler: async ({ params, caller, services, ctx }) =>
    withOptimisticLock(async () => ({
      body: presentRoleAssignment(
        await inIamTransaction(services, caller, (unit) => revokeRoleAssignment(unit, params.role_assignment_id, ifMatchOn(ctx)), auditedAs(ctx, 200, 'role-assignments')),
      ),
    })),
});

export const roleAssignmentRoutes: RouteDef[] = [createRoleAssignment, listRoleAssignments, getRoleAssignment, revokeRoleAssignmentRoute];
