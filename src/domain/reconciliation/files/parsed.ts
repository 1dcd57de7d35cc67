import type { StatementLine } from '../../../providers/statements';

/** A statement file's line, with where it was in the file (for a 422 that names it). */
export interface ParsedLine extends StatementLine {
  /** `line 12` or `Ntry[3] (line 48)`. */
  location: string;
}

/** What the file says about its account, checked against the account it is imported into. */
export interface FileAccount {
  /** IBAN, account number or other identifier the file names; null when it names none (CSV). */
  identifier: string | null;
  currency: string | null;
  /** The closing booked balance the file states (camt's `CLBD`, MT940's `:62F:`): signed minor units, as of the end of its date. Null when it states none. */
  closing: { amount: bigint; at: Date } | null;
}

/** A balance dated by a day holds at that day's end; one with a time, at that time. */
export function balanceInstant(text: string, location: string): Date {
  const at = instant(text, location);
  return /^\d{4}-\d{2}-\d{2}$/.test(text.trim()) ? new Date(at.getTime() + 86_400_000 - 1) : at;
}

/** Of a file's balances, the latest. */
export function laterBalance(a: FileAccount['closing'], b: NonNullable<FileAccount['closing']>): NonNullable<FileAccount['closing']> {
  return a === null || b.at >= a.at ? b : a;
}

/** A file that is not what its format says: nothing of it is imported. */
export class StatementFileError extends Error {
  constructor(
    readonly location: string,
    readonly detail: string,
  ) {
    super(`${location}: ${detail}`);
    this.name = 'StatementFileError';
  }
}

/** Every format's reader: lines in file order, one batch at a time, and the account once it has read it. */
export interface StatementFileReader {
  lines(): AsyncGenerator<ParsedLine[]>;
  account(): FileAccount;
}

const DECIMAL = /^\d{1,30}(\.\d{1,18})?$/;

/** A positive decimal of a file (`1250.00`, MT940's `1250,00`) as minor units of `precision`, exactly. */
export function minorUnits(text: string, precision: number, location: string): bigint {
  const value = text.trim().replace(',', '.').replace(/\.$/, '');
  if (!DECIMAL.test(value)) throw new StatementFileError(location, `amount ${JSON.stringify(text.slice(0, 40))} is not a decimal number`);
  const [whole, fraction = ''] = value.split('.');
  if (fraction.replace(/0+$/, '').length > precision) throw new StatementFileError(location, `amount ${text} has more decimals than the currency's ${precision}`);
  return BigInt(whole + fraction.padEnd(precision, '0').slice(0, precision));
}

/** A date or date-time of a file; a bare date is midnight UTC. */
export function instant(text: string, location: string): Date {
  const t = text.trim();
  const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(t) ? `${t}T00:00:00Z` : t);
  if (!/^\d{4}-\d{2}-\d{2}/.test(t) || Number.isNaN(d.getTime())) throw new StatementFileError(location, `${JSON.stringify(t.slice(0, 40))} is not a date`);
  return d;
}
