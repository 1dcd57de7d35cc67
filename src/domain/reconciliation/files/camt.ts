import { createHash } from 'node:crypto';
import sax from 'sax';
import { assetOf, isAsset } from '../../../money/assets';
import { balanceInstant, instant, laterBalance, minorUnits, StatementFileError, type FileAccount, type ParsedLine, type StatementFileReader } from './parsed';

/** The ISO 20022 messages read: the end-of-day statement and the debit/credit notification. */
export type CamtFormat = 'camt.053' | 'camt.054';

const ROOT: Record<CamtFormat, { message: string; block: string }> = {
  'camt.053': { message: 'BkToCstmrStmt', block: 'Stmt' },
  'camt.054': { message: 'BkToCstmrDbtCdtNtfctn', block: 'Ntfctn' },
};

const local = (name: string) => name.slice(name.indexOf(':') + 1);
const NOT_PROVIDED = 'NOTPROVIDED';

/**
 * A camt.053 or camt.054 file, read as a stream with sax: each `Ntry` becomes a line when its
 * element closes, so only one entry is held at a time. The element path (`Ntry[3]`) and the line of
 * the file name what is wrong.
 */
export function camtReader(input: AsyncIterable<Buffer | string>, format: CamtFormat): StatementFileReader {
  const { message, block } = ROOT[format];
  const account: FileAccount = { identifier: null, currency: null, closing: null };
  return {
    account: () => account,
    async *lines() {
      const parser = sax.parser(true, { trim: true, position: true });
      const stack: string[] = [];
      let ready: ParsedLine[] = [];
      let entry: { fields: Map<string, string>; ccy: string | null; line: number } | null = null;
      let balance: { fields: Map<string, string>; ccy: string | null; line: number } | null = null;
      let entries = 0;
      let failure: StatementFileError | null = null;
      const seen = new Map<string, number>();
      const where = () => `line ${parser.line + 1}`;
      const fail = (location: string, detail: string) => {
        failure ??= new StatementFileError(location, detail);
      };

      parser.onerror = (err) => {
        fail(where(), `not well-formed XML: ${err.message.split('\n')[0]}`);
        parser.resume();
      };
      parser.onopentag = (tag) => {
        const name = local(tag.name);
        stack.push(name);
        if (stack.length === 1 && name !== 'Document') fail(where(), `the root element is ${name}, not Document`);
        if (stack.length === 2 && name !== message) fail(where(), `Document holds ${name}, not ${message} (${format})`);
        if (name === 'Ntry' && stack[stack.length - 2] === block) {
          entries++;
          entry = { fields: new Map(), ccy: null, line: parser.line + 1 };
        }
        if (name === 'Bal' && stack[stack.length - 2] === block) balance = { fields: new Map(), ccy: null, line: parser.line + 1 };
        if (balance && name === 'Amt' && stack[stack.length - 2] === 'Bal') {
          const ccy = tag.attributes.Ccy;
          balance.ccy = typeof ccy === 'string' ? ccy : null;
        }
        if (entry && name === 'Amt' && stack[stack.length - 2] === 'Ntry') {
          const ccy = tag.attributes.Ccy;
          entry.ccy = typeof ccy === 'string' ? ccy : null;
        }
      };
      parser.ontext = (text) => {
        const path = stack.join('/');
        if (entry) {
          const at = stack.lastIndexOf('Ntry');
          const key = stack.slice(at + 1).join('/');
          if (!entry.fields.has(key)) entry.fields.set(key, text);
          else if (key.endsWith('RmtInf/Ustrd')) entry.fields.set(key, `${entry.fields.get(key)} ${text}`);
          return;
        }
        if (balance) {
          balance.fields.set(stack.slice(stack.lastIndexOf('Bal') + 1).join('/'), text);
          return;
        }
        if (path.endsWith(`${block}/Acct/Id/IBAN`) || path.endsWith(`${block}/Acct/Id/Othr/Id`)) account.identifier ??= text;
        if (path.endsWith(`${block}/Acct/Ccy`)) account.currency ??= text;
      };
      parser.onclosetag = () => {
        const name = stack.pop();
        if (name === 'Bal' && balance && stack[stack.length - 1] === block) {
          try {
            const closing = closingBalance(balance.fields, balance.ccy, `${block}/Bal (line ${balance.line})`);
            if (closing) account.closing = laterBalance(account.closing, closing);
          } catch (err) {
            if (err instanceof StatementFileError) fail(err.location, err.detail);
            else throw err;
          }
          balance = null;
          return;
        }
        if (name !== 'Ntry' || !entry || stack[stack.length - 1] !== block) return;
        const location = `${block}/Ntry[${entries}] (line ${entry.line})`;
        try {
          ready.push(toLine(entry.fields, entry.ccy, location, seen));
        } catch (err) {
          if (err instanceof StatementFileError) fail(err.location, err.detail);
          else throw err;
        }
        entry = null;
      };

      for await (const chunk of input) {
        parser.write(typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
        if (failure) throw failure;
        if (ready.length >= 500) {
          yield ready;
          ready = [];
        }
      }
      parser.close();
      if (failure) throw failure;
      if (stack.length > 0) throw new StatementFileError(where(), `the file ends inside ${stack[stack.length - 1]}`);
      if (ready.length) yield ready;
    },
  };
}

/** A `Bal` of type CLBD (closing booked) as signed minor units at its date's end; other balance types are not the provider's balance. */
function closingBalance(f: Map<string, string>, ccy: string | null, location: string): { amount: bigint; at: Date } | null {
  if (f.get('Tp/CdOrPrtry/Cd') !== 'CLBD') return null;
  const amount = f.get('Amt');
  if (amount === undefined) throw new StatementFileError(`${location}/Amt`, 'a balance needs an amount');
  if (!ccy || !isAsset(ccy)) throw new StatementFileError(`${location}/Amt`, `the currency ${JSON.stringify(ccy)} is not one Counterfoil knows`);
  const indicator = f.get('CdtDbtInd');
  if (indicator !== 'CRDT' && indicator !== 'DBIT') throw new StatementFileError(`${location}/CdtDbtInd`, 'must be CRDT or DBIT');
  const date = f.get('Dt/DtTm') ?? f.get('Dt/Dt');
  if (date === undefined) throw new StatementFileError(`${location}/Dt`, 'a balance needs its date');
  const minor = minorUnits(amount, assetOf(ccy).precision, `${location}/Amt`);
  return { amount: indicator === 'DBIT' ? -minor : minor, at: balanceInstant(date, `${location}/Dt`) };
}

function toLine(f: Map<string, string>, ccy: string | null, location: string, seen: Map<string, number>): ParsedLine {
  const amount = f.get('Amt');
  if (amount === undefined) throw new StatementFileError(`${location}/Amt`, 'an entry needs an amount');
  if (!ccy || !isAsset(ccy)) throw new StatementFileError(`${location}/Amt`, `the currency ${JSON.stringify(ccy)} is not one Counterfoil knows`);
  const indicator = f.get('CdtDbtInd');
  if (indicator !== 'CRDT' && indicator !== 'DBIT') throw new StatementFileError(`${location}/CdtDbtInd`, 'must be CRDT or DBIT');
  const booked = f.get('BookgDt/DtTm') ?? f.get('BookgDt/Dt') ?? f.get('ValDt/DtTm') ?? f.get('ValDt/Dt');
  if (booked === undefined) throw new StatementFileError(`${location}/BookgDt`, 'an entry needs a booking or value date');
  const value = f.get('ValDt/DtTm') ?? f.get('ValDt/Dt');
  const minor = minorUnits(amount, assetOf(ccy).precision, `${location}/Amt`);
  const tx = 'NtryDtls/TxDtls';
  const endToEnd = f.get(`${tx}/Refs/EndToEndId`);
  // A batch booked as one entry is known by its payment information id; a single transaction by its end-to-end id.
  const reference =
    f.get('NtryDtls/Btch/PmtInfId') ??
    (endToEnd && endToEnd !== NOT_PROVIDED ? endToEnd : undefined) ??
    f.get(`${tx}/RmtInf/Strd/CdtrRefInf/Ref`) ??
    f.get(`${tx}/Refs/InstrId`) ??
    f.get(`${tx}/Refs/TxId`) ??
    null;
  const party = indicator === 'CRDT' ? 'Dbtr' : 'Cdtr';
  const counterparty = f.get(`${tx}/RltdPties/${party}/Nm`) ?? f.get(`${tx}/RltdPties/${party}/Pty/Nm`) ?? null;
  const remittance = f.get(`${tx}/RmtInf/Ustrd`) ?? f.get('AddtlNtryInf') ?? f.get(`${tx}/AddtlTxInf`) ?? null;
  const bookedAt = instant(booked, `${location}/BookgDt`);
  const signed = indicator === 'DBIT' ? -minor : minor;
  const status = f.get('Sts/Cd') ?? f.get('Sts') ?? 'BOOK';
  // The bank's own reference names the entry; without one, what the entry says (and its repeat count in the file).
  let providerId = f.get('AcctSvcrRef') ?? f.get(`${tx}/Refs/AcctSvcrRef`) ?? null;
  if (!providerId) {
    const print = createHash('sha256').update([bookedAt.toISOString(), signed, ccy, reference, remittance, counterparty].join('\u0000')).digest('hex').slice(0, 24);
    const n = (seen.get(print) ?? 0) + 1;
    seen.set(print, n);
    providerId = `camt:${print}:${n}`;
  }
  return {
    location,
    providerId,
    bookedAt,
    valueAt: value ? instant(value, `${location}/ValDt`) : null,
    asset: ccy,
    amount: signed,
    counterparty,
    reference,
    remittance,
    providerStatus: status === 'BOOK' ? 'booked' : status === 'PDNG' ? 'pending' : status.toLowerCase(),
  };
}
