/*
 * What the withdrawal workflow and the screening area exchange: constants and types only (workflows
 * import this file).
 */

/** New withdrawal executions screen the destination and the transaction between approval and execution. */
export const WITHDRAWAL_SCREENING_PATCH = 'withdrawal-screening';

/** Signal to `withdrawal/<id>`: a pending screening got its verdict (provider event or the enterprise's answer). */
export const SCREENING_VERDICT_SIGNAL = 'screening.verdictRecorded';

/** The reason code of a compliance decision's approval: approving it releases what screening froze (an override). */
export const COMPLIANCE_RELEASE_REASON = 'screening_freeze';

export type ScreeningOutcome = 'accept' | 'alert' | 'reject' | 'freeze';

/** What a withdrawal's screening step answers the workflow: go on, it ended (rejected), wait for a verdict, or wait for a compliance decision. */
export type WithdrawalScreeningStep =
  | { step: 'proceed' }
  | { step: 'finished'; final: string }
  | { step: 'pending'; screeningId: string; timeoutMs: number }
  | { step: 'frozen'; screeningId: string };
