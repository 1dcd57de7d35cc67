import type { Sql } from 'postgres';
import { ScheduleOverlapPolicy } from '@temporalio/client';
import type { SubjectAttribution } from '../../auth/caller';
import type { Services } from '../../services';
import { AppError } from '../../errors';
import { etagOf } from '../../db/base';
import { uuidv7 } from '../../ids';
import { formatAmount, isAsset } from '../../money/assets';
import { findRail } from '../../reference/bank-rails';
import { networkByCode } from '../../reference/networks';
import { SA } from '../../temporal/search-attributes';
import { RECONCILIATION_RUN_WORKFLOW, reconciliationRunWorkflowId, reconciliationScheduleId, type ReconciliationRunInput } from './messages';
import { ACCOUNT_COLUMNS, accountByIdentity, toAccountRow, type ReconciliationAccountRow } from './store';

export interface NewReconciliationAccount {
  enterpriseId: string;
  rail: string;
  address: string;
  asset: string;
  lagMs: number;
  intervalMs: number;
  statementSource?: 'provider' | 'files';
  /** Minor units. */
  openingBalance?: bigint;
  description?: string;
  attribution?: SubjectAttribution | null;
}

/**
 * Starts reconciling a provider account: a custodian wallet or a bank account (the one behind deposit
 * instructions, payout rails or collection accounts) on a rail, in one asset. The same account again
 * is 409 naming the one there.
 */
export async function createReconciliationAccount(sql: Sql, input: NewReconciliationAccount, id = uuidv7()): Promise<ReconciliationAccountRow> {
  if (!networkByCode(input.rail) && !findRail(input.rail)) {
    throw new AppError('EdgeUnprocessable', `Unknown rail ${input.rail}.`, { errors: [{ pointer: '/body/rail', detail: 'not a network or bank rail code' }] });
  }
  if (!isAsset(input.asset)) throw new AppError('EdgeUnprocessable', `Unknown asset ${input.asset}.`, { errors: [{ pointer: '/body/currency', detail: 'unknown asset' }] });
  const [row] = await sql.unsafe(
    `insert into reconciliation_accounts (id, enterprise_id, rail, address, asset, lag_ms, interval_ms, statement_source, opening_balance, description, subject_attribution)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::text::jsonb)
     on conflict (enterprise_id, rail, address, asset) do nothing returning ${ACCOUNT_COLUMNS}`,
    [
      id,
      input.enterpriseId,
      input.rail,
      input.address,
      input.asset,
      input.lagMs,
      input.intervalMs,
      input.statementSource ?? 'provider',
      (input.openingBalance ?? 0n).toString(),
      input.description ?? '',
      input.attribution ? JSON.stringify(input.attribution) : null,
    ],
  );
  if (!row) {
    const existing = await accountByIdentity(sql, input.enterpriseId, input.rail, input.address, input.asset);
    throw new AppError('EdgeConflict', 'This provider account is reconciled already.', { reason: 'reconciliation_account_exists', extensions: { existing_id: existing?.id ?? null } });
  }
  return toAccountRow(row);
}

/**
 * An account reconciled on its own Temporal Schedule: the row first (a duplicate is refused before
 * any schedule exists), then the schedule; if the schedule cannot be made, the row goes again.
 */
export async function openReconciliationAccount(services: Services, input: NewReconciliationAccount): Promise<ReconciliationAccountRow> {
  const row = await createReconciliationAccount(services.sql, input);
  try {
    const client = await services.temporal.get();
    await client.schedule.create({
      scheduleId: reconciliationScheduleId(row.id),
      spec: { intervals: [{ every: row.interval_ms }] },
      // A run still going when the next is due: the next waits for it, and one missed while down catches up once.
      policies: { overlap: ScheduleOverlapPolicy.BUFFER_ONE, catchupWindow: '1 hour' },
      action: {
        type: 'startWorkflow',
        workflowType: RECONCILIATION_RUN_WORKFLOW,
        taskQueue: services.temporal.taskQueue,
        workflowId: reconciliationRunWorkflowId(row.id),
        args: [{ accountId: row.id, trigger: 'schedule' } satisfies ReconciliationRunInput],
        typedSearchAttributes: [
          { key: SA.family, value: 'reconciliation' },
          { key: SA.enterprise, value: row.enterprise_id },
        ],
      },
    });
  } catch (err) {
    await services.sql`delete from reconciliation_accounts where id = ${row.id}`;
    throw err;
  }
  return row;
}

export function presentAccount(a: ReconciliationAccountRow, reconciledThrough: string | null) {
  const money = (v: string) => ({ currency: a.asset, value: formatAmount(BigInt(v), a.asset) });
  return {
    id: a.id,
    resource: 'reconciliation_account' as const,
    rail: a.rail,
    address: a.address,
    currency: a.asset,
    description: a.description,
    statement_source: a.statement_source,
    opening_balance: money(a.opening_balance),
    lag_seconds: Math.round(a.lag_ms / 1000),
    interval_seconds: Math.round(a.interval_ms / 1000),
    temporal_schedule_id: reconciliationScheduleId(a.id),
    provider_balance: a.provider_balance === null ? null : money(a.provider_balance),
    provider_balance_at: a.provider_balance_at ? a.provider_balance_at.toISOString() : null,
    reconciled_through: reconciledThrough,
    etag: etagOf(a),
    created_at: a.created_at.toISOString(),
    updated_at: a.updated_at.toISOString(),
  };
}

/** How long a run started by hand is awaited before the answer says it is still going. */
const MANUAL_RUN_WAIT_MS = 30_000;

/**
 * Starts a run of the account now, as its own workflow (as the schedule's are), and waits for it a
 * while: the run's id when it finished, else the workflow's id to follow it in the Temporal UI.
 */
export async function runReconciliationNow(services: Services, account: ReconciliationAccountRow): Promise<{ runId: string | null; workflowId: string }> {
  const client = await services.temporal.get();
  const workflowId = reconciliationRunWorkflowId(account.id, uuidv7());
  const handle = await client.workflow.start(RECONCILIATION_RUN_WORKFLOW, {
    taskQueue: services.temporal.taskQueue,
    workflowId,
    args: [{ accountId: account.id, trigger: 'manual' } satisfies ReconciliationRunInput],
    typedSearchAttributes: [
      { key: SA.family, value: 'reconciliation' },
      { key: SA.enterprise, value: account.enterprise_id },
    ],
  });
  let timer: NodeJS.Timeout | undefined;
  const waited = await Promise.race([
    handle.result() as Promise<{ runId: string } | null>,
    new Promise<'pending'>((resolve) => (timer = setTimeout(() => resolve('pending'), MANUAL_RUN_WAIT_MS))),
  ]).finally(() => clearTimeout(timer));
  return { runId: waited === 'pending' || waited === null ? null : waited.runId, workflowId };
}
