import type { Caller } from '../../auth/caller';
import { conflict, notFound } from '../../errors';
import type { Services } from '../../services';
import { cancelAwaitingApproval } from '../approvals';
import type { CarriedEntry } from '../audit/entries';
import type { ConversionStatus } from './events';
import { CONVERSION_CANCEL_UPDATE, CONVERSION_NOT_CANCELLABLE, conversionWorkflowId } from './messages';
import { isCancellable } from './model';
import { pathOf } from './records';
import { findConversion, type ConversionRow } from './store';

/**
 * Cancels a conversion awaiting approval: the workflow takes the cancellation as an Update (so it
 * cannot cross an approval decision), cancels the approval and releases the hold; then this answers
 * with the record. Anything but `pending_approval` is 409 `conversion_<status>`. `audit`, the
 * request's entry, travels with the Update and commits with the approval's cancellation.
 */
export async function cancelConversion(services: Services, caller: Caller, id: string, audit?: CarriedEntry): Promise<ConversionRow> {
  const row = await findConversion(services.sql, id);
  if (!row) throw notFound('conversion');
  caller.require('conversions.create', pathOf(row), 'conversion');
  const refuse = (status: ConversionStatus) =>
    conflict(`The conversion is ${status}; only a conversion awaiting approval can be cancelled.`, `conversion_${status}`);
  if (!isCancellable(row.status)) throw refuse(row.status);
  return cancelAwaitingApproval(services, caller, {
    workflowId: conversionWorkflowId(id),
    update: CONVERSION_CANCEL_UPDATE,
    notCancellable: CONVERSION_NOT_CANCELLABLE,
    audit,
    what: 'conversion',
    reread: async () => (await findConversion(services.sql, id))!,
    refuse,
  });
}
