import type { Row, Sql, TransactionSql } from 'postgres';
import type { SubjectAttribution } from '../../auth/caller';
import { etagOf } from '../../db/base';
import { recordEventSql } from '../../events/outbox';
import { money } from '../../money/assets';
import type { PolicyDecision } from '../policies';
import { canMoveReturn, OPEN_RETURN_STATUSES, type DepositReturnReason, type DepositReturnStatus } from './return-model';
import { DEPOSIT_RETURN_ENDED, DEPOSIT_RETURN_EXECUTED, DEPOSIT_RETURN_REQUESTED } from './return-events';

/* The rows of `deposit_returns`: one column list, one mapper, and the statements that read and move them. */

export interface DepositReturnRow {
  id: string;
  version: number;
  created_at: Date;
  updated_at: Date;
  enterprise_id: string;
  deposit_id: string;
  account_ref: string;
  asset: string;
  amount: string;
  reason: DepositReturnReason;
  status: DepositReturnStatus;
  failure_reason: string | null;
  hold_id: string | null;
  approval_ref: string | null;
  policy_decision: PolicyDecision;
  subject_attribution: SubjectAttribution;
  provider_reference: string | null;
  ledger_transaction_id: string | null;
  executed_at: Date | null;
}

const SELECT: Record<keyof DepositReturnRow, string> = {
  id: 'id',
  version: 'version',
  created_at: 'created_at',
  updated_at: 'updated_at',
  enterprise_id: 'enterprise_id',
  deposit_id: 'deposit_id',
  account_ref: 'account_ref',
  asset: 'asset',
  amount: 'amount::text', // exact: numeric travels as its decimal text
  reason: 'reason',
  status: 'status',
  failure_reason: 'failure_reason',
  hold_id: 'hold_id',
  approval_ref: 'approval_ref',
  policy_decision: 'policy_decision',
  subject_attribution: 'subject_attribution',
  provider_reference: 'provider_reference',
  ledger_transaction_id: 'ledger_transaction_id',
  executed_at: 'executed_at',
};
const COLUMNS = Object.entries(SELECT)
  .map(([field, expr]) => (expr === field ? field : `${expr} as ${field}`))
  .join(', ');

export function toDepositReturnRow(r: Row): DepositReturnRow {
  return {
    id: r.id,
    version: r.version,
    created_at: r.created_at,
    updated_at: r.updated_at,
    enterprise_id: r.enterprise_id,
    deposit_id: r.deposit_id,
    account_ref: r.account_ref,
    asset: r.asset,
    amount: r.amount,
    reason: r.reason,
    status: r.status,
    failure_reason: r.failure_reason,
    hold_id: r.hold_id,
    approval_ref: r.approval_ref,
    policy_decision: r.policy_decision,
    subject_attribution: r.subject_attribution,
    provider_reference: r.provider_reference,
    ledger_transaction_id: r.ledger_transaction_id,
    executed_at: r.executed_at,
  };
}

export function presentDepositReturn(r: DepositReturnRow) {
  return {
    id: r.id,
    resource: 'deposit_return' as const,
    deposit_ref: `deposits/${r.deposit_id}`,
    account_ref: r.account_ref,
    amount: money(BigInt(r.amount), r.asset),
    reason: r.reason,
    status: r.status,
    failure_reason: r.failure_reason,
    approval_ref: r.approval_ref,
    policy_decision: r.policy_decision,
    provider_reference: r.provider_reference,
    ledger_transaction_ref: r.ledger_transaction_id ? `ledger-transactions/${r.ledger_transaction_id}` : null,
    subject_attribution: r.subject_attribution,
    executed_at: r.executed_at ? new Date(r.executed_at).toISOString() : null,
    etag: etagOf(r),
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
  };
}

const EVENT_OF: Partial<Record<DepositReturnStatus, string>> = {
  pending_approval: DEPOSIT_RETURN_REQUESTED,
  executed: DEPOSIT_RETURN_EXECUTED,
  rejected: DEPOSIT_RETURN_ENDED,
  expired: DEPOSIT_RETURN_ENDED,
  cancelled: DEPOSIT_RETURN_ENDED,
  failed: DEPOSIT_RETURN_ENDED,
};

/** Records the event of the state the return entered (a return executing at once is `requested` too). */
export function recordReturnEvent(tx: TransactionSql, row: DepositReturnRow, attribution: SubjectAttribution | null, type = EVENT_OF[row.status]): Promise<unknown> {
  if (!type) return Promise.resolve();
  return recordEventSql(tx, { type, enterpriseId: row.enterprise_id, scopeRef: row.account_ref, resourceRef: `deposit-returns/${row.id}`, payload: presentDepositReturn(row), attribution });
}

export async function insertDepositReturn(tx: TransactionSql, row: Omit<DepositReturnRow, 'version' | 'created_at' | 'updated_at' | 'executed_at' | 'ledger_transaction_id' | 'provider_reference' | 'failure_reason'>): Promise<DepositReturnRow> {
  const [inserted] = await tx.unsafe(
    `insert into deposit_returns (id, enterprise_id, deposit_id, account_ref, asset, amount, reason, status, hold_id, approval_ref, policy_decision, subject_attribution)
     values ($1, $2, $3, $4, $5, $6::numeric, $7::text::jsonb, $8, $9, $10, $11::text::jsonb, $12::text::jsonb) returning ${COLUMNS}`,
    [row.id, row.enterprise_id, row.deposit_id, row.account_ref, row.asset, row.amount, JSON.stringify(row.reason), row.status, row.hold_id, row.approval_ref,
      JSON.stringify(row.policy_decision), JSON.stringify(row.subject_attribution)] as never[],
  );
  return toDepositReturnRow(inserted);
}

export async function lockDepositReturn(tx: TransactionSql, id: string): Promise<DepositReturnRow | null> {
  const [row] = await tx.unsafe(`select ${COLUMNS} from deposit_returns where id = $1 for update`, [id]);
  return row ? toDepositReturnRow(row) : null;
}

export async function getDepositReturn(sql: Sql | TransactionSql, id: string): Promise<DepositReturnRow | null> {
  const [row] = await sql.unsafe(`select ${COLUMNS} from deposit_returns where id = $1`, [id]);
  return row ? toDepositReturnRow(row) : null;
}

/** A deposit's returns, oldest first. */
export async function returnsOfDeposit(sql: Sql | TransactionSql, depositId: string, after: string | null, limit: number): Promise<DepositReturnRow[]> {
  const rows = await sql.unsafe(`select ${COLUMNS} from deposit_returns where deposit_id = $1 and ($2::uuid is null or id > $2::uuid) order by id limit $3`, [depositId, after, limit] as never[]);
  return rows.map(toDepositReturnRow);
}

/** What the deposit's open returns hold: they count against what remains to reverse. */
export async function openReturnsTotal(tx: TransactionSql, depositId: string): Promise<bigint> {
  const [row] = await tx`select coalesce(sum(amount), 0)::text as open from deposit_returns where deposit_id = ${depositId} and status = any(${OPEN_RETURN_STATUSES as string[]}::text[])`;
  return BigInt(row.open);
}

type Change = Partial<Pick<DepositReturnRow, 'status' | 'failure_reason' | 'subject_attribution' | 'provider_reference' | 'ledger_transaction_id' | 'executed_at'>>;

/** Moves a locked return (refusing a move the model does not allow) and records the event of the state entered. */
export async function moveDepositReturn(tx: TransactionSql, row: DepositReturnRow, change: Change, attribution: SubjectAttribution | null): Promise<DepositReturnRow> {
  if (change.status && change.status !== row.status && !canMoveReturn(row.status, change.status)) throw new Error(`deposit return ${row.id}: ${row.status} → ${change.status} is not a move`);
  const next = { ...row, ...change };
  const [updated] = await tx.unsafe(
    `update deposit_returns set status = $2, failure_reason = $3, subject_attribution = $4::text::jsonb, provider_reference = $5, ledger_transaction_id = $6, executed_at = $7,
            version = version + 1, updated_at = now() where id = $1 returning ${COLUMNS}`,
    [row.id, next.status, next.failure_reason, JSON.stringify(next.subject_attribution), next.provider_reference, next.ledger_transaction_id, next.executed_at] as never[],
  );
  const moved = toDepositReturnRow(updated);
  if (change.status && change.status !== row.status) await recordReturnEvent(tx, moved, attribution);
  return moved;
}
