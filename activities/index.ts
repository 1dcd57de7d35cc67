import type { Services } from '../src/services';
import { createHousekeepingActivities } from './housekeeping';

/**
 * All activities, built from the process's services (dependency injection, as in the Temporal
 * samples): workflows type themselves on `Activities` and never import the implementations.
 */
export function createActivities(services: Services) {
  return {
    ...createHousekeepingActivities(services),
  };
}

export type Activities = ReturnType<typeof createActivities>;
