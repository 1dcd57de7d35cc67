import type { RouteDef } from '../route';
import { revokeRoute, tokenRoute } from './oauth';
import { healthzRoute, readyzRoute } from './operations';
import { getEnterprise, getMasterAccount, listEnterprises, listMasterAccounts, updateEnterprise } from './enterprises';
import { eventRoutes } from './events';
import { webhookRoutes } from './webhooks';
import { allExportRoutes } from './exports';
import { clientRoutes } from './clients';
import { clientAccountRoutes } from './client-accounts';
import { balanceRoutes } from './balances';
import { balanceMonitorRoutes } from './balance-monitors';
import { internalTransferRoutes } from './internal-transfers';
import { userRoutes } from './users';
import { serviceAccountRoutes } from './service-accounts';
import { roleRoutes } from './roles';
import { roleAssignmentRoutes } from './role-assignments';
import { capabilityRoutes } from './capabilities';
import { meRoutes } from './me';
import { nameRoutes } from './names';
import { identityProviderRoutes } from './identity-providers';
import { actionTokenRoutes } from './action-tokens';
import { passkeyRoutes } from './passkeys';
import { auditRoutes } from './audit';
import { secretRotationRoutes } from './secret-rotation';
import { suspendEnterprise, reactivateEnterprise, closeEnterprise } from './enterprises';
import { catalogueRoutes } from './catalogue';
import { feeRoutes } from './fees';
import { fundingRoutes } from './funding';
import { depositRoutes } from './deposits';
import { depositReturnRoutes } from './deposit-returns';
import { sandboxRoutes } from './sandbox';
import { apiKeyRoutes } from './api-keys';

import { policyRoutes } from './policies';
import { approvalRoutes } from './approvals';
import { withdrawalRoutes } from './withdrawals';
import { withdrawalDestinationRoutes } from './withdrawal-destinations';
import { sandboxRailRoutes } from './sandbox-rail';
import { conversionRoutes } from './conversions';
import { priceRoutes } from './prices';
import { rampRoutes } from './ramps';
import { sandboxRampRoutes } from './sandbox-ramps';
import { sandboxReturnRoutes } from './sandbox-returns';
import { signInRoutes } from './sign-in';
import { connectorRoutes } from './connectors';
import { ledgerEntryRoutes } from './ledger-entries';
import { ledgerCheckpointRoutes } from './ledger-checkpoints';
import { policyChangeRoutes } from './policy-changes';
import { complianceRoutes } from './compliance';
import { reconciliationRoutes } from './reconciliation';
import { statementRoutes } from './statements';
/** Every route of the tenant API. The router, the OpenAPI document and the route-table test read this. */
export const tenantRoutes: RouteDef[] = [
  tokenRoute,
  healthzRoute,
  readyzRoute,
  listEnterprises,
  getEnterprise,
  updateEnterprise,
  listMasterAccounts,
  getMasterAccount,
  ...eventRoutes,
  ...webhookRoutes,
  ...allExportRoutes,
  ...clientRoutes,
  ...clientAccountRoutes,
  ...balanceRoutes,
  ...balanceMonitorRoutes,
  ...internalTransferRoutes,
  ...userRoutes, ...serviceAccountRoutes, ...roleRoutes, ...roleAssignmentRoutes, ...capabilityRoutes, ...meRoutes, ...nameRoutes,
  ...identityProviderRoutes, ...actionTokenRoutes, ...passkeyRoutes, ...auditRoutes, ...secretRotationRoutes,
  suspendEnterprise, reactivateEnterprise, closeEnterprise,
  ...catalogueRoutes, ...feeRoutes, ...fundingRoutes, ...depositRoutes, ...depositReturnRoutes, ...sandboxRoutes,
  ...apiKeyRoutes,
  ...policyRoutes, ...approvalRoutes, ...withdrawalRoutes, ...withdrawalDestinationRoutes, ...sandboxRailRoutes,
  ...conversionRoutes, ...priceRoutes,
  ...rampRoutes, ...sandboxRampRoutes, ...sandboxReturnRoutes,
  ...signInRoutes,
  ...connectorRoutes,
  ...ledgerEntryRoutes,
  ...statementRoutes,
  revokeRoute,
  ...ledgerCheckpointRoutes,
  ...policyChangeRoutes,
  ...complianceRoutes,
  ...reconciliationRoutes,
];
