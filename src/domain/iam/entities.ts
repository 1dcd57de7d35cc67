import { EntitySchema } from '@mikro-orm/core';
import { type Versioned, versionedProperties } from '../../db/base';

export type PrincipalKind = 'user' | 'service_account';
export type ScopePropagation = 'subtree' | 'exact';

export class Role implements Versioned {
  id!: string;
  version!: number;
  createdAt!: Date;
  updatedAt!: Date;
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

export class RoleAssignment implements Versioned {
  id!: string;
  version!: number;
  createdAt!: Date;
  updatedAt!: Date;
  enterpriseId!: string;
  principalKind!: PrincipalKind;
  principalId!: string;
  roleId!: string;
  scopeRef!: string;
  scopeAnchorKind: 'explicit' = 'explicit';
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

export class ServiceAccount implements Versioned {
  id!: string;
  version!: number;
  createdAt!: Date;
  updatedAt!: Date;
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
  },
});
