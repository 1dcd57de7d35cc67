import type { Sql, TransactionSql } from 'postgres';
import type { SubjectAttribution } from '../../auth/caller';
import { conflict, type AppError, type ErrorReason } from '../../errors';
import { etagOf } from '../../db/base';
import type { NewEvent } from '../../events/outbox';
import { money, type Asset, type BatchBooking } from '../../ledger';
import type { PolicyDecision, VelocityEntry } from '../policies';
import { enterpriseClosed, enterpriseSuspended } from '../tenancy/lifecycle';
import { refusalReason } from '../../db/refusals';
import type { ReferenceMetadata } from '../../schema/metadata';
import { TRANSFER_EVENTS, type TRANSFER_STATUSES } from './events';

/*
 * An internal transfer's record and the pieces every way of writing one shares: its row and
 * representation, the accounts' lifecycle check, its booking, velocity entry and event.
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
  /** The policy decision (trace) the transfer was accepted under; null for transfers older than policies. */
  policy_decision: PolicyDecision | null;
  /** The hold on the source while the transfer awaits approval. */
  hold_id: string | null;
  reference: string | null;
  reference_unique: boolean;
  metadata: Record<string, string>;
}

/** The columns of a TransferRow, for raw selects. */
export const COLUMNS = `id, version, created_at, updated_at, enterprise_id, source_ref, target_ref, asset, amount::text,
  status, approval_ref, failure_reason, ledger_transaction_id, subject_attribution, settled_at, policy_decision, hold_id,
  reference, reference_unique, metadata`;

/** The transaction record of the tenant API contract. Fees of internal transfers are zero until an agreement prices them. */
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
    policy_decision: t.policy_decision,
    reference: t.reference,
    metadata: t.metadata,
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
 * The accounts' states, read with FOR KEY SHARE in id order (client accounts, then master accounts):
 * an account close (FOR UPDATE) waits for in-flight transfers and later transfers see it closed.
 */
export function accountStates(tx: Sql | TransactionSql, refs: string[]) {
  const ids = (prefix: string) => refs.filter((r) => r.startsWith(prefix)).map((r) => r.slice(prefix.length));
  return tx`
    with client_side as materialized (
      select 'client-accounts/' || a.id as ref, a.enterprise_id, a.client_id, a.status, c.status as client_status,
             e.admission_state, e.restriction_state
        from client_accounts a join clients c on c.id = a.client_id join enterprises e on e.id = a.enterprise_id
       where a.id = any(${ids('client-accounts/')}::uuid[]) order by a.id for key share of a),
    master_side as materialized (
      select 'master-accounts/' || m.id as ref, m.enterprise_id, null::uuid as client_id, m.status, null::text as client_status,
             e.admission_state, e.restriction_state
        from master_accounts m join enterprises e on e.id = m.enterprise_id
       where m.id = any(${ids('master-accounts/')}::uuid[]) order by m.id for key share of m)
    select * from client_side union all select * from master_side`;
}

export function lockAccounts(tx: Sql | TransactionSql, refs: string[]): Promise<AccountState[]> {
  return tx<AccountState[]>`select * from (${accountStates(tx, refs)}) s`.execute();
}

/**
 * Locks both accounts (as accountStates) and refuses in SQL, aborting the transaction, when the
 * source's enterprise is closed or suspended, or either account or its client is not active — the
 * first of these in that order, the source before the target (see transferRefusal for the answers).
 */
export function lockMovable(tx: Sql | TransactionSql, sourceRef: string, targetRef: string) {
  return tx`
    select counterfoil_refuse(reason) from (
      select case
               when s.ref = ${sourceRef} and s.admission_state = 'closed' then 'enterprise_closed'
               when s.ref = ${sourceRef} and s.restriction_state = 'suspended' then 'enterprise_suspended'
               when s.client_status is not null and s.client_status <> 'active' then 'client_' || s.client_status || ':' || side
               when s.status <> 'active' then 'account_' || s.status || ':' || side
             end as reason, side
        from (select *, case when ref = ${sourceRef} then 'source' else 'target' end as side from (${accountStates(tx, [sourceRef, targetRef])}) a) s
       order by side
    ) r where reason is not null
    limit 1`.execute();
}

/** The API answer for a refusal raised by lockMovable; any other error as it is. */
export function transferRefusal(err: unknown): unknown {
  const reason = refusalReason(err);
  return (reason && refusalOf(reason)) ?? err;
}

/** The answer for one of lockMovable's reasons (`enterprise_closed`, `account_suspended:target`, ...); null for another. */
export function refusalOf(reason: string): AppError | null {
  if (reason === 'enterprise_closed') return enterpriseClosed();
  if (reason === 'enterprise_suspended') return enterpriseSuspended();
  const [code, side] = reason.split(':');
  if (code.startsWith('client_')) return conflict(`The client of the ${side} account is ${code.slice('client_'.length)}.`, code as ErrorReason);
  if (code.startsWith('account_')) return conflict(`The ${side} account is ${code.slice('account_'.length)}.`, code as ErrorReason);
  return null;
}

export interface NewInternalTransfer {
  sourceRef: string;
  targetRef: string;
  asset: Asset;
  amount: bigint;
  /** The integrator's reference and metadata (none when absent). */
  annotations?: ReferenceMetadata;
}

/** The ledger booking of an executed transfer: source to target, under the transfer's own ledger transaction id. */
export function transferBooking(row: TransferRow, input: NewInternalTransfer): BatchBooking {
  return {
    id: row.ledger_transaction_id!,
    key: `internal_transfer/${row.id}`,
    enterpriseId: row.enterprise_id,
    kind: 'internal_transfer',
    legs: [
      { accountRef: input.sourceRef, asset: input.asset.code, amount: -input.amount },
      { accountRef: input.targetRef, asset: input.asset.code, amount: input.amount },
    ],
  };
}

export const velocityRef = (id: string) => `internal-transfers/${id}`;

/** The velocity entry of a transfer: its amount counted against the source. */
export function transferVelocity(row: TransferRow): VelocityEntry {
  return {
    operationRef: velocityRef(row.id),
    enterpriseId: row.enterprise_id,
    accountRef: row.source_ref,
    actionFamily: 'internal_transfer',
    asset: row.asset,
    amount: BigInt(row.amount),
  };
}

/** The event of a transfer's current status; `payload` defaults to its representation now. */
export function transferEvent(row: TransferRow, attribution: SubjectAttribution | null, payload: unknown = presentTransfer(row), type = TRANSFER_EVENTS[row.status]): NewEvent {
  return {
    type,
    enterpriseId: row.enterprise_id,
    scopeRef: row.source_ref,
    resourceRef: `internal-transfers/${row.id}`,
    payload,
    attribution,
  };
}
