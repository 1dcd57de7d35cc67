import type { Sql } from 'postgres';
import type { PrincipalRef } from '../../auth/caller';
import type { Metrics } from '../../metrics';
import { postHold, voidHold } from '../../ledger';
import { releaseVelocity } from '../policies';
import { settlementBlock, velocityRef, type TransferStatus } from './model';
import { lockAccounts } from './accounts';
import { lockTransfer, moveTransfer } from './store';

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
 * `internal_transfer/<id>`), exactly once. An account closed or suspended meanwhile fails the
 * transfer instead, releasing the hold.
 */
export function settleTransfer(sql: Sql, id: string, metrics?: Metrics): Promise<TransferStatus | null> {
  return sql.begin(async (tx): Promise<TransferStatus | null> => {
    const row = await lockTransfer(tx, id);
    if (!row || row.status !== 'executing') return row?.status ?? null;
    const blocked = settlementBlock(row, await lockAccounts(tx, [row.source_ref, row.target_ref]));
    if (blocked) {
      await voidHold(tx, { holdId: row.hold_id!, metrics });
      await releaseVelocity(tx, velocityRef(id));
      return (await moveTransfer(tx, row, { status: 'failed', failure_reason: blocked }, null)).status;
    }
    const posted = await postHold(tx, { holdId: row.hold_id!, key: `internal_transfer/${id}`, kind: 'internal_transfer', metrics });
    return (await moveTransfer(tx, row, { status: 'executed', ledger_transaction_id: posted.transaction.id, settled_at: new Date() }, null)).status;
  });
}
