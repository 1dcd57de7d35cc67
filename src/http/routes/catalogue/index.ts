import type { RouteDef } from '../../route';
import { createPayoutMethodRoute, listPayoutMethodsRoute, getPayoutMethodRoute, disablePayoutMethodRoute } from './payout-methods';
import {
  listAssets,
  listCryptoNetworks,
  listAvailableCryptoNetworks,
  listEligibleCryptoNetworks,
  listPaymentMethods,
  listAvailablePaymentMethods,
  listEligiblePayoutMethods,
  getPaymentMethod,
  getCryptoNetwork,
} from './reads';

/** The catalogue's routes, reads first, in the order the OpenAPI document lists them. */
export const catalogueRoutes: RouteDef[] = [
  listAssets,
  listCryptoNetworks,
  getCryptoNetwork,
  listAvailableCryptoNetworks,
  listEligibleCryptoNetworks,
  listPaymentMethods,
  getPaymentMethod,
  listAvailablePaymentMethods,
  listEligiblePayoutMethods,
  createPayoutMethodRoute,
  listPayoutMethodsRoute,
  getPayoutMethodRoute,
  disablePayoutMethodRoute,
];
