import { EntitySchema } from '@mikro-orm/core';
import { VersionedEntity, versionedProperties } from '../../db/base';
import type { PrincipalKind, SubjectAttribution } from '../../auth/caller';

export type { PrincipalKind };
export type ScopePropagation = 'subtree' | 'exact';

export class Role extends VersionedEntity {
  enterpriseId!: string;
  name!: string;
  description!: string;
  permissions: string[] = [];
  scopeRef!: string;
  platformManaged = false;
  status: 'active' | 'retired' = 'active';
}

export const RoleSchema = new EntitySchema<Role>({
  class: Role,
  tableName: 'roles',
  uniques: [{ properties: ['enterpriseId', 'name'] }],
  properties: {
    ...versionedProperties,
    enterpriseId: { type: 'uuid' },
    name: { type: 'text' },
    description: { type: 'text' },
    permissions: { type: 'text[]' },
    scopeRef: { type: 'text' },
    platformManaged: { type: 'boolean' },
    status: { type: 'text' },
  },
});

export class RoleAssignment extends VersionedEntity {
  enterpriseId!: string;
  principalKind!: PrincipalKind;
  principalId!: string;
  roleId!: string;
  scopeRef!: string;
  scopeAnchorKind = 'explicit' as const;
  scopePropagation: ScopePropagation = 'subtree';
  status: 'active' | 'revoked' = 'active';
}

export const RoleAssignmentSchema = new EntitySchema<RoleAssignment>({
  class: RoleAssignment,
  tableName: 'role_assignments',
  indexes: [{ properties: ['principalId', 'status'] }],
  properties: {
    ...versionedProperties,
    enterpriseId: { type: 'uuid' },
    principalKind: { type: 'text' },
    principalId: { type: 'uuid' },
    roleId: { type: 'uuid' },
    scopeRef: { type: 'text' },
    scopeAnchorKind: { type: 'text' },
    scopePropagation: { type: 'text' },
    status: { type: 'text' },
  },
});

export class ServiceAccount extends VersionedEntity {
  enterpriseId!: string;
  description!: string;
  parentRef!: string;
  externalId!: string;
  status: 'active' | 'revoked' = 'active';
  clientId!: string;
  /** SHA-256 of the current secret; the secret itself is never stored. */
  secretHash!: string;
  currentSecretExpiresAt!: Date;
  previousSecretHash: string | null = null;
  previousSecretExpiresAt: Date | null = null;
  /** Pinned at creation (src/versions); null for accounts from before versions existed. */
  apiVersion: string | null = null;
}

export const ServiceAccountSchema = new EntitySchema<ServiceAccount>({
  class: ServiceAccount,
  tableName: 'service_accounts',
  uniques: [{ properties: ['enterpriseId', 'externalId'] }],
  properties: {
    ...versionedProperties,
    enterpriseId: { type: 'uuid' },
    description: { type: 'text' },
    parentRef: { type: 'text' },
    externalId: { type: 'text' },
    status: { type: 'text' },
    clientId: { type: 'text', unique: true },
    secretHash: { type: 'text' },
    currentSecretExpiresAt: { type: 'Date', columnType: 'timestamptz' },
    previousSecretHash: { type: 'text', nullable: true },
    previousSecretExpiresAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    apiVersion: { type: 'text', nullable: true },
  },
});

export type UserStatus = 'active' | 'suspended' | 'deactivated';
export type IdentitySource = 'platform-managed' | 'federated';

export class User extends VersionedEntity {
  enterpriseId!: string;
  /** `enterprises/<id>` or `clients/<id>`: where the user belongs and what its grants may reach. */
  scopeRef!: string;
  displayName!: string;
  email!: string;
  status: UserStatus = 'active';
  identitySource: IdentitySource = 'platform-managed';
  federationIssuer: string | null = null;
  federationSubject: string | null = null;
}

export const UserSchema = new EntitySchema<User>({
  class: User,
  tableName: 'users',
  properties: {
    ...versionedProperties,
    enterpriseId: { type: 'uuid' },
    scopeRef: { type: 'text' },
    displayName: { type: 'text' },
    email: { type: 'text' },
    status: { type: 'text' },
    identitySource: { type: 'text' },
    federationIssuer: { type: 'text', nullable: true },
    federationSubject: { type: 'text', nullable: true },
  },
});

export interface InvitedRole {
  role_ref: string;
  scope_ref: string;
  scope_propagation: ScopePropagation;
}

/** Stored status; `pending` past `expiresAt` is presented (and treated) as `expired`. */
export type InvitationStatus = 'pending' | 'accepted' | 'cancelled' | 'expired';

export class UserInvitation extends VersionedEntity {
  enterpriseId!: string;
  scopeRef!: string;
  email!: string;
  displayName!: string;
  roles: InvitedRole[] = [];
  tokenHash!: string;
  status: InvitationStatus = 'pending';
  expiresAt!: Date;
  /** Subject attribution of the inviter; its grants are re-checked when the invitation is accepted. */
  invitedBy!: SubjectAttribution;
  acceptedUserId: string | null = null;
  closedAt: Date | null = null;
}

export const UserInvitationSchema = new EntitySchema<UserInvitation>({
  class: UserInvitation,
  tableName: 'user_invitations',
  properties: {
    ...versionedProperties,
    enterpriseId: { type: 'uuid' },
    scopeRef: { type: 'text' },
    email: { type: 'text' },
    displayName: { type: 'text' },
    roles: { type: 'json' },
    tokenHash: { type: 'text' },
    status: { type: 'text' },
    expiresAt: { type: 'Date', columnType: 'timestamptz' },
    invitedBy: { type: 'json' },
    acceptedUserId: { type: 'uuid', nullable: true },
    closedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});
