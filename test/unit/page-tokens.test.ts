import { createHmac } from 'node:crypto';
import { AppError } from '../../src/errors';
import type { Caller } from '../../src/auth/caller';
import { Pager, type PageQuery } from '../../src/page-tokens';

// The Pager reads only the caller's subject id.
const callerOf = (id: string) => ({ subject: { id } }) as unknown as Caller;
const alice = callerOf('users/alice');
const bob = callerOf('users/bob');

const keyed = new Pager(Buffer.alloc(32, 7));
const pager = keyed.of('GET /clients');
const rows = ['01', '02', '03', '04', '05'].map((id) => ({ id }));
const fetch = async (after: string | null, limit: number) => rows.filter((r) => !after || r.id > after).slice(0, limit);
const ids = (page: { items: Array<{ id: string }> }) => page.items.map((r) => r.id);

/** A list's filters: the query less `page_size` and `page_token`. */
type Filters = Record<string, unknown>;
const paged = (filters: Filters, page: PageQuery): PageQuery => ({ ...filters, ...page });

/** The token `query` yields after its first page of two. */
async function tokenFor(filters: Filters, caller = alice, list = pager): Promise<string> {
  const page = await list.list(paged(filters, { page_size: 2 }), caller, fetch, (r) => r);
  expect(page.next_page_token).not.toBeNull();
  return page.next_page_token!;
}

async function secondPage(page_token: string, filters: Filters, caller = alice, list = pager) {
  return list.list(paged(filters, { page_size: 2, page_token }), caller, fetch, (r) => r);
}

async function refused(page: Promise<unknown>) {
  const error = await page.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe('EdgeBadRequest');
  expect((error as AppError).options.reason).toBe('invalid_page_token');
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

  it('refuses a token of another list, with the same filters or none', async () => {
    const token = await tokenFor({});
    await refused(secondPage(token, {}, alice, keyed.of('GET /internal-transfers')));
    await refused(secondPage(token, {}, alice, keyed.of('POST /clients')));
    const filtered = await tokenFor({ status: 'active' });
    await refused(secondPage(filtered, { status: 'active' }, alice, keyed.of('GET /users')));
    expect(ids(await secondPage(token, {}, alice, keyed.of('GET /clients')))).toEqual(['03', '04']);
  });

  it('refuses a token for other path parameters, or with them given on one side only', async () => {
    const accounts = (params?: Record<string, unknown>) => keyed.of('GET /clients/{client_id}/accounts', params);
    const token = await tokenFor({ status: 'active' }, alice, accounts({ client_id: 'c1' }));
    await refused(secondPage(token, { status: 'active' }, alice, accounts({ client_id: 'c2' })));
    await refused(secondPage(token, { status: 'active' }, alice, accounts()));
    const unscoped = await tokenFor({ status: 'active' }, alice, accounts());
    await refused(secondPage(unscoped, { status: 'active' }, alice, accounts({ client_id: 'c1' })));
    expect(ids(await secondPage(token, { status: 'active' }, alice, accounts({ client_id: 'c1' })))).toEqual(['03', '04']);
  });

  it('keeps path parameters and filters apart: the same member as a filter is not a parameter', async () => {
    const token = await tokenFor({ client_id: 'c1' });
    await refused(secondPage(token, {}, alice, keyed.of('GET /clients', { client_id: 'c1' })));
  });

  it('accepts a token for the same filter given in another key order, nested objects included', async () => {
    const token = await tokenFor({ status: 'active', account_ref: 'a', metadata: { order: 'o1', batch: 'b1' } }, alice, keyed.of('GET /x', { x: '1', y: '2' }));
    const page = await secondPage(token, { metadata: { batch: 'b1', order: 'o1' }, account_ref: 'a', status: 'active' }, alice, keyed.of('GET /x', { y: '2', x: '1' }));
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

  // The signature covers the body's text, so only the spelling around it could vary: one spelling is accepted.
  it.each([
    ['padding on the body', (t: string) => t.replace('.', '=.')],
    ['padding on the signature', (t: string) => `${t}=`],
    ['a third part', (t: string) => `${t}.x`],
    ['an empty third part', (t: string) => `${t}.`],
    ['base64 instead of base64url', (t: string) => t.replace(/-/g, '+').replace(/_/g, '/')],
    ['surrounding white space', (t: string) => ` ${t}`],
  ])('refuses a token with %s', async (_name, respell) => {
    const token = await tokenFor({});
    expect(ids(await secondPage(token, {}))).toEqual(['03', '04']);
    if (respell(token) !== token) await refused(secondPage(respell(token), {}));
  });

  it('refuses a token whose signed body is not a cursor (no 500 for a token of an older format)', async () => {
    const key = Buffer.alloc(32, 7);
    const sign = (body: string) => `${body}.${createHmac('sha256', key).update(body).digest('base64url').slice(0, 22)}`;
    for (const text of ['not json', '42', 'null', JSON.stringify({ a: 42, f: 'x', p: 'users/alice' })]) {
      await refused(secondPage(sign(Buffer.from(text).toString('base64url')), {}));
    }
  });

  it('encodes and decodes directly with the same list and query', () => {
    const statement = (account: string) => keyed.of('GET /client-accounts/{client_account_id}/statement', { client_account_id: account });
    const query = paged({ asset: 'USD', from: '2026-01-01T00:00:00Z' }, { page_size: 10 });
    const token = statement('a').encode('2026-01-02|t1', alice, query);
    expect(statement('a').decode(alice, { ...query, page_token: token })).toBe('2026-01-02|t1');
    expect(statement('a').decode(alice, { ...query, page_token: undefined })).toBeNull();
    expect(() => statement('b').decode(alice, { ...query, page_token: token })).toThrow(AppError);
  });

  it('leaves out rows the caller may not read but still follows the last row scanned', async () => {
    const visible = async (page: Array<{ id: string }>) => page.filter((r) => r.id !== '02');
    const first = await pager.list({ page_size: 2 }, alice, fetch, (r) => r, { visible });
    expect(ids(first)).toEqual(['01']);
    const second = await pager.list({ page_size: 2, page_token: first.next_page_token! }, alice, fetch, (r) => r, { visible });
    expect(ids(second)).toEqual(['03', '04']);
  });
});
