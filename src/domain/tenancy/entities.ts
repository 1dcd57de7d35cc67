import { EntitySchema } from '@mikro-orm/core';
import { VersionedEntity, versionedProperties } from '../../db/base';

export type AdmissionState = 'operational' | 'closed';
export type RestrictionState = 'none' | 'suspended';

export class Enterprise extends VersionedEntity {
  legalName!: string;
  jurisdiction!: string;
  externalId!: string;
  metadata: Record<string, string> = {};
  admissionState: AdmissionState = 'operational';
  restrictionState: RestrictionState = 'none';
  defaultMasterAccountId!: string;
}

export const EnterpriseSchema = new EntitySchema<Enterprise>({
  class: Enterprise,
  tableName: 'enterprises',
  properties: {
    ...versionedProperties,
    legalName: { type: 'text' },
    jurisdiction: { type: 'text' },
    externalId: { type: 'text', unique: true },
    metadata: { type: 'json' },
    admissionState: { type: 'text' },
    restrictionState: { type: 'text' },
    defaultMasterAccountId: { type: 'uuid' },
  },
});

export class MasterAccount extends VersionedEntity {
  enterpriseId!: string;
  displayName!: string;
  status: 'active' | 'suspended' | 'closed' = 'active';
}

export const MasterAccountSchema = new EntitySchema<MasterAccount>({
  class: MasterAccount,
  tableName: 'master_accounts',
  properties: {
    ...versionedProperties,
    enterpriseId: { type: 'uuid', index: true },
    displayName: { type: 'text' },
    status: { type: 'text' },
  },
});
