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
   * A list route's body: decodes `page_token`, fetches `page_size + 1` rows after it (ordered by id
   * ascending, so the extra row says whether another page exists) and shapes the page.
   */
  async list<Row extends { id: string }, Out>(
    query: { page_token?: string; page_size: number },
    caller: Caller,
    filter: Record<string, unknown>,
    fetch: (after: string | null, limit: number) => Promise<Row[]>,
    present: (row: Row) => Out,
  ): Promise<{ items: Out[]; next_page_token: string | null }> {
    const rows = await fetch(this.decode(query.page_token, caller, filter), query.page_size + 1);
    return this.page(rows, query.page_size, caller, filter, present);
  }

  /** Shapes a page fetched with `limit + 1` rows ordered by id ascending. */
  page<Row extends { id: string }, Out>(
    rows: Row[],
    limit: number,
    caller: Caller,
    filter: Record<string, unknown>,
    present: (row: Row) => Out,
  ): { items: Out[]; next_page_token: string | null } {
    const more = rows.length > limit;
    const pageRows = more ? rows.slice(0, limit) : rows;
    return {
      items: pageRows.map(present),
      next_page_token: more ? this.encode(pageRows[pageRows.length - 1].id, caller, filter) : null,
    };
  }
}
