import { createHash, createHmac } from 'node:crypto';
import { AppError } from '../errors';
import { constantTimeEqual } from '../auth/secrets';
import type { Caller } from '../auth/caller';

interface Cursor {
  /** Last id of the previous page (keyset). */
  a: string;
  f: string;
  p: string;
}

function filterDigest(filter: Record<string, unknown>): string {
  const canonical = JSON.stringify(Object.keys(filter).sort().map((k) => [k, filter[k] ?? null]));
  return createHash('sha256').update(canonical).digest('base64url').slice(0, 16);
}

/**
 * Opaque keyset cursors, signed and bound to the caller and the filters: a token replayed by another
 * principal or with other filters is refused (400) rather than silently paging another result set.
 */
export class Pager {
  constructor(private readonly key: Buffer) {}

  encode(afterId: string, caller: Caller, filter: Record<string, unknown>): string {
    const body = Buffer.from(JSON.stringify({ a: afterId, f: filterDigest(filter), p: caller.subject.id } satisfies Cursor)).toString('base64url');
    return `${body}.${createHmac('sha256', this.key).update(body).digest('base64url').slice(0, 22)}`;
  }

  /** Returns the id after which the page starts, or null for the first page. */
  decode(token: string | undefined, caller: Caller, filter: Record<string, unknown>): string | null {
    if (!token) return null;
    const invalid = () =>
      new AppError('EdgeBadRequest', 'page_token is invalid, or was issued for another caller or other filters.', {
        errors: [{ pointer: '/query/page_token', detail: 'invalid page token' }],
      });
    const [body, sig] = token.split('.');
    if (!body || !sig) throw invalid();
    const expected = createHmac('sha256', this.key).update(body).digest('base64url').slice(0, 22);
    if (!constantTimeEqual(Buffer.from(sig), Buffer.from(expected))) throw invalid();
    const cursor = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Cursor;
    if (cursor.p !== caller.subject.id || cursor.f !== filterDigest(filter)) throw invalid();
    return cursor.a;
  }

  /**
   * Every list route's body: decodes `page_token`, fetches `page_size + 1` rows after it (ordered by id
   * ascending, so the extra row says whether another page exists) and shapes the page. `visible`, when
   * given, leaves out rows of the page the caller may not read; the next token still follows the last
   * row scanned, so a page may hold fewer items than `page_size` without ending the list.
   */
  async list<Row extends { id: string }, Out>(
    query: { page_token?: string; page_size: number },
    caller: Caller,
    filter: Record<string, unknown>,
    fetch: (after: string | null, limit: number) => Promise<Row[]>,
    present: (row: Row) => Out,
    visible?: (rows: Row[]) => Promise<Row[]>,
  ): Promise<{ items: Out[]; next_page_token: string | null }> {
    const rows = await fetch(this.decode(query.page_token, caller, filter), query.page_size + 1);
    const more = rows.length > query.page_size;
    const scanned = more ? rows.slice(0, query.page_size) : rows;
    return {
      items: (visible ? await visible(scanned) : scanned).map(present),
      next_page_token: more ? this.encode(scanned[scanned.length - 1].id, caller, filter) : null,
    };
  }
}
