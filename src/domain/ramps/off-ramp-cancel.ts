import type { Caller } from '../../auth/caller';
import type { Alongside } from '../../db/base';
import { conflict, notFound } from '../../errors';
import type { Services } from '../../services';
import { cancelAwaitingApproval } from '../approvals';
import type { CarriedEntry } from '../audit/entries';
import { OFF_RAMP_CANCEL_UPDATE, OFF_RAMP_NOT_CANCELLABLE, RAMP_CANCELLED_SIGNAL, offRampWorkflowId, type OffRampStatus } from './messages';
import { releaseHold } from './off-ramp-approval';
import { offRampSessions, type OffRampRow } from './off-ramp-store';

/**
 * Cancels a session: awaiting approval, through its workflow (the Update cancels the approval and
 * releases the hold, and cannot cross an approval decision; `audit.carried`, the request's entry,
 * travels with it and commits with the approval's cancellation); `requested`, directly (hold released,
 * with `audit.alongside`), then the workflow is told. Later is 409 `off_ramp_<status>`.
 */
export async function cancelOffRamp(
  services: Services,
  caller: Caller,
  row: OffRampRow,
  audit: { alongside?: Alongside<OffRampRow>; carried?: CarriedEntry } = {},
): Promise<OffRampRow> {
  const refuse = (status: OffRampStatus) => conflict(`The off-ramp session is ${status}; only a requested session can be cancelled.`, `off_ramp_${status}`);
  if (row.status === 'pending_approval') {
    return cancelAwaitingApproval(services, caller, {
      workflowId: offRampWorkflowId(row.id),
      update: OFF_RAMP_CANCEL_UPDATE,
      notCancellable: OFF_RAMP_NOT_CANCELLABLE,
      audit: audit.carried,
      what: 'off-ramp session',
      reread: async () => (await offRampSessions.find(services.sql, row.id))!,
      refuse,
    });
  }
  const result = await offRampSessions.transition(services.sql, row.id, ['requested'], (tx, current) => releaseHold(tx, current, 'cancelled', null), caller.attribution(), audit.alongside);
  if (!result) throw notFound('off-ramp session');
  if (!result.changed) throw refuse(result.row.status);
  // The workflow re-reads the row; a lost signal only delays it.
  const client = await services.temporal.get();
  await client.workflow.getHandle(offRampWorkflowId(row.id)).signal(RAMP_CANCELLED_SIGNAL);
  return result.row;
}
