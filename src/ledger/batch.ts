import { bulkInsertAll, bulkTable } from '../db/bulk';
import { byLockOrder, movementStatements, normalise, type LedgerSql, type Movement } from './core';
import { assertBalanced, bookingHash, type BookInput } from './transactions';

/*
 * Group commit: many bookings in one database transaction, with a fixed number of statements
 * whatever their count (rows travel as one JSON parameter, see db/bulk); per-statement and
 * per-commit work is most of a lone booking's cost (docs/performance.md).
 */

/** A booking of a batch: its id is chosen by the caller, whose own rows reference it. */
export type BatchBooking = BookInput & { id: string };

const TRANSACTIONS = bulkTable<{ id: string; enterprise_id: string; business_key: string; kind: string; hash: string }>(
  'ledger_transactions',
  { id: 'uuid', enterprise_id: 'uuid', business_key: 'text', kind: 'text', hash: 'bytea' },
  { tail: 'on conflict (business_key) do nothing returning 1' },
);

const BOOKING_REPLAYED = 'ledger_booking_replayed';

/**
 * Issues the bookings' statements through the ledger's write engine (core.movementStatements), in order,
 * on a connection inside a transaction the caller opened. The batch's front end differs from a lone
 * booking's in one way: it claims every business key and creates the missing balance rows in one
 * statement, and a key booked before refuses the whole batch (a batch books only new work, since
 * its caller pipelines its COMMIT and cannot look at a replay's answer first). Every refusal aborts
 * the transaction in SQL. `explain` turns a failure of a one-booking batch into the API's answer
 * (insufficient funds with the locked figures).
 */
export function issueBookings(tx: LedgerSql, bookings: BatchBooking[]): { statements: Promise<unknown>[]; explain: (err: unknown) => Promise<unknown> } {
  const perBooking = bookings.map((b) => {
    assertBalanced(b.legs);
    const movements = normalise(b.legs.map((l) => ({ accountRef: l.accountRef, asset: l.asset, total: l.amount, held: 0n })));
    if (movements.length === 0) throw new Error('ledger: the legs move nothing');
    return { enterpriseId: b.enterpriseId, transactionId: b.id, hash: bookingHash(b.id, b, movements), movements };
  });
  const balances = new Map<string, Movement & { enterpriseId: string }>();
  for (const b of perBooking) for (const m of b.movements) balances.set(`${m.accountRef}\u0000${m.asset}`, { ...m, enterpriseId: b.enterpriseId });
  const sorted = [...balances.values()].sort(byLockOrder);

  // Claim every business key and create missing balance rows (sorted), in one statement.
  const claimed = bulkInsertAll(
    tx,
    [
      { table: TRANSACTIONS, rows: perBooking.map((b, i) => ({ id: b.transactionId, enterprise_id: b.enterpriseId, business_key: bookings[i].key, kind: bookings[i].kind, hash: `\\x${b.hash.toString('hex')}` })) },
      {
        table: ENSURE_BALANCES,
        rows: sorted.map((m) => ({ account_ref: m.accountRef, asset: m.asset, enterprise_id: m.enterpriseId, overdraft_limit: m.accountRef.startsWith('system/') ? null : '0' })),
      },
    ],
    { sql: ([keys], p) => `select counterfoil_refuse($${p}) where (select count(*) from ${keys}) < $${p + 1}`, params: [BOOKING_REPLAYED, bookings.length] },
  );
  claimed.execute();
  const issued = movementStatements(tx, { bookings: perBooking, before: [], ensure: false });
  return { statements: [claimed, ...issued.statements] as Promise<unknown>[], explain: issued.explain };
}

const ENSURE_BALANCES = bulkTable<{ account_ref: string; asset: string; enterprise_id: string; overdraft_limit: string | null }>(
  'ledger_balances',
  { account_ref: 'text', asset: 'text', enterprise_id: 'uuid', overdraft_limit: 'numeric' },
  { tail: 'order by account_ref collate "C", asset collate "C" on conflict (account_ref, asset) do nothing' },
);
