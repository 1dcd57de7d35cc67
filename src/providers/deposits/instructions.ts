/**
 * The deposit-instruction seam: where a payer sends money for an account on a rail. A custodian
 * issues the crypto address (and memo), a bank the virtual account; the sandbox derives both
 * (./sandbox-instructions.ts). One instruction per account and rail serves every asset of the rail,
 * so the business key is `deposit-instruction/<account_ref>/<rail>` and issuing it again must
 * answer the same instruction.
 */
export interface InstructionRequest {
  /** `deposit-instruction/<account_ref>/<rail>`: the provider issues at most one instruction per key. */
  businessKey: string;
  enterpriseId: string;
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
