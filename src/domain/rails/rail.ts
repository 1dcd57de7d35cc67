/**
 * A withdrawal rail: where a withdrawal leaves the platform. One implementation today (the sandbox
 * rail); a real provider implements the same three calls. Every call is idempotent by the
 * submission's business key (`withdrawal/<id>`), so a retried activity never sends twice.
 */
export interface RailSubmission {
  businessKey: string;
  enterpriseId: string;
  network: string;
  address: string;
  memo: string | null;
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
  readonly name: string;
  submit(submission: RailSubmission): Promise<SubmitOutcome>;
  outcome(businessKey: string): Promise<RailOutcome>;
}
