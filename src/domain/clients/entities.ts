import { EntitySchema } from '@mikro-orm/core';
import { VersionedEntity, versionedProperties } from '../../db/base';

/** active ↔ suspended → closed (terminal). See docs/ledger.md. */
export type AccountHolderStatus = 'active' | 'suspended' | 'closed';
export type KycStatus = 'pending' | 'verified' | 'rejected';

export class Client extends VersionedEntity {
  enterpriseId!: string;
  displayName!: string;
  externalId!: string;
  metadata: Record<string, string> = {};
  status: AccountHolderStatus = 'active';
  kycStatus: KycStatus = 'verified';
  apiAccess = true;
  defaultClientAccountId!: string;
}

export const ClientSchema = new EntitySchema<Client>({
  class: Client,
  tableName: 'clients',
  properties: {
    ...versionedProperties,
    enterpriseId: { type: 'uuid', index: true },
    displayName: { type: 'text' },
    externalId: { type: 'text' },
    metadata: { type: 'json' },
    status: { type: 'text' },
    kycStatus: { type: 'text' },
    apiAccess: { type: 'boolean' },
    defaultClientAccountId: { type: 'uuid' },
  },
});

export class ClientAccount extends VersionedEntity {
  enterpriseId!: string;
  clientId!: string;
  displayName!: string;
  status: AccountHolderStatus = 'active';
}

export const ClientAccountSchema = new EntitySchema<ClientAccount>({
  class: ClientAccount,
  tableName: 'client_accounts',
  properties: {
    ...versionedProperties,
    enterpriseId: { type: 'uuid', index: true },
    clientId: { type: 'uuid', index: true },
    displayName: { type: 'text' },
    status: { type: 'text' },
  },
});
