import type { Sql, TransactionSql } from 'postgres';
import type { Caller, ScopePath, SubjectAttribution } from '../../auth/caller';
import { AppError, conflict, notFound } from '../../errors';
import { etagOf } from '../../db/base';
import { recordEventSql } from '../../events/outbox';
import { uuidv7 } from '../../ids';
import type { IdempotencyScope } from '../../http/idempotency';
import type { Metrics } from '../../metrics';
import { bookWithin, money, type Asset } from '../../ledger';
import { enterpriseClosed, enterpriseSuspended } from '../tenancy/lifecycle';
import { scopePathOf } from '../tenancy/scopes';
import { TRANSFER_EVENTS, type TRANSFER_STATUSES } from './events';

/*
 * Internal transfers are written with raw SQL (services.sql): creating one is the ledger's hot path,
 * and the whole transaction — account checks, booking, transfer row, event — goes out as one
 * pipelined batch instead of the ORM's round trip per statement.
 */

export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

export interface TransferRow {
  id: string;
  version: number;
  created_at: Date;
  updated_at: Date;
  enterprise_id: string;
  source_ref: string;
  target_ref: string;
  asset: string;
  amount: string;
  status: TransferStatus;
  approval_ref: string | null;
  failure_reason: string | null;
  ledger_transaction_id: string | null;
  subject_attribution: SubjectAttribution;
  settled_at: Date | null;
}

const COLUMNS = `id, version, created_at, updated_at, enterprise_id, source_ref, target_ref, asset, amount::text,
  status, approval_ref, failure_reason, ledger_transaction_id, subject_attribution, settled_at`;

/** The seed's transaction record. Fees of internal transfers are zero until an agreement prices them. */
export function presentTransfer(t: TransferRow) {
  return {
    id: t.id,
    account_ref: t.source_ref,
    approval_ref: t.approval_ref,
    family: 'internal_transfer' as const,
    family_params: { source_ref: t.source_ref, target_ref: t.target_ref },
    principal_amount: money(BigInt(t.amount), t.asset),
    fee_summary: { components: [], total: money(0n, t.asset) },
    fill_rate: null,
    failure_reason: t.failure_reason,
    status: t.status,
    settled_at: t.settled_at ? t.settled_at.toISOString() : null,
    subject_attribution: t.subject_attribution,
    etag: etagOf(t),
    created_at: t.created_at.toISOString(),
    updated_at: t.updated_at.toISOString(),
  };
}

interface AccountState {
  ref: string;
  enterprise_id: string;
  client_id: string | null;
  status: string;
  client_status: string | null;
  admission_state: string;
  restriction_state: string;
}

/**
 * Reads the accounts with FOR KEY SHARE, in id order (client accounts, then master accounts): an
 * account close (FOR UPDATE) waits for in-flight transfers and later transfers see it closed.
 */
function lockAccounts(tx: Sql | TransactionSql, refs: string[]): Promise<AccountState[]> {
  const ids = (prefix: string) => refs.filter((r) => r.startsWith(prefix)).map((r) => r.slice(prefix.length));
  const clientIds = ids('client-accounts/');
  const masterIds = ids('master-accounts/');
  const queries = [];
  if (clientIds.length > 0) {
    queries.push(tx<AccountState[]>`
      select 'client-accounts/' || a.id as ref, a.enterprise_id, a.client_id, a.status, c.status as client_status,
             e.admission_state, e.restriction_state
        from client_accounts a join clients c on c.id = a.client_id join enterprises e on e.id = a.enterprise_id
       where a.id = any(${clientIds}::uuid[]) order by a.id for key share of a`);
  }
  if (masterIds.length > 0) {
    queries.push(tx<AccountState[]>`
      select 'master-accounts/' || m.id as ref, m.enterprise_id, null as client_id, m.status, null as client_status,
             e.admission_state, e.restriction_state
        from master_accounts m join enterprises e on e.id = m.enterprise_id
       where m.id = any(${masterIds}::uuid[]) order by m.id for key share of m`);
  }
  return Promise.all(queries.map((q) => q.execute())).then((rs) => rs.flat());
}

function pathOf(a: AccountState): ScopePath {
  return a.client_id ? [`enterprises/${a.enterprise_id}`, `clients/${a.client_id}`, a.ref] : [`enterprises/${a.enterprise_id}`, a.ref];
}

/** 404 for accounts that do not exist or are out of scope, then 410/409 for closed or suspended holders. */
function assertMovable(caller: Caller, accounts: AccountState[], sourceRef: string, targetRef: string): void {
  const source = accounts.find((a) => a.ref === sourceRef);
  const target = accounts.find((a) => a.ref === targetRef);
  if (!source) throw notFound('source account');
  caller.require('transfers.create', pathOf(source), 'source account');
  if (!target || !caller.sees(pathOf(target))) throw notFound('target account');
  if (source.admission_state === 'closed') throw enterpriseClosed();
  if (source.restriction_state === 'suspended') throw enterpriseSuspended();
  for (const [a, side] of [[source, 'source'], [target, 'target']] as const) {
    if (a.client_status && a.client_status !== 'active') {
      throw conflict(`The client of the ${side} account is ${a.client_status}.`, `client_${a.client_status}`);
    }
    if (a.status !== 'active') throw conflict(`The ${side} account is ${a.status}.`, `account_${a.status}`);
  }
}

export interface NewInternalTransfer {
  sourceRef: string;
  targetRef: string;
  asset: Asset;
  amount: bigint;
}

/**
 * Executes an internal transfer: checks, ledger booking, transfer row and event in one transaction
 * and one pipelined round trip. Without an approval policy (a later issue) it is `executed` at once.
 */
export async function createInternalTransfer(
  sql: Sql,
  caller: Caller,
  input: NewInternalTransfer,
  metrics: Metrics,
  idempotency?: IdempotencyScope,
): Promise<TransferRow> {
  if (input.sourceRef === input.targetRef) {
    throw new AppError('EdgeUnprocessable', 'The source and target accounts are the same.', {
      errors: [{ pointer: '/body/target_ref', detail: 'must differ from source_ref' }],
    });
  }
  const now = new Date();
  const id = uuidv7(now.getTime());
  const ledgerKey = `internal_transfer/${id}`;
  const row: TransferRow = {
    id,
    version: 1,
    created_at: now,
    updated_at: now,
    enterprise_id: caller.enterpriseId,
    source_ref: input.sourceRef,
    target_ref: input.targetRef,
    asset: input.asset.code,
    amount: input.amount.toString(),
    status: 'executed',
    approval_ref: null,
    failure_reason: null,
    ledger_transaction_id: null,
    subject_attribution: caller.attribution(),
    settled_at: now,
  };
  await sql.begin(async (tx) => {
    // One pipelined round trip, in this order (execute() fixes it): the accounts (FOR KEY SHARE),
    // the booking (balance locks), the transfer row, the event, and the Idempotency-Key answer —
    // in this transaction, so a key is `completed` exactly when the transfer committed and a retry
    // after a crash can never book twice.
    const accounts = lockAccounts(tx, [input.sourceRef, input.targetRef]);
    const booked = bookWithin(tx, {
      key: ledgerKey,
      enterpriseId: caller.enterpriseId,
      kind: 'internal_transfer',
      legs: [
        { accountRef: input.sourceRef, asset: input.asset.code, amount: -input.amount },
        { accountRef: input.targetRef, asset: input.asset.code, amount: input.amount },
      ],
      metrics,
    });
    const inserted = tx`
      insert into internal_transfers (id, version, created_at, updated_at, enterprise_id, source_ref, target_ref, asset, amount,
                                      status, ledger_transaction_id, subject_attribution, settled_at)
      values (${id}, 1, ${now}, ${now}, ${caller.enterpriseId}, ${input.sourceRef}, ${input.targetRef}, ${input.asset.code},
              ${row.amount}::numeric, 'executed',
              (select id from ledger_transactions where business_key = ${ledgerKey}),
              ${tx.json(row.subject_attribution as never)}, ${now})
      returning ledger_transaction_id`.execute();
    const event = recordEventSql(tx, {
      type: TRANSFER_EVENTS.executed,
      enterpriseId: caller.enterpriseId,
      scopeRef: input.sourceRef,
      resourceRef: `internal-transfers/${id}`,
      payload: presentTransfer(row),
      attribution: row.subject_attribution,
    });
    const answered = idempotency?.record(tx, { status: 201, body: presentTransfer(row) }).execute();
    const [a, b, i, e, k] = await Promise.allSettled([accounts, booked, inserted, event, answered]);
    // Refusals in the order a client expects them: existence and scope, lifecycle, then funds.
    if (a.status === 'rejected') throw a.reason;
    assertMovable(caller, a.value, input.sourceRef, input.targetRef);
    if (b.status === 'rejected') throw b.reason;
    if (i.status === 'rejected') throw i.reason;
    if (e.status === 'rejected') throw e.reason;
    if (k.status === 'rejected') throw k.reason;
    row.ledger_transaction_id = i.value[0].ledger_transaction_id;
  });
  return row;
}

export async function findTransfer(sql: Sql, id: string): Promise<TransferRow | null> {
  const [row] = await sql.unsafe(`select ${COLUMNS} from internal_transfers where id = $1`, [id]);
  return (row as unknown as TransferRow | undefined) ?? null;
}

/** The transfer if the caller may read it at its source account, else 404. */
export async function readableTransfer(sql: Sql, caller: Caller, id: string): Promise<TransferRow> {
  const row = await findTransfer(sql, id);
  const path = row ? await scopePathOf(sql, row.source_ref) : null;
  if (!row || !path) throw notFound('internal transfer');
  caller.require('transfers.read', path, 'internal transfer');
  return row;
}

/**
 * Cancels a transfer that has not executed (pending approval). Executed, cancelled, rejected or
 * failed transfers are 409 with reason `internal_transfer_<status>`.
 */
export async function cancelInternalTransfer(sql: Sql, caller: Caller, id: string): Promise<TransferRow> {
  return (await sql.begin(async (tx) => {
    const [row] = (await tx.unsafe(`select ${COLUMNS} from internal_transfers where id = $1 for update`, [id])) as unknown as TransferRow[];
    const path = row ? await scopePathOf(sql, row.source_ref) : null;
    if (!row || !path) throw notFound('internal transfer');
    caller.require('transfers.create', path, 'internal transfer');
    if (row.status !== 'pending_approval') {
      throw conflict(`The internal transfer is ${row.status}; only a transfer awaiting approval can be cancelled.`, `internal_transfer_${row.status}`);
    }
    const [updated] = (await tx.unsafe(
      `update internal_transfers set status = 'cancelled', version = version + 1, updated_at = now() where id = $1 returning ${COLUMNS}`,
      [id],
    )) as unknown as TransferRow[];
    await recordEventSql(tx, {
      type: TRANSFER_EVENTS.cancelled,
      enterpriseId: updated.enterprise_id,
      scopeRef: updated.source_ref,
      resourceRef: `internal-transfers/${id}`,
      payload: presentTransfer(updated),
      attribution: caller.attribution(),
    });
    return updated;
  })) as TransferRow;
}

export interface TransferFilter {
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
  } else if (!caller.can('transfers.read', [caller.enterpriseRef])) {
    accounts = await readableAccounts(sql, caller);
    if (accounts.length === 0) return [];
  }
  return (await sql.unsafe(
    `select ${COLUMNS} from internal_transfers
      where enterprise_id = $1
        and ($2::text[] is null or source_ref = any($2) or target_ref = any($2))
        and ($3::text is null or status = $3)
        and ($4::timestamptz is null or created_at >= $4)
        and ($5::timestamptz is null or created_at < $5)
        and ($6::uuid is null or id > $6)
      order by id limit $7`,
    [caller.enterpriseId, accounts as never, filter.status ?? null, filter.createdAfter ?? null, filter.createdBefore ?? null, after, limit],
  )) as unknown as TransferRow[];
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
