import type { Row, TransactionSql } from 'postgres';
import type { SubjectAttribution } from '../../auth/caller';
import { bulkTable } from '../../db/bulk';
import type { Db } from '../../db/sql';
import { recordEventSql } from '../../events/outbox';
import type { PolicyDecision } from '../policies';
import { canMove, type TransferStatus } from './model';
import type { BatchResult } from './batch-model';
import type { ReversalEntry, ReversalReason } from './reversal-model';
import { transferEvent } from './present';

/*
 * The rows of the tables this area owns (internal_transfers, internal_transfer_batches): each table's
 * one column list, the mapper that builds its typed row from what `postgres` returns, and the
 * statements that read and write them. Money paths use `postgres` only (see CONTRIBUTING, "A money area").
 */

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
  /** The policy decision (trace) the transfer was accepted under; null for transfers older than policies. */
  policy_decision: PolicyDecision | null;
  /** The hold on the source while the transfer awaits approval. */
  hold_id: string | null;
  reference: string | null;
  reference_unique: boolean;
  metadata: Record<string, string>;
  /** The transfer this one reverses (an operator's reversal, the other way), and why. */
  reversal_of: string | null;
  reversal_reason: ReversalReason | null;
  /** What this transfer's executed reversals booked back, in all. */
  reversed_amount: string;
  /** Its reversals in any status, oldest first (read with the row, never stored on it). */
  reversals: ReversalEntry[];
}

/** A transfer's reversals as its row carries them: the index on `reversal_of` finds them. */
const REVERSALS_OF_ROW = `(select coalesce(jsonb_agg(jsonb_build_object('id', r.id, 'amount', r.amount::text, 'status', r.status, 'reason', r.reversal_reason,
    'approval_ref', r.approval_ref, 'ledger_transaction_id', r.ledger_transaction_id, 'created_at', r.created_at) order by r.id), '[]'::jsonb)
   from internal_transfers r where r.reversal_of = internal_transfers.id) as reversals`;

/** The select expression of each field: the row type names every column, so the list cannot drift from it. */
const TRANSFER_SELECT: Record<keyof TransferRow, string> = {
  id: 'id',
  version: 'version',
  created_at: 'created_at',
  updated_at: 'updated_at',
  enterprise_id: 'enterprise_id',
  source_ref: 'source_ref',
  target_ref: 'target_ref',
  asset: 'asset',
  amount: 'amount::text', // exact: numeric travels as its decimal text, never a float
  status: 'status',
  approval_ref: 'approval_ref',
  failure_reason: 'failure_reason',
  ledger_transaction_id: 'ledger_transaction_id',
  subject_attribution: 'subject_attribution',
  settled_at: 'settled_at',
  policy_decision: 'policy_decision',
  hold_id: 'hold_id',
  reference: 'reference',
  reference_unique: 'reference_unique',
  metadata: 'metadata',
  reversal_of: 'reversal_of',
  reversal_reason: 'reversal_reason',
  reversed_amount: 'reversed_amount::text',
  reversals: REVERSALS_OF_ROW,
};

/** The columns of a TransferRow, for selects and `returning`. */
export const TRANSFER_COLUMNS = Object.values(TRANSFER_SELECT).join(', ');

/** A TransferRow from a row selected with TRANSFER_COLUMNS. */
export function toTransferRow(r: Row): TransferRow {
  return {
    id: r.id,
    version: r.version,
    created_at: r.created_at,
    updated_at: r.updated_at,
    enterprise_id: r.enterprise_id,
    source_ref: r.source_ref,
    target_ref: r.target_ref,
    asset: r.asset,
    amount: r.amount,
    status: r.status,
    approval_ref: r.approval_ref,
    failure_reason: r.failure_reason,
    ledger_transaction_id: r.ledger_transaction_id,
    subject_attribution: r.subject_attribution,
    settled_at: r.settled_at,
    policy_decision: r.policy_decision,
    hold_id: r.hold_id,
    reference: r.reference,
    reference_unique: r.reference_unique,
    metadata: r.metadata,
    reversal_of: r.reversal_of,
    reversal_reason: r.reversal_reason,
    reversed_amount: r.reversed_amount,
    reversals: r.reversals,
  };
}

/** Executed transfers as the group commit writes them (db/bulk): every column but the approval path's. */
export const TRANSFERS_IN_BULK = bulkTable<Omit<TransferRow, 'approval_ref' | 'failure_reason' | 'hold_id' | 'reversal_of' | 'reversal_reason' | 'reversed_amount' | 'reversals'>>('internal_transfers', {
  id: 'uuid',
  version: 'int',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
  enterprise_id: 'uuid',
  source_ref: 'text',
  target_ref: 'text',
  asset: 'text',
  amount: 'numeric',
  status: 'text',
  ledger_transaction_id: 'uuid',
  subject_attribution: 'jsonb',
  settled_at: 'timestamptz',
  policy_decision: 'jsonb',
  reference: 'text',
  reference_unique: 'boolean',
  metadata: 'jsonb',
});

export async function findTransfer(db: Db, id: string): Promise<TransferRow | null> {
  const [row] = await db.unsafe(`select ${TRANSFER_COLUMNS} from internal_transfers where id = $1`, [id], { prepare: true });
  return row ? toTransferRow(row) : null;
}

/** The transfer, locked for a state change in the caller's transaction. */
export async function lockTransfer(tx: TransactionSql, id: string): Promise<TransferRow | null> {
  const [row] = await tx.unsafe(`select ${TRANSFER_COLUMNS} from internal_transfers where id = $1 for update`, [id], { prepare: true });
  return row ? toTransferRow(row) : null;
}

/** Writes one transfer: held for approval (its hold placed in the same transaction), or a reversal booked at once. */
export async function insertTransfer(tx: TransactionSql, row: TransferRow): Promise<void> {
  await tx`
    insert into internal_transfers (id, version, created_at, updated_at, enterprise_id, source_ref, target_ref, asset, amount, status, approval_ref, hold_id,
                                    ledger_transaction_id, settled_at, subject_attribution, policy_decision, reference, reference_unique, metadata, reversal_of, reversal_reason)
    values (${row.id}, 1, ${row.created_at}, ${row.updated_at}, ${row.enterprise_id}, ${row.source_ref}, ${row.target_ref}, ${row.asset}, ${row.amount}::numeric,
            ${row.status}, ${row.approval_ref}, ${row.hold_id}, ${row.ledger_transaction_id}, ${row.settled_at}, ${tx.json(row.subject_attribution as never)},
            ${tx.json(row.policy_decision as never)}, ${row.reference}, ${row.reference_unique}, ${tx.json(row.metadata)}, ${row.reversal_of},
            ${row.reversal_reason ? tx.json(row.reversal_reason as never) : null})`;
}

/** The original's reversed total after a reversal was booked: a new version of it, with its event of `type`. */
export async function recordReversed(tx: TransactionSql, originalId: string, reversedAmount: bigint, type: string): Promise<TransferRow> {
  const [updated] = await tx.unsafe(
    `update internal_transfers set reversed_amount = $2::numeric, version = version + 1, updated_at = now() where id = $1 returning ${TRANSFER_COLUMNS}`,
    [originalId, reversedAmount.toString()],
  );
  const row = toTransferRow(updated);
  await recordEventSql(tx, transferEvent(row, null, undefined, type));
  return row;
}

/** A state change: the new status and what it sets; absent fields keep their values. */
export interface TransferChange {
  status: TransferStatus;
  failure_reason?: string | null;
  ledger_transaction_id?: string | null;
  settled_at?: Date | null;
  subject_attribution?: SubjectAttribution;
}

/**
 * Moves a locked transfer to `change.status` and records the event of its new status, in the
 * caller's transaction. A move the model does not allow is a fault in the caller, never written.
 */
export async function moveTransfer(tx: TransactionSql, row: TransferRow, change: TransferChange, attribution: SubjectAttribution | null): Promise<TransferRow> {
  if (!canMove(row.status, change.status)) throw new Error(`internal transfer ${row.id}: ${row.status} cannot become ${change.status}`);
  const [updated] = await tx.unsafe(
    `update internal_transfers
        set status = $2, failure_reason = coalesce($3, failure_reason), ledger_transaction_id = coalesce($4, ledger_transaction_id),
            settled_at = coalesce($5, settled_at), subject_attribution = coalesce($6::jsonb, subject_attribution),
            version = version + 1, updated_at = now()
      where id = $1 returning ${TRANSFER_COLUMNS}`,
    [row.id, change.status, change.failure_reason ?? null, change.ledger_transaction_id ?? null, change.settled_at ?? null, (change.subject_attribution ?? null) as never],
    { prepare: true },
  );
  const moved = toTransferRow(updated);
  await recordEventSql(tx, transferEvent(moved, attribution));
  return moved;
}

export interface BatchRow {
  id: string;
  version: number;
  created_at: Date;
  updated_at: Date;
  enterprise_id: string;
  atomic: boolean;
  status: 'completed';
  transfer_count: number;
  source_refs: string[];
  results: BatchResult[];
  subject_attribution: SubjectAttribution;
}

const BATCH_SELECT: Record<keyof BatchRow, string> = {
  id: 'id',
  version: 'version',
  created_at: 'created_at',
  updated_at: 'updated_at',
  enterprise_id: 'enterprise_id',
  atomic: 'atomic',
  status: 'status',
  transfer_count: 'transfer_count',
  source_refs: 'source_refs',
  results: 'results',
  subject_attribution: 'subject_attribution',
};

/** The columns of a BatchRow. */
export const BATCH_COLUMNS = Object.values(BATCH_SELECT).join(', ');

/** A BatchRow from a row selected with BATCH_COLUMNS. */
export function toBatchRow(r: Row): BatchRow {
  return {
    id: r.id,
    version: r.version,
    created_at: r.created_at,
    updated_at: r.updated_at,
    enterprise_id: r.enterprise_id,
    atomic: r.atomic,
    status: r.status,
    transfer_count: r.transfer_count,
    source_refs: r.source_refs,
    results: r.results,
    subject_attribution: r.subject_attribution,
  };
}

export async function insertBatch(tx: TransactionSql, batch: BatchRow): Promise<void> {
  await tx`
    insert into internal_transfer_batches (${tx.unsafe(BATCH_COLUMNS)})
    values (${batch.id}, 1, ${batch.created_at}, ${batch.updated_at}, ${batch.enterprise_id}, ${batch.atomic}, ${batch.status}, ${batch.transfer_count},
            ${batch.source_refs}::text[], ${tx.json(batch.results as never)}, ${tx.json(batch.subject_attribution as never)})`;
}

/** The enterprise's batch, or null. */
export async function findBatch(db: Db, enterpriseId: string, id: string): Promise<BatchRow | null> {
  const [row] = await db.unsafe(`select ${BATCH_COLUMNS} from internal_transfer_batches where id = $1 and enterprise_id = $2`, [id, enterpriseId], { prepare: true });
  return row ? toBatchRow(row) : null;
}
