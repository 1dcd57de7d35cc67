export type { BankBeneficiary, CryptoDestination, RailOutcome, RailSubmission, SubmitOutcome, WithdrawalRail } from './rail';
export { injectRailFailure, SandboxRail, type InjectedFailure } from './sandbox';
export { SANDBOX_REJECTED_BENEFICIARY, SandboxPayoutRail } from './sandbox-payouts';
