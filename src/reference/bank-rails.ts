import { composeIBAN, isSEPACountry, isValidBIC, isValidIBAN } from 'ibantools';
import type { FieldError } from '../errors';
import { catalogueId } from './ids';

/**
 * Fiat bank rails: the static payment-method catalogue and the checks of beneficiary bank details
 * (IBAN and BIC through ibantools, ABA routing checksum, UK sort code and account number).
 */
export type RailCode = 'sepa' | 'swift' | 'ach' | 'fps';
export const RAIL_CODES = ['sepa', 'swift', 'ach', 'fps'] as const;

export interface BankRail {
  id: string;
  code: RailCode;
  displayName: string;
  currencies: string[];
  directions: Array<'pay_in' | 'pay_out'>;
  typicalSettlement: string;
  /** Beneficiary fields a payout method on this rail carries. */
  beneficiaryFields: Array<{ name: string; required: boolean; format: string }>;
  status: 'active' | 'suspended';
}

const NAME = { name: 'name', required: true, format: 'account holder name, 1-140 characters' };

export const BANK_RAILS: readonly BankRail[] = Object.freeze([
  {
    id: catalogueId('payment-methods', 'sepa'),
    code: 'sepa',
    displayName: 'SEPA Credit Transfer',
    currencies: ['EUR'],
    directions: ['pay_in', 'pay_out'],
    typicalSettlement: 'next business day (SCT), seconds for SCT Inst',
    beneficiaryFields: [NAME, { name: 'iban', required: true, format: 'IBAN of a SEPA country (mod-97 checked)' }, { name: 'bic', required: false, format: 'BIC, 8 or 11 characters' }],
    status: 'active',
  },
  {
    id: catalogueId('payment-methods', 'swift'),
    code: 'swift',
    displayName: 'SWIFT international wire',
    currencies: ['EUR', 'GBP', 'USD'],
    directions: ['pay_out'],
    typicalSettlement: '1-5 business days',
    beneficiaryFields: [
      NAME,
      { name: 'bic', required: true, format: 'BIC, 8 or 11 characters' },
      { name: 'iban', required: false, format: 'IBAN (required in IBAN countries instead of account_number)' },
      { name: 'account_number', required: false, format: 'account number, 1-34 letters and digits' },
    ],
    status: 'active',
  },
  {
    id: catalogueId('payment-methods', 'ach'),
    code: 'ach',
    displayName: 'ACH (US)',
    currencies: ['USD'],
    directions: ['pay_in', 'pay_out'],
    typicalSettlement: '1-2 business days (same-day ACH where eligible)',
    beneficiaryFields: [
      NAME,
      { name: 'routing_number', required: true, format: '9-digit ABA routing number (checksum checked)' },
      { name: 'account_number', required: true, format: '4-17 digits' },
      { name: 'account_type', required: true, format: 'checking or savings' },
    ],
    status: 'active',
  },
  {
    id: catalogueId('payment-methods', 'fps'),
    code: 'fps',
    displayName: 'Faster Payments (UK)',
    currencies: ['GBP'],
    directions: ['pay_in', 'pay_out'],
    typicalSettlement: 'seconds, 24/7',
    beneficiaryFields: [NAME, { name: 'sort_code', required: true, format: '6 digits (12-34-56 accepted)' }, { name: 'account_number', required: true, format: '8 digits' }],
    status: 'active',
  },
]);

export function findRail(codeOrId: string): BankRail | undefined {
  return BANK_RAILS.find((r) => r.code === codeOrId || r.id === codeOrId);
}

/** Rails carrying `currency` in `direction`. */
export function railsFor(direction: 'pay_in' | 'pay_out', currency?: string): BankRail[] {
  return BANK_RAILS.filter((r) => r.status === 'active' && r.directions.includes(direction) && (!currency || r.currencies.includes(currency)));
}

// ---------- identifiers ----------

const normalise = (s: string) => s.replace(/[\s-]/g, '').toUpperCase();

/**
 * ISO 13616 through ibantools: the country's length and BBAN format from the SWIFT IBAN registry and
 * the mod-97 check digits; `sepaOnly` also needs a SEPA scheme country.
 */
export function isIban(value: string, sepaOnly = false): boolean {
  const iban = normalise(value);
  if (!isValidIBAN(iban)) return false;
  return !sepaOnly || isSEPACountry(iban.slice(0, 2));
}

/** An IBAN with correct check digits for `country` and `bban`. */
export function ibanFor(country: string, bban: string): string {
  const iban = composeIBAN({ countryCode: country, bban });
  if (!iban) throw new Error(`ibanFor: not a valid ${country} BBAN`);
  return iban;
}

/** A BIC of 8 or 11 characters whose country part is a known country (ibantools). */
export const isBic = (value: string) => isValidBIC(normalise(value));

const ABA_WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1];

/** ABA routing number: 9 digits whose 3-7-1 weighted sum is a multiple of 10. */
export function isAbaRoutingNumber(value: string): boolean {
  if (!/^[0-9]{9}$/.test(value)) return false;
  const sum = [...value].reduce((acc, d, i) => acc + Number(d) * ABA_WEIGHTS[i], 0);
  return sum % 10 === 0;
}

/** Completes 8 digits to a routing number with a valid check digit. */
export function abaRoutingNumberFor(first8: string): string {
  const sum = [...first8].reduce((acc, d, i) => acc + Number(d) * ABA_WEIGHTS[i], 0);
  return first8 + String((10 - (sum % 10)) % 10);
}

export const isSortCode = (value: string) => /^[0-9]{6}$/.test(value.replace(/-/g, ''));

// ---------- beneficiaries ----------

export interface Beneficiary {
  name: string;
  iban?: string;
  bic?: string;
  account_number?: string;
  routing_number?: string;
  account_type?: 'checking' | 'savings';
  sort_code?: string;
}

/**
 * Checks and normalises beneficiary bank details for `rail` and `currency`. Returns the normalised
 * details, or the field errors (pointers under `pointerBase`, e.g. `/body/beneficiary`).
 */
export function checkBeneficiary(
  rail: BankRail,
  currency: string,
  input: Beneficiary,
  pointerBase: string,
): { beneficiary: Beneficiary; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const fail = (field: string, detail: string) => errors.push({ pointer: `${pointerBase}/${field}`, detail });
  if (!rail.currencies.includes(currency)) {
    errors.push({ pointer: pointerBase.replace(/\/beneficiary$/, '/currency'), detail: `${rail.code} carries ${rail.currencies.join(', ')}` });
  }
  const out: Beneficiary = { name: input.name.trim() };
  if (!out.name) fail('name', 'required');
  const allowed = new Set(rail.beneficiaryFields.map((f) => f.name));
  for (const key of Object.keys(input)) if (!allowed.has(key)) fail(key, `not a ${rail.code} beneficiary field`);
  for (const f of rail.beneficiaryFields) if (f.required && !input[f.name as keyof Beneficiary]) fail(f.name, 'required');

  if (input.iban !== undefined) {
    out.iban = normalise(input.iban);
    if (!isIban(out.iban, rail.code === 'sepa')) fail('iban', rail.code === 'sepa' ? 'not a valid IBAN of a SEPA country' : 'not a valid IBAN');
  }
  if (input.bic !== undefined) {
    out.bic = normalise(input.bic);
    if (!isBic(out.bic)) fail('bic', 'not a valid BIC (8 or 11 characters)');
  }
  if (rail.code === 'swift' && !input.iban && !input.account_number) fail('account_number', 'an iban or an account_number is required');
  if (input.account_number !== undefined) {
    out.account_number = input.account_number.replace(/\s/g, '');
    const shape = rail.code === 'ach' ? /^[0-9]{4,17}$/ : rail.code === 'fps' ? /^[0-9]{8}$/ : /^[A-Za-z0-9]{1,34}$/;
    if (!shape.test(out.account_number)) fail('account_number', rail.code === 'ach' ? 'must be 4-17 digits' : rail.code === 'fps' ? 'must be 8 digits' : 'must be 1-34 letters and digits');
  }
  if (input.routing_number !== undefined) {
    out.routing_number = input.routing_number;
    if (!isAbaRoutingNumber(input.routing_number)) fail('routing_number', 'not a valid ABA routing number');
  }
  if (input.account_type !== undefined) out.account_type = input.account_type;
  if (input.sort_code !== undefined) {
    out.sort_code = input.sort_code.replace(/-/g, '');
    if (!isSortCode(input.sort_code)) fail('sort_code', 'must be 6 digits');
  }
  return { beneficiary: out, errors };
}
