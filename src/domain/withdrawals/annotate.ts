import type { Sql } from 'postgres';
import type { Caller } from '../../auth/caller';
import { updateReferenceMetadata, type ReferenceMetadataChange } from '../../db/references';
import { WITHDRAWAL_UPDATED } from './events';
import { WITHDRAWAL_COLUMNS, recordWithdrawalEvent, type WithdrawalRow } from './store';

/**
 * Changes a withdrawal's reference and metadata, in any status (terminal ones included: reconciling
 * often happens after settlement); they change nothing the withdrawal does. Needs `withdrawals.create`.
 * `assertCurrent` is the request's If-Match check on the locked row (the shared PATCH route's).
 */
export async function updateWithdrawalReferenceMetadata(sql: Sql, caller: Caller, id: string, change: ReferenceMetadataChange, assertCurrent: (row: WithdrawalRow) => void): Promise<WithdrawalRow> {
  return updateReferenceMetadata<WithdrawalRow>(sql, {
    table: 'withdrawals',
    columns: WITHDRAWAL_COLUMNS,
    what: 'withdrawal',
    id,
    enterpriseId: caller.enterpriseId,
    change,
    authorize: (row) => caller.require('withdrawals.create', row.scope_path, 'withdrawal'),
    assertCurrent,
    after: (tx, row) => recordWithdrawalEvent(tx, row, caller.attribution(), WITHDRAWAL_UPDATED),
  });
}
