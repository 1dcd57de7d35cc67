import { readFileSync } from 'node:fs';
import path from 'node:path';
import { camtReader } from '../../src/domain/reconciliation/files/camt';
import { mt940Reader } from '../../src/domain/reconciliation/files/mt940';
import { csvReader, type CsvMapping } from '../../src/domain/reconciliation/files/csv';
import { StatementFileError, type ParsedLine, type StatementFileReader } from '../../src/domain/reconciliation/files/parsed';
import { STATEMENT_SAMPLES } from '../../src/http/routes/reconciliation/statements';

const fixture = (name: string) => readFileSync(path.join(__dirname, '../fixtures/statements', name), 'utf8');

/** The text in small chunks, as a request body arrives: a reader must not depend on where they break. */
async function* chunks(text: string, size = 97): AsyncGenerator<Buffer> {
  for (let i = 0; i < text.length; i += size) yield Buffer.from(text.slice(i, i + size));
}

async function all(reader: StatementFileReader): Promise<ParsedLine[]> {
  const out: ParsedLine[] = [];
  for await (const batch of reader.lines()) out.push(...batch);
  return out;
}

const CSV_MAPPING: CsvMapping = {
  booked_at: 'Booking date',
  value_at: 'Value date',
  amount: 'Amount',
  currency: 'Currency',
  counterparty: 'Counterparty',
  reference: 'Reference',
  remittance: 'Description',
  id: 'Transaction id',
  delimiter: ';',
  decimal_separator: ',',
  date_format: 'DD.MM.YYYY',
};

const summary = (lines: ParsedLine[]) => lines.map((l) => [l.bookedAt.toISOString().slice(0, 10), l.amount, l.reference, l.counterparty]);

describe('statement files', () => {
  const sameDay = [
    ['2026-11-30', 10567850n, 'MUELL/FINP/RA12345', 'MUELLER'],
    ['2026-11-30', -17000000n, 'FINP-0055', 'Software House'],
  ];

  it('reads the camt.053 example: entries, account and currency', async () => {
    const reader = camtReader(chunks(fixture('camt053-iso20022-example.xml')), 'camt.053');
    const lines = await all(reader);
    expect(summary(lines)).toEqual([...sameDay, ['2026-11-30', -3500n, null, null]]);
    expect(lines.map((l) => l.providerId)).toEqual(['AAAASESS-FP-CN98765', 'AAAASESS-FP-ACCR-0042', 'AAAASESS-FP-CHRG-77']);
    expect(lines[0]).toMatchObject({ asset: 'EUR', remittance: 'Invoice 4562 and 4563', providerStatus: 'booked' });
    expect(lines[2].remittance).toBe('Account charges November');
    // The closing booked balance (CLBD), not the opening one: the account's balance at the day's end.
    expect(reader.account()).toEqual({ identifier: 'DE89370400440532013000', currency: 'EUR', closing: { amount: 43564350n, at: new Date('2026-11-30T23:59:59.999Z') } });
  });

  it('names a closing balance that is not one, and ignores the balances a notification does not state', async () => {
    const broken = fixture('camt053-iso20022-example.xml').replace(/(<Cd>CLBD<\/Cd>[\s\S]*?)<CdtDbtInd>CRDT<\/CdtDbtInd>/, '$1<CdtDbtInd>UP</CdtDbtInd>');
    await expect(all(camtReader(chunks(broken), 'camt.053'))).rejects.toMatchObject({ location: expect.stringMatching(/^Stmt\/Bal \(line \d+\)\/CdtDbtInd$/) });
    const debit = fixture('mt940-bank-sample.sta').replace(':62F:C261130EUR435643,50', ':62F:D261130EUR12,5');
    const reader = mt940Reader(chunks(debit));
    await all(reader);
    expect(reader.account().closing).toEqual({ amount: -1250n, at: new Date('2026-11-30T23:59:59.999Z') });
    const notification = camtReader(chunks(fixture('camt054-notification.xml')), 'camt.054');
    await all(notification);
    expect(notification.account().closing).toBeNull();
  });

  it('reads a camt.054 notification: a creditor reference when the end-to-end id is NOTPROVIDED', async () => {
    const reader = camtReader(chunks(fixture('camt054-notification.xml')), 'camt.054');
    const lines = await all(reader);
    expect(lines).toEqual([expect.objectContaining({ providerId: '2026120100004711', amount: 250000n, reference: 'RF18539007547034', counterparty: 'Ada Lovelace', bookedAt: new Date('2026-12-01T08:11:58Z') })]);
    expect(reader.account().identifier).toBe('DE89 3704 0044 0532 0130 00');
  });

  it('reads the MT940 sample: :61: lines with their :86: information, in German and SEPA subfields', async () => {
    const reader = mt940Reader(chunks(fixture('mt940-bank-sample.sta'), 13));
    const lines = await all(reader);
    expect(summary(lines)).toEqual([...sameDay, ['2026-11-30', -3500n, null, null]]);
    expect(lines.map((l) => l.providerId)).toEqual(['AAAASESS-CN98', 'AAAASESS-ACCR42', 'AAAASESS-CHRG77']);
    expect(lines[2].remittance).toBe('Account charges November');
    expect(reader.account()).toEqual({ identifier: 'DE89370400440532013000', currency: 'EUR', closing: { amount: 43564350n, at: new Date('2026-11-30T23:59:59.999Z') } });
  });

  it('reads a CSV with a declared mapping (semicolons, decimal commas, day-first dates)', async () => {
    const lines = await all(csvReader(chunks(fixture('bank-export.csv'), 11), CSV_MAPPING));
    expect(summary(lines)).toEqual([...sameDay, ['2026-11-30', -3500n, null, null]]);
    expect(lines.map((l) => l.providerId)).toEqual(['CSV-0001', 'CSV-0002', 'CSV-0003']);
  });

  it('names a line by what it says when the file gives no id, and tells repeats apart', async () => {
    const csv = 'date,amount\n2026-11-30,10.00\n2026-11-30,10.00\n';
    const lines = await all(csvReader(chunks(csv), { booked_at: 'date', amount: 'amount', currency_code: 'EUR' }));
    expect(lines.map((l) => l.providerId)).toEqual([expect.stringMatching(/^csv:[0-9a-f]{24}:1$/), expect.stringMatching(/^csv:[0-9a-f]{24}:2$/)]);
    expect(lines[0].providerId.slice(0, -1)).toBe(lines[1].providerId.slice(0, -1));
  });

  const camt = fixture('camt053-iso20022-example.xml');
  const mt940 = fixture('mt940-bank-sample.sta');
  const csv = fixture('bank-export.csv');
  it.each<[string, () => StatementFileReader, RegExp]>([
    ['camt: not well-formed', () => camtReader(chunks(camt.replace('</Ntry>', '</Ntryx>')), 'camt.053'), /^line \d+$/],
    ['camt: the wrong message', () => camtReader(chunks(camt), 'camt.054'), /^line 5$/],
    ['camt: an entry without a direction', () => camtReader(chunks(camt.replace('<CdtDbtInd>DBIT</CdtDbtInd>\n        <Sts>', '<CdtDbtInd>X</CdtDbtInd>\n        <Sts>')), 'camt.053'), /^Stmt\/Ntry\[2\] \(line \d+\)\/CdtDbtInd$/],
    ['camt: an amount with too many decimals', () => camtReader(chunks(camt.replace('105678.50</Amt>\n        <CdtDbtInd>', '105678.505</Amt>\n        <CdtDbtInd>')), 'camt.053'), /^Stmt\/Ntry\[1\] \(line \d+\)\/Amt$/],
    ['camt: an unknown currency', () => camtReader(chunks(camt.replace('<Amt Ccy="EUR">35.00', '<Amt Ccy="XXX">35.00')), 'camt.053'), /^Stmt\/Ntry\[3\]/],
    ['camt: cut off', () => camtReader(chunks(camt.slice(0, camt.length / 2)), 'camt.053'), /^line \d+$/],
    ['mt940: a broken :61:', () => mt940Reader(chunks(mt940.replace(':61:261130D35,00', ':61:26113D35'))), /^line 11 \(:61:\)$/],
    ['mt940: a month 13', () => mt940Reader(chunks(mt940.replace(':61:2611301130C', ':61:2613301130C'))), /^line 6 \(:61:\)$/],
    ['mt940: no opening balance', () => mt940Reader(chunks(mt940.replace(/:60F:.*\n/, ''))), /^line 5 \(:61:\)$/],
    ['csv: a missing column', () => csvReader(chunks(csv), { ...CSV_MAPPING, reference: 'Ref' }), /^line 1$/],
    ['csv: an amount that is not one', () => csvReader(chunks(csv.replace('-35,00', 'minus 35')), CSV_MAPPING), /^line 4, column Amount$/],
    ['csv: a ragged row', () => csvReader(chunks(csv.replace('CSV-0002', 'CSV-0002;extra')), CSV_MAPPING), /^line 3$/],
  ])('refuses %s, naming where', async (_name, make, location) => {
    const failure = await all(make()).then(
      () => null,
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(StatementFileError);
    expect((failure as StatementFileError).location).toMatch(location);
  });
});

describe('the sample files the API document shows', () => {
  it.each([
    ['application/xml', (t: string) => camtReader(chunks(t), 'camt.053')],
    ['text/plain', (t: string) => mt940Reader(chunks(t))],
    ['text/csv', (t: string) => csvReader(chunks(t), { booked_at: 'Booking date', amount: 'Amount', currency: 'Currency', reference: 'Reference', id: 'Transaction id', delimiter: ';', decimal_separator: ',', date_format: 'DD.MM.YYYY' })],
  ])('%s parses to its one line of 1,250.00 EUR', async (type, read) => {
    const [line, ...rest] = await all(read(STATEMENT_SAMPLES[type]));
    expect(rest).toEqual([]);
    expect(line).toMatchObject({ amount: 125000n, asset: 'EUR' });
  });
});
