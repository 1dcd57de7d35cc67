import type { PendingQuery, Row, Sql, TransactionSql } from 'postgres';
import { AppError } from '../errors';
import { formatAmount } from './assets';

/** A postgres.js client or an open transaction of one; ledger calls join the transaction when given one. */
export type LedgerSql = Sql | TransactionSql;

export function isTransaction(sql: LedgerSql): sql is TransactionSql {
  return typeof (sql as TransactionSql).savepoint === 'function';
}

/** Runs `fn` in the caller's transaction, or in a new one. */
export async function inTransaction<T>(sql: LedgerSql, fn: (tx: TransactionSql) => Promise<T>): Promise<T> {
  if (isTransaction(sql)) return fn(sql);
  return (await sql.begin((tx) => fn(tx))) as T;
}

/** A change of one balance row: `total` moves with postings, `held` with holds. */
export interface Movement {
  accountRef: string;
  asset: string;
  total: bigint;
  held: bigint;
}

export const isSystemRef = (accountRef: string) => accountRef.startsWith('system/');

/** Merges movements of the same (account, asset) and sorts them: the one lock order of the ledger. */
export function normalise(movements: Movement[]): Movement[] {
  const merged = new Map<string, Movement>();
  for (const m of movements) {
    const k = `${m.accountRef}\u0000${m.asset}`;
    const prev = merged.get(k);
    if (prev) {
      prev.total += m.total;
      prev.held += m.held;
    } else merged.set(k, { ...m });
  }
  return [...merged.values()]
    .filter((m) => m.total !== 0n || m.held !== 0n)
    .sort(byLockOrder);
}

/** The ledger's one lock order of balance rows: (account_ref, asset), byte order. */
export function byLockOrder(a: { accountRef: string; asset: string }, b: { accountRef: string; asset: string }): number {
  return compareText(a.accountRef, b.accountRef) || compareText(a.asset, b.asset);
}

/** Byte order, the same as PostgreSQL's `collate "C"` used in the lock query. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export interface LockedBalance {
  account_ref: string;
  asset: string;
  total: string;
  held: string;
  overdraft_limit: string | null;
}

/**
 * Applies movements to balance rows, in ONE round trip (the queries are pipelined, in order, on the
 * transaction's connection) — raw SQL because this is the hot path and the ORM's unit of work would
 * cost several round trips and an identity map inside the lock. Order, which makes it deadlock-free:
 * `before` (claim the business key / hold, so concurrent retries queue there holding no balance lock),
 * create missing balance rows sorted, lock all rows sorted, update, insert postings. `guard` is a
 * condition that is false when `before` found the work already done (a replay); then nothing changes.
 * Insufficient funds is enforced by the CHECK constraint on ledger_balances and reported from the
 * values read under the lock.
 */
export async function applyMovements(
  tx: LedgerSql,
  opts: {
    enterpriseId: string;
    movements: Movement[];
    before?: PendingQuery<Row[]>[];
    guard?: () => PendingQuery<Row[]>;
    /** Ledger transaction id: postings are written for the `total` changes. */
    transactionId?: string;
  },
): Promise<Row[][]> {
  const ms = opts.movements;
  const refs = ms.map((m) => m.accountRef);
  const assets = ms.map((m) => m.asset);
  const totals = ms.map((m) => m.total.toString());
  const helds = ms.map((m) => m.held.toString());
  const guard = opts.guard ?? (() => tx`true`);
  const before = opts.before ?? [];

  const ensure = tx`
    insert into ledger_balances (account_ref, asset, enterprise_id, overdraft_limit)
    select r, a, ${opts.enterpriseId}, case when r like 'system/%' then null else 0 end
      from unnest(${refs}::text[], ${assets}::text[]) as l(r, a)
     order by r collate "C", a collate "C"
    on conflict (account_ref, asset) do nothing`;
  const lock = lockBalances(tx, refs, assets);
  const update = tx`
    update ledger_balances b
       set total = b.total + l.dt, held = b.held + l.dh, updated_at = now()
      from unnest(${refs}::text[], ${assets}::text[], ${totals}::numeric[], ${helds}::numeric[]) as l(r, a, dt, dh)
     where b.account_ref = l.r and b.asset = l.a and ${guard()}`;
  const postings = opts.transactionId
    ? [
        tx`
          insert into ledger_postings (transaction_id, balance_id, amount)
          select ${opts.transactionId}, b.id, l.dt
            from unnest(${refs}::text[], ${assets}::text[], ${totals}::numeric[]) as l(r, a, dt)
            join ledger_balances b on b.account_ref = l.r and b.asset = l.a
           where l.dt <> 0 and ${guard()}`,
      ]
    : [];

  const all = [...before, ensure, lock, update, ...postings];
  // execute() hands each query to the connection now, in this order; awaiting alone would defer
  // the hand-over by a microtask and let a caller's later execute() overtake them.
  for (const q of all) q.execute();
  try {
    return (await Promise.all(all)) as Row[][];
  } catch (err) {
    if ((err as { code?: string; constraint_name?: string }).constraint_name === 'ledger_balances_funds_check') {
      const locked = await lock.catch(() => [] as LockedBalance[]);
      throw insufficientFunds(ms, locked);
    }
    throw err;
  }
}

/**
 * Locks balance rows in the ledger's one order, (account_ref, asset) in byte order, and reads them.
 * FOR NO KEY UPDATE: excludes every other ledger writer but not FK checks of referencing rows.
 */
export function lockBalances(tx: LedgerSql, refs: string[], assets: string[]) {
  return tx<LockedBalance[]>`
    select account_ref, asset, total::text, held::text, overdraft_limit::text
      from ledger_balances
     where (account_ref, asset) in (select * from unnest(${refs}::text[], ${assets}::text[]))
     order by account_ref collate "C", asset collate "C"
       for no key update`;
}

/** The first debited row whose available + overdraft cannot cover the debit. */
export function insufficientFunds(ms: Movement[], locked: LockedBalance[]): AppError {
  for (const m of ms) {
    const debit = m.held - m.total; // money leaving `available`
    if (debit <= 0n) continue;
    const row = locked.find((r) => r.account_ref === m.accountRef && r.asset === m.asset);
    const total = BigInt(row?.total ?? 0);
    const held = BigInt(row?.held ?? 0);
    const limit = row?.overdraft_limit == null ? null : BigInt(row.overdraft_limit);
    if (limit === null) continue;
    const available = total - held;
    if (available - debit + limit >= 0n) continue;
    return insufficientFundsError(m.accountRef, m.asset, available, debit);
  }
  return insufficientFundsError(ms[0].accountRef, ms[0].asset, 0n, 0n);
}

export function insufficientFundsError(accountRef: string, asset: string, available: bigint, required: bigint): AppError {
  return new AppError('EdgeUnprocessable', `Insufficient funds: ${accountRef} has ${formatAmount(available, asset)} ${asset} available.`, {
    reason: 'insufficient_funds',
    errors: [{ field: 'amount', detail: 'exceeds the available balance' }],
    extensions: {
      available: formatAmount(available, asset),
      required: formatAmount(required, asset),
      asset,
      account_ref: accountRef,
    },
  });
}
