import { createHmac } from 'node:crypto';
import { abaRoutingNumberFor, ibanFor } from '../../reference/bank-rails';
import { networkByCode } from '../../reference/networks';

/**
 * Sandbox deposit addresses: derived, not allocated. HMAC-SHA256 under a platform key of
 * (account, rail) gives stable key material, formatted to the rail's address format, so the same
 * account always gets the same address on a rail and nobody can guess another account's address
 * without the key. Used by the sandbox deposit instruction issuer only: in production the rail's
 * custodian or bank issues them through its connector (src/providers/deposits/).
 */
export interface DerivedAddress {
  rail: string;
  address: string;
  memo: string | null;
  /** Routing details beyond address and memo (bank identifiers), as presented in `fiat_routing`. */
  details: Record<string, string>;
}

/** Fixed identifiers of the sandbox's virtual-account bank (never a real institution's). */
export const SANDBOX_BANK = {
  bic: 'CFOLDEB1XXX',
  ibanBankCode: '99912345',
  sortCode: '040099',
  abaFirst8: '02100999',
} as const;

/**
 * The sandbox bank's on-ramp collection account on a pay-in rail: fixed numbers (one per rail, shared
 * by every enterprise), the payer's transfer told apart by the session's reference.
 */
export function sandboxCollectionAccount(rail: string): DerivedAddress {
  const details: Record<string, string> = { beneficiary_name: 'Counterfoil Sandbox Ramp Collections' };
  switch (rail) {
    case 'sepa': {
      const iban = ibanFor('DE', `${SANDBOX_BANK.ibanBankCode}0000000001`);
      return { rail, address: iban, memo: null, details: { ...details, iban, bic: SANDBOX_BANK.bic } };
    }
    case 'ach':
      return { rail, address: '000000000001', memo: null, details: { ...details, routing_number: abaRoutingNumberFor(SANDBOX_BANK.abaFirst8), account_number: '000000000001', account_type: 'checking' } };
    case 'fps':
      return { rail, address: '00000001', memo: null, details: { ...details, sort_code: SANDBOX_BANK.sortCode, account_number: '00000001' } };
    default:
      throw new Error(`funding: no sandbox collection account on rail ${rail}`);
  }
}

const digits = (seed: Buffer, n: number) => (seed.readBigUInt64BE(0) % 10n ** BigInt(n)).toString().padStart(n, '0');

export function deriveDepositAddress(key: Buffer, accountRef: string, rail: string, beneficiaryName: string): DerivedAddress {
  const seed = createHmac('sha256', key).update(`deposit-address\u0000${accountRef}\u0000${rail}`).digest();
  const network = networkByCode(rail);
  if (network) {
    if (network.memo?.requiredForDeposit) {
      // Memo networks: one shared platform address; the account is told apart by its memo (MEMO_ID).
      const shared = createHmac('sha256', key).update(`deposit-address\u0000platform\u0000${rail}`).digest();
      const memo = (seed.readBigUInt64BE(0) >> 1n).toString();
      return { rail, address: network.addressFromSeed(shared), memo, details: {} };
    }
    return { rail, address: network.addressFromSeed(seed), memo: null, details: {} };
  }
  switch (rail) {
    case 'sepa': {
      const iban = ibanFor('DE', SANDBOX_BANK.ibanBankCode + digits(seed, 10));
      return { rail, address: iban, memo: null, details: { beneficiary_name: beneficiaryName, iban, bic: SANDBOX_BANK.bic } };
    }
    case 'fps': {
      const accountNumber = digits(seed, 8);
      return { rail, address: accountNumber, memo: null, details: { beneficiary_name: beneficiaryName, sort_code: SANDBOX_BANK.sortCode, account_number: accountNumber } };
    }
    case 'ach': {
      const accountNumber = digits(seed, 12);
      return {
        rail,
        address: accountNumber,
        memo: null,
        details: { beneficiary_name: beneficiaryName, routing_number: abaRoutingNumberFor(SANDBOX_BANK.abaFirst8), account_number: accountNumber, account_type: 'checking' },
      };
    }
    default:
      throw new Error(`funding: no deposit address scheme for rail ${rail}`);
  }
}
