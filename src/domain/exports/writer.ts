import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { once } from 'node:events';

export type ExportFormat = 'csv' | 'jsonl';

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function encodeRows(rows: readonly Record<string, unknown>[], columns: readonly string[], format: ExportFormat): string {
  if (format === 'jsonl') return rows.map((r) => JSON.stringify(Object.fromEntries(columns.map((c) => [c, r[c] ?? null])))).join('\n') + '\n';
  return rows.map((r) => columns.map((c) => csvCell(r[c])).join(',')).join('\r\n') + '\r\n';
}

export interface WrittenFile {
  rowCount: number;
  byteSize: number;
  sha256: string;
}

/**
 * Streams batches of rows to `file` (via a `.part` file renamed at the end), hashing as it writes and
 * waiting for the disk when the stream's buffer is full, so memory stays flat whatever the row count.
 */
export async function writeExportFile(
  batches: AsyncIterable<readonly Record<string, unknown>[]>,
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
  const write = async (text: string) => {
    const chunk = Buffer.from(text, 'utf8');
    hash.update(chunk);
    byteSize += chunk.length;
    if (!out.write(chunk)) await once(out, 'drain');
  };
  try {
    if (format === 'csv') await write(columns.map(csvCell).join(',') + '\r\n');
    for await (const rows of batches) {
      if (rows.length === 0) continue;
      await write(encodeRows(rows, columns, format));
      rowCount += rows.length;
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
