import type Koa from 'koa';
import { raw, type FilterQuery } from '@mikro-orm/core';
import { z } from '../../schema/zod';
import { defineRoute, type RouteDef } from '../route';
import { Uuid } from '../../schema/common';
import { listOf, pageQuery } from '../pagination';
import { assertIfMatch, withOptimisticLock } from '../etag';
import { User, UserInvitation } from '../../domain/iam/entities';
import {
  BoundaryRef,
  RoleGrantInput,
  RoleAssignmentBody,
  RoleAssignmentErrorBody,
  UserBody,
  UserInvitationBody,
  presentInvitation,
  presentRoleAssignment,
  presentUser,
} from '../../domain/iam/present';
import { changeUserStatus, createUser, readUser, renameUser, USER_TRANSITIONS, type UserAction } from '../../domain/iam/users';
import { acceptInvitation, cancelInvitation, DEFAULT_INVITATION_TTL_SECONDS, inviteUser, readInvitation } from '../../domain/iam/invitations';
import { inIamTransaction, type Precondition } from '../../domain/iam/unit';
import { auditedAs, auditedBy } from '../audit-trail';
import { listInScope } from '../../domain/iam/scopes';

/** The route's If-Match, checked by the domain function against the row it loaded. */
export const ifMatchOn = (ctx: Koa.Context): Precondition => (row) => assertIfMatch(ctx, row);

const UserParams = z.object({ user_id: Uuid });
const ScopeFilter = (what: string) =>
  BoundaryRef.optional().openapi({ param: { name: 'scope_ref', in: 'query' }, description: `Only ${what} at exactly this enterprise or client.` });
const Email = z.email().max(254);

export const createUserRoute = defineRoute({
  method: 'post',
  path: '/users',
  operationId: 'createUser',
  summary: 'Create a platform-managed user',
  description: 'A person who acts through service-account token exchange. `scope_ref` (enterprise or client) bounds every grant the user can get. E-mail addresses are unique per enterprise, case-insensitively.',
  tags: ['Users'],
  auth: { kind: 'bearer', permission: 'users.manage' },
  idempotency: 'optional',
  body: z.object({ display_name: z.string().trim().min(1).max(200), email: Email, scope_ref: BoundaryRef }).strict().openapi('UserCreate'),
  responses: { 201: { description: 'The user.', schema: UserBody } },
  errors: ['EdgeNotFound', 'EdgeConflict'],
  handler: async ({ body, caller, services, ctx }) => {
    const user = await inIamTransaction(services, caller, (unit) => createUser(unit, { displayName: body.display_name, email: body.email, scopeRef: body.scope_ref }), auditedAs(ctx, 201, 'users'));
    return { status: 201, body: presentUser(user) };
  },
});

export const listUsers = defineRoute({
  method: 'get',
  path: '/users',
  operationId: 'listUsers',
  summary: 'List users',
  description: 'Only users at scopes where the caller holds `users.read`.',
  tags: ['Users'],
  auth: { kind: 'bearer', permission: 'users.read' },
  query: z
    .object({
      scope_ref: ScopeFilter('users'),
      status: UserBody.shape.status.optional().openapi({ param: { name: 'status', in: 'query' } }),
      email: Email.optional().openapi({ param: { name: 'email', in: 'query' }, description: 'Exact address, case-insensitive.' }),
      ...pageQuery,
    })
    .strict(),
  responses: { 200: { description: 'A page of users.', schema: listOf(UserBody, 'UserList') } },
  handler: async ({ query, caller, services, pager }) => {
    const where: FilterQuery<User> = {
      ...(query.status ? { status: query.status } : {}),
      ...(query.email ? { [raw('lower(email)')]: query.email.toLowerCase() } : {}),
    };
    const fetch = (after: string | null, limit: number) =>
      listInScope(services.orm.em.fork(), User, caller, 'users.read', { scopeField: 'scopeRef', requestedScope: query.scope_ref, where, after, limit });
    return { body: await pager.list(query, caller, fetch, presentUser) };
  },
});

export const getUser = defineRoute({
  method: 'get',
  path: '/users/{user_id}',
  operationId: 'getUser',
  summary: 'Get a user',
  tags: ['Users'],
  auth: { kind: 'bearer', permission: 'users.read' },
  params: UserParams,
  responses: { 200: { description: 'The user.', schema: UserBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => ({ body: presentUser(await readUser(services.orm.em.fork(), caller, params.user_id)) }),
});

export const updateUser = defineRoute({
  method: 'patch',
  path: '/users/{user_id}',
  operationId: 'updateUser',
  summary: "Change a user's display name",
  tags: ['Users'],
  auth: { kind: 'bearer', permission: 'users.manage' },
  ifMatch: true,
  params: UserParams,
  body: z.object({ display_name: z.string().trim().min(1).max(200) }).strict().openapi('UserUpdate'),
  responses: { 200: { description: 'The updated user.', schema: UserBody } },
  errors: ['EdgeNotFound', 'EdgePreconditionFailed'],
  handler: async ({ params, body, caller, services, ctx }) =>
    withOptimisticLock(async () => ({
      body: presentUser(await inIamTransaction(services, caller, (unit) => renameUser(unit, params.user_id, body.display_name, ifMatchOn(ctx)), auditedAs(ctx, 200, 'users'))),
    })),
});

const lifecycleSummaries: Record<UserAction, string> = {
  suspend: 'Suspend a user: its tokens stop working on their next request; grants are kept.',
  deactivate: 'Deactivate (offboard) a user: its tokens stop working and all its role assignments are revoked.',
  reactivate: 'Reactivate a suspended or deactivated user: its tokens work again (a deactivated user has no grants left).',
};

function userLifecycleRoute(action: UserAction): RouteDef {
  const { from, to } = USER_TRANSITIONS[action];
  return defineRoute({
    method: 'post',
    path: `/users/{user_id}/${action}`,
    operationId: `${action}User`,
    summary: lifecycleSummaries[action],
    description: `Allowed from ${from.join(' or ')}; the user becomes ${to}. From any other state: 409 with reason \`user_<state>\`.`,
    tags: ['Users'],
    auth: { kind: 'bearer', permission: 'users.manage' },
    ifMatch: true,
    params: UserParams,
    responses: { 200: { description: 'The user.', schema: UserBody } },
    errors: ['EdgeNotFound', 'EdgeConflict', 'EdgePreconditionFailed'],
    handler: async ({ params, caller, services, ctx }) =>
      withOptimisticLock(async () => ({
        body: presentUser(await inIamTransaction(services, caller, (unit) => changeUserStatus(unit, params.user_id, action, ifMatchOn(ctx)), auditedAs(ctx, 200, 'users'))),
      })),
  });
}

export const suspendUser = userLifecycleRoute('suspend');
export const deactivateUser = userLifecycleRoute('deactivate');
export const reactivateUser = userLifecycleRoute('reactivate');

// ---------------------------------------------------------------------------------------------
// User invitations

const InvitationCreated = UserInvitationBody.extend({
  token: z.string().openapi({ description: 'Acceptance token, returned only here; pass it to POST /user-invitations/accept.' }),
}).openapi('UserInvitationCreated');

export const createInvitation = defineRoute({
  method: 'post',
  path: '/user-invitations',
  operationId: 'createUserInvitation',
  summary: 'Invite a person to become a user',
  description:
    'Returns the acceptance token once (only its hash is stored), so there is no Idempotency-Key replay: a second invitation for the same pending e-mail address is 409. The invited `roles` are authorized now (all or nothing) and again, against the inviter, on acceptance: each as by POST /role-assignments, so a role the inviter does not hold at its `scope_ref`, as far as its `scope_propagation` reaches, is 403 `privilege_escalation`.',
  tags: ['User invitations'],
  auth: { kind: 'bearer', permission: 'users.manage' },
  body: z
    .object({
      email: Email,
      display_name: z.string().trim().min(1).max(200),
      scope_ref: BoundaryRef,
      roles: z.array(RoleGrantInput).max(20).default([]),
      expires_in_seconds: z.number().int().min(60).max(30 * 86_400).default(DEFAULT_INVITATION_TTL_SECONDS),
    })
    .strict()
    .openapi('UserInvitationCreate'),
  responses: { 201: { description: 'The invitation and its token.', schema: InvitationCreated } },
  // 428: a role of `roles` is enterprise-admin, which only POST /role-assignments grants, with an action token.
  errors: ['EdgeNotFound', 'EdgeConflict', 'EdgeUnprocessable', 'EdgeActionTokenRequired'],
  handler: async ({ body, caller, services, ctx }) => {
    const { invitation, token } = await inIamTransaction(
      services,
      caller,
      (unit) => inviteUser(unit, { email: body.email, displayName: body.display_name, scopeRef: body.scope_ref, roles: body.roles, expiresInSeconds: body.expires_in_seconds }),
      auditedBy(ctx, (created: { invitation: { id: string } }) => ({ status: 201, resourceRef: `user-invitations/${created.invitation.id}` })),
    );
    return { status: 201, body: { ...presentInvitation(invitation), token }, headers: { 'Cache-Control': 'no-store' } };
  },
});

const InvitationStatus = UserInvitationBody.shape.status;

export const listInvitations = defineRoute({
  method: 'get',
  path: '/user-invitations',
  operationId: 'listUserInvitations',
  summary: 'List user invitations',
  tags: ['User invitations'],
  auth: { kind: 'bearer', permission: 'users.read' },
  query: z
    .object({
      scope_ref: ScopeFilter('invitations'),
      status: InvitationStatus.optional().openapi({ param: { name: 'status', in: 'query' }, description: '`expired` includes pending invitations past their expiry.' }),
      email: Email.optional().openapi({ param: { name: 'email', in: 'query' } }),
      ...pageQuery,
    })
    .strict(),
  responses: { 200: { description: 'A page of invitations.', schema: listOf(UserInvitationBody, 'UserInvitationList') } },
  handler: async ({ query, caller, services, pager }) => {
    const now = new Date();
    const byStatus: Record<z.infer<typeof InvitationStatus>, object> = {
      pending: { status: 'pending', expiresAt: { $gt: now } },
      expired: { $or: [{ status: 'expired' }, { status: 'pending', expiresAt: { $lte: now } }] },
      accepted: { status: 'accepted' },
      cancelled: { status: 'cancelled' },
    };
    const where: FilterQuery<UserInvitation> = {
      ...(query.status ? byStatus[query.status] : {}),
      ...(query.email ? { [raw('lower(email)')]: query.email.toLowerCase() } : {}),
    };
    const fetch = (after: string | null, limit: number) =>
      listInScope(services.orm.em.fork(), UserInvitation, caller, 'users.read', { scopeField: 'scopeRef', requestedScope: query.scope_ref, where, after, limit });
    return { body: await pager.list(query, caller, fetch, presentInvitation) };
  },
});

export const getInvitation = defineRoute({
  method: 'get',
  path: '/user-invitations/{invitation_id}',
  operationId: 'getUserInvitation',
  summary: 'Get a user invitation',
  tags: ['User invitations'],
  auth: { kind: 'bearer', permission: 'users.read' },
  params: z.object({ invitation_id: Uuid }),
  responses: { 200: { description: 'The invitation (never its token).', schema: UserInvitationBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => ({ body: presentInvitation(await readInvitation(services.orm.em.fork(), caller, params.invitation_id)) }),
});

export const acceptInvitationRoute = defineRoute({
  method: 'post',
  path: '/user-invitations/accept',
  operationId: 'acceptUserInvitation',
  summary: 'Accept a user invitation',
  description:
    'Called with the invitation token (no bearer token: the invitee has no credentials yet). Creates the user and grants the invited roles under the inviter’s authority as it is now; a grant the inviter can no longer make is listed in `role_assignment_errors`. Unknown invitation and wrong token are the same 404; an invitation that is accepted, cancelled or expired is 409.',
  tags: ['User invitations'],
  auth: { kind: 'public', reason: 'authenticated by the single-use invitation token' },
  body: z.object({ invitation_id: Uuid, token: z.string().min(1).max(200) }).strict().openapi('UserInvitationAccept'),
  responses: {
    201: {
      description: 'The accepted invitation, the new user and its grants.',
      schema: z
        .object({ invitation: UserInvitationBody, user: UserBody, role_assignments: z.array(RoleAssignmentBody), role_assignment_errors: z.array(RoleAssignmentErrorBody) })
        .openapi('UserInvitationAcceptance'),
    },
  },
  errors: ['EdgeNotFound', 'EdgeConflict'],
  handler: async ({ body, services }) => {
    const accepted = await acceptInvitation(services, body.invitation_id, body.token);
    return {
      status: 201,
      body: {
        invitation: presentInvitation(accepted.invitation),
        user: presentUser(accepted.user),
        role_assignments: accepted.assignments.map(presentRoleAssignment),
        role_assignment_errors: accepted.errors,
      },
    };
  },
});

export const cancelInvitationRoute = defineRoute({
  method: 'post',
  path: '/user-invitations/cancel',
  operationId: 'cancelUserInvitation',
  summary: 'Cancel a pending user invitation',
  description: 'Only a pending, unexpired invitation can be cancelled; otherwise 409 with reason `user_invitation_<state>`.',
  tags: ['User invitations'],
  auth: { kind: 'bearer', permission: 'users.manage' },
  ifMatch: true,
  body: z.object({ invitation_id: Uuid }).strict().openapi('UserInvitationCancel'),
  responses: { 200: { description: 'The cancelled invitation.', schema: UserInvitationBody } },
  errors: ['EdgeNotFound', 'EdgeConflict', 'EdgePreconditionFailed'],
  handler: async ({ body, caller, services, ctx }) =>
    withOptimisticLock(async () => ({
      body: presentInvitation(await inIamTransaction(services, caller, (unit) => cancelInvitation(unit, body.invitation_id, ifMatchOn(ctx)), auditedAs(ctx, 200, 'user-invitations'))),
    })),
});

export const userRoutes: RouteDef[] = [
  createUserRoute,
  listUsers,
  getUser,
  updateUser,
  suspendUser,
  deactivateUser,
  reactivateUser,
  createInvitation,
  listInvitations,
  getInvitation,
  acceptInvitationRoute,
  cancelInvitationRoute,
];
