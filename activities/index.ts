import type { Services } from '../src/services';
import { createHousekeepingActivities } from './housekeeping';
import { createWebhookActivities } from './webhooks';
import { createExportActivities } from './exports';
import { createDepositActivities } from './deposits';
import { createSecretRotationActivities } from './secret-rotation';
import { createApprovalActivities } from './approvals';
import { createWithdrawalActivities } from './withdrawals';
import { createConversionActivities } from './conversions';
import { createRampActivities } from './ramps';
import { createTransferActivities } from './transfers';
import { createPolicyChangeActivities } from './policy-changes';
import { createReconciliationActivities } from './reconciliation';
import { classifyDatabaseOutages } from './database-outage';
import { withFaultsAfterEffect } from './sandbox-faults';

/**
 * All activities, built from the process's services (dependency injection, as in the Temporal
 * samples): workflows type themselves on `Activities` and never import the implementations. Each
 * group takes a `Pick` of the services it uses, so its signature says what it can touch.
 */
export function createActivities(services: Services) {
  // A lost database connection is retried, after waiting for the database (activities/database-outage).
  const activities = classifyDatabaseOutages(services.sql, {
    ...createHousekeepingActivities(services),
    ...createWebhookActivities(services),
    ...createExportActivities(services),
    ...createDepositActivities(services),
    ...createSecretRotationActivities(services),
    ...createApprovalActivities(services),
    ...createWithdrawalActivities(services),
    ...createConversionActivities(services),
    ...createRampActivities(services),
    ...createTransferActivities(services),
    ...createPolicyChangeActivities(services),
    ...createReconciliationActivities(services),
  });
  return withFaultsAfterEffect(services.config.sandboxActivityFaults, activities, services.log);
}

export type Activities = ReturnType<typeof createActivities>;
