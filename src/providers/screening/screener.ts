/*
 * The screening seam (docs/compliance.md): a sanctions and transaction-risk provider judges a
 * counterparty (a crypto address on a network, a bank account) and the transaction around it, and
 * answers a verdict at once or "pending" for a verdict it delivers later (`screening.completed`).
 */

export type ScreeningSubject =
  | { kind: 'crypto_address'; network: string; address: string; memo: string | null }
  | { kind: 'bank_account'; rail: string; account: string; holder_name: string | null };

export type ScreeningDirection = 'outgoing' | 'incoming';

export interface ScreeningTransaction {
  direction: ScreeningDirection;
  asset: string;
  /** Exact decimal string in the asset's precision. */
  amount: string;
  /** The network or bank rail the money moves on. */
  rail: string;
}

/** The provider's judgement: its risk category (`none` when it found nothing), a score 0–100, its reference and its explanation. */
export interface ScreeningVerdict {
  category: string;
  score: number;
  reference: string;
  explanation: string;
}

export interface ScreeningRequest {
  /** `withdrawal/<id>`, `deposit/<id>`, `destination/<id>/<n>`: one screening per key at the provider. */
  idempotencyKey: string;
  enterpriseId: string;
  subject: ScreeningSubject;
  transaction?: ScreeningTransaction;
  /** IVMS101 originator and beneficiary, when the Travel Rule applies (opened only for this call). */
  travelRule?: Record<string, unknown>;
}

export type ScreeningAnswer =
  | { status: 'completed'; providerScreeningId: string; verdict: ScreeningVerdict }
  | { status: 'pending'; providerScreeningId: string };

export interface Screener {
  readonly name: string;
  screen(request: ScreeningRequest): Promise<ScreeningAnswer>;
}
