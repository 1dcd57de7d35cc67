// Workflow entry point bundled for the worker: deterministic orchestration only.
export { housekeepingWorkflow } from './housekeeping';
