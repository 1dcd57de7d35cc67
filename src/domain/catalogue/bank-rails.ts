import type { FieldError } from '../../errors';
import { catalogueId } from './ids';

/**
 * Fiat bank rails: the static payment-method catalogue and the checks of beneficiary bank details
 * (IBAN mod-97, BIC shape, ABA routing checksum, UK sort code and account number).
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

/** IBAN lengths of the SEPA scheme countries (EPC list). */
export const SEPA_IBAN_LENGTHS: Readonly<Record<string, number>> = Object.freeze({
  AD: 24, AT: 20, BE: 16, BG: 22, CH: 21, CY: 28, CZ: 24, DE: 22, DK: 18, EE: 20, ES: 24, FI: 18, FR: 27, GB: 22, GI: 23,
  GR: 27, HR: 21, HU: 28, IE: 22, IS: 26, IT: 27, LI: 21, LT: 20, LU: 20, LV: 21, MC: 27, MT: 31, NL: 18, NO: 15, PL: 28,
  PT: 25, RO: 24, SE: 24, SI: 19, SK: 24, SM: 27, VA: 22,
});

const normalise = (s: string) => s.replace(/[\s-]/g, '').toUpperCase();

/** ISO 13616 check: letters to numbers (A=10), rearranged, mod 97 = 1; computed digit by digit. */
export function ibanMod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let rem = 0;
  for (const c of rearranged) {
    const v = c >= 'A' && c <= 'Z' ? String(c.charCodeAt(0) - 55) : c;
    for (const d of v) rem = (rem * 10 + (d.charCodeAt(0) - 48)) % 97;
  }
  return rem;
}

export function isIban(value: string, sepaOnly = false): boolean {
  const iban = normalise(value);
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const expected = SEPA_IBAN_LENGTHS[iban.slice(0, 2)];
  if (sepaOnly && expected === undefined) return false;
  if (expected !== undefined && iban.length !== expected) return false;
  return ibanMod97(iban) === 1;
}

/** An IBAN with correct check digits for `country` and `bban`. */
export function ibanFor(country: string, bban: string): string {
  const check = 98 - ibanMod97(`${country}00${bban}`);
  return `${country}${String(check).padStart(2, '0')}${bban}`;
}

export const isBic = (value: string) => /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(normalise(value));

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
