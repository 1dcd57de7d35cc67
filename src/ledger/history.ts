import type { Sql } from 'postgres';
import { toBalance, type Balance } from './balances';
import type { LedgerSql } from './core';

/*
 * Balances in time (read only). The instant of a posting is its ledger transaction's `created_at`,
 * copied to `ledger_postings.booked_at` by the column default; holds count from `created_at` until
 * `resolved_at`. All three are the `now()` of the booking's database transaction, so one instant
 * never splits a booking. A balance at T is the latest snapshot at or before T plus the postings
 * (and hold changes) after the snapshot and at or before T: one snapshot read plus index ranges
 * bounded by the snapshot interval, whatever the account's age.
 */

/** `timestamptz` rendered with its full microsecond precision, so it can be given back exactly. */
const INSTANT = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** held(T) - held(S) = holds placed in (S, T] minus holds resolved in (S, T]. */
const HELD_SINCE = (from: string, to: string) => `
  coalesce((select sum(h.amount) from ledger_holds h where h.account_ref = b.account_ref and h.asset = b.asset
             and h.created_at > ${from} and h.created_at <= ${to}), 0)
  - coalesce((select sum(h.amount) from ledger_holds h where h.account_ref = b.account_ref and h.asset = b.asset
             and h.resolved_at is not null and h.resolved_at > ${from} and h.resolved_at <= ${to}), 0)`;

/**
 * Balances of one account at instant `asOf` (an RFC 3339 string, kept at full precision), every
 * asset it has a balance row for (or one), ordered by asset. `updatedAt` is `asOf`; the overdraft
 * limit is the current one (limits have no history).
 */
// Instants are bound as text: postgres.js would send a timestamptz parameter through a JS Date, to the millisecond.
export async function balancesAt(sql: LedgerSql, accountRef: string, asOf: string, asset?: string): Promise<Balance[]> {
  const rows = await (sql as Sql).unsafe(
    `select b.account_ref, b.asset, b.enterprise_id, b.overdraft_limit::text, b.restricted_reason,
            (coalesce(s.total, 0) + coalesce((select sum(p.amount) from ledger_postings p
                where p.balance_id = b.id and p.booked_at > coalesce(s.as_of, '-infinity') and p.booked_at <= $2::text::timestamptz), 0))::text as total,
            (coalesce(s.held, 0) + ${HELD_SINCE(`coalesce(s.as_of, '-infinity')`, '$2::text::timestamptz')})::text as held
       from ledger_balances b
       left join lateral (select as_of, total, held from ledger_balance_snapshots
                           where balance_id = b.id and as_of <= $2::text::timestamptz order by as_of desc limit 1) s on true
      where b.account_ref = $1 and ($3::text is null or b.asset = $3)
      order by b.asset`,
    [accountRef, asOf, asset ?? null],
    { prepare: true },
  );
  const at = new Date(asOf);
  return rows.map((r) => toBalance(r, at));
}

/** A position in a balance's postings: everything booked before `at`, and at `at` up to `transactionId` (all of `at` when absent). */
export interface EntryPosition {
  at: string;
  transactionId?: string;
}

/** One posting of a statement with the balance's total right after it. */
export interface StatementEntry {
  transactionId: string;
  /** The ledger transaction's business key (`withdrawal/<id>/settle`): what booked it. */
  businessKey: string;
  kind: string;
  bookedAt: string;
  /** The posting's position in its balance row's hash chain (1, 2, …): unique per (account, asset); null if booked before chains. */
  chainSeq: string | null;
  amount: bigint;
  balanceAfter: bigint;
}

/** The `total` of (account, asset) through a position (0 when the account never held the asset). */
export async function totalThrough(sql: LedgerSql, accountRef: string, asset: string, pos: EntryPosition): Promise<bigint> {
  const [row] = await (sql as Sql).unsafe(
    `select (coalesce(s.total, 0) + coalesce((select sum(p.amount) from ledger_postings p
                where p.balance_id = b.id and p.booked_at > coalesce(s.as_of, '-infinity') and p.booked_at <= $3::text::timestamptz
                  and (p.booked_at < $3::text::timestamptz or $4::uuid is null or p.transaction_id <= $4::uuid)), 0))::text as total
       from ledger_balances b
       left join lateral (select as_of, total from ledger_balance_snapshots
                           where balance_id = b.id and (as_of < $3::text::timestamptz or ($4::uuid is null and as_of = $3::text::timestamptz))
                           order by as_of desc limit 1) s on true
      where b.account_ref = $1 and b.asset = $2`,
    [accountRef, asset, pos.at, pos.transactionId ?? null],
    { prepare: true },
  );
  return row ? BigInt(row.total) : 0n;
}

/**
 * Postings of (account, asset) after `after` and at or before `to`, in booking order (instant, then
 * transaction id), at most `limit`, each with the running total.
 */
export async function statementEntries(
  sql: LedgerSql,
  input: { accountRef: string; asset: string; after: EntryPosition; to: string; limit: number },
): Promise<StatementEntry[]> {
  const opening = await totalThrough(sql, input.accountRef, input.asset, input.after);
  const rows = await (sql as Sql).unsafe(
    `select p.transaction_id, t.business_key, t.kind, ${INSTANT('p.booked_at')} as booked_at, p.chain_seq::text, p.amount::text
       from ledger_balances b
       join ledger_postings p on p.balance_id = b.id
       join ledger_transactions t on t.id = p.transaction_id
      where b.account_ref = $1 and b.asset = $2
        and p.booked_at >= $3::text::timestamptz and p.booked_at <= $5::text::timestamptz
        and (p.booked_at > $3::text::timestamptz or ($4::uuid is not null and p.transaction_id > $4::uuid))
      order by p.booked_at, p.transaction_id
      limit $6`,
    [input.accountRef, input.asset, input.after.at, input.after.transactionId ?? null, input.to, input.limit],
    { prepare: true },
  );
  let running = opening;
  return rows.map((r) => {
    const amount = BigInt(r.amount);
    running += amount;
    return { transactionId: r.transaction_id, businessKey: r.business_key, kind: r.kind, bookedAt: r.booked_at, chainSeq: r.chain_seq, amount, balanceAfter: running };
  });
}

/**
 * Writes balance snapshots: for every balance row, one snapshot each time `everyEntries` more
 * postings have been booked since its latest snapshot (at the instant of the posting that completes
 * the count). Only instants every booking of which has committed are snapshotted: the horizon is
 * just before the start of the oldest open database transaction, since a booking is stamped with its
 * transaction's start. Idempotent; runs outside any booking. Returns the number written.
 */
export async function takeBalanceSnapshots(sql: Sql, opts: { everyEntries: number }): Promise<number> {
  if (!Number.isInteger(opts.everyEntries) || opts.everyEntries < 1) throw new Error('ledger: everyEntries is a positive integer');
  // Its own statement: a booking that had not started by then is stamped after the horizon, and one
  // that had finished is visible to the next statement.
  const [{ horizon }] = await sql`
    select ${sql.unsafe(INSTANT(`(least(now(), (select min(xact_start) from pg_stat_activity where datname = current_database() and xact_start is not null and pid <> pg_backend_pid())) - interval '1 microsecond')`))} as horizon`;
  const written = await sql.unsafe(
    `with latest as (
       select b.id, b.account_ref, b.asset, s.as_of, coalesce(s.total, 0) as total, coalesce(s.held, 0) as held, coalesce(s.entries, 0) as entries
         from ledger_balances b
         left join lateral (select as_of, total, held, entries from ledger_balance_snapshots
                             where balance_id = b.id order by as_of desc limit 1) s on true
        where b.updated_at > coalesce(s.as_of, '-infinity')
     ), instants as (
       select l.id, p.booked_at, count(*) as n, sum(p.amount) as amount, (array_agg(p.transaction_id order by p.transaction_id desc))[1] as last_transaction_id
         from latest l
         join ledger_postings p on p.balance_id = l.id and p.booked_at > coalesce(l.as_of, '-infinity') and p.booked_at <= $1::text::timestamptz
        group by l.id, p.booked_at
     ), running as (
       select i.*, sum(i.n) over w as seen, sum(i.amount) over w as moved
         from instants i window w as (partition by i.id order by i.booked_at)
     )
     insert into ledger_balance_snapshots (balance_id, as_of, account_ref, asset, total, held, entries, last_transaction_id)
     select b.id, r.booked_at, b.account_ref, b.asset, b.total + r.moved,
            b.held + ${HELD_SINCE(`coalesce(b.as_of, '-infinity')`, 'r.booked_at')},
            b.entries + r.seen, r.last_transaction_id
       from running r join latest b on b.id = r.id
      where floor(r.seen / $2) > floor((r.seen - r.n) / $2)
     on conflict (balance_id, as_of) do nothing
     returning balance_id`,
    [horizon, opts.everyEntries],
  );
  return written.length;
}
