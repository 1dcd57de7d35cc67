import { bulkInsertAll, bulkTable, rowsParam } from '../db/bulk';
import { isRefusal } from '../db/refusals';
import { byLockOrder, insufficientFunds, lockBalances, normalise, type LedgerSql, type LockedBalance, type Movement } from './core';
import { assertBalanced, type BookInput } from './transactions';

/*
 * Group commit: many bookings in one database transaction, with a fixed number of statements
 * whatever their count (rows travel as one JSON parameter, see db/bulk): PostgreSQL's cost is mostly
 * per statement and per commit (docs/performance.md, "Ledger group commit").
 */

/** A booking of a batch: its id is chosen by the caller, whose own rows reference it. */
export type BatchBooking = BookInput & { id: string };

const TRANSACTIONS = bulkTable<{ id: string; enterprise_id: string; business_key: string; kind: string }>(
  'ledger_transactions',
  { id: 'uuid', enterprise_id: 'uuid', business_key: 'text', kind: 'text' },
  { tail: 'on conflict (business_key) do nothing returning 1' },
);

const BOOKING_REPLAYED = 'ledger_booking_replayed';
const INSUFFICIENT_FUNDS = 'insufficient_funds';

/**
 * Issues the bookings' statements, in order, on a connection inside a transaction the caller opened:
 * claim every business key (a key booked before refuses the whole batch: a batch books only new
 * work), create missing balance rows and lock them all, sorted (the ledger's one lock order, so
 * batches cannot deadlock each other or single bookings), check funds booking by booking in batch
 * order, then apply the net change per balance row and write every posting. Every refusal aborts
 * the transaction in SQL, so the caller may pipeline its COMMIT behind these. `explain` turns a
 * failure of a one-booking batch into the API's answer (insufficient funds with the locked figures).
 */
export function issueBookings(tx: LedgerSql, bookings: BatchBooking[]): { statements: Promise<unknown>[]; explain: (err: unknown) => Promise<unknown> } {
  const perBooking = bookings.map((b) => {
    assertBalanced(b.legs);
    const movements = normalise(b.legs.map((l) => ({ accountRef: l.accountRef, asset: l.asset, total: l.amount, held: 0n })));
    if (movements.length === 0) throw new Error('ledger: the legs move nothing');
    return movements;
  });
  const net = new Map<string, Movement & { enterpriseId: string }>();
  perBooking.forEach((ms, i) =>
    ms.forEach((m) => {
      const k = `${m.accountRef}\u0000${m.asset}`;
      const prev = net.get(k);
      if (prev) prev.total += m.total;
      else net.set(k, { ...m, enterpriseId: bookings[i].enterpriseId });
    }),
  );
  // In the lock order. Rows whose net change is zero are still locked: their debits are checked.
  const balances = [...net.values()].sort(byLockOrder);
  const refs = balances.map((m) => m.accountRef);
  const assets = balances.map((m) => m.asset);
  const legs = rowsParam(perBooking.flatMap((ms, seq) => ms.map((m) => ({ x: bookings[seq].id, r: m.accountRef, a: m.asset, d: m.total.toString(), seq }))));

  // Claim every business key and create missing balance rows (sorted), in one statement.
  const claimed = bulkInsertAll(
    tx,
    [
      { table: TRANSACTIONS, rows: bookings.map((b) => ({ id: b.id, enterprise_id: b.enterpriseId, business_key: b.key, kind: b.kind })) },
      {
        table: ENSURE_BALANCES,
        rows: balances.map((m) => ({ account_ref: m.accountRef, asset: m.asset, enterprise_id: m.enterpriseId, overdraft_limit: m.accountRef.startsWith('system/') ? null : '0' })),
      },
    ],
    { sql: ([keys], p) => `select counterfoil_refuse($${p}) where (select count(*) from ${keys}) < $${p + 1}`, params: [BOOKING_REPLAYED, bookings.length] },
  );
  const lock = lockBalances(tx, refs, assets);
  // Read after the lock, so it sees the locked rows' latest values: each debit must fit what the
  // account holds after the bookings before it in the batch (as if they had been booked one by one).
  const funds = tx`
    select counterfoil_refuse(${INSUFFICIENT_FUNDS}) from (
      select 1
        from (select r, a, d, sum(d) over (partition by r, a order by seq) as running
                from jsonb_to_recordset(${legs}::text::jsonb) as l(r text, a text, d numeric, seq int)) l
        join ledger_balances b on b.account_ref = l.r and b.asset = l.a
       where l.d < 0 and b.overdraft_limit is not null and b.total - b.held + l.running + b.overdraft_limit < 0
       limit 1) short`;
  // The net change per balance row, then every posting (balance ids by key; the rows exist since the claim).
  const booked = tx`
    with updated as (
      update ledger_balances b
         set total = b.total + l.dt, updated_at = now()
        from unnest(${refs}::text[], ${assets}::text[], ${balances.map((m) => m.total.toString())}::numeric[]) as l(r, a, dt)
       where b.account_ref = l.r and b.asset = l.a and l.dt <> 0)
    insert into ledger_postings (transaction_id, balance_id, amount)
    select l.x, b.id, l.d
      from jsonb_to_recordset(${legs}::text::jsonb) as l(x uuid, r text, a text, d numeric)
      join ledger_balances b on b.account_ref = l.r and b.asset = l.a`;
  const statements = [claimed, lock, funds, booked];
  for (const q of statements) q.execute(); // handed to the connection now, in this order
  return {
    statements: statements as Promise<unknown>[],
    explain: async (err) => {
      const shortOfFunds = isRefusal(err, INSUFFICIENT_FUNDS) || (err as { constraint_name?: string }).constraint_name === 'ledger_balances_funds_check';
      if (!shortOfFunds || bookings.length !== 1) return err;
      return insufficientFunds(perBooking[0], await lock.catch(() => [] as LockedBalance[]));
    },
  };
}

const ENSURE_BALANCES = bulkTable<{ account_ref: string; asset: string; enterprise_id: string; overdraft_limit: string | null }>(
  'ledger_balances',
  { account_ref: 'text', asset: 'text', enterprise_id: 'uuid', overdraft_limit: 'numeric' },
  { tail: 'order by account_ref collate "C", asset collate "C" on conflict (account_ref, asset) do nothing' },
);
