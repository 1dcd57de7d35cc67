import type { Sql, TransactionSql } from 'postgres';
import type { Caller, ScopePath } from '../../auth/caller';
import type { Permission } from '../../auth/permissions';
import { AppError, notFound } from '../../errors';
import { etagOf, iso, type Alongside } from '../../db/base';
import { uuidv7 } from '../../ids';
import { assetOf, formatAmount } from '../../ledger';
import { conditionHolds, lockMonitoredBalance, monitoredValue, type MonitorBalance, type MonitorOperator } from '../../ledger/monitors';
import { ScopePaths } from '../../events/log';
import { scopePathOf } from '../../auth/scope-paths';
import './events';

export type MonitorStatus = 'active' | 'disabled';

export interface MonitorRow {
  id: string;
  version: number;
  enterprise_id: string;
  account_ref: string;
  asset: string;
  balance: MonitorBalance;
  operator: MonitorOperator;
  /** Minor units, as text (NUMERIC). */
  threshold: string;
  description: string;
  status: MonitorStatus;
  state: boolean;
  last_crossed_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, version, enterprise_id, account_ref, asset, balance, operator, threshold::text, description, status, state, last_crossed_at, created_at, updated_at';

export function presentMonitor(m: MonitorRow) {
  return {
    id: m.id,
    resource: 'balance_monitor' as const,
    account_ref: m.account_ref,
    asset: m.asset,
    balance: m.balance,
    operator: m.operator,
    threshold: formatAmount(BigInt(m.threshold), m.asset),
    description: m.description,
    status: m.status,
    state: m.state,
    last_crossed_at: iso(m.last_crossed_at),
    etag: etagOf(m),
    created_at: m.created_at.toISOString(),
    updated_at: m.updated_at.toISOString(),
  };
}

const SIGNED_DECIMAL_RE = /^(-?)(0|[1-9][0-9]*)(\.[0-9]+)?$/;
const MAX_MINOR = 10n ** 78n - 1n;

/**
 * A threshold: a decimal string in the asset's precision, exactly (no rounding, as amounts), but
 * signed and possibly zero, since `available` goes negative within an overdraft. 422 at `pointer`.
 */
export function parseThreshold(value: string, asset: string, pointer = '/body/threshold'): bigint {
  const a = assetOf(asset, '/body/asset');
  const refuse = (detail: string) => new AppError('EdgeUnprocessable', `Invalid threshold: ${detail}.`, { errors: [{ pointer, detail }] });
  const m = SIGNED_DECIMAL_RE.exec(value);
  if (!m) throw refuse('must be a plain decimal string such as "100.00" or "-50.00"');
  const fraction = m[3] ? m[3].slice(1) : '';
  if (fraction.length > a.precision) throw refuse(`${a.code} allows at most ${a.precision} decimal places`);
  const minor = BigInt(m[2] + fraction.padEnd(a.precision, '0'));
  if (minor > MAX_MINOR) throw refuse('too large');
  return m[1] ? -minor : minor;
}

/** The account's ancestry if it exists; else 404 (an account of another enterprise included, by `require`). */
export async function accountPath(sql: Sql, accountRef: string): Promise<ScopePath> {
  const path = await scopePathOf(sql, accountRef);
  if (!path) throw notFound('account');
  return path;
}

/** The monitor if the caller holds `permission` at its account (404 out of scope, 403 without it). */
export async function authorizedMonitor(sql: Sql, caller: Caller, id: string, permission: Permission): Promise<MonitorRow> {
  const row = await findMonitor(sql, id);
  if (!row || row.enterprise_id !== caller.enterpriseId) throw notFound('balance monitor');
  caller.require(permission, (await scopePathOf(sql, row.account_ref)) ?? [`enterprises/${row.enterprise_id}`, row.account_ref], 'balance monitor');
  return row;
}

export async function findMonitor(sql: Sql | TransactionSql, id: string): Promise<MonitorRow | null> {
  const [row] = await sql.unsafe<MonitorRow[]>(`select ${COLUMNS} from balance_monitors where id = $1`, [id]);
  return row ?? null;
}

export interface NewMonitor {
  enterpriseId: string;
  accountRef: string;
  asset: string;
  balance: MonitorBalance;
  operator: MonitorOperator;
  threshold: bigint;
  description: string;
}

/**
 * Creates an active monitor whose `state` is the condition on the balance now, read under the
 * balance row's lock: a condition that already holds is not a crossing and writes no event.
 */
export async function createMonitor(sql: Sql, input: NewMonitor, alongside?: Alongside<MonitorRow>): Promise<MonitorRow> {
  return (await sql.begin(async (tx) => {
    const balance = await lockMonitoredBalance(tx, input);
    const state = conditionHolds(monitoredValue(input.balance, balance), input.operator, input.threshold);
    const [row] = await tx.unsafe<MonitorRow[]>(
      `insert into balance_monitors (id, enterprise_id, account_ref, asset, balance, operator, threshold, description, state)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning ${COLUMNS}`,
      [uuidv7(), input.enterpriseId, input.accountRef, input.asset, input.balance, input.operator, input.threshold.toString(), input.description, state],
    );
    await alongside?.(tx, row);
    return row;
  })) as MonitorRow;
}

export interface MonitorFilter {
  accountRef?: string;
  asset?: string;
  status?: MonitorStatus;
}

/** Up to `limit` of the enterprise's monitors after `afterId` (id order); `visibleMonitors` then filters them for the caller. */
export function listMonitors(sql: Sql, caller: Caller, filter: MonitorFilter, afterId: string | null, limit: number): Promise<MonitorRow[]> {
  return sql.unsafe<MonitorRow[]>(
    `select ${COLUMNS} from balance_monitors
      where enterprise_id = $1 and ($2::text is null or account_ref = $2) and ($3::text is null or asset = $3)
        and ($4::text is null or status = $4) and ($5::uuid is null or id > $5)
      order by id limit $6`,
    [caller.enterpriseId, filter.accountRef ?? null, filter.asset ?? null, filter.status ?? null, afterId, limit],
  );
}

/** The monitors of `rows` at accounts the caller may read. */
export async function visibleMonitors(sql: Sql, caller: Caller, rows: MonitorRow[]): Promise<MonitorRow[]> {
  const paths = new ScopePaths(sql);
  const visible: MonitorRow[] = [];
  for (const row of rows) {
    const path = (await paths.of(row.account_ref)) ?? [`enterprises/${row.enterprise_id}`, row.account_ref];
    if (caller.can('balance_monitors.read', path)) visible.push(row);
  }
  return visible;
}

export type MonitorChange =
  | { kind: 'update'; balance?: MonitorBalance; operator?: MonitorOperator; threshold?: bigint; description?: string }
  | { kind: 'enable' }
  | { kind: 'disable' };

/**
 * One change of a monitor, in one transaction: the watched balance row locked first (the write
 * engine's order), then the monitor; `authorize` sees the locked monitor (If-Match) before anything
 * changes. A new condition, or enabling, restarts the monitor from the balance now: its `state` is
 * recomputed and no event is written, whatever the value.
 */
export async function changeMonitor(
  sql: Sql,
  current: MonitorRow,
  change: MonitorChange,
  authorize: (row: MonitorRow) => void,
  alongside?: Alongside<MonitorRow>,
): Promise<MonitorRow> {
  return (await sql.begin(async (tx) => {
    // Account and asset never change, so the balance row to lock is known before the monitor's lock.
    const balance = await lockMonitoredBalance(tx, { enterpriseId: current.enterprise_id, accountRef: current.account_ref, asset: current.asset });
    const [row] = await tx.unsafe<MonitorRow[]>(`select ${COLUMNS} from balance_monitors where id = $1 for update`, [current.id]);
    if (!row) throw notFound('balance monitor');
    authorize(row);
    if (change.kind === 'enable' && row.status === 'active') return row;
    if (change.kind === 'disable' && row.status === 'disabled') return row;
    const next = {
      balance: change.kind === 'update' ? (change.balance ?? row.balance) : row.balance,
      operator: change.kind === 'update' ? (change.operator ?? row.operator) : row.operator,
      threshold: change.kind === 'update' ? (change.threshold ?? BigInt(row.threshold)) : BigInt(row.threshold),
      description: change.kind === 'update' ? (change.description ?? row.description) : row.description,
      status: change.kind === 'enable' ? 'active' : change.kind === 'disable' ? 'disabled' : row.status,
    };
    const state = conditionHolds(monitoredValue(next.balance, balance), next.operator, next.threshold);
    const [updated] = await tx.unsafe<MonitorRow[]>(
      `update balance_monitors
          set balance = $2, operator = $3, threshold = $4, description = $5, status = $6, state = $7, version = version + 1, updated_at = now()
        where id = $1 returning ${COLUMNS}`,
      [row.id, next.balance, next.operator, next.threshold.toString(), next.description, next.status, state],
    );
    await alongside?.(tx, updated);
    return updated;
  })) as MonitorRow;
}
