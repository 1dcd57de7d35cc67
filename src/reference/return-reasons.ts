/*
 * Why money came back: the return and reversal reason codes of each scheme, and what Counterfoil does
 * with each (docs/returns-and-reversals.md lists them). A rail or deposits provider reports a
 * `ReturnReason` with a return or recall; the code is kept as reported, and a code not in these tables
 * is still booked (the scheme's rule book grows) with the scheme's default treatment.
 */

export const RETURN_SCHEMES = ['sepa', 'ach', 'fps', 'swift', 'crypto', 'card', 'provider'] as const;
export type ReturnScheme = (typeof RETURN_SCHEMES)[number];

export interface ReturnReason {
  scheme: ReturnScheme;
  code: string;
  description?: string;
}

/**
 * What a code means for the books and for the next payment:
 * - `credit_back`: the money is credited back to the account (every return and recall books this);
 * - `retry_ok`: a new payment to the same destination may succeed (a technical or temporary cause);
 * - `fix_destination`: the destination is wrong or closed; do not pay it again until it is corrected;
 * - `fraud`: a fraud or authorisation cause; the destination and the payer deserve a review.
 */
export type ReturnTreatment = 'retry_ok' | 'fix_destination' | 'fraud';

export interface ReturnCode {
  code: string;
  description: string;
  treatment: ReturnTreatment;
}

const table = (rows: [string, string, ReturnTreatment][]): Readonly<Record<string, ReturnCode>> =>
  Object.freeze(Object.fromEntries(rows.map(([code, description, treatment]) => [code, { code, description, treatment }])));

/** SEPA (EPC ISO 20022 reason codes of R-transactions: returns, rejects, recalls). */
export const SEPA_RETURN_CODES = table([
  ['AC01', 'Incorrect account number (IBAN invalid or does not exist)', 'fix_destination'],
  ['AC04', 'Closed account number', 'fix_destination'],
  ['AC06', 'Blocked account', 'fix_destination'],
  ['AC13', 'Debtor account is a consumer account', 'fix_destination'],
  ['AG01', 'Transaction forbidden on this type of account', 'fix_destination'],
  ['AG02', 'Invalid bank operation code', 'retry_ok'],
  ['AM04', 'Insufficient funds', 'retry_ok'],
  ['AM05', 'Duplicate payment', 'retry_ok'],
  ['BE04', 'Missing creditor address', 'fix_destination'],
  ['CNOR', 'Creditor bank is not registered in the scheme', 'fix_destination'],
  ['DNOR', 'Debtor bank is not registered in the scheme', 'fix_destination'],
  ['MD01', 'No mandate', 'fraud'],
  ['MD02', 'Missing or incorrect mandate data', 'fix_destination'],
  ['MD06', 'Refund requested by the debtor (authorised debit)', 'retry_ok'],
  ['MD07', 'Beneficiary deceased', 'fix_destination'],
  ['MS02', 'Reason not specified, by the beneficiary', 'retry_ok'],
  ['MS03', 'Reason not specified, by the agent', 'retry_ok'],
  ['RC01', 'Bank identifier (BIC) incorrect', 'fix_destination'],
  ['RR01', 'Missing debtor account or identification (regulatory)', 'fix_destination'],
  ['RR02', 'Missing debtor name or address (regulatory)', 'fix_destination'],
  ['RR03', 'Missing creditor name or address (regulatory)', 'fix_destination'],
  ['RR04', 'Regulatory reason', 'fix_destination'],
  ['SL01', 'Specific service offered by the debtor bank', 'retry_ok'],
  ['FOCR', 'Return following a cancellation request (recall)', 'retry_ok'],
  ['DUPL', 'Duplicate payment (recall)', 'retry_ok'],
  ['TECH', 'Technical problem (recall)', 'retry_ok'],
  ['FRAD', 'Fraudulent origin (recall)', 'fraud'],
  ['CUST', 'Requested by the customer (recall)', 'retry_ok'],
  ['AC03', 'Invalid creditor account number (recall)', 'fix_destination'],
  ['AM09', 'Wrong amount (recall)', 'retry_ok'],
]);

/** ACH (Nacha) return codes: the common subset, by name. */
export const ACH_RETURN_CODES = table([
  ['R01', 'Insufficient funds', 'retry_ok'],
  ['R02', 'Account closed', 'fix_destination'],
  ['R03', 'No account / unable to locate account', 'fix_destination'],
  ['R04', 'Invalid account number structure', 'fix_destination'],
  ['R05', 'Unauthorized debit to consumer account using corporate SEC code', 'fraud'],
  ['R06', 'Returned per ODFI request', 'retry_ok'],
  ['R07', 'Authorization revoked by customer', 'fraud'],
  ['R08', 'Payment stopped', 'fix_destination'],
  ['R09', 'Uncollected funds', 'retry_ok'],
  ['R10', 'Customer advises unauthorized, improper, ineligible or incomplete', 'fraud'],
  ['R11', 'Customer advises entry not in accordance with the terms of the authorization', 'fraud'],
  ['R12', 'Account sold to another DFI', 'fix_destination'],
  ['R13', 'Invalid ACH routing number', 'fix_destination'],
  ['R14', 'Representative payee deceased or unable to continue', 'fix_destination'],
  ['R15', 'Beneficiary or account holder deceased', 'fix_destination'],
  ['R16', 'Account frozen / entry returned per OFAC instruction', 'fraud'],
  ['R17', 'File record edit criteria / questionable transaction', 'fraud'],
  ['R20', 'Non-transaction account', 'fix_destination'],
  ['R23', 'Credit entry refused by receiver', 'fix_destination'],
  ['R24', 'Duplicate entry', 'retry_ok'],
  ['R29', 'Corporate customer advises not authorized', 'fraud'],
  ['R31', 'Permissible return entry (CCD and CTX only)', 'retry_ok'],
  ['R51', 'Item related to RCK entry is ineligible or RCK entry is improper', 'fraud'],
  ['R61', 'Misrouted return', 'retry_ok'],
  ['R80', 'IAT entry coding error', 'fix_destination'],
  ['R85', 'Incorrectly coded outbound international payment', 'fix_destination'],
]);

/** UK Faster Payments returns (the return reasons banks use on FPS). */
export const FPS_RETURN_CODES = table([
  ['ARDI', 'Account closed', 'fix_destination'],
  ['AC01', 'Beneficiary account unknown', 'fix_destination'],
  ['AC06', 'Beneficiary account stopped or blocked', 'fix_destination'],
  ['BE05', 'Beneficiary name does not match the account', 'fix_destination'],
  ['MS03', 'Returned by the beneficiary bank, no reason given', 'retry_ok'],
  ['FRAD', 'Suspected fraud', 'fraud'],
  ['DUPL', 'Duplicate payment', 'retry_ok'],
]);

/** SWIFT (MT/ISO 20022 pacs.004) return reasons. */
export const SWIFT_RETURN_CODES = table([
  ['AC01', 'Incorrect account number', 'fix_destination'],
  ['AC04', 'Closed account number', 'fix_destination'],
  ['AC06', 'Blocked account', 'fix_destination'],
  ['AG01', 'Transaction forbidden', 'fix_destination'],
  ['AM05', 'Duplication', 'retry_ok'],
  ['BE01', 'Beneficiary name inconsistent with the account', 'fix_destination'],
  ['RC01', 'Bank identifier incorrect', 'fix_destination'],
  ['RR04', 'Regulatory reason', 'fix_destination'],
  ['MS03', 'Not specified, by the agent', 'retry_ok'],
  ['FOCR', 'Following a cancellation request', 'retry_ok'],
  ['FRAD', 'Fraudulent origin', 'fraud'],
]);

/** A crypto payout bounced back by the receiving party (an exchange refusing a deposit, a contract reverting). */
export const CRYPTO_RETURN_CODES = table([
  ['bounced', 'The receiving party sent the funds back', 'fix_destination'],
  ['address_not_whitelisted', 'The receiving exchange does not credit this address or memo', 'fix_destination'],
  ['memo_missing', 'The receiving exchange needs a memo or tag that was not given', 'fix_destination'],
  ['compliance_refused', 'The receiving party refused the funds for compliance reasons', 'fraud'],
]);

/** Card (an on-ramp paid by card): chargeback reason categories. */
export const CARD_RETURN_CODES = table([
  ['fraud', 'Cardholder disputes: fraud', 'fraud'],
  ['authorization', 'Authorization issue', 'fraud'],
  ['processing_error', 'Processing error (duplicate, wrong amount)', 'retry_ok'],
  ['consumer_dispute', 'Consumer dispute (not received, not as described)', 'retry_ok'],
]);

/** Codes a provider names itself when the scheme gives none. */
export const PROVIDER_RETURN_CODES = table([
  ['unspecified', 'The provider gave no reason', 'retry_ok'],
  ['compliance', 'Returned by the provider for compliance reasons', 'fraud'],
  ['operator', 'Reversed by an operator of the enterprise', 'retry_ok'],
]);

export const RETURN_CODES: Readonly<Record<ReturnScheme, Readonly<Record<string, ReturnCode>>>> = {
  sepa: SEPA_RETURN_CODES,
  ach: ACH_RETURN_CODES,
  fps: FPS_RETURN_CODES,
  swift: SWIFT_RETURN_CODES,
  crypto: CRYPTO_RETURN_CODES,
  card: CARD_RETURN_CODES,
  provider: PROVIDER_RETURN_CODES,
};

/** The treatment of a code not in its scheme's table. */
const DEFAULT_TREATMENT: ReturnTreatment = 'retry_ok';

/** The table's entry for a reported reason; an unlisted code keeps its reported description and the default treatment. */
export function describeReturn(reason: ReturnReason): ReturnCode & { known: boolean } {
  const known = RETURN_CODES[reason.scheme]?.[reason.code.toUpperCase()] ?? RETURN_CODES[reason.scheme]?.[reason.code];
  if (known) return { ...known, known: true };
  return { code: reason.code, description: reason.description ?? 'Not a code Counterfoil knows', treatment: DEFAULT_TREATMENT, known: false };
}

/** The scheme a bank rail or network's returns use (`sepa_credit` → sepa, `ethereum` → crypto). */
export function returnSchemeOf(rail: string): ReturnScheme {
  if (rail.startsWith('sepa')) return 'sepa';
  if (rail.startsWith('ach')) return 'ach';
  if (rail.startsWith('fps') || rail === 'faster_payments') return 'fps';
  if (rail.startsWith('swift')) return 'swift';
  return 'crypto';
}
