import { createHash } from 'node:crypto';
import type { Row, Sql } from 'postgres';
import type { SubjectAttribution } from '../../auth/caller';
import { AppError } from '../../errors';
import { uuidv7 } from '../../ids';
import { camtReader } from './files/camt';
import { csvReader, type CsvMapping } from './files/csv';
import { mt940Reader } from './files/mt940';
import { StatementFileError, type StatementFileReader } from './files/parsed';
import { insertLines, newLineRow, type ReconciliationAccountRow } from './store';

export type StatementFormat = 'camt.053' | 'camt.054' | 'mt940' | 'csv';
export const STATEMENT_FORMATS: readonly StatementFormat[] = ['camt.053', 'camt.054', 'mt940', 'csv'];

export interface StatementImportRow {
  id: string;
  created_at: Date;
  enterprise_id: string;
  account_id: string;
  format: StatementFormat;
  content_sha256: string;
  byte_size: number;
  line_count: number;
  /** The closing balance the file states, signed minor units as text, the end of its day, and the account's asset. */
  closing_balance: string | null;
  closing_balance_at: Date | null;
  asset: string;
}

const IMPORT_SELECT: Record<keyof StatementImportRow, string> = {
  id: 'id',
  created_at: 'created_at',
  enterprise_id: 'enterprise_id',
  account_id: 'account_id',
  format: 'format',
  content_sha256: 'content_sha256',
  byte_size: 'byte_size::float8 as byte_size',
  line_count: 'line_count',
  closing_balance: 'closing_balance::text as closing_balance',
  closing_balance_at: 'closing_balance_at',
  asset: '(select a.asset from reconciliation_accounts a where a.id = account_id) as asset',
};
const IMPORT_COLUMNS = Object.values(IMPORT_SELECT).join(', ');

function toImportRow(r: Row): StatementImportRow {
  return {
    id: r.id,
    created_at: r.created_at,
    enterprise_id: r.enterprise_id,
    account_id: r.account_id,
    format: r.format,
    content_sha256: r.content_sha256,
    byte_size: Number(r.byte_size),
    line_count: r.line_count,
    closing_balance: r.closing_balance,
    closing_balance_at: r.closing_balance_at,
    asset: r.asset,
  };
}

export async function findImport(sql: Sql, id: string): Promise<StatementImportRow | null> {
  const [r] = await sql.unsafe(`select ${IMPORT_COLUMNS} from statement_imports where id = $1`, [id]);
  return r ? toImportRow(r) : null;
}

export interface ImportRequest {
  account: ReconciliationAccountRow;
  format: StatementFormat;
  mapping?: CsvMapping;
  /** The file as it arrives. */
  input: AsyncIterable<Buffer>;
  maxBytes: number;
  attribution: SubjectAttribution | null;
}

/** The file's bytes, counted and hashed as they pass; past `maxBytes` 413. */
async function* metered(input: AsyncIterable<Buffer>, maxBytes: number, totals: { bytes: number; hash: ReturnType<typeof createHash> }): AsyncGenerator<Buffer> {
  for await (const chunk of input) {
    totals.bytes += chunk.length;
    if (totals.bytes > maxBytes) throw new AppError('EdgePayloadTooLarge', `The statement file exceeds ${maxBytes} bytes.`, { headers: { Connection: 'close' } });
    totals.hash.update(chunk);
    yield chunk;
  }
}

function reader(format: StatementFormat, input: AsyncIterable<Buffer>, mapping?: CsvMapping): StatementFileReader {
  if (format === 'camt.053' || format === 'camt.054') return camtReader(input, format);
  if (format === 'mt940') return mt940Reader(input);
  if (!mapping) throw new AppError('EdgeUnprocessable', 'A CSV statement needs its column mapping.', { errors: [{ pointer: '/query/mapping', detail: 'required for format csv' }] });
  return csvReader(input, mapping);
}

class AlreadyImported extends Error {
  constructor(readonly existing: StatementImportRow) {
    super('already imported');
  }
}

const normalized = (s: string) => s.replace(/\s+/g, '').toUpperCase();

/**
 * Imports a statement file into a reconciliation account, streaming: lines are parsed and inserted
 * in batches inside one transaction, so a file malformed anywhere (422 naming the line or element)
 * imports nothing. The same file again (by SHA-256 of its bytes) is the first import, unchanged; a
 * line the account holds already (same provider id) is not added twice.
 */
export async function importStatementFile(sql: Sql, req: ImportRequest): Promise<{ row: StatementImportRow; created: boolean }> {
  const totals = { bytes: 0, hash: createHash('sha256') };
  const file = reader(req.format, metered(req.input, req.maxBytes, totals), req.mapping);
  const id = uuidv7();
  try {
    const row = await sql.begin(async (tx) => {
      let count = 0;
      for await (const batch of file.lines()) {
        for (const l of batch) {
          if (l.asset !== req.account.asset) throw new StatementFileError(l.location, `a ${l.asset} line in a statement of the ${req.account.asset} account`);
        }
        count += await insertLines(
          tx,
          batch.map((l) => newLineRow(uuidv7(), req.account, id, l)),
        );
      }
      const declared = file.account();
      if (declared.identifier && normalized(declared.identifier) !== normalized(req.account.address)) {
        throw new StatementFileError('account', `the file is the statement of ${declared.identifier}, not of ${req.account.address}`);
      }
      if (declared.currency && declared.currency !== req.account.asset) throw new StatementFileError('account', `the file's account is in ${declared.currency}, not ${req.account.asset}`);
      const sha = totals.hash.digest('hex');
      const [inserted] = await tx.unsafe(
        `insert into statement_imports (id, enterprise_id, account_id, format, content_sha256, byte_size, line_count, subject_attribution, closing_balance, closing_balance_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) on conflict (account_id, content_sha256) do nothing returning ${IMPORT_COLUMNS}`,
        [id, req.account.enterprise_id, req.account.id, req.format, sha, totals.bytes, count, req.attribution ? JSON.stringify(req.attribution) : null,
          declared.closing?.amount.toString() ?? null, declared.closing?.at ?? null],
      );
      if (!inserted) {
        const [existing] = await tx.unsafe(`select ${IMPORT_COLUMNS} from statement_imports where account_id = $1 and content_sha256 = $2`, [req.account.id, sha]);
        throw new AlreadyImported(toImportRow(existing));
      }
      // A file-only account's balance is the latest one its files state: runs compare it as they do a provider's.
      if (inserted && declared.closing && req.account.statement_source === 'files') {
        await tx`update reconciliation_accounts set provider_balance = ${declared.closing.amount.toString()}, provider_balance_at = ${declared.closing.at}, version = version + 1, updated_at = now()
                 where id = ${req.account.id} and (provider_balance_at is null or provider_balance_at <= ${declared.closing.at})`;
      }
      return toImportRow(inserted);
    });
    return { row, created: true };
  } catch (err) {
    if (err instanceof AlreadyImported) return { row: err.existing, created: false };
    if (err instanceof StatementFileError) {
      throw new AppError('EdgeUnprocessable', `The ${req.format} file is malformed at ${err.location}: ${err.detail}. Nothing of it was imported.`, {
        reason: 'statement_malformed',
        errors: [{ pointer: '/body', detail: `${err.location}: ${err.detail}` }],
        extensions: { location: err.location },
      });
    }
    throw err;
  }
}

