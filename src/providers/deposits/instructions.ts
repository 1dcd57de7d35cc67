/**
 * The deposit-instruction seam: where a payer sends money for an account on a rail. A custodian
 * issues the crypto address (and memo), a bank the virtual account; the sandbox derives both
 * (./sandbox-instructions.ts). One instruction per account and rail serves every asset of the rail,
 * so the business key is `deposit-instruction/<account_ref>/<rail>` and issuing it again must
 * answer the same instruction.
 *
 * The same operation issues an enterprise's on-ramp collection account on a pay-in bank rail
 * (`purpose: 'collection'`, key `collection-account/<enterprise_id>/<rail>`): one account per
 * enterprise and rail that every on-ramp session's payer pays into, told apart by the session's
 * payment reference rather than by the account.
 */
export type InstructionPurpose = 'account' | 'collection';

export interface InstructionRequest {
  /** `deposit-instruction/<account_ref>/<rail>` or `collection-account/<enterprise_id>/<rail>`: at most one instruction per key. */
  businessKey: string;
  /** `account`: payments to it are the account's; `collection`: on-ramp payments, each quoting its session's reference. */
  purpose: InstructionPurpose;
  enterpriseId: string;
  /** The account the payments are for; for a collection account, the enterprise (`enterprises/<id>`). */
  accountRef: string;
  /** A network code (ethereum, …) or a pay-in bank rail (sepa, ach, fps). */
  rail: string;
  /** The assets the account receives on this rail (all share the instruction). */
  assets: string[];
  /** Whom a bank transfer names as beneficiary: the enterprise's legal name. */
  beneficiaryName: string;
}

export interface IssuedInstruction {
  rail: string;
  address: string;
  memo: string | null;
  /** Routing beyond address and memo (bank identifiers, beneficiary name), as presented in `fiat_routing`. */
  details: Record<string, string>;
}

export interface DepositInstructionIssuer {
  readonly name: string;
  issue(request: InstructionRequest): Promise<IssuedInstruction>;
}

export const instructionKey = (accountRef: string, rail: string) => `deposit-instruction/${accountRef}/${rail}`;
export const collectionAccountKey = (enterpriseId: string, rail: string) => `collection-account/${enterpriseId}/${rail}`;
