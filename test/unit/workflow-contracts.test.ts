import * as workflows from '../../workflows';
import { CONVERSION_WORKFLOW, type ConversionWorkflowInput } from '../../src/domain/conversions/messages';
import { DEPOSIT_RETURN_WORKFLOW, DEPOSIT_WORKFLOW, type DepositReturnWorkflowInput, type DepositWorkflowInput } from '../../src/domain/deposits/messages';
import { EXPORT_WORKFLOW, SCHEDULED_EXPORT_WORKFLOW, type ExportWorkflowInput, type ScheduledExportInput } from '../../src/domain/exports/messages';
import { HOUSEKEEPING_WORKFLOW, type HousekeepingInput } from '../../src/domain/housekeeping/messages';
import { POLICY_CHANGE_WORKFLOW, type PolicyChangeWorkflowInput } from '../../src/domain/governance/messages';
import { OFF_RAMP_WORKFLOW, ON_RAMP_WORKFLOW, type OffRampWorkflowInput, type OnRampWorkflowInput } from '../../src/domain/ramps/messages';
import { SECRET_ROTATION_WORKFLOW, type SecretRotationWorkflow } from '../../src/domain/secret-rotation/messages';
import { INTERNAL_TRANSFER_WORKFLOW, type InternalTransferWorkflowInput } from '../../src/domain/transfers/messages';
import { WEBHOOK_DELIVERY_WORKFLOW, WEBHOOK_LANE_WORKFLOW, type LaneInput, type WebhookDeliveryInput } from '../../src/domain/webhooks/messages';
import { WITHDRAWAL_WORKFLOW, type WithdrawalWorkflowInput } from '../../src/domain/withdrawals/messages';
import {
  RECONCILIATION_ADJUSTMENT_WORKFLOW,
  RECONCILIATION_PERIOD_CLOSE_WORKFLOW,
  RECONCILIATION_RUN_WORKFLOW,
  type ReconciliationAdjustmentWorkflowInput,
  type ReconciliationPeriodCloseWorkflowInput,
  type ReconciliationRunInput,
} from '../../src/domain/reconciliation/messages';

type Workflows = typeof workflows;

/**
 * The API starts workflows by the names in their messages.ts; the worker registers the functions
 * workflows/index.ts exports. `satisfies` makes tsc (npm run typecheck) refuse a name that is not an
 * export, or an input the workflow does not take; the test checks the same at run time.
 */
const STARTED_BY_NAME = [
  [WITHDRAWAL_WORKFLOW, null as unknown as WithdrawalWorkflowInput],
  [DEPOSIT_WORKFLOW, null as unknown as DepositWorkflowInput],
  [DEPOSIT_RETURN_WORKFLOW, null as unknown as DepositReturnWorkflowInput],
  [CONVERSION_WORKFLOW, null as unknown as ConversionWorkflowInput],
  [ON_RAMP_WORKFLOW, null as unknown as OnRampWorkflowInput],
  [OFF_RAMP_WORKFLOW, null as unknown as OffRampWorkflowInput],
  [INTERNAL_TRANSFER_WORKFLOW, null as unknown as InternalTransferWorkflowInput],
  [EXPORT_WORKFLOW, null as unknown as ExportWorkflowInput],
  [SCHEDULED_EXPORT_WORKFLOW, null as unknown as ScheduledExportInput],
  [HOUSEKEEPING_WORKFLOW, null as unknown as HousekeepingInput],
  [WEBHOOK_DELIVERY_WORKFLOW, null as unknown as WebhookDeliveryInput],
  [WEBHOOK_LANE_WORKFLOW, null as unknown as LaneInput],
  [POLICY_CHANGE_WORKFLOW, null as unknown as PolicyChangeWorkflowInput],
  [RECONCILIATION_RUN_WORKFLOW, null as unknown as ReconciliationRunInput],
  [RECONCILIATION_ADJUSTMENT_WORKFLOW, null as unknown as ReconciliationAdjustmentWorkflowInput],
  [RECONCILIATION_PERIOD_CLOSE_WORKFLOW, null as unknown as ReconciliationPeriodCloseWorkflowInput],
] as const satisfies ReadonlyArray<{ [K in keyof Workflows]: readonly [K, Parameters<Workflows[K]>[0]] }[keyof Workflows]>;

// The one workflow the API starts with signal-with-start is typed by its whole signature.
const secretRotation: SecretRotationWorkflow = workflows.secretRotationWorkflow;

describe('workflow contracts', () => {
  it.each([...STARTED_BY_NAME.map(([name]) => name), SECRET_ROTATION_WORKFLOW])('%s is a workflow the worker registers', (name) => {
    expect(typeof (workflows as Record<string, unknown>)[name]).toBe('function');
  });

  it('names every workflow the bundle exports', () => {
    expect([...STARTED_BY_NAME.map(([name]) => name), SECRET_ROTATION_WORKFLOW].sort()).toEqual(Object.keys(workflows).sort());
    expect(secretRotation.name).toBe(SECRET_ROTATION_WORKFLOW);
  });
});
