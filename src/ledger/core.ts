import type { PendingQuery, Row, TransactionSql } from 'postgres';
import { AppError } from '../errors';
import { isRefusal } from '../db/refusals';
import { formatAmount } from './assets';
import { evaluateMonitors } from './monitors';

import type { LedgerSql, WriteGuard } from './sql';

export type { LedgerSql, WriteGuard };

// Unset (no services in this process), nothing is woken: the outbox dispatcher's periodic sweep finds the events.
let ledgerEventsWritten: () => void = () => {};

/**
 * Whom the write engine tells, once the booking had time to commit, that a booking wrote events (a balance
 * monitor's crossing): the services hand it the outbox's bell, so the ledger sits below events.
 */
export function announceLedgerEventsTo(notify: () => void): void {
  ledgerEventsWritten = notify;
}

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
 * The ledger's one write engine. Every booking, hold and batch goes through the same statements, in
 * ONE round trip (pipelined, in order, on the transaction's connection) — raw SQL because this is the
 * hot path and the ORM's unit of work would cost several round trips and an identity map inside the
 * lock. Order, which makes it deadlock-free: `before` (claim the business keys / hold, so concurrent
 * retries queue there holding no balance lock), create missing balance rows sorted (`ensure: false`
 * when `before` already did), lock all rows sorted, check funds booking by booking (only when there
 * are several: one booking's funds are the CHECK constraint's), then one statement that updates the
 * balances, extends their hash chains and writes the postings (writeStatement), and last the balance
 * monitors of the touched rows are judged, under the same locks (monitors.ts). `guard` makes the
 * writes conditional on the claim having happened (a replay changes nothing); without it a replay is
 * refused by `before` itself. Insufficient funds is reported from the values read under the lock.
 */
export function movementStatements(
  tx: LedgerSql,
  opts: {
    /** Per booking, in booking order: its transaction (postings are written for `total` changes) or none (a hold). */
    bookings: { enterpriseId: string; transactionId?: string; hash?: Buffer; movements: Movement[] }[];
    before?: PendingQuery<Row[]>[];
    ensure?: boolean;
    guard?: WriteGuard;
  },
): { statements: PendingQuery<Row[]>[]; lock: PendingQuery<LockedBalance[]>; explain: (err: unknown) => Promise<unknown> } {
  const net = new Map<string, Movement & { enterpriseId: string }>();
  const legs: EngineLeg[] = [];
  opts.bookings.forEach((b, seq) => {
    for (const m of b.movements) {
      const k = `${m.accountRef}\u0000${m.asset}`;
      const prev = net.get(k);
      if (prev) {
        prev.total += m.total;
        prev.held += m.held;
      } else net.set(k, { ...m, enterpriseId: b.enterpriseId });
      legs.push({ x: b.transactionId ?? null, h: b.hash ? `\\x${b.hash.toString('hex')}` : null, r: m.accountRef, a: m.asset, dt: m.total.toString(), dh: m.held.toString(), seq });
    }
  });
  // In the lock order. Rows whose net change is zero are still locked: their debits are checked.
  const balances = [...net.values()].sort(byLockOrder);
  const refs = balances.map((m) => m.accountRef);
  const assets = balances.map((m) => m.asset);
  const ensure = opts.ensure === false ? [] : [ensureBalances(tx, balances)];
  const lock = lockBalances(tx, refs, assets);
  const legsParam = JSON.stringify(legs);
  // Read after the lock, so it sees the locked rows' latest values: each debit must fit what the
  // account holds after the bookings before it (as if they had been booked one by one).
  const funds =
    opts.bookings.length > 1
      ? [
          tx`
            select counterfoil_refuse(${INSUFFICIENT_FUNDS}) from (
              select 1
                from (select r, a, dt - dh as d, sum(dt - dh) over (partition by r, a order by seq) as running
                        from jsonb_to_recordset(${legsParam}::text::jsonb) as l(r text, a text, dt numeric, dh numeric, seq int)) l
                join ledger_balances b on b.account_ref = l.r and b.asset = l.a
               where l.d < 0 and b.overdraft_limit is not null and b.total - b.held + l.running + b.overdraft_limit < 0
               limit 1) short`,
        ]
      : [];
  const monitors = evaluateMonitors(tx, legsParam, opts.guard);
  const statements = [...(opts.before ?? []), ...ensure, lock, ...funds, writeStatement(tx, legsParam, opts.guard), monitors] as PendingQuery<Row[]>[];
  // execute() hands each query to the connection now, in this order; awaiting alone would defer
  // the hand-over by a microtask and let a caller's later execute() overtake them.
  for (const q of statements) q.execute();
  // A crossing's event was written: wake the outbox once the booking had time to commit (its failure is the caller's to handle).
  monitors.then(([r]) => (r?.emitted ? ledgerEventsWritten() : undefined), () => undefined);
  return {
    statements,
    lock,
    explain: async (err) => {
      if (isRefusal(err, ACCOUNT_RESTRICTED)) return accountRestrictedError();
      const shortOfFunds = isRefusal(err, INSUFFICIENT_FUNDS) || (err as { constraint_name?: string }).constraint_name === 'ledger_balances_funds_check';
      if (!shortOfFunds || opts.bookings.length !== 1) return err;
      return insufficientFunds(opts.bookings[0].movements, await lock.catch(() => [] as LockedBalance[]));
    },
  };
}

export const INSUFFICIENT_FUNDS = 'insufficient_funds';
/** Raised by the ledger_balances_restricted trigger: a reversal overdrew the row, and money may not leave it until repaid. */
export const ACCOUNT_RESTRICTED = 'account_restricted';

export function accountRestrictedError(): AppError {
  return new AppError('EdgeConflict', 'The account is restricted: a reversal overdrew it, and no money may leave it until the shortfall is repaid.', {
    reason: 'account_restricted',
  });
}

/** One leg of the write statement: transaction id and hash (null for a hold), balance row, changes, booking order. */
interface EngineLeg {
  x: string | null;
  h: string | null;
  r: string;
  a: string;
  dt: string;
  dh: string;
  seq: number;
}

const WRITE_TEXT = new Map<string, string>();

/**
 * The balances' net change and their chain heads, and every posting with its chain link, in one
 * statement. Every part reads the balance rows as they were before it (one snapshot, after the
 * lock), so `chained` folds each row's chain from its stored head: a row's postings in booking order,
 * each link sha-256(previous ‖ transaction hash) (the counterfoil_chain aggregate, a window per row).
 */
function writeStatement(tx: LedgerSql, legs: string, guard?: WriteGuard) {
  const variant = guard?.table ?? '';
  let text = WRITE_TEXT.get(variant);
  if (text === undefined) {
    const cond = guard ? `and exists (select 1 from ${guard.table} where id = $2)` : '';
    text = `
      with l as (select * from jsonb_to_recordset($1::text::jsonb) as l(x uuid, h bytea, r text, a text, dt numeric, dh numeric, seq int)),
      chained as (
        select l.x, l.r, l.a, l.dt, b.id as balance_id,
               b.chain_length + row_number() over w as chain_seq,
               counterfoil_chain(b.chain_head, l.h) over w as chain_hash
          from l join ledger_balances b on b.account_ref = l.r and b.asset = l.a
         where l.x is not null and l.dt <> 0 ${cond}
        window w as (partition by b.id order by l.seq rows between unbounded preceding and current row)),
      heads as (select distinct on (r, a) r, a, chain_seq, chain_hash from chained order by r, a, chain_seq desc),
      net as (
        select n.r, n.a, n.dt, n.dh, h.chain_seq, h.chain_hash
          from (select r, a, sum(dt) as dt, sum(dh) as dh from l group by r, a) n
          left join heads h on h.r = n.r and h.a = n.a),
      updated as (
        update ledger_balances b
           set total = b.total + n.dt, held = b.held + n.dh, updated_at = now(),
               chain_length = coalesce(n.chain_seq, b.chain_length), chain_head = coalesce(n.chain_hash, b.chain_head)
          from net n
         where b.account_ref = n.r and b.asset = n.a and (n.dt <> 0 or n.dh <> 0 or n.chain_seq is not null) ${cond})
      insert into ledger_postings (transaction_id, balance_id, amount, chain_seq, chain_hash)
      select x, balance_id, dt, chain_seq, chain_hash from chained`;
    WRITE_TEXT.set(variant, text);
  }
  return tx.unsafe(text, (guard ? [legs, guard.id] : [legs]) as never[], { prepare: true });
}

/** Creates missing balance rows, sorted (the lock order), with the default overdraft limit. */
function ensureBalances(tx: LedgerSql, balances: (Movement & { enterpriseId: string })[]) {
  return tx`
    insert into ledger_balances (account_ref, asset, enterprise_id, overdraft_limit)
    select r, a, e, case when r like 'system/%' then null else 0 end
      from unnest(${balances.map((m) => m.accountRef)}::text[], ${balances.map((m) => m.asset)}::text[], ${balances.map((m) => m.enterpriseId)}::uuid[]) as l(r, a, e)
     order by r collate "C", a collate "C"
    on conflict (account_ref, asset) do nothing`;
}

/**
 * One booking's (or hold's) movements through the engine, awaited: the answers of `before`, then
 * the engine's. Insufficient funds becomes the API's 422.
 */
export async function applyMovements(
  tx: LedgerSql,
  opts: {
    enterpriseId: string;
    movements: Movement[];
    before?: PendingQuery<Row[]>[];
    guard?: WriteGuard;
    /** Ledger transaction id and hash: postings are written for the `total` changes. */
    transactionId?: string;
    hash?: Buffer;
  },
): Promise<Row[][]> {
  const issued = movementStatements(tx, {
    bookings: [{ enterpriseId: opts.enterpriseId, transactionId: opts.transactionId, hash: opts.hash, movements: opts.movements }],
    before: opts.before,
    guard: opts.guard,
  });
  try {
    return (await Promise.all(issued.statements)) as Row[][];
  } catch (err) {
    throw await issued.explain(err);
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
