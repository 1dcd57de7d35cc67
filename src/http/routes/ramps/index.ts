import type { RouteDef } from '../../route';
import { createOffRampSession, getOffRampSession, cancelOffRampSession, listOffRampSessions, updateOffRampSession } from './off-ramp';
import { createOnRampSession, getOnRampSession, cancelOnRampSession, listOnRampSessions, updateOnRampSession } from './on-ramp';

/** On-ramp sessions, then off-ramp sessions, in the order the OpenAPI document lists them. */
export const rampRoutes: RouteDef[] = [
  createOnRampSession,
  listOnRampSessions,
  getOnRampSession,
  updateOnRampSession,
  cancelOnRampSession,
  createOffRampSession,
  listOffRampSessions,
  getOffRampSession,
  updateOffRampSession,
  cancelOffRampSession,
];
