import type { Sql } from 'postgres';
import type { Db } from '../../db/sql';
import type { Caller } from '../../auth/caller';
import { notFound } from '../../errors';
import { findWithdrawal, selectWithdrawals, type WithdrawalFilter, type WithdrawalRow } from './store';

/** The caller's withdrawal, needing `permission` at its scope; 404 when it is another enterprise's or absent. */
export async function readWithdrawal(sql: Db, caller: Caller, id: string, permission: 'withdrawals.read' | 'withdrawals.create' = 'withdrawals.read'): Promise<WithdrawalRow> {
  const row = await findWithdrawal(sql, id);
  if (!row || row.enterprise_id !== caller.enterpriseId) throw notFound('withdrawal');
  caller.require(permission, row.scope_path, 'withdrawal');
  return row;
}

/** The withdrawals the caller may read, filtered, a page at a time (by id). */
export function listWithdrawals(sql: Sql, caller: Caller, q: WithdrawalFilter): Promise<WithdrawalRow[]> {
  return selectWithdrawals(sql, caller, q);
}
