import type { Sql, TransactionSql } from 'postgres';
import type { PrincipalRef } from '../../auth/caller';
import type { Metrics } from '../../metrics';
import { postHold, restrictionOf, voidHold } from '../../ledger';
import { releaseVelocity } from '../policies';
import { settlementBlock, velocityRef, type TransferStatus } from './model';
import { lockAccounts } from './accounts';
import { lockTransfer, moveTransfer, type TransferRow } from './store';
import { bookTransferReversal, recordOriginalReversed } from './reverse';

/*
 * The approved path of a transfer, one activity each: marked executing once approved, then settled
 * from its hold. Each is guarded by the row lock and the status it starts from, so a retry is a no-op.
 */

/** pending_approval → executing once approved (records who approved). Returns the status after. */
export function markTransferExecuting(sql: Sql, id: string, approvedBy: PrincipalRef[]): Promise<TransferStatus | null> {
  return sql.begin(async (tx): Promise<TransferStatus | null> => {
    const row = await lockTransfer(tx, id);
    if (!row || row.status !== 'pending_approval') return row?.status ?? null;
    const attribution = { ...row.subject_attribution, approved_by: approvedBy };
    return (await moveTransfer(tx, row, { status: 'executing', subject_attribution: attribution }, null)).status;
  });
}

/**
 * executing → executed: posts the hold into the target account (the hold's target; ledger key
 * `internal_transfer/<id>`), exactly once; a reversal books as a ledger reversal of the original's
 * transaction instead (settleReversal). An account closed or suspended meanwhile fails the transfer
 * instead, releasing the hold.
 */
export function settleTransfer(sql: Sql, id: string, metrics?: Metrics): Promise<TransferStatus | null> {
  return sql.begin(async (tx): Promise<TransferStatus | null> => {
    const row = await lockTransfer(tx, id);
    if (!row || row.status !== 'executing') return row?.status ?? null;
    // A reversal's original before the accounts, as a proposal locks them: the other order deadlocks with it.
    const original = row.reversal_of ? (await lockTransfer(tx, row.reversal_of))! : null;
    const blocked = settlementBlock(row, await lockAccounts(tx, [row.source_ref, row.target_ref]));
    if (blocked) {
      await voidHold(tx, { holdId: row.hold_id!, metrics });
      await releaseVelocity(tx, velocityRef(id));
      return (await moveTransfer(tx, row, { status: 'failed', failure_reason: blocked }, null)).status;
    }
    if (original) return settleReversal(tx, row, original, metrics);
    const posted = await postHold(tx, { holdId: row.hold_id!, key: `internal_transfer/${id}`, kind: 'internal_transfer', metrics });
    return (await moveTransfer(tx, row, { status: 'executed', ledger_transaction_id: posted.transaction.id, settled_at: new Date() }, null)).status;
  });
}

/**
 * A reversal's settlement: its hold released and the reversal booked in one transaction, so the
 * account's available balance never shows the amount twice. A balance a recall restricted meanwhile
 * cannot pay it: the reversal fails (`source_account_restricted`), releasing the hold.
 */
async function settleReversal(tx: TransactionSql, row: TransferRow, original: TransferRow, metrics?: Metrics): Promise<TransferStatus> {
  await voidHold(tx, { holdId: row.hold_id!, metrics });
  if (await restrictionOf(tx, row.source_ref, row.asset)) {
    await releaseVelocity(tx, velocityRef(row.id));
    return (await moveTransfer(tx, row, { status: 'failed', failure_reason: 'source_account_restricted' }, null)).status;
  }
  const booked = await bookTransferReversal(tx, original, row, metrics);
  const moved = await moveTransfer(tx, row, { status: 'executed', ledger_transaction_id: booked.transaction.id, settled_at: new Date() }, null);
  await recordOriginalReversed(tx, original, booked);
  return moved.status;
}
