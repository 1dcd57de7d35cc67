// Workflow entry point bundled for the worker: deterministic orchestration only.
export { housekeepingWorkflow } from './housekeeping';
export { webhookDeliveryWorkflow } from './webhook-delivery';
export { webhookLaneWorkflow } from './webhook-lane';
export { depositWorkflow } from './deposit';
export { secretRotationWorkflow } from './secret-rotation';
export { exportWorkflow, scheduledExportWorkflow } from './export';
export { withdrawalWorkflow } from './withdrawal';
export { conversionWorkflow } from './conversion';
export { onRampWorkflow, offRampWorkflow } from './ramps';
export { internalTransferWorkflow } from './internal-transfer';
export { policyChangeWorkflow } from './policy-change';
export { depositReturnWorkflow } from './deposit-return';
export { reconciliationAdjustmentWorkflow, reconciliationPeriodCloseWorkflow, reconciliationRunWorkflow } from './reconciliation';
