import type { RouteDef } from '../route';
import { tokenRoute } from './oauth';
import { healthzRoute, metricsRoute, readyzRoute } from './operations';
import { getEnterprise, getMasterAccount, listEnterprises, listMasterAccounts, updateEnterprise } from './enterprises';

/** Every route of the tenant API. The router, the OpenAPI document and the route-table test read this. */
export const tenantRoutes: RouteDef[] = [
  tokenRoute,
  healthzRoute,
  readyzRoute,
  metricsRoute,
  listEnterprises,
  getEnterprise,
  updateEnterprise,
  listMasterAccounts,
  getMasterAccount,
];
