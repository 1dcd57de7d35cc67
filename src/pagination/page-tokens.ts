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

/** The list parameters every paged query carries; its other members are the filters. */
export interface PageQuery {
  page_token?: string;
  page_size: number;
}

/**
 * What the result depends on beyond the query: path parameters (`{ client_id }`), or which list a shared
 * handler serves. A token issued under one scope is refused under another.
 */
export type PageScope = Record<string, unknown>;

export interface ListOptions<Row> {
  /**
   * Leaves out rows of the page the caller may not read; the next token still follows the last row
   * scanned, so a page may hold fewer items than `page_size` without ending the list.
   */
  visible?: (rows: Row[]) => Promise<Row[]>;
  scope?: PageScope;
}

/**
 * One form per meaning: undefined and null members dropped, plain objects rebuilt with sorted keys (on a
 * null prototype, so a `__proto__` member of a `metadata` filter stays data), arrays kept in order.
 */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value; // a Date and the like: JSON already has one form
  const out = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(value).sort()) {
    const member = (value as Record<string, unknown>)[key];
    if (member !== undefined && member !== null) out[key] = canonical(member);
  }
  return out;
}

/** The filters are the query less its paging members; the scope is kept apart so neither can pose as the other. */
function filterDigest(query: PageQuery, scope: PageScope | undefined): string {
  const { page_token: _token, page_size: _size, ...filters } = query as PageQuery & Record<string, unknown>;
  const body = JSON.stringify([canonical(filters), canonical(scope ?? {})]);
  return createHash('sha256').update(body).digest('base64url').slice(0, 16);
}

/**
 * Opaque keyset cursors, signed and bound to the caller, the query's filters and the list's scope: a
 * token replayed by another principal, with other filters or under another scope is refused (400)
 * rather than silently paging another result set.
 */
export class Pager {
  constructor(private readonly key: Buffer) {}

  encode(afterId: string, caller: Caller, query: PageQuery, scope?: PageScope): string {
    const body = Buffer.from(JSON.stringify({ a: afterId, f: filterDigest(query, scope), p: caller.subject.id } satisfies Cursor)).toString('base64url');
    return `${body}.${createHmac('sha256', this.key).update(body).digest('base64url').slice(0, 22)}`;
  }

  /** Returns the id after which the page starts (from `query.page_token`), or null for the first page. */
  decode(caller: Caller, query: PageQuery, scope?: PageScope): string | null {
    const token = query.page_token;
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
    if (cursor.p !== caller.subject.id || cursor.f !== filterDigest(query, scope)) throw invalid();
    return cursor.a;
  }

  /**
   * Every list route's body: decodes `page_token`, fetches `page_size + 1` rows after it (ordered by id
   * ascending, so the extra row says whether another page exists) and shapes the page.
   */
  async list<Row extends { id: string }, Out>(
    query: PageQuery,
    caller: Caller,
    fetch: (after: string | null, limit: number) => Promise<Row[]>,
    present: (row: Row) => Out,
    { visible, scope }: ListOptions<Row> = {},
  ): Promise<{ items: Out[]; next_page_token: string | null }> {
    const rows = await fetch(this.decode(caller, query, scope), query.page_size + 1);
    const more = rows.length > query.page_size;
    const scanned = more ? rows.slice(0, query.page_size) : rows;
    return {
      items: (visible ? await visible(scanned) : scanned).map(present),
      next_page_token: more ? this.encode(scanned[scanned.length - 1].id, caller, query, scope) : null,
    };
  }
}
