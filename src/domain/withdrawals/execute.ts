import type { PendingQuery, Row, Sql, TransactionSql } from 'postgres';
import type { PrincipalRef } from '../../auth/caller';
import type { Metrics } from '../../metrics';
import { postHold } from '../../ledger';
import { systemAccountRef } from '../../ledger/system-accounts';
import type { WithdrawalStatus } from './events';
import { settlementCredits } from './model';
import { findWithdrawal, moveToExecuted, moveToExecuting, recordWithdrawalEvent, setLedgerTransaction, setRailReference } from './store';

/*
 * The approved path of a withdrawal, one activity each: marked executing once approved, the rail's
 * acceptance recorded, then settled from its hold. Each update is guarded by the status it leaves,
 * so a retry is a no-op.
 */

/** pending_approval → executing once approved, recording who approved in the attribution. Returns the status after. */
export async function markWithdrawalExecuting(sql: Sql, id: string, approvedBy: PrincipalRef[]): Promise<WithdrawalStatus> {
  return sql.begin(async (tx) => {
    const row = await moveToExecuting(tx, id, approvedBy);
    if (row) {
      await recordWithdrawalEvent(tx, row, null);
      return 'executing' as const;
    }
    return (await findWithdrawal(tx, id))!.status;
  });
}

/** Records the rail's acceptance (its reference); from here on a cancel is 409. */
export async function recordRailAcceptance(sql: Sql, id: string, reference: string): Promise<void> {
  await setRailReference(sql, id, reference);
}

/**
 * Settles an executing withdrawal once: posts its hold (debit the account; credit the external
 * withdrawals flow with the amount and each fee to its payee account), sets `settled_at` and
 * `executed`, and records `operations.withdrawal.settled.v1`. A retry finds it executed and changes nothing.
 */
export async function settleWithdrawal(sql: Sql, id: string, metrics?: Metrics): Promise<WithdrawalStatus> {
  return commitBehind(sql, async (tx) => {
    const w = await moveToExecuted(tx, id);
    if (!w) return { value: (await findWithdrawal(tx, id))!.status };
    const credits = settlementCredits(w, systemAccountRef(w.enterprise_id, 'external_withdrawals'));
    // The event (its payload does not show the ledger transaction) goes ahead of the balance locks.
    const [{ transaction }] = await Promise.all([
      postHold(tx, { holdId: w.hold_id, key: `withdrawal/${w.id}/settle`, credits, kind: 'withdrawal', metrics }),
      recordWithdrawalEvent(tx, w, null),
    ]);
    return { value: 'executed' as const, last: setLedgerTransaction(tx, w.id, transaction.id).execute() };
  });
}

/**
 * A transaction whose COMMIT is sent right behind its last statement, in one pipeline: `fn` hands
 * that statement to the connection (`execute()`, not awaited) and returns it as `last`, so balance
 * rows the ledger locked earlier stay locked for the server's work and the commit, without one more
 * round trip through this process's event loop. Only a statement `fn` executes itself may be left
 * in flight (ledger calls are awaited). If it fails, PostgreSQL answers the COMMIT with a rollback
 * and the failure is thrown here.
 */
async function commitBehind<T>(sql: Sql, fn: (tx: TransactionSql) => Promise<{ value: T; last?: PendingQuery<Row[]> }>): Promise<T> {
  const { value, failure } = await sql.begin(async (tx) => {
    const r = await fn(tx);
    // Observed now, so a failure is never an unhandled rejection while the commit is on its way.
    return { value: r.value, failure: r.last?.then(() => null, (err: unknown) => err) ?? null };
  });
  const err = await failure;
  if (err) throw err;
  return value;
}
