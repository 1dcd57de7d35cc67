import { createHash, createHmac } from 'node:crypto';
import { AppError } from './errors';
import { constantTimeEqual } from './auth/secrets';
import type { Caller } from './auth/caller';

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

export interface ListOptions<Row> {
  /**
   * Leaves out rows of the page the caller may not read; the next token still follows the last row
   * scanned, so a page may hold fewer items than `page_size` without ending the list.
   */
  visible?: (rows: Row[]) => Promise<Row[]>;
}

/** `<body>.<signature>`: base64url without padding, the signature 22 characters (128 bits of the HMAC). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/;

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

/**
 * The list (its route), its path parameters and its filters (the query less its paging members), each
 * kept apart so none can pose as another.
 */
function listDigest(list: string, params: Record<string, unknown>, query: PageQuery): string {
  const { page_token: _token, page_size: _size, ...filters } = query as PageQuery & Record<string, unknown>;
  const body = JSON.stringify([list, canonical(params), canonical(filters)]);
  return createHash('sha256').update(body).digest('base64url').slice(0, 16);
}

/** The platform's page-token key; `of` gives the pager of one list, so no token is issued unbound. */
export class Pager {
  constructor(private readonly key: Buffer) {}

  /** The pager of the list at `list` (`GET /clients`) with these path parameters. */
  of(list: string, params: Record<string, unknown> = {}): ListPager {
    return new ListPager(this.key, list, params);
  }
}

export const invalidPageToken = () =>
  new AppError('EdgeBadRequest', 'page_token is invalid, or was issued for another list, another caller or other filters.', {
    reason: 'invalid_page_token',
    errors: [{ pointer: '/query/page_token', detail: 'invalid page token' }],
  });

/**
 * Opaque keyset cursors, signed and bound to the caller, the list (route and path parameters) and the
 * query's filters: a token replayed by another principal, on another list or with other filters is
 * refused (400 `invalid_page_token`) rather than silently paging another result set.
 */
export class ListPager {
  constructor(
    private readonly key: Buffer,
    private readonly listName: string,
    private readonly params: Record<string, unknown>,
  ) {}

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url').slice(0, 22);
  }

  encode(afterId: string, caller: Caller, query: PageQuery): string {
    const body = Buffer.from(JSON.stringify({ a: afterId, f: listDigest(this.listName, this.params, query), p: caller.subject.id } satisfies Cursor)).toString('base64url');
    return `${body}.${this.sign(body)}`;
  }

  /** Returns the id after which the page starts (from `query.page_token`), or null for the first page. */
  decode(caller: Caller, query: PageQuery): string | null {
    const token = query.page_token;
    if (!token) return null;
    // One spelling per token: no padding, no third part, nothing the signature check would not see.
    if (!TOKEN_SHAPE.test(token)) throw invalidPageToken();
    const [body, sig] = token.split('.');
    if (!constantTimeEqual(Buffer.from(sig), Buffer.from(this.sign(body)))) throw invalidPageToken();
    let cursor: Partial<Cursor>;
    try {
      cursor = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<Cursor>;
    } catch {
      throw invalidPageToken();
    }
    if (typeof cursor?.a !== 'string' || cursor.p !== caller.subject.id || cursor.f !== listDigest(this.listName, this.params, query)) throw invalidPageToken();
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
    { visible }: ListOptions<Row> = {},
  ): Promise<{ items: Out[]; next_page_token: string | null }> {
    const rows = await fetch(this.decode(caller, query), query.page_size + 1);
    const more = rows.length > query.page_size;
    const scanned = more ? rows.slice(0, query.page_size) : rows;
    return {
      items: (visible ? await visible(scanned) : scanned).map(present),
      next_page_token: more ? this.encode(scanned[scanned.length - 1].id, caller, query) : null,
    };
  }
}
