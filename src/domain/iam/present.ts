import { FIRST_API_VERSION } from '../../versions';
import { z } from '../../schema/zod';
import { ETag, Ref, Timestamp, Uuid } from '../../schema/common';
import { PERMISSIONS } from '../../auth/permissions';
import { etagOf } from '../../db/base';
import type { PrincipalKind, Role, RoleAssignment, ServiceAccount, User, UserInvitation } from './entities';

/** The catalogue enum; the `Permission` component of the OpenAPI document. */
export const PermissionName = z.enum(Object.keys(PERMISSIONS) as [keyof typeof PERMISSIONS, ...(keyof typeof PERMISSIONS)[]]).openapi('Permission');
/** Requests accept any string so that an unknown permission is a 422 with a pointer, not a 400; documented as the enum. */
export const PermissionInput = z.string().max(100).openapi({ $ref: '#/components/schemas/Permission' } as never);

export const BoundaryRef = z
  .string()
  .regex(/^(enterprises|clients)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'must be an enterprises/<id> or clients/<id> reference')
  .openapi({ example: 'clients/0193a1c2-7f00-7abc-8def-0123456789ab' });
export const PrincipalRefString = z
  .string()
  .regex(/^(users|service-accounts)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'must be a users/<id> or service-accounts/<id> reference')
  .openapi({ example: 'service-accounts/0193a1c2-7f00-7abc-8def-0123456789ab' });
export const Propagation = z.enum(['subtree', 'exact']).openapi({ description: '`subtree`: the scope and everything below it; `exact`: the scope only.' });

const principalCollection: Record<PrincipalKind, string> = { user: 'users', service_account: 'service-accounts' };
export const principalRef = (kind: PrincipalKind, id: string) => `${principalCollection[kind]}/${id}`;

const versioned = (row: { id: string; version: number; createdAt: Date; updatedAt: Date }) => ({
  etag: etagOf(row),
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export const UserBody = z
  .object({
    id: Uuid,
    resource: z.literal('human_actor'),
    display_name: z.string(),
    email: z.string(),
    scope_ref: BoundaryRef,
    status: z.enum(['active', 'suspended', 'deactivated']),
    identity_source: z.enum(['platform-managed', 'federated']),
    federation: z.object({ issuer: z.string(), subject: z.string() }).nullable(),
    etag: ETag,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('User');

export function presentUser(u: User): z.infer<typeof UserBody> {
  return {
    id: u.id,
    resource: 'human_actor',
    display_name: u.displayName,
    email: u.email,
    scope_ref: u.scopeRef,
    status: u.status,
    identity_source: u.identitySource,
    federation: u.federationIssuer && u.federationSubject ? { issuer: u.federationIssuer, subject: u.federationSubject } : null,
    ...versioned(u),
  };
}

export const InvitedRoleBody = z.object({ role_ref: Ref('roles'), scope_ref: BoundaryRef, scope_propagation: Propagation }).openapi('InvitedRole');
/** One grant asked for when creating a principal (service account, invitation). */
export const RoleGrantInput = z.object({ role_ref: Ref('roles'), scope_ref: BoundaryRef, scope_propagation: Propagation.default('subtree') }).strict();

const PrincipalRefBody = z.object({ id: Uuid, kind: z.enum(['user', 'service_account']), tenant_ref: z.string() });

export const UserInvitationBody = z
  .object({
    id: Uuid,
    resource: z.literal('user_invitation'),
    email: z.string(),
    display_name: z.string(),
    scope_ref: BoundaryRef,
    roles: z.array(InvitedRoleBody),
    status: z.enum(['pending', 'accepted', 'cancelled', 'expired']),
    expires_at: Timestamp,
    invited_by: PrincipalRefBody,
    user_ref: Ref('users').nullable().openapi({ description: 'The user created by accepting the invitation.' }),
    etag: ETag,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('UserInvitation');

/** `pending` past its expiry reads as `expired`, whether or not a write has recorded it yet. */
export function invitationStatus(i: UserInvitation, now = new Date()): UserInvitation['status'] {
  return i.status === 'pending' && i.expiresAt <= now ? 'expired' : i.status;
}

export function presentInvitation(i: UserInvitation): z.infer<typeof UserInvitationBody> {
  return {
    id: i.id,
    resource: 'user_invitation',
    email: i.email,
    display_name: i.displayName,
    scope_ref: i.scopeRef,
    roles: i.roles,
    status: invitationStatus(i),
    expires_at: i.expiresAt.toISOString(),
    invited_by: i.invitedBy.subject,
    user_ref: i.acceptedUserId ? `users/${i.acceptedUserId}` : null,
    ...versioned(i),
  };
}

export const ServiceAccountBody = z
  .object({
    id: Uuid,
    resource: z.literal('service_account'),
    description: z.string(),
    parent_ref: BoundaryRef,
    principal_ref: Ref('service-accounts'),
    external_id: z.string(),
    status: z.enum(['active', 'revoked']),
    current_secret_expires_at: Timestamp,
    previous_secret_expires_at: Timestamp.nullable(),
    api_version: z.string().openapi({
      description: 'The API version its requests are answered at unless they send `Counterfoil-Version` (docs/api-versions.md): the latest at its creation; accounts from before versions existed answer at the first.',
      example: '2026-11-26',
    }),
    etag: ETag,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('ServiceAccount');

export function presentServiceAccount(a: ServiceAccount): z.infer<typeof ServiceAccountBody> {
  return {
    id: a.id,
    resource: 'service_account',
    description: a.description,
    parent_ref: a.parentRef,
    principal_ref: principalRef('service_account', a.id),
    external_id: a.externalId,
    status: a.status,
    current_secret_expires_at: a.currentSecretExpiresAt.toISOString(),
    previous_secret_expires_at: a.previousSecretExpiresAt ? a.previousSecretExpiresAt.toISOString() : null,
    api_version: a.apiVersion ?? FIRST_API_VERSION,
    ...versioned(a),
  };
}

export const RoleBody = z
  .object({
    id: Uuid,
    resource: z.literal('role'),
    name: z.string(),
    description: z.string(),
    permissions: z.array(PermissionName),
    scope_ref: BoundaryRef,
    platform_managed: z.boolean(),
    status: z.enum(['active', 'retired']),
    etag: ETag,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('Role');

export function presentRole(r: Role): z.infer<typeof RoleBody> {
  return {
    id: r.id,
    resource: 'role',
    name: r.name,
    description: r.description,
    permissions: r.permissions as z.infer<typeof PermissionName>[],
    scope_ref: r.scopeRef,
    platform_managed: r.platformManaged,
    status: r.status,
    ...versioned(r),
  };
}

export const RoleAssignmentBody = z
  .object({
    id: Uuid,
    resource: z.literal('role_assignment'),
    principal_ref: PrincipalRefString,
    role_ref: Ref('roles'),
    scope_ref: BoundaryRef,
    scope_anchor_kind: z.literal('explicit'),
    scope_propagation: Propagation,
    status: z.enum(['active', 'revoked']),
    etag: ETag,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('RoleAssignment');

export function presentRoleAssignment(a: RoleAssignment): z.infer<typeof RoleAssignmentBody> {
  return {
    id: a.id,
    resource: 'role_assignment',
    principal_ref: principalRef(a.principalKind, a.principalId),
    role_ref: `roles/${a.roleId}`,
    scope_ref: a.scopeRef,
    scope_anchor_kind: a.scopeAnchorKind,
    scope_propagation: a.scopePropagation,
    status: a.status,
    ...versioned(a),
  };
}

/** One initial grant that could not be made; the rest of the request still succeeded. */
export const RoleAssignmentErrorBody = z
  .object({
    index: z.number().int().openapi({ description: 'Position of the grant in the request `roles` array.' }),
    role_ref: z.string(),
    scope_ref: z.string(),
    code: z.string().openapi({ description: 'Error name the same grant gets from POST /role-assignments.', example: 'EdgeForbidden' }),
    status: z.number().int(),
    reason: z.string().nullable(),
    detail: z.string(),
  })
  .openapi('RoleAssignmentError');
