import type { PendingQuery, Row, Sql, TransactionSql } from 'postgres';
import type { Db } from '../../db/sql';
import type { Caller, PrincipalRef, SubjectAttribution } from '../../auth/caller';
import type { AccountOwnedRow } from '../../db/base';
import { recordEventSql } from '../../events/outbox';
import { referenceMetadataFragment, type ReferenceMetadataFilter } from '../../db/references';
import { visibleByScopePath, type PolicyDecision } from '../policies';
import type { FundableAccount } from '../funding/accounts';
import { WITHDRAWAL_EVENTS, type WithdrawalStatus } from './events';
import type { AccountState, ReleaseOutcome } from './model';
import { presentWithdrawal, withdrawalEvent, type WithdrawalView } from './present';
import type { ReturnEntry } from '../../schema/returns';

/*
 * The rows of the table this area owns (withdrawals): its one column list, the mapper that builds
 * the typed row from what `postgres` returns, and the statements that read and write it. Money
 * paths use `postgres` only (see CONTRIBUTING, "A money area"). Each state change is one update
 * guarded by the status it leaves (the model's WITHDRAWAL_TRANSITIONS), so a retry changes nothing.
 */

export interface FeeComponentRow {
  type: 'network_fee' | 'service_fee';
  /** Minor units, as a decimal string. */
  amount: string;
  payee_ref: string;
}

export interface WithdrawalRow extends AccountOwnedRow {
  scope_path: string[];
  destination_id: string;
  rail: string;
  asset: string;
  amount: string;
  fee_components: FeeComponentRow[];
  fee_total: string;
  hold_id: string;
  status: WithdrawalStatus;
  approval_id: string | null;
  failure_reason: string | null;
  policy_decision: PolicyDecision;
  subject_attribution: SubjectAttribution;
  rail_reference: string | null;
  rail_accepted_at: Date | null;
  ledger_transaction_id: string | null;
  settled_at: Date | null;
  reference: string | null;
  reference_unique: boolean;
  metadata: Record<string, string>;
  returns: ReturnEntry[];
  /** Minor units, as a decimal string. */
  returned_amount: string;
}

/** The select expression of each field: the row type names every column, so the list cannot drift from it. */
const WITHDRAWAL_SELECT: Record<keyof WithdrawalRow, string> = {
  id: 'id',
  version: 'version',
  created_at: 'created_at',
  updated_at: 'updated_at',
  enterprise_id: 'enterprise_id',
  client_id: 'client_id',
  account_ref: 'account_ref',
  scope_path: 'scope_path',
  destination_id: 'destination_id',
  rail: 'rail',
  asset: 'asset',
  amount: 'amount::text', // exact: numeric travels as its decimal text, never a float
  fee_components: 'fee_components',
  fee_total: 'fee_total::text',
  hold_id: 'hold_id',
  status: 'status',
  approval_id: 'approval_id',
  failure_reason: 'failure_reason',
  policy_decision: 'policy_decision',
  subject_attribution: 'subject_attribution',
  rail_reference: 'rail_reference',
  rail_accepted_at: 'rail_accepted_at',
  ledger_transaction_id: 'ledger_transaction_id',
  settled_at: 'settled_at',
  reference: 'reference',
  reference_unique: 'reference_unique',
  metadata: 'metadata',
  returns: 'returns',
  returned_amount: 'returned_amount::text',
};

/** The columns of a WithdrawalRow, for selects and `returning`. */
export const WITHDRAWAL_COLUMNS = Object.values(WITHDRAWAL_SELECT).join(', ');

/** A WithdrawalRow from a row selected with WITHDRAWAL_COLUMNS. */
export function toWithdrawalRow(r: Row): WithdrawalRow {
  return {
    id: r.id,
    version: r.version,
    created_at: r.created_at,
    updated_at: r.updated_at,
    enterprise_id: r.enterprise_id,
    client_id: r.client_id,
    account_ref: r.account_ref,
    scope_path: r.scope_path,
    destination_id: r.destination_id,
    rail: r.rail,
    asset: r.asset,
    amount: r.amount,
    fee_components: r.fee_components,
    fee_total: r.fee_total,
    hold_id: r.hold_id,
    status: r.status,
    approval_id: r.approval_id,
    failure_reason: r.failure_reason,
    policy_decision: r.policy_decision,
    subject_attribution: r.subject_attribution,
    rail_reference: r.rail_reference,
    rail_accepted_at: r.rail_accepted_at,
    ledger_transaction_id: r.ledger_transaction_id,
    settled_at: r.settled_at,
    reference: r.reference,
    reference_unique: r.reference_unique,
    metadata: r.metadata,
    returns: r.returns,
    returned_amount: r.returned_amount,
  };
}

const first = (rows: readonly Row[]): WithdrawalRow | null => (rows[0] ? toWithdrawalRow(rows[0]) : null);

/** Records the event of the row's status (or `type`) with its representation; returns that representation. */
export async function recordWithdrawalEvent(tx: TransactionSql, row: WithdrawalRow, attribution: SubjectAttribution | null, type = WITHDRAWAL_EVENTS[row.status]): Promise<WithdrawalView> {
  const view = presentWithdrawal(row);
  await recordEventSql(tx, withdrawalEvent(row, view, attribution, type));
  return view;
}

export async function findWithdrawal(sql: Db, id: string): Promise<WithdrawalRow | null> {
  return first(await sql.unsafe(`select ${WITHDRAWAL_COLUMNS} from withdrawals where id = $1`, [id], { prepare: true }));
}

export interface WithdrawalFilter extends ReferenceMetadataFilter {
  accountRef?: string;
  status?: WithdrawalStatus;
  after: string | null;
  limit: number;
}

/** The caller's withdrawals (those it may read), by id. */
export async function selectWithdrawals(sql: Sql, caller: Caller, q: WithdrawalFilter): Promise<WithdrawalRow[]> {
  const rows = await sql`
    select ${sql.unsafe(WITHDRAWAL_COLUMNS)} from withdrawals
     where enterprise_id = ${caller.enterpriseId}
       and ${visibleByScopePath(sql, caller, 'withdrawals.read')}
       and ${q.accountRef ? sql`account_ref = ${q.accountRef}` : sql`true`}
       and ${q.status ? sql`status = ${q.status}` : sql`true`}
       and ${referenceMetadataFragment(sql, q)}
       and ${q.after ? sql`id > ${q.after}` : sql`true`}
     order by id limit ${q.limit}`;
  return rows.map(toWithdrawalRow);
}

/** Account, client and enterprise states under FOR KEY SHARE: a concurrent close waits for this withdrawal. */
export async function shareAccountState(tx: TransactionSql, account: FundableAccount): Promise<AccountState> {
  const id = account.accountRef.slice(account.accountRef.indexOf('/') + 1);
  const [row] = account.clientId
    ? await tx`
        select a.status, c.status as client_status, e.admission_state, e.restriction_state
          from client_accounts a join clients c on c.id = a.client_id join enterprises e on e.id = a.enterprise_id
         where a.id = ${id} for key share of a`
    : await tx`
        select m.status, null as client_status, e.admission_state, e.restriction_state
          from master_accounts m join enterprises e on e.id = m.enterprise_id
         where m.id = ${id} for key share of m`;
  return { status: row.status, client_status: row.client_status, admission_state: row.admission_state, restriction_state: row.restriction_state };
}

/**
 * The insert of an accepted withdrawal, its hold_id read from the hold placed under `holdKey` in
 * the same pipeline. Handed back unawaited so the caller decides where it goes in the pipeline.
 */
export function insertWithdrawal(tx: TransactionSql, created: WithdrawalRow, holdKey: string): PendingQuery<Row[]> {
  return tx.unsafe(
    `insert into withdrawals (id, created_at, updated_at, enterprise_id, client_id, account_ref, scope_path, destination_id, rail, asset, amount,
                              fee_components, fee_total, hold_id, status, approval_id, policy_decision, subject_attribution, reference, reference_unique, metadata)
     values ($1, $2, $2, $3, $4, $5, $6, $7, $8, $9, $10::numeric, $11::text::jsonb, $12::numeric,
             (select id from ledger_holds where business_key = $13), $14, $15, $16::text::jsonb, $17::text::jsonb, $18, $19, $20::text::jsonb)
     returning ${WITHDRAWAL_COLUMNS}`,
    [created.id, created.created_at, created.enterprise_id, created.client_id, created.account_ref, created.scope_path as never, created.destination_id, created.rail,
      created.asset, created.amount, JSON.stringify(created.fee_components), created.fee_total, holdKey,
      created.status, created.approval_id, JSON.stringify(created.policy_decision), JSON.stringify(created.subject_attribution), created.reference, created.reference_unique,
      JSON.stringify(created.metadata)],
    { prepare: true },
  );
}

/** The row an insert or guarded update returned. */
export const returnedRow = first;

/** pending_approval → executing, with who approved in the attribution; null when it was no longer awaiting approval. */
export async function moveToExecuting(tx: TransactionSql, id: string, approvedBy: PrincipalRef[]): Promise<WithdrawalRow | null> {
  return first(await tx.unsafe(
    `update withdrawals set status = 'executing', version = version + 1, updated_at = now(),
            subject_attribution = jsonb_set(subject_attribution, '{approved_by}', $2::text::jsonb)
      where id = $1 and status = 'pending_approval' returning ${WITHDRAWAL_COLUMNS}`,
    [id, JSON.stringify(approvedBy)],
    { prepare: true },
  ));
}

/** Records the rail's reference, once (the first acceptance wins). */
export async function setRailReference(sql: Sql, id: string, reference: string): Promise<void> {
  await sql`
    update withdrawals set rail_reference = ${reference}, rail_accepted_at = coalesce(rail_accepted_at, now()), version = version + 1, updated_at = now()
     where id = ${id} and rail_reference is null`;
}

/** executing → executed, settled now; null when it was no longer executing. */
export async function moveToExecuted(tx: TransactionSql, id: string): Promise<WithdrawalRow | null> {
  return first(await tx.unsafe(
    `update withdrawals set status = 'executed', settled_at = now(), version = version + 1, updated_at = now()
      where id = $1 and status = 'executing' returning ${WITHDRAWAL_COLUMNS}`,
    [id],
    { prepare: true },
  ));
}

/** The settlement's ledger transaction, written after the posting (unawaited: the caller pipelines it with the commit). */
export const setLedgerTransaction = (tx: TransactionSql, id: string, transactionId: string): PendingQuery<Row[]> =>
  tx`update withdrawals set ledger_transaction_id = ${transactionId} where id = ${id}`;

/** executing → pending_compliance (screening froze it); null when it was no longer executing. */
export async function moveToPendingCompliance(tx: TransactionSql, id: string): Promise<WithdrawalRow | null> {
  return first(await tx.unsafe(
    `update withdrawals set status = 'pending_compliance', version = version + 1, updated_at = now()
      where id = $1 and status = 'executing' returning ${WITHDRAWAL_COLUMNS}`,
    [id],
    { prepare: true },
  ));
}

/** pending_compliance → executing once the compliance decision released it, with who decided in the attribution. */
export async function moveOutOfCompliance(tx: TransactionSql, id: string, releasedBy: PrincipalRef[]): Promise<WithdrawalRow | null> {
  return first(await tx.unsafe(
    `update withdrawals set status = 'executing', version = version + 1, updated_at = now(),
            subject_attribution = jsonb_set(subject_attribution, '{compliance_released_by}', $2::text::jsonb)
      where id = $1 and status = 'pending_compliance' returning ${WITHDRAWAL_COLUMNS}`,
    [id, JSON.stringify(releasedBy)],
    { prepare: true },
  ));
}

/** pending_approval | executing | pending_compliance → `outcome` with its reason; null when it had already ended. */
export async function moveToReleased(tx: TransactionSql, id: string, outcome: ReleaseOutcome, reason: string): Promise<WithdrawalRow | null> {
  return first(await tx.unsafe(
    `update withdrawals set status = $2, failure_reason = $3, version = version + 1, updated_at = now()
      where id = $1 and status in ('pending_approval', 'executing', 'pending_compliance') returning ${WITHDRAWAL_COLUMNS}`,
    [id, outcome, reason],
    { prepare: true },
  ));
}
