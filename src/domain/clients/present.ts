import { etagOf } from '../../db/base';
import type { Client, ClientAccount } from './entities';

export function presentClient(c: Client) {
  return {
    id: c.id,
    resource: 'client' as const,
    display_name: c.displayName,
    external_id: c.externalId,
    metadata: c.metadata,
    scope_ref: `enterprises/${c.enterpriseId}`,
    default_client_account: `client-accounts/${c.defaultClientAccountId}`,
    status: c.status,
    kyc_status: c.kycStatus,
    api_access: c.apiAccess,
    etag: etagOf(c),
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}

export function presentClientAccount(a: ClientAccount) {
  return {
    id: a.id,
    resource: 'client_account' as const,
    display_name: a.displayName,
    scope_ref: `clients/${a.clientId}`,
    status: a.status,
    etag: etagOf(a),
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
  };
}
