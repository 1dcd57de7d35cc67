import type { Caller } from '../../auth/caller';
import { conflict, notFound } from '../../errors';
import type { Services } from '../../services';
import { scopePathOf } from '../../auth/scope-paths';
import { cancelAwaitingApproval } from '../approvals';
import type { CarriedEntry } from '../audit/entries';
import { TRANSFER_CANCEL_UPDATE, TRANSFER_NOT_CANCELLABLE, internalTransferWorkflowId } from './messages';
import { isCancellable, type TransferStatus } from './model';
import { findTransfer, type TransferRow } from './store';

const notCancellable = (status: TransferStatus) =>
  conflict(`The internal transfer is ${status}; only a transfer awaiting approval can be cancelled.`, `internal_transfer_${status}`);

/**
 * Cancels a transfer awaiting approval: the workflow takes the cancellation as an Update (so it
 * cannot cross an approval decision), cancels the approval and releases the hold; then this answers
 * with the record. Anything but `pending_approval` is 409 `internal_transfer_<status>`. `audit`, the
 * request's entry, travels with the Update and commits with the approval's cancellation.
 */
export async function cancelInternalTransfer(services: Services, caller: Caller, id: string, audit?: CarriedEntry): Promise<TransferRow> {
  const row = await findTransfer(services.sql, id);
  const path = row ? await scopePathOf(services.sql, row.source_ref) : null;
  if (!row || !path) throw notFound('internal transfer');
  caller.require('transfers.create', path, 'internal transfer');
  if (!isCancellable(row.status)) throw notCancellable(row.status);
  // A decision can overtake this request: the workflow then refuses the Update, or has already ended.
  return cancelAwaitingApproval(services, caller, {
    workflowId: internalTransferWorkflowId(id),
    update: TRANSFER_CANCEL_UPDATE,
    notCancellable: TRANSFER_NOT_CANCELLABLE,
    audit,
    what: 'internal transfer',
    reread: async () => (await findTransfer(services.sql, id))!,
    refuse: notCancellable,
  });
}
