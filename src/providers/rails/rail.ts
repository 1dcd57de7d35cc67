/**
 * A rail: where a withdrawal (a crypto network) or an off-ramp payout (a bank rail) leaves the
 * platform. The sandbox rails simulate one; the HTTP connector (src/providers/http/) speaks to a real
 * provider. Every call is idempotent by the submission's business key (`withdrawal/<id>`,
 * `off_ramp/<id>`), so a retried activity never sends twice.
 */
export interface CryptoDestination {
  address: string;
  memo: string | null;
}

/** A payout method's beneficiary as stored (name plus the rail's account fields). */
export interface BankBeneficiary {
  beneficiary: Record<string, unknown>;
}

export interface RailSubmission {
  businessKey: string;
  enterpriseId: string;
  /** Network code (crypto) or bank rail code (fiat). */
  rail: string;
  destination: CryptoDestination | BankBeneficiary;
  asset: string;
  /** Minor units. */
  amount: bigint;
}

export type SubmitOutcome =
  | { status: 'accepted'; reference: string; /** When to ask for the outcome. */ checkAfterMs: number }
  | { status: 'rejected'; reason: string };

export type RailOutcome =
  | { status: 'pending'; checkAfterMs: number }
  | { status: 'confirmed'; reference: string }
  | { status: 'failed'; reason: string };

export interface WithdrawalRail {
  /** The provider's name as routing names it (`sandbox`, a connector's name). */
  readonly name: string;
  submit(submission: RailSubmission): Promise<SubmitOutcome>;
  outcome(businessKey: string): Promise<RailOutcome>;
}
