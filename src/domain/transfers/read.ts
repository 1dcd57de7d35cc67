import type { Sql } from 'postgres';
import type { Caller } from '../../auth/caller';
import { notFound } from '../../errors';
import { scopePathOf } from '../../auth/scope-paths';
import { referenceMetadataWhere, type ReferenceMetadataFilter } from '../../db/references';
import type { TransferStatus } from './model';
import { TRANSFER_COLUMNS, findBatch, findTransfer, toTransferRow, type BatchRow, type TransferRow } from './store';

/*
 * Reading transfers and batches: each answer only what the caller may read (404 out of scope).
 */

/** The transfer if the caller may read it at its source account, else 404. */
export async function readableTransfer(sql: Sql, caller: Caller, id: string): Promise<TransferRow> {
  const row = await findTransfer(sql, id);
  const path = row ? await scopePathOf(sql, row.source_ref) : null;
  if (!row || !path) throw notFound('internal transfer');
  caller.require('transfers.read', path, 'internal transfer');
  return row;
}

export interface TransferFilter extends ReferenceMetadataFilter {
  accountRef?: string;
  status?: TransferStatus;
  createdAfter?: string;
  createdBefore?: string;
}

/**
 * A page of transfers the caller may read: all of the enterprise with an enterprise-wide grant,
 * else those touching accounts under the scopes it holds `transfers.read` at.
 */
export async function listTransfers(sql: Sql, caller: Caller, filter: TransferFilter, after: string | null, limit: number): Promise<TransferRow[]> {
  let accounts: string[] | null = null;
  if (filter.accountRef) {
    const path = await scopePathOf(sql, filter.accountRef);
    if (!path) throw notFound('account');
    caller.require('transfers.read', path, 'account');
    accounts = [filter.accountRef];
  } else if (!caller.canBelow('transfers.read', [caller.enterpriseRef])) {
    accounts = await readableAccounts(sql, caller);
    if (accounts.length === 0) return [];
  }
  const annotated = referenceMetadataWhere(filter, 8);
  const rows = await sql.unsafe(
    `select ${TRANSFER_COLUMNS} from internal_transfers
      where enterprise_id = $1
        and ($2::text[] is null or source_ref = any($2) or target_ref = any($2))
        and ($3::text is null or status = $3)
        and ($4::timestamptz is null or created_at >= $4)
        and ($5::timestamptz is null or created_at < $5)
        and ($6::uuid is null or id > $6)
        and ${annotated.text}
      order by id limit $7`,
    [caller.enterpriseId, accounts as never, filter.status ?? null, filter.createdAfter ?? null, filter.createdBefore ?? null, after, limit, ...(annotated.params as never[])],
    { prepare: true },
  );
  return rows.map(toTransferRow);
}

/** Accounts under the scopes where the caller holds transfers.read (below enterprise level). */
async function readableAccounts(sql: Sql, caller: Caller): Promise<string[]> {
  const scopes = caller.scopesWith('transfers.read').map((g) => g.scopeRef);
  const clientIds = scopes.filter((s) => s.startsWith('clients/')).map((s) => s.slice(8));
  const direct = scopes.filter((s) => s.startsWith('client-accounts/') || s.startsWith('master-accounts/'));
  const rows = clientIds.length
    ? await sql`select 'client-accounts/' || id as ref from client_accounts where client_id = any(${clientIds}::uuid[]) and enterprise_id = ${caller.enterpriseId}`
    : [];
  return [...direct, ...rows.map((r) => r.ref as string)];
}

/** The batch if the caller may read transfers at every source account of it, else 404 (out of scope) or 403. */
export async function readableBatch(sql: Sql, caller: Caller, id: string): Promise<BatchRow> {
  const row = await findBatch(sql, caller.enterpriseId, id);
  if (!row) throw notFound('internal transfer batch');
  // Every transfer refused before its accounts were known: an enterprise-wide reader's.
  if (row.source_refs.length === 0) caller.require('transfers.read', [caller.enterpriseRef], 'internal transfer batch');
  for (const ref of row.source_refs) {
    const path = await scopePathOf(sql, ref);
    if (!path) throw notFound('internal transfer batch');
    caller.require('transfers.read', path, 'internal transfer batch');
  }
  return row;
}
