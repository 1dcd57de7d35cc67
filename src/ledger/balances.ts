import type { EntityManager } from '@mikro-orm/postgresql';
import type { Row, Sql } from 'postgres';
import { AppError } from '../errors';
import { formatAmount } from './assets';
import { inTransaction, type LedgerSql } from './core';

export interface Balance {
  accountRef: string;
  asset: string;
  enterpriseId: string;
  /** Fold of the postings. */
  total: bigint;
  /** Sum of pending holds. */
  held: bigint;
  /** total - held; may be negative down to -overdraftLimit. */
  available: bigint;
  /** Null: unbounded (system accounts). */
  overdraftLimit: bigint | null;
  /** Why money may not leave it (`reversal_shortfall`: a recall overdrew it), or null. */
  restrictedReason: string | null;
  updatedAt: Date;
}

const COLUMNS = 'account_ref, asset, enterprise_id, total::text, held::text, overdraft_limit::text, restricted_reason, updated_at';

/** A balance row as read; `updatedAt` is the instant it describes (its last change, or an `as_of`). */
export function toBalance(r: Row, updatedAt: Date = r.updated_at): Balance {
  const total = BigInt(r.total);
  const held = BigInt(r.held);
  return {
    accountRef: r.account_ref,
    asset: r.asset,
    enterpriseId: r.enterprise_id,
    total,
    held,
    available: total - held,
    overdraftLimit: r.overdraft_limit == null ? null : BigInt(r.overdraft_limit),
    restrictedReason: r.restricted_reason ?? null,
    updatedAt,
  };
}

/** Balances of one account (every asset it ever held, or one), ordered by asset. */
export async function balancesOf(sql: LedgerSql, accountRef: string, asset?: string): Promise<Balance[]> {
  const rows = await (sql as Sql).unsafe(
    `select ${COLUMNS} from ledger_balances where account_ref = $1 and ($2::text is null or asset = $2) order by asset`,
    [accountRef, asset ?? null],
    { prepare: true },
  );
  return rows.map((r) => toBalance(r));
}

/** Reads through postgres.js or a MikroORM EntityManager (so ORM transactions can check too). */
async function select(db: LedgerSql | EntityManager, text: string, params: unknown[]): Promise<Row[]> {
  if (typeof db === 'function') return (db as Sql).unsafe(text, params as never[], { prepare: true });
  return (db as EntityManager).execute(text.replace(/\$\d+/g, '?'), params);
}

/**
 * Balances that keep an account from closing: a non-zero total or a pending hold. Scope: given
 * accounts, or every non-system account of an enterprise. Empty means "all at zero, no holds".
 */
export async function openPositions(db: LedgerSql | EntityManager, scope: { accountRefs: string[] } | { enterpriseId: string }): Promise<Balance[]> {
  const rows =
    'accountRefs' in scope
      ? await select(
          db,
          `select ${COLUMNS} from ledger_balances where account_ref in (select jsonb_array_elements_text($1::text::jsonb)) and (total <> 0 or held <> 0) order by account_ref, asset`,
          [JSON.stringify(scope.accountRefs)],
        )
      : await select(
          db,
          `select ${COLUMNS} from ledger_balances
            where enterprise_id = $1 and account_ref not like 'system/%' and (total <> 0 or held <> 0) order by account_ref, asset`,
          [scope.enterpriseId],
        );
  return rows.map((r) => toBalance(r));
}

/**
 * Sets the overdraft limit of an (account, asset). Lowering it below what is already used is 409:
 * the funds invariant (available >= -limit) holds at every moment, so credits can never fail.
 */
export async function setOverdraftLimit(
  sql: LedgerSql,
  input: { enterpriseId: string; accountRef: string; asset: string; limit: bigint },
): Promise<Balance> {
  if (input.limit < 0n) throw new Error('ledger: an overdraft limit is not negative');
  if (input.accountRef.startsWith('system/')) throw new Error('ledger: system accounts have no overdraft limit');
  return inTransaction(sql, async (tx) => {
    await tx`insert into ledger_balances (account_ref, asset, enterprise_id) values (${input.accountRef}, ${input.asset}, ${input.enterpriseId})
             on conflict (account_ref, asset) do nothing`;
    const [row] = await tx.unsafe(
      `update ledger_balances set overdraft_limit = $3, updated_at = now()
        where account_ref = $1 and asset = $2 and total - held + $3::numeric >= 0 returning ${COLUMNS}`,
      [input.accountRef, input.asset, input.limit.toString()],
    );
    if (!row) throw new AppError('EdgeConflict', 'The overdraft in use exceeds the new limit.', { reason: 'overdraft_in_use' });
    return toBalance(row);
  });
}

/** `client-accounts/<id>` → `client_account`. */
export function ownerSubtype(accountRef: string): string {
  const collection = accountRef.slice(0, accountRef.indexOf('/'));
  return collection.replace(/-accounts$/, '_account').replace(/s$/, '');
}

/** The balance item of the tenant API contract. */
export function presentBalance(b: Balance) {
  const overdraftUsed = b.available < 0n ? -b.available : 0n;
  return {
    asset: b.asset,
    available: formatAmount(b.available, b.asset),
    held: formatAmount(b.held, b.asset),
    total: formatAmount(b.total, b.asset),
    overdraft_limit: b.overdraftLimit === null ? null : formatAmount(b.overdraftLimit, b.asset),
    overdraft_used: formatAmount(overdraftUsed, b.asset),
    overdraft_headroom: b.overdraftLimit === null ? null : formatAmount(b.overdraftLimit - overdraftUsed, b.asset),
    restricted_reason: b.restrictedReason,
    owner_ref: b.accountRef,
    owner_subtype: ownerSubtype(b.accountRef),
    updated_at: b.updatedAt.toISOString(),
  };
}

/** A zero balance for an asset the account never held (so `?asset=` always answers). */
export function emptyBalance(enterpriseId: string, accountRef: string, asset: string, at: Date): Balance {
  return { accountRef, asset, enterpriseId, total: 0n, held: 0n, available: 0n, overdraftLimit: 0n, restrictedReason: null, updatedAt: at };
}
