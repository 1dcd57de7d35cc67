import { parseAmount } from '../../money/assets';

/**
 * A statements provider: what a custodian or bank says happened on one of its accounts (a custodian
 * wallet, the bank account behind deposit instructions, payout rails and collection accounts). The
 * sandbox derives it from what the sandbox rails and deposits did; a connector answers POST /statements.
 */
export interface StatementAccount {
  /** The rail or network code the account is on (`sepa`, `ethereum`, …). */
  rail: string;
  /** The provider's identity of the account: an IBAN, an account number, a wallet address. */
  address: string;
  /** The asset of a multi-asset account (a custodian wallet); its statement lists this asset only. */
  currency: string;
}

export interface StatementLine {
  /** The provider's own id of the line: one line per account and id. */
  providerId: string;
  bookedAt: Date;
  valueAt: Date | null;
  asset: string;
  /** Signed, minor units: credits positive, debits negative. */
  amount: bigint;
  counterparty: string | null;
  /** The rail's reference (transaction hash, end-to-end id) as the provider gives it. */
  reference: string | null;
  /** Remittance information or description. */
  remittance: string | null;
  /** The provider's own status of the line (`booked`, `pending`, …), as it says it. */
  providerStatus: string;
}

export interface StatementBalance {
  asset: string;
  /** Minor units, signed. */
  amount: bigint;
  /** The provider's read time of the balance. */
  asOf: Date;
}

export interface StatementPage {
  lines: StatementLine[];
  /** Where the next pull starts; the same cursor again answers the same lines (and any new ones after them). */
  nextCursor: string | null;
  balance: StatementBalance;
}

export interface StatementSource {
  /** The provider's name as routing names it (`sandbox`, a connector's name). */
  readonly name: string;
  /** Lines after `cursor` (from the first with null), at most `limit`, and the balance now. */
  pull(enterpriseId: string, account: StatementAccount, cursor: string | null, limit: number): Promise<StatementPage>;
}

/** A signed decimal string (`-12.50`, `0.00` for a balance) in minor units of `asset`: parseAmount's rules on its magnitude. Throws AppError 422 at `pointer`. */
export function parseSignedAmount(value: string, asset: string, pointer: string): bigint {
  if (/^[-+]?0(\.0+)?$/.test(value)) return 0n;
  const negative = value.startsWith('-');
  const minor = parseAmount(negative ? value.slice(1) : value.replace(/^\+/, ''), asset, pointer);
  return negative ? -minor : minor;
}
