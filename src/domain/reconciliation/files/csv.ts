import { createHash } from 'node:crypto';
import { parse } from 'csv-parse';
import { Readable } from 'node:stream';
import { assetOf, isAsset } from '../../../money/assets';
import { instant, minorUnits, StatementFileError, type FileAccount, type ParsedLine, type StatementFileReader } from './parsed';

/** Which column holds what: the header names of a bank's CSV export. */
export interface CsvMapping {
  booked_at: string;
  value_at?: string;
  /** A signed amount column; or `debit` and `credit` columns of positive amounts. */
  amount?: string;
  debit?: string;
  credit?: string;
  /** A column naming each line's currency; else `currency_code` for the whole file. */
  currency?: string;
  currency_code?: string;
  id?: string;
  counterparty?: string;
  reference?: string;
  remittance?: string;
  status?: string;
  delimiter?: string;
  decimal_separator?: '.' | ',';
  date_format?: 'iso' | 'DD.MM.YYYY' | 'DD/MM/YYYY' | 'MM/DD/YYYY';
}

function date(text: string, format: CsvMapping['date_format'], location: string): Date {
  const t = text.trim();
  if (!format || format === 'iso') return instant(t, location);
  const m = /^(\d{2})[./](\d{2})[./](\d{4})$/.exec(t);
  if (!m) throw new StatementFileError(location, `${JSON.stringify(t.slice(0, 40))} is not a date (${format})`);
  const [day, month] = format === 'MM/DD/YYYY' ? [m[2], m[1]] : [m[1], m[2]];
  return instant(`${m[3]}-${month}-${day}`, location);
}

/**
 * A CSV statement with a declared column mapping, read as a stream with csv-parse: the header row
 * names the columns, and each record becomes a line as it is parsed.
 */
export function csvReader(input: AsyncIterable<Buffer | string>, mapping: CsvMapping): StatementFileReader {
  const account: FileAccount = { identifier: null, currency: mapping.currency_code ?? null, closing: null };
  return {
    account: () => account,
    async *lines() {
      if (!mapping.amount && !(mapping.debit && mapping.credit)) throw new StatementFileError('mapping', 'name an amount column, or debit and credit columns');
      if (!mapping.currency && !mapping.currency_code) throw new StatementFileError('mapping', 'name a currency column or give currency_code');
      if (mapping.currency_code && !isAsset(mapping.currency_code)) throw new StatementFileError('mapping', `the currency ${mapping.currency_code} is not one Counterfoil knows`);
      const parser = Readable.from(input).pipe(parse({ columns: true, delimiter: mapping.delimiter ?? ',', bom: true, trim: true, skip_empty_lines: true, info: true }));
      const seen = new Map<string, number>();
      let out: ParsedLine[] = [];
      let checkedHeader = false;
      try {
        for await (const { record, info } of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
          const location = `line ${info.lines}`;
          if (!checkedHeader) {
            const wanted = [mapping.booked_at, mapping.value_at, mapping.amount, mapping.debit, mapping.credit, mapping.currency, mapping.id, mapping.counterparty, mapping.reference, mapping.remittance, mapping.status].filter((c): c is string => c !== undefined);
            const missing = wanted.find((c) => !(c in record));
            if (missing) throw new StatementFileError('line 1', `no column ${JSON.stringify(missing)} in the header`);
            checkedHeader = true;
          }
          out.push(toLine(record, mapping, location, seen));
          if (out.length >= 500) {
            yield out;
            out = [];
          }
        }
      } catch (err) {
        if (err instanceof StatementFileError) throw err;
        const e = err as { code?: string; lines?: number; message?: string };
        if (e.code?.startsWith('CSV_')) throw new StatementFileError(`line ${e.lines ?? '?'}`, `not valid CSV: ${e.message?.split('\n')[0]}`);
        throw err;
      }
      if (out.length) yield out;
    },
  };
}

function toLine(r: Record<string, string>, m: CsvMapping, location: string, seen: Map<string, number>): ParsedLine {
  const currency = m.currency ? r[m.currency] : m.currency_code!;
  if (!isAsset(currency)) throw new StatementFileError(`${location}, column ${m.currency}`, `the currency ${JSON.stringify(currency)} is not one Counterfoil knows`);
  const precision = assetOf(currency).precision;
  const decimal = (text: string, column: string) => {
    const t = text.trim();
    const normal = m.decimal_separator === ',' ? t.replace(/\./g, '').replace(',', '.') : t.replace(/,/g, '');
    const negative = normal.startsWith('-');
    const minor = minorUnits(negative || normal.startsWith('+') ? normal.slice(1) : normal, precision, `${location}, column ${column}`);
    return negative ? -minor : minor;
  };
  let amount: bigint;
  if (m.amount) amount = decimal(r[m.amount], m.amount);
  else {
    const debit = r[m.debit!]?.trim() ? decimal(r[m.debit!], m.debit!) : 0n;
    const credit = r[m.credit!]?.trim() ? decimal(r[m.credit!], m.credit!) : 0n;
    amount = credit - (debit < 0n ? -debit : debit);
  }
  if (amount === 0n) throw new StatementFileError(`${location}, column ${m.amount ?? m.credit}`, 'an amount of zero');
  const text = (column?: string) => (column && r[column]?.trim() ? r[column].trim() : null);
  const bookedAt = date(r[m.booked_at], m.date_format, `${location}, column ${m.booked_at}`);
  const line: ParsedLine = {
    location,
    providerId: text(m.id) ?? '',
    bookedAt,
    valueAt: m.value_at && text(m.value_at) ? date(r[m.value_at], m.date_format, `${location}, column ${m.value_at}`) : null,
    asset: currency,
    amount,
    counterparty: text(m.counterparty),
    reference: text(m.reference),
    remittance: text(m.remittance),
    providerStatus: text(m.status)?.toLowerCase() ?? 'booked',
  };
  if (!line.providerId) {
    const print = createHash('sha256').update([bookedAt.toISOString(), amount, currency, line.reference, line.remittance, line.counterparty].join('\u0000')).digest('hex').slice(0, 24);
    const n = (seen.get(print) ?? 0) + 1;
    seen.set(print, n);
    line.providerId = `csv:${print}:${n}`;
  }
  return line;
}
