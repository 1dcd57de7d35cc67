import { uuidv7 } from '../../src/ids';
import { creditExternalDeposit, debitExternalWithdrawal, placeHold, takeBalanceSnapshots, voidHold } from '../../src/ledger';
import { call, createTenant, startTestApp, tokenFor, type Tenant, type TestApp } from '../helpers/app';

/*
 * Balances at an instant and statements, through HTTP, on a real database: before any booking,
 * between and at bookings, holds counted in `held`, and the same answers once snapshots exist.
 */

let app: TestApp;
let tenant: Tenant;
let other: Tenant;
let token: string;
let otherToken: string;

const api = (method: string, path: string, as = token) => call(app.url, method, path, { token: as });

/** A transaction's (or hold's) exact instant, and that instant shifted by microseconds. */
async function instant(table: 'ledger_transactions' | 'ledger_holds', id: string, column = 'created_at', shiftMicros = 0): Promise<string> {
  const [row] = await app.services.sql.unsafe(
    `select to_char((${column} + $2 * interval '1 microsecond') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at from ${table} where id = $1`,
    [id, shiftMicros],
  );
  return row.at;
}

async function newAccount(): Promise<string> {
  const res = await call(app.url, 'POST', '/clients', {
    token,
    body: { display_name: 'History Client', external_id: `ext-${uuidv7()}`, metadata: {}, scope_ref: `enterprises/${tenant.enterpriseId}` },
  });
  expect(res.status).toBe(201);
  return res.body.default_client_account;
}

async function usdAt(ref: string, asOf: string) {
  const res = await api('GET', `/${ref}/balances?asset=USD&as_of=${encodeURIComponent(asOf)}`);
  expect(res.status).toBe(200);
  expect(res.body.items).toHaveLength(1);
  const { total, held, available } = res.body.items[0];
  return { total, held, available };
}

beforeAll(async () => {
  app = await startTestApp();
  [tenant, other] = await Promise.all([createTenant(app.services, 'History Ltd'), createTenant(app.services, 'Other History Ltd')]);
  [token, otherToken] = await Promise.all([tokenFor(app.url, tenant), tokenFor(app.url, other)]);
});
afterAll(async () => {
  await app.close();
});

describe('balances at an instant', () => {
  let ref: string;
  const t: Record<string, string> = {};

  beforeAll(async () => {
    ref = await newAccount();
    const sql = app.services.sql;
    const e = tenant.enterpriseId;
    const d1 = await creditExternalDeposit(sql, { key: `h/${uuidv7()}`, enterpriseId: e, accountRef: ref, asset: 'USD', amount: 10000n });
    const d2 = await creditExternalDeposit(sql, { key: `h/${uuidv7()}`, enterpriseId: e, accountRef: ref, asset: 'USD', amount: 5000n });
    const hold = await placeHold(sql, { key: `h/${uuidv7()}`, enterpriseId: e, accountRef: ref, asset: 'USD', amount: 3000n });
    await voidHold(sql, { holdId: hold.id });
    const w = await debitExternalWithdrawal(sql, { key: `h/${uuidv7()}`, enterpriseId: e, accountRef: ref, asset: 'USD', amount: 2000n });
    Object.assign(t, {
      beforeFirst: await instant('ledger_transactions', d1.id, 'created_at', -1),
      first: await instant('ledger_transactions', d1.id),
      second: await instant('ledger_transactions', d2.id),
      held: await instant('ledger_holds', hold.id),
      released: await instant('ledger_holds', hold.id, 'resolved_at'),
      withdrawn: await instant('ledger_transactions', w.id),
      justBeforeWithdrawal: await instant('ledger_transactions', w.id, 'created_at', -1),
    });
  });

  const expectations = () =>
    [
      ['before any booking', 'beforeFirst', { total: '0.00', held: '0.00', available: '0.00' }],
      ['at the first booking', 'first', { total: '100.00', held: '0.00', available: '100.00' }],
      ['at the second booking', 'second', { total: '150.00', held: '0.00', available: '150.00' }],
      ['while a hold is pending', 'held', { total: '150.00', held: '30.00', available: '120.00' }],
      ['once the hold is voided', 'released', { total: '150.00', held: '0.00', available: '150.00' }],
      ['a microsecond before the withdrawal', 'justBeforeWithdrawal', { total: '150.00', held: '0.00', available: '150.00' }],
      ['at the withdrawal', 'withdrawn', { total: '130.00', held: '0.00', available: '130.00' }],
    ] as const;

  it.each(expectations())('answers %s from the entries', async (_name, key, expected) => {
    expect(await usdAt(ref, t[key])).toEqual(expected);
  });

  it('answers the same once snapshots exist, at and around a snapshot boundary', async () => {
    const written = await takeBalanceSnapshots(app.services.sql, { everyEntries: 1 });
    expect(written).toBeGreaterThanOrEqual(3);
    const snaps = await app.services.sql`
      select to_char(as_of at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as as_of, total::text, held::text, entries::int
        from ledger_balance_snapshots where account_ref = ${ref} and asset = 'USD' order by as_of`;
    expect(snaps.map((s) => [s.as_of, s.total, s.entries])).toEqual([
      [t.first, '10000', 1],
      [t.second, '15000', 2],
      [t.withdrawn, '13000', 3],
    ]);
    for (const [, key, expected] of expectations()) expect(await usdAt(ref, t[key])).toEqual(expected);
    // Idempotent: nothing new to snapshot.
    const again = await app.services.sql`select count(*)::int as n from ledger_balance_snapshots where account_ref = ${ref}`;
    await takeBalanceSnapshots(app.services.sql, { everyEntries: 1 });
    expect((await app.services.sql`select count(*)::int as n from ledger_balance_snapshots where account_ref = ${ref}`)[0].n).toBe(again[0].n);
  });

  it('now equals the current balance; every asset without ?asset=', async () => {
    const now = new Date().toISOString();
    const [current, past] = await Promise.all([api('GET', `/${ref}/balances`), api('GET', `/${ref}/balances?as_of=${encodeURIComponent(now)}`)]);
    expect(past.status).toBe(200);
    const strip = (i: Record<string, unknown>) => ({ ...i, updated_at: undefined });
    expect(past.body.items.map(strip)).toEqual(current.body.items.map(strip));
    expect(past.body.items[0].updated_at).toBe(now);
  });

  it.each([
    ['a future instant', () => new Date(Date.now() + 3_600_000).toISOString(), 422],
    ['not an RFC 3339 instant', () => 'yesterday', 400],
    ['an instant without offset', () => '2026-11-26T10:00:00', 400],
  ])('refuses %s', async (_name, asOf, status) => {
    const res = await api('GET', `/${ref}/balances?as_of=${encodeURIComponent(asOf())}`);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
  });

  it('hides another enterprise\'s account (404)', async () => {
    expect((await api('GET', `/${ref}/balances?as_of=${encodeURIComponent(t.first)}`, otherToken)).status).toBe(404);
  });

  it('answers for a master account', async () => {
    const ent = await api('GET', `/enterprises/${tenant.enterpriseId}`);
    const master = ent.body.default_master_account as string;
    const d = await creditExternalDeposit(app.services.sql, { key: `h/${uuidv7()}`, enterpriseId: tenant.enterpriseId, accountRef: master, asset: 'EUR', amount: 700n });
    const [before, at] = [await instant('ledger_transactions', d.id, 'created_at', -1), await instant('ledger_transactions', d.id)];
    const minor = async (asOf: string) => {
      const res = await api('GET', `/${master}/balances?asset=EUR&as_of=${encodeURIComponent(asOf)}`);
      expect(res.status).toBe(200);
      expect(res.body.items[0]).toMatchObject({ owner_subtype: 'master_account', owner_ref: master });
      return BigInt(res.body.items[0].total.replace('.', ''));
    };
    expect((await minor(at)) - (await minor(before))).toBe(700n);
  });

  describe('statement', () => {
    const statement = (q: string, as = token) => api('GET', `/${ref}/statement?${q}`, as);

    it('gives the opening balance, every entry with its running total and the closing balance', async () => {
      const q = `asset=USD&from=${encodeURIComponent(t.beforeFirst)}&to=${encodeURIComponent(t.withdrawn)}`;
      const res = await statement(q);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        resource: 'statement',
        account_ref: ref,
        asset: 'USD',
        opening_balance: { total: '0.00', held: '0.00' },
        closing_balance: { total: '130.00', held: '0.00', available: '130.00' },
        next_page_token: null,
      });
      expect(res.body.entries.map((e: Record<string, string>) => [e.kind, e.booked_at, e.amount, e.balance_after])).toEqual([
        ['deposit', t.first, '100.00', '100.00'],
        ['deposit', t.second, '50.00', '150.00'],
        ['withdrawal', t.withdrawn, '-20.00', '130.00'],
      ]);
    });

    it('pages with tokens, the running total continuing across pages; from is exclusive', async () => {
      const q = `asset=USD&from=${encodeURIComponent(t.first)}&to=${encodeURIComponent(t.withdrawn)}&page_size=1`;
      const first = await statement(q);
      expect(first.status).toBe(200);
      expect(first.body.opening_balance.total).toBe('100.00');
      expect(first.body.entries).toEqual([expect.objectContaining({ booked_at: t.second, balance_after: '150.00' })]);
      const second = await statement(`${q}&page_token=${encodeURIComponent(first.body.next_page_token)}`);
      expect(second.status).toBe(200);
      expect(second.body.entries).toEqual([expect.objectContaining({ booked_at: t.withdrawn, amount: '-20.00', balance_after: '130.00' })]);
      expect(second.body.next_page_token).toBeNull();
      // A token is bound to its filters.
      const moved = await statement(`asset=USD&from=${encodeURIComponent(t.beforeFirst)}&to=${encodeURIComponent(t.withdrawn)}&page_size=1&page_token=${encodeURIComponent(first.body.next_page_token)}`);
      expect(moved.status).toBe(400);
    });

    it.each([
      ['from after to', () => `asset=USD&from=${encodeURIComponent(t.withdrawn)}&to=${encodeURIComponent(t.first)}`, 422],
      ['to in the future', () => `asset=USD&from=${encodeURIComponent(t.first)}&to=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}`, 422],
      ['no asset', () => `from=${encodeURIComponent(t.first)}&to=${encodeURIComponent(t.withdrawn)}`, 400],
    ])('refuses %s', async (_name, q, status) => {
      const res = await statement(q());
      expect(res.status).toBe(status);
    });

    it('is 404 for another enterprise', async () => {
      const res = await statement(`asset=USD&from=${encodeURIComponent(t.first)}&to=${encodeURIComponent(t.withdrawn)}`, otherToken);
      expect(res.status).toBe(404);
    });
  });
});
