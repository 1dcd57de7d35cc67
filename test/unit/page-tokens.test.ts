import { AppError } from '../../src/errors';
import type { Caller } from '../../src/auth/caller';
import { Pager, type PageQuery } from '../../src/pagination/page-tokens';

// The Pager reads only the caller's subject id.
const callerOf = (id: string) => ({ subject: { id } }) as unknown as Caller;
const alice = callerOf('users/alice');
const bob = callerOf('users/bob');

const pager = new Pager(Buffer.alloc(32, 7));
const rows = ['01', '02', '03', '04', '05'].map((id) => ({ id }));
const fetch = async (after: string | null, limit: number) => rows.filter((r) => !after || r.id > after).slice(0, limit);
const ids = (page: { items: Array<{ id: string }> }) => page.items.map((r) => r.id);

/** A list's filters: the query less `page_size` and `page_token`. */
type Filters = Record<string, unknown>;
const paged = (filters: Filters, page: PageQuery): PageQuery => ({ ...filters, ...page });

/** The token `query` yields after its first page of two. */
async function tokenFor(filters: Filters, caller = alice, scope?: Record<string, unknown>): Promise<string> {
  const page = await pager.list(paged(filters, { page_size: 2 }), caller, fetch, (r) => r, { scope });
  expect(page.next_page_token).not.toBeNull();
  return page.next_page_token!;
}

async function secondPage(page_token: string, filters: Filters, caller = alice, scope?: Record<string, unknown>) {
  return pager.list(paged(filters, { page_size: 2, page_token }), caller, fetch, (r) => r, { scope });
}

async function refused(page: Promise<unknown>) {
  const error = await page.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe('EdgeBadRequest');
}

describe('Pager', () => {
  it('pages through a list with the same query', async () => {
    const first = await pager.list({ page_size: 2 }, alice, fetch, (r) => r);
    expect(ids(first)).toEqual(['01', '02']);
    const second = await pager.list({ page_size: 2, page_token: first.next_page_token! }, alice, fetch, (r) => r);
    expect(ids(second)).toEqual(['03', '04']);
    const third = await pager.list({ page_size: 2, page_token: second.next_page_token! }, alice, fetch, (r) => r);
    expect(ids(third)).toEqual(['05']);
    expect(third.next_page_token).toBeNull();
  });

  it('refuses a token for another caller', async () => {
    const token = await tokenFor({ status: 'active' });
    await refused(secondPage(token, { status: 'active' }, bob));
  });

  it('refuses a token for another filter: another value, one more or one fewer', async () => {
    const token = await tokenFor({ status: 'active', account_ref: 'client-accounts/a' });
    await refused(secondPage(token, { status: 'closed', account_ref: 'client-accounts/a' }));
    await refused(secondPage(token, { status: 'active', account_ref: 'client-accounts/a', asset: 'USD' }));
    await refused(secondPage(token, { status: 'active' }));
    await refused(secondPage(token, { status: 'active', account_ref: 'client-accounts/b' }));
  });

  it('refuses a token for another scope, or with a scope given on one side only', async () => {
    const token = await tokenFor({ status: 'active' }, alice, { client_id: 'c1' });
    await refused(secondPage(token, { status: 'active' }, alice, { client_id: 'c2' }));
    await refused(secondPage(token, { status: 'active' }));
    const unscoped = await tokenFor({ status: 'active' });
    await refused(secondPage(unscoped, { status: 'active' }, alice, { client_id: 'c1' }));
    expect(ids(await secondPage(token, { status: 'active' }, alice, { client_id: 'c1' }))).toEqual(['03', '04']);
  });

  it('keeps scope and filters apart: the same member as a filter is not the scope', async () => {
    const token = await tokenFor({ client_id: 'c1' });
    await refused(secondPage(token, {}, alice, { client_id: 'c1' }));
  });

  it('accepts a token for the same filter given in another key order, nested objects included', async () => {
    const token = await tokenFor({ status: 'active', account_ref: 'a', metadata: { order: 'o1', batch: 'b1' } }, alice, { x: '1', y: '2' });
    const page = await secondPage(token, { metadata: { batch: 'b1', order: 'o1' }, account_ref: 'a', status: 'active' }, alice, { y: '2', x: '1' });
    expect(ids(page)).toEqual(['03', '04']);
  });

  it('refuses a token when a nested member differs', async () => {
    const token = await tokenFor({ metadata: { order: 'o1' } });
    await refused(secondPage(token, { metadata: { order: 'o2' } }));
    await refused(secondPage(token, { metadata: { order: 'o1', batch: 'b1' } }));
  });

  it('holds an undefined or null filter equal to an absent one', async () => {
    const token = await tokenFor({ status: 'active' });
    expect(ids(await secondPage(token, { status: 'active', account_ref: undefined }))).toEqual(['03', '04']);
    expect(ids(await secondPage(token, { status: 'active', account_ref: null }))).toEqual(['03', '04']);
    const withUndefined = await tokenFor({ status: 'active', account_ref: undefined, metadata: { order: undefined } });
    expect(ids(await secondPage(withUndefined, { status: 'active', metadata: {} }))).toEqual(['03', '04']);
  });

  it('binds nothing to page_size: a later page may ask for another size', async () => {
    const token = await tokenFor({ status: 'active' });
    const page = await pager.list(paged({ status: 'active' }, { page_size: 3, page_token: token }), alice, fetch, (r) => r);
    expect(ids(page)).toEqual(['03', '04', '05']);
  });

  it('keeps a `__proto__` member of a nested filter as data', async () => {
    const metadata = {};
    Object.defineProperty(metadata, '__proto__', { value: 'x', enumerable: true, writable: true, configurable: true });
    const token = await tokenFor({ metadata });
    await refused(secondPage(token, { metadata: {} }));
    await refused(secondPage(token, {}));
    expect(ids(await secondPage(token, { metadata }))).toEqual(['03', '04']);
  });

  it('refuses a tampered or malformed token', async () => {
    const token = await tokenFor({});
    const [body, sig] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString('utf8')), a: '04' })).toString('base64url');
    await refused(secondPage(`${forged}.${sig}`, {}));
    await refused(secondPage('garbage', {}));
  });

  it('encodes and decodes directly with the same query and scope', () => {
    const query = paged({ asset: 'USD', from: '2026-01-01T00:00:00Z' }, { page_size: 10 });
    const token = pager.encode('2026-01-02|t1', alice, query, { account_ref: 'client-accounts/a' });
    expect(pager.decode(alice, { ...query, page_token: token }, { account_ref: 'client-accounts/a' })).toBe('2026-01-02|t1');
    expect(pager.decode(alice, { ...query, page_token: undefined })).toBeNull();
    expect(() => pager.decode(alice, { ...query, page_token: token }, { account_ref: 'client-accounts/b' })).toThrow(AppError);
  });

  it('leaves out rows the caller may not read but still follows the last row scanned', async () => {
    const visible = async (page: Array<{ id: string }>) => page.filter((r) => r.id !== '02');
    const first = await pager.list({ page_size: 2 }, alice, fetch, (r) => r, { visible });
    expect(ids(first)).toEqual(['01']);
    const second = await pager.list({ page_size: 2, page_token: first.next_page_token! }, alice, fetch, (r) => r, { visible });
    expect(ids(second)).toEqual(['03', '04']);
  });
});
