import { etagOf } from '../../db/base';
import type { Enterprise, MasterAccount } from './entities';

export function presentEnterprise(e: Enterprise) {
  return {
    id: e.id,
    resource: 'enterprise' as const,
    legal_name: e.legalName,
    jurisdiction: e.jurisdiction,
    external_id: e.externalId,
    metadata: e.metadata,
    admission_state: e.admissionState,
    restriction_state: e.restrictionState,
    default_master_account: `master-accounts/${e.defaultMasterAccountId}`,
    etag: etagOf(e),
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
  };
}

export function presentMasterAccount(m: MasterAccount) {
  return {
    id: m.id,
    resource: 'master_account' as const,
    display_name: m.displayName,
    scope_ref: `enterprises/${m.enterpriseId}`,
    status: m.status,
    tenant_type: 'enterprise' as const,
    etag: etagOf(m),
    created_at: m.createdAt.toISOString(),
    updated_at: m.updatedAt.toISOString(),
  };
}
