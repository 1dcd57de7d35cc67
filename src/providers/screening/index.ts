export type { ScreeningAnswer, ScreeningDirection, ScreeningRequest, ScreeningSubject, ScreeningTransaction, ScreeningVerdict, Screener } from './screener';
export { SANDBOX_SCREENING, SandboxScreener, sandboxBehaviour } from './sandbox';
