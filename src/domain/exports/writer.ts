import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import type { Sql } from 'postgres';
import { csvField, csvText } from '../../reference/csv';
import type { SourceQuery } from './sources';

export type ExportFormat = 'csv' | 'jsonl';

/** Encoded rows ready for the file. */
export interface EncodedChunk {
  bytes: Buffer;
  rows: number;
}

/** A numeric column (amounts and counts the exporter itself formats) keeps a plain decimal such as `-10.00` a number. */
function csvCell(value: unknown, numeric = false): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return numeric ? csvField(text) : csvText(text);
}

/** `numeric` names the columns whose plain decimals stay numbers in CSV (see `csvCell`). */
export function encodeRows(rows: readonly Record<string, unknown>[], columns: readonly string[], format: ExportFormat, numeric: readonly string[] = []): string {
  if (format === 'jsonl') return rows.map((r) => JSON.stringify(Object.fromEntries(columns.map((c) => [c, r[c] ?? null])))).join('\n') + '\n';
  const isNumeric = columns.map((c) => numeric.includes(c));
  return rows.map((r) => columns.map((c, i) => csvCell(r[c], isNumeric[i])).join(',')).join('\r\n') + '\r\n';
}

/** Batches of row objects (a source's cursor), encoded here. */
export async function* encodeBatches(
  batches: AsyncIterable<readonly Record<string, unknown>[]>,
  columns: readonly string[],
  format: ExportFormat,
  numeric: readonly string[] = [],
): AsyncIterable<EncodedChunk> {
  for await (const rows of batches) if (rows.length > 0) yield { bytes: Buffer.from(encodeRows(rows, columns, format, numeric), 'utf8'), rows: rows.length };
}

/**
 * The SQL expression of one encoded line over `r` (the source query's row), byte for byte what
 * `encodeRows` writes: CSV cells neutralised and quoted as `csvCell` does (src/reference/csv.ts), JSON
 * strings escaped as JSON.stringify does.
 */
function lineExpression(columns: readonly string[], format: ExportFormat, numeric: readonly string[]): string {
  const col = (c: string) => `r."${c.replace(/"/g, '""')}"`;
  if (format === 'jsonl') {
    const members = columns.map((c, i) => `'${i ? ',' : '{'}${JSON.stringify(c).replace(/'/g, "''")}:' || coalesce(to_json(${col(c)})::text, 'null')`);
    return `${members.join(' || ')} || '}' || chr(10)`;
  }
  const cell = (c: string) => {
    const decimal = numeric.includes(c) ? ` and ${col(c)} !~ '^-?[0-9]+([.][0-9]+)?$'` : '';
    const formula = `${col(c)} ~ ('^[-=+@' || chr(9) || chr(13) || ']')${decimal}`;
    return (
      `case when ${col(c)} is null then '' when ${formula} then '"''' || replace(${col(c)}, '"', '""') || '"'` +
      ` when ${col(c)} ~ ('[",' || chr(13) || chr(10) || ']') then '"' || replace(${col(c)}, '"', '""') || '"' else ${col(c)} end`
    );
  };
  return `${columns.map(cell).join(` || ',' || `)} || chr(13) || chr(10)`;
}

/** A PostgreSQL array literal of text (`format`'s variadic arguments carry scalars and arrays alike as text). */
function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return `{${value.map((v) => `"${String(v).replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
  return value instanceof Date ? value.toISOString() : String(value);
}

const COPY_CHUNK_BYTES = 256 * 1024;

/**
 * The rows of `query`, encoded by PostgreSQL and streamed with `COPY … TO STDOUT (FORMAT binary)` of
 * one text column: no row objects are built here. COPY takes no bind parameters, so PostgreSQL's
 * `format(%L)` quotes them into the command.
 */
export async function* copyEncoded(
  sql: Sql,
  query: SourceQuery,
  columns: readonly string[],
  format: ExportFormat,
  numeric: readonly string[] = [],
): AsyncIterable<EncodedChunk> {
  const template = `copy (select ${lineExpression(columns, format, numeric)} from (${query.text}) r) to stdout (format binary)`
    .replace(/%/g, '%%')
    .replace(/\$(\d+)/g, '%$1$$L');
  const [{ command }] = await sql<{ command: string }[]>`select format(${template}, variadic ${query.params.map(asText)}::text[]) as command`;
  const copy = sql.unsafe(command);
  const stream: Readable = await copy.readable();
  // Binary COPY: an 11-byte signature, int32 flags, int32 extension length and the extension; then per
  // row int16 field count (1), int32 length, the bytes; then int16 -1. PostgreSQL sends about a row per
  // message, but nothing promises messages align with rows. Row bytes are copied into a chunk buffer:
  // no object per row outlives its message, so the young generation does not grow to hold a chunk's rows.
  let pending: Buffer | null = null;
  let started = false;
  let out = Buffer.allocUnsafe(COPY_CHUNK_BYTES);
  let size = 0;
  let rows = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const buf: Buffer = pending ? Buffer.concat([pending, chunk]) : chunk;
    pending = null;
    let at = 0;
    if (!started) {
      if (buf.length < 19 || buf.length < 19 + buf.readUInt32BE(15)) {
        pending = buf;
        continue;
      }
      at = 19 + buf.readUInt32BE(15);
      started = true;
    }
    while (buf.length - at >= 6 && buf.readInt16BE(at) !== -1) {
      const length = Math.max(0, buf.readInt32BE(at + 2));
      if (buf.length - at < 6 + length) break;
      if (size + length > out.length) {
        if (rows > 0) yield { bytes: out.subarray(0, size), rows };
        // A new buffer each time: the file stream may still hold the one just yielded.
        out = Buffer.allocUnsafe(Math.max(COPY_CHUNK_BYTES, length));
        size = 0;
        rows = 0;
      }
      buf.copy(out, size, at + 6, at + 6 + length);
      size += length;
      rows++;
      at += 6 + length;
    }
    // A partial row (or the trailer) waits for the next message; copied, as `buf` is not ours to keep.
    if (at < buf.length) pending = Buffer.from(buf.subarray(at));
  }
  if (rows > 0) yield { bytes: out.subarray(0, size), rows };
  // postgres.js pauses the connection's socket when a pushed chunk fills the stream's buffer and resumes
  // it from the stream's read(); a stream that ended on such a chunk is never read again, so the
  // connection would stay paused before ReadyForQuery (the query never settles and the pool never
  // closes). Resume it once more, then wait for the COPY command to complete.
  stream._read(0);
  await copy;
}

export interface WrittenFile {
  rowCount: number;
  byteSize: number;
  sha256: string;
}

/**
 * Streams encoded chunks to `file` (via a `.part` file renamed at the end), hashing as it writes and
 * waiting for the disk when the stream's buffer is full, so memory stays flat whatever the row count.
 */
export async function writeExportFile(
  chunks: AsyncIterable<EncodedChunk>,
  columns: readonly string[],
  format: ExportFormat,
  file: string,
  onBatch: (rowCount: number) => void = () => {},
): Promise<WrittenFile> {
  const part = `${file}.part`;
  const out = createWriteStream(part);
  const hash = createHash('sha256');
  let byteSize = 0;
  let rowCount = 0;
  const write = async (chunk: Buffer) => {
    hash.update(chunk);
    byteSize += chunk.length;
    if (!out.write(chunk)) await once(out, 'drain');
  };
  try {
    if (format === 'csv') await write(Buffer.from(columns.map((c) => csvCell(c)).join(',') + '\r\n', 'utf8'));
    for await (const chunk of chunks) {
      await write(chunk.bytes);
      rowCount += chunk.rows;
      onBatch(rowCount);
    }
    out.end();
    await once(out, 'finish');
    await rename(part, file);
  } catch (err) {
    out.destroy();
    await rm(part, { force: true });
    throw err;
  }
  return { rowCount, byteSize, sha256: hash.digest('hex') };
}
