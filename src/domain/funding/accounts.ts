import type { Sql, TransactionSql } from 'postgres';
import { parseRef } from '../../ids';
import { notFound } from '../../errors';
import type { Caller, ScopePath } from '../../auth/caller';
import type { Permission } from '../../auth/permissions';

/** An account money can arrive at: a client account or a master account. */
export interface FundableAccount {
  accountRef: string;
  enterpriseId: string;
  clientId: string | null;
  status: 'active' | 'suspended' | 'closed';
  /** Scope path for authorization (`enterprises/E`, [`clients/C`], the account). */
  path: ScopePath;
}

/** Resolves `client-accounts/<id>` or `master-accounts/<id>`; null when no such account exists. */
export async function fundableAccount(sql: Sql | TransactionSql, accountRef: string): Promise<FundableAccount | null> {
  const parsed = parseRef(accountRef);
  if (!parsed) return null;
  if (parsed.collection === 'client-accounts') {
    const [row] = await sql`select enterprise_id, client_id, status from client_accounts where id = ${parsed.id}`;
    if (!row) return null;
    return { accountRef, enterpriseId: row.enterprise_id, clientId: row.client_id, status: row.status, path: [`enterprises/${row.enterprise_id}`, `clients/${row.client_id}`, accountRef] };
  }
  if (parsed.collection === 'master-accounts') {
    const [row] = await sql`select enterprise_id, status from master_accounts where id = ${parsed.id}`;
    if (!row) return null;
    return { accountRef, enterpriseId: row.enterprise_id, clientId: null, status: row.status, path: [`enterprises/${row.enterprise_id}`, accountRef] };
  }
  return null;
}

/** Scope path of a row that carries enterprise_id, client_id and account_ref. */
export function pathOfRow(row: { enterprise_id: string; client_id: string | null; account_ref: string }): ScopePath {
  return row.client_id
    ? [`enterprises/${row.enterprise_id}`, `clients/${row.client_id}`, row.account_ref]
    : [`enterprises/${row.enterprise_id}`, row.account_ref];
}

/**
 * What part of its enterprise a caller may list with `permission`, as SQL-ready filters over rows
 * with (client_id, account_ref): everything, some clients' subtrees, or single accounts.
 */
export interface Visibility {
  all: boolean;
  clientIds: string[];
  accountRefs: string[];
}

export function visibility(caller: Caller, permission: Permission): Visibility {
  const v: Visibility = { all: false, clientIds: [], accountRefs: [] };
  for (const g of caller.scopesWith(permission)) {
    const parsed = parseRef(g.scopeRef);
    if (!parsed) continue;
    if (g.scopeRef === caller.enterpriseRef && g.propagation === 'subtree') v.all = true;
    else if (parsed.collection === 'clients' && g.propagation === 'subtree') v.clientIds.push(parsed.id);
    else if (parsed.collection === 'client-accounts' || parsed.collection === 'master-accounts') v.accountRefs.push(g.scopeRef);
  }
  return v;
}

/** The SQL condition for `visibility` (rows must also be filtered by enterprise_id). */
export function visibleCondition(sql: Sql, v: Visibility, alias: string) {
  if (v.all) return sql`true`;
  return sql`(${sql(`${alias}.client_id`)} = any(${v.clientIds}::uuid[]) or ${sql(`${alias}.account_ref`)} = any(${v.accountRefs}::text[]))`;
}

/** The account behind `accountRef` when the caller holds `permission` on it: 404 out of scope or missing, 403 in scope without it. */
export async function requireAccount(sql: Sql, caller: Caller, accountRef: string, permission: Permission): Promise<FundableAccount> {
  const account = await fundableAccount(sql, accountRef);
  if (!account) throw notFound('account');
  caller.require(permission, account.path, 'account');
  return account;
}
