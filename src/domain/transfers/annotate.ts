import type { Sql } from 'postgres';
import type { Caller } from '../../auth/caller';
import { notFound } from '../../errors';
import { recordEventSql } from '../../events/outbox';
import { scopePathOf } from '../../auth/scope-paths';
import { updateReferenceMetadata, type ReferenceMetadataChange } from '../../db/references';
import { TRANSFER_UPDATED } from './events';
import { presentTransfer, transferEvent } from './present';
import { TRANSFER_COLUMNS, type TransferRow } from './store';

/**
 * Changes a transfer's reference and metadata, in any status: they describe the transfer for the
 * integrator and change nothing it does. Needs `transfers.create` at the source account.
 * `assertCurrent` is the request's If-Match check on the locked row (the shared PATCH route's).
 */
export async function updateTransferReferenceMetadata(
  sql: Sql,
  caller: Caller,
  id: string,
  change: ReferenceMetadataChange,
  assertCurrent: (row: TransferRow) => void,
): Promise<TransferRow> {
  return updateReferenceMetadata<TransferRow>(sql, {
    table: 'internal_transfers',
    columns: TRANSFER_COLUMNS,
    what: 'internal transfer',
    id,
    enterpriseId: caller.enterpriseId,
    change,
    authorize: async (row) => {
      const path = await scopePathOf(sql, row.source_ref);
      if (!path) throw notFound('internal transfer');
      caller.require('transfers.create', path, 'internal transfer');
    },
    assertCurrent,
    after: (tx, row) => recordEventSql(tx, transferEvent(row, caller.attribution(), presentTransfer(row), TRANSFER_UPDATED)),
  });
}
