import { createHash } from 'node:crypto';
import { assetOf, isAsset } from '../../../money/assets';
import { laterBalance, minorUnits, StatementFileError, type FileAccount, type ParsedLine, type StatementFileReader } from './parsed';

/*
 * SWIFT MT940 (customer statement), read line by line from a stream: a field starts with its tag
 * (`:61:`) and continues on the lines without one. The maintained MT940 packages parse a whole string
 * at once; the format is line-based, so this reader keeps one field and one statement line at a time.
 */

const FIELD = /^:(\d{2}[A-Z]?):(.*)$/;
// :61: value date, entry date?, (R)C/D mark, funds code?, amount, type, customer reference[//bank reference], supplementary details
const LINE61 = /^(\d{6})(\d{4})?(R?[CD])([A-Z])?(\d{1,12},\d{0,2})([NSF][A-Z0-9]{3})([^\n]*?)(?:\/\/([^\n]{1,16}))?(?:\n(.*))?$/s;
const BALANCE = /^([CD])(\d{6})([A-Z]{3})(\d{1,12},\d{0,2})$/;

function date(yymmdd: string, location: string): Date {
  const [yy, mm, dd] = [Number(yymmdd.slice(0, 2)), Number(yymmdd.slice(2, 4)), Number(yymmdd.slice(4, 6))];
  const d = new Date(Date.UTC(2000 + yy, mm - 1, dd));
  if (mm < 1 || mm > 12 || dd < 1 || dd > 31 || d.getUTCDate() !== dd) throw new StatementFileError(location, `${yymmdd} is not a date (YYMMDD)`);
  return d;
}

/** Subfields of a :86: as banks write them: `/EREF/…/NAME/…` (SEPA structured) or `?20…?32…` (German). */
function information(text: string): { reference: string | null; counterparty: string | null; remittance: string } {
  const flat = text.replace(/\n/g, '');
  const slash = (code: string) => new RegExp(`/${code}/([^/]*)`).exec(flat)?.[1]?.trim() || null;
  const german = (codes: number[]) => codes.map((c) => new RegExp(`\\?${c}([^?]*)`).exec(flat)?.[1] ?? '').join('').trim() || null;
  // German ?2x subfields carry SEPA keywords (EREF+, SVWZ+), each until the next subfield or keyword.
  const reference = slash('EREF') ?? (/EREF\+(.*?)(?=\?\d\d|[A-Z]{4}\+|$)/.exec(flat)?.[1]?.trim() || null);
  const counterparty = slash('NAME') ?? german([32, 33]);
  const remittance = slash('REMI') ?? german([20, 21, 22, 23, 24, 25, 26, 27, 28, 29]) ?? flat.trim();
  return { reference: reference && reference !== 'NOTPROVIDED' ? reference : null, counterparty, remittance };
}

export function mt940Reader(input: AsyncIterable<Buffer | string>): StatementFileReader {
  const account: FileAccount = { identifier: null, currency: null, closing: null };
  return {
    account: () => account,
    async *lines() {
      let lineNo = 0;
      let field: { tag: string; text: string; line: number } | null = null;
      let pending: (ParsedLine & { customerRef: string | null }) | null = null;
      let out: ParsedLine[] = [];
      const seen = new Map<string, number>();

      const flush = () => {
        if (!pending) return;
        const { customerRef: _unused, ...line } = pending;
        if (!line.providerId) {
          const print = createHash('sha256').update([line.bookedAt.toISOString(), line.amount, line.reference, line.remittance].join('\u0000')).digest('hex').slice(0, 24);
          const n = (seen.get(print) ?? 0) + 1;
          seen.set(print, n);
          line.providerId = `mt940:${print}:${n}`;
        }
        out.push(line);
        pending = null;
      };

      const close = () => {
        if (!field) return;
        const { tag, text, line } = field;
        const location = `line ${line} (:${tag}:)`;
        field = null;
        if (tag === '25') account.identifier ??= text.trim();
        else if (tag === '60F' || tag === '60M') {
          const m = BALANCE.exec(text.trim());
          if (!m) throw new StatementFileError(location, 'an opening balance is C|D, YYMMDD, a currency and an amount');
          if (!isAsset(m[3])) throw new StatementFileError(location, `the currency ${m[3]} is not one Counterfoil knows`);
          account.currency ??= m[3];
        } else if (tag === '62F') {
          const m = BALANCE.exec(text.trim());
          if (!m) throw new StatementFileError(location, 'a closing balance is C|D, YYMMDD, a currency and an amount');
          if (!isAsset(m[3])) throw new StatementFileError(location, `the currency ${m[3]} is not one Counterfoil knows`);
          const minor = minorUnits(m[4], assetOf(m[3]).precision, location);
          // Booked at the end of its day: the provider's balance then.
          account.closing = laterBalance(account.closing, { amount: m[1] === 'D' ? -minor : minor, at: new Date(date(m[2], location).getTime() + 86_400_000 - 1) });
        } else if (tag === '61') {
          flush();
          if (!account.currency) throw new StatementFileError(location, 'a statement line before the opening balance (:60F:) that names the currency');
          const m = LINE61.exec(text);
          if (!m) throw new StatementFileError(location, 'not a statement line: YYMMDD[MMDD]C|D|RC|RD amount type reference[//bank reference]');
          const valueAt = date(m[1], location);
          let bookedAt = valueAt;
          if (m[2]) {
            // The entry date has no year: the value date's, or the next or previous one across a year end.
            const candidates = [-1, 0, 1].map((dy) => date(`${String((valueAt.getUTCFullYear() - 2000 + dy + 100) % 100).padStart(2, '0')}${m[2]}`, location));
            bookedAt = candidates.reduce((best, c) => (Math.abs(c.getTime() - valueAt.getTime()) < Math.abs(best.getTime() - valueAt.getTime()) ? c : best));
          }
          const minor = minorUnits(m[5], assetOf(account.currency).precision, location);
          const debit = m[3] === 'D' || m[3] === 'RC';
          const customerRef = m[7].trim() && m[7].trim() !== 'NONREF' ? m[7].trim() : null;
          pending = {
            location,
            providerId: m[8]?.trim() || '',
            bookedAt,
            valueAt,
            asset: account.currency,
            amount: debit ? -minor : minor,
            counterparty: null,
            reference: customerRef,
            remittance: m[9]?.trim() || null,
            providerStatus: 'booked',
            customerRef,
          };
        } else if (tag === '86' && pending) {
          const info = information(text);
          pending.reference = info.reference ?? pending.customerRef;
          pending.counterparty = info.counterparty;
          pending.remittance = info.remittance || pending.remittance;
        }
      };

      const take = (raw: string) => {
        lineNo++;
        const line = raw.replace(/\r$/, '');
        if (line.trim() === '' || line.startsWith('{') || line === '-}' || line === '-') {
          close();
          if (line.startsWith('-')) flush();
          return;
        }
        const m = FIELD.exec(line);
        if (m) {
          close();
          field = { tag: m[1], text: m[2], line: lineNo };
        } else if (field) field.text += `\n${line}`;
        else throw new StatementFileError(`line ${lineNo}`, 'text outside a field (a field starts with :NN:)');
      };

      let rest = '';
      for await (const chunk of input) {
        const parts = (rest + (typeof chunk === 'string' ? chunk : chunk.toString('utf8'))).split('\n');
        rest = parts.pop()!;
        for (const p of parts) take(p);
        if (out.length >= 500) {
          yield out;
          out = [];
        }
      }
      if (rest) take(rest);
      close();
      flush();
      if (!account.currency) throw new StatementFileError(`line ${lineNo}`, 'no opening balance (:60F:): not an MT940 statement');
      if (out.length) yield out;
    },
  };
}
