import type { Sql } from 'postgres';
import { AppError } from '../../errors';
import { uuidv7 } from '../../ids';
import { isAsset } from '../../money/assets';
import { findRail } from '../../reference/bank-rails';
import { networkByCode } from '../../reference/networks';
import { ACCOUNT_COLUMNS, accountByIdentity, toAccountRow, type ReconciliationAccountRow } from './store';

export interface NewReconciliationAccount {
  enterpriseId: string;
  rail: string;
  address: string;
  asset: string;
  lagMs: number;
  intervalMs: number;
}

/**
 * Starts reconciling a provider account: a custodian wallet or a bank account (the one behind deposit
 * instructions, payout rails or collection accounts) on a rail, in one asset. The same account again
 * is 409 naming the one there.
 */
export async function createReconciliationAccount(sql: Sql, input: NewReconciliationAccount): Promise<ReconciliationAccountRow> {
  if (!networkByCode(input.rail) && !findRail(input.rail)) {
    throw new AppError('EdgeUnprocessable', `Unknown rail ${input.rail}.`, { errors: [{ pointer: '/body/rail', detail: 'not a network or bank rail code' }] });
  }
  if (!isAsset(input.asset)) throw new AppError('EdgeUnprocessable', `Unknown asset ${input.asset}.`, { errors: [{ pointer: '/body/currency', detail: 'unknown asset' }] });
  const [row] = await sql.unsafe(
    `insert into reconciliation_accounts (id, enterprise_id, rail, address, asset, lag_ms, interval_ms) values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (enterprise_id, rail, address, asset) do nothing returning ${ACCOUNT_COLUMNS}`,
    [uuidv7(), input.enterpriseId, input.rail, input.address, input.asset, input.lagMs, input.intervalMs],
  );
  if (!row) {
    const existing = await accountByIdentity(sql, input.enterpriseId, input.rail, input.address, input.asset);
    throw new AppError('EdgeConflict', 'This provider account is reconciled already.', { reason: 'reconciliation_account_exists', extensions: { existing_id: existing?.id ?? null } });
  }
  return toAccountRow(row);
}
