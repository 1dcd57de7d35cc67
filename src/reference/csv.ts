/**
 * CSV fields (RFC 4180) for the server's exports and the console's downloads alike: quoted when they
 * hold a comma, a quote or a line break. CSV injection: a spreadsheet runs a cell starting with one of
 * OWASP's formula characters (`=`, `+`, `-`, `@`, tab, carriage return) as a formula, so such a cell is
 * written quoted behind a single quote. No Node APIs here: the console bundles this file.
 */
const FORMULA_START = /^[-=+@\t\r]/;
const DECIMAL = /^-?[0-9]+(\.[0-9]+)?$/;

const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;

/** A text field: one starting with a formula character, even `-10.00`, is neutralised. */
export function csvText(text: string): string {
  if (FORMULA_START.test(text)) return quoted(`'${text}`);
  return /[",\r\n]/.test(text) ? quoted(text) : text;
}

/** A field that may hold a number (amounts, counts): a plain decimal such as `-10.00` stays a number; anything else is text. */
export function csvField(value: string | number): string {
  const text = String(value);
  return DECIMAL.test(text) ? text : csvText(text);
}
