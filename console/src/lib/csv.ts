/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. A field starting with
 * a formula character (`=`, `+`, `-`, `@`, tab, CR) would run in a spreadsheet, so it is written behind
 * a single quote (OWASP's rule, as the server's exports do); a plain decimal such as `-10.00` stays a number.
 */
export const csvField = (value: string | number) => {
  const text = String(value);
  if (/^[-=+@\t\r]/.test(text) && !/^-?[0-9]+(\.[0-9]+)?$/.test(text)) return `"'${text.replace(/"/g, '""')}"`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};
