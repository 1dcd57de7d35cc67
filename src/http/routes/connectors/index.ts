import type { RouteDef } from '../../route';
import {
  createConnectorRoute,
  listConnectorsRoute,
  getConnectorRoute,
  rotateConnectorSecret,
  disableConnector,
  enableConnector,
  receiveConnectorEvent,
  connectorProtocolRoute,
} from './connectors';
import { recordKycDecisionRoute, listKycDecisionsRoute, getKycDecisionRoute } from './kyc-decisions';

/** Connectors, their events, then KYC decisions, in the order the OpenAPI document lists them. */
export const connectorRoutes: RouteDef[] = [
  connectorProtocolRoute,
  createConnectorRoute,
  listConnectorsRoute,
  getConnectorRoute,
  rotateConnectorSecret,
  disableConnector,
  enableConnector,
  receiveConnectorEvent,
  recordKycDecisionRoute,
  listKycDecisionsRoute,
  getKycDecisionRoute,
];
