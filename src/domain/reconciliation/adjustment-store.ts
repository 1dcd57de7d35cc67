import type { Row, Sql, TransactionSql } from 'postgres';
import type { SubjectAttribution } from '../../auth/caller';
import { etagOf } from '../../db/base';
import { recordEventSql } from '../../events/outbox';
import { money } from '../../money/assets';
import type { PolicyDecision } from '../policies';
import { RECONCILIATION_EVENTS } from './events';
import { canMoveGoverned, type GovernedRelease, type GovernedStatus } from '../approvals/lifecycle';

/*
 * The reconciliation_adjustments table: a correcting booking a break asks for, governed like a
 * withdrawal. pending_approval → executing → executed; pending_approval → rejected | expired |
 * cancelled, and executing → failed, each voiding the hold. An executed one is never changed: a
 * second adjustment that `reverses` it undoes it.
 */

export type AdjustmentStatus = GovernedStatus;
export type AdjustmentRelease = GovernedRelease;

export interface AdjustmentRow {
  id: string;
  version: number;
  created_at: Date;
  updated_at: Date;
  enterprise_id: string;
  break_id: string;
  reverses_id: string | null;
  account_ref: string;
  client_id: string | null;
  direction: 'credit' | 'debit';
  asset: string;
  /** Minor units, decimal text. */
  amount: string;
  note: string;
  status: AdjustmentStatus;
  failure_reason: string | null;
  hold_id: string | null;
  approval_ref: string | null;
  policy_decision: PolicyDecision;
  subject_attribution: SubjectAttribution;
  ledger_transaction_id: string | null;
  executed_at: Date | null;
}

const FIELDS: Array<keyof AdjustmentRow> = [
  'id', 'version', 'created_at', 'updated_at', 'enterprise_id', 'break_id', 'reverses_id', 'account_ref', 'client_id', 'direction', 'asset', 'amount', 'note', 'status',
  'failure_reason', 'hold_id', 'approval_ref', 'policy_decision', 'subject_attribution', 'ledger_transaction_id', 'executed_at',
];
const COLUMNS = FIELDS.map((f) => (f === 'amount' ? 'amount::text as amount' : f)).join(', ');
const toRow = (r: Row) => Object.fromEntries(FIELDS.map((f) => [f, r[f]])) as unknown as AdjustmentRow;

export function presentAdjustment(a: AdjustmentRow) {
  return {
    id: a.id,
    resource: 'reconciliation_adjustment' as const,
    break_id: a.break_id,
    reverses_id: a.reverses_id,
    account_ref: a.account_ref,
    direction: a.direction,
    amount: money(BigInt(a.amount), a.asset),
    note: a.note,
    status: a.status,
    failure_reason: a.failure_reason,
    approval_ref: a.approval_ref,
    policy_decision: a.policy_decision,
    ledger_transaction_ref: a.ledger_transaction_id ? `ledger-transactions/${a.ledger_transaction_id}` : null,
    subject_attribution: a.subject_attribution,
    executed_at: a.executed_at ? a.executed_at.toISOString() : null,
    etag: etagOf(a),
    created_at: a.created_at.toISOString(),
    updated_at: a.updated_at.toISOString(),
  };
}

const EVENT_OF: Partial<Record<AdjustmentStatus, string>> = {
  pending_approval: RECONCILIATION_EVENTS.adjustmentRequested,
  executed: RECONCILIATION_EVENTS.adjustmentExecuted,
  rejected: RECONCILIATION_EVENTS.adjustmentEnded,
  expired: RECONCILIATION_EVENTS.adjustmentEnded,
  cancelled: RECONCILIATION_EVENTS.adjustmentEnded,
  failed: RECONCILIATION_EVENTS.adjustmentEnded,
};

/** The event of the state the adjustment entered (one booked at once is `requested` too). */
export function recordAdjustmentEvent(tx: TransactionSql, row: AdjustmentRow, attribution: SubjectAttribution | null, type = EVENT_OF[row.status]): Promise<unknown> {
  if (!type) return Promise.resolve();
  return recordEventSql(tx, { type, enterpriseId: row.enterprise_id, scopeRef: row.account_ref, resourceRef: `reconciliation-adjustments/${row.id}`, payload: presentAdjustment(row), attribution });
}

export async function insertAdjustment(tx: TransactionSql, a: Omit<AdjustmentRow, 'version' | 'created_at' | 'updated_at' | 'failure_reason' | 'ledger_transaction_id' | 'executed_at'>): Promise<AdjustmentRow> {
  const [r] = await tx.unsafe(
    `insert into reconciliation_adjustments (id, enterprise_id, break_id, reverses_id, account_ref, client_id, direction, asset, amount, note, status, hold_id, approval_ref, policy_decision, subject_attribution)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9::numeric, $10, $11, $12, $13, $14::text::jsonb, $15::text::jsonb) returning ${COLUMNS}`,
    [a.id, a.enterprise_id, a.break_id, a.reverses_id, a.account_ref, a.client_id, a.direction, a.asset, a.amount, a.note, a.status, a.hold_id, a.approval_ref,
      JSON.stringify(a.policy_decision), JSON.stringify(a.subject_attribution)] as never[],
  );
  return toRow(r);
}

export async function getAdjustment(sql: Sql | TransactionSql, id: string): Promise<AdjustmentRow | null> {
  const [r] = await sql.unsafe(`select ${COLUMNS} from reconciliation_adjustments where id = $1`, [id]);
  return r ? toRow(r) : null;
}

export async function lockAdjustment(tx: TransactionSql, id: string): Promise<AdjustmentRow | null> {
  const [r] = await tx.unsafe(`select ${COLUMNS} from reconciliation_adjustments where id = $1 for update`, [id]);
  return r ? toRow(r) : null;
}

/** A break's adjustments, oldest first. */
export async function adjustmentsOfBreak(sql: Sql, breakId: string, after: string | null, limit: number): Promise<AdjustmentRow[]> {
  const rows = await sql.unsafe(`select ${COLUMNS} from reconciliation_adjustments where break_id = $1 and ($2::uuid is null or id > $2::uuid) order by id limit $3`, [breakId, after, limit] as never[]);
  return rows.map(toRow);
}

type Change = Partial<Pick<AdjustmentRow, 'status' | 'failure_reason' | 'subject_attribution' | 'ledger_transaction_id' | 'executed_at'>>;

/** Moves a locked adjustment (refusing a move the model does not allow) and records the event of the state entered. */
export async function moveAdjustment(tx: TransactionSql, row: AdjustmentRow, change: Change, attribution: SubjectAttribution | null): Promise<AdjustmentRow> {
  if (change.status && change.status !== row.status && !canMoveGoverned(row.status, change.status)) throw new Error(`adjustment ${row.id}: ${row.status} → ${change.status} is not a move`);
  const next = { ...row, ...change };
  const [r] = await tx.unsafe(
    `update reconciliation_adjustments set status = $2, failure_reason = $3, subject_attribution = $4::text::jsonb, ledger_transaction_id = $5, executed_at = $6, version = version + 1, updated_at = now()
     where id = $1 returning ${COLUMNS}`,
    [row.id, next.status, next.failure_reason, JSON.stringify(next.subject_attribution), next.ledger_transaction_id, next.executed_at] as never[],
  );
  const moved = toRow(r);
  if (change.status && change.status !== row.status) await recordAdjustmentEvent(tx, moved, attribution);
  return moved;
}
