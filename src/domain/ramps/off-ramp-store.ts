import type { Row, TransactionSql } from 'postgres';
import type { Db } from '../../db/sql';
import type { SubjectAttribution } from '../../auth/caller';
import type { AccountOwnedRow } from '../../db/base';
import type { ReferenceMetadata } from '../../schema/metadata';
import type { PolicyDecision } from '../policies';
import type { StoredFee } from '../conversions/ledger';
import { OFF_RAMP_EVENTS, OFF_RAMP_UPDATED } from './events';
import type { OffRampStatus } from './messages';
import { canMoveOffRamp } from './model';
import { presentOffRamp } from './present';
import { sessionStore } from './sessions';
import type { ReturnEntry } from '../../schema/returns';

/*
 * The off_ramp_sessions rows: the one column list, the mapper, and the statements that write them,
 * with the reads of the payout method a session pays out to.
 */

export interface OffRampRow extends AccountOwnedRow {
  asset: string;
  fiat_currency: string;
  pair_id: string;
  payout_method_id: string;
  amount: string;
  fee_amount: string;
  fee_components: StoredFee[];
  status: OffRampStatus;
  hold_id: string;
  fiat_amount: string | null;
  rate: string | null;
  price: string | null;
  payout_reference: string | null;
  failure_reason: string | null;
  ledger_transaction_id: string | null;
  subject_attribution: SubjectAttribution;
  payout_sent_at: Date | null;
  completed_at: Date | null;
  approval_ref: string | null;
  policy_decision: PolicyDecision | null;
  reference: string | null;
  reference_unique: boolean;
  metadata: Record<string, string>;
  returns: ReturnEntry[];
  returned_amount: string;
}

/** The select expression of each field: the row type names every column, so the list cannot drift from it. */
const OFF_RAMP_SELECT: Record<keyof OffRampRow, string> = {
  id: 'id',
  version: 'version',
  created_at: 'created_at',
  updated_at: 'updated_at',
  enterprise_id: 'enterprise_id',
  client_id: 'client_id',
  account_ref: 'account_ref',
  asset: 'asset',
  fiat_currency: 'fiat_currency',
  pair_id: 'pair_id',
  payout_method_id: 'payout_method_id',
  // exact: numeric travels as its decimal text, never a float
  amount: 'amount::text as amount',
  fee_amount: 'fee_amount::text as fee_amount',
  fee_components: 'fee_components',
  status: 'status',
  hold_id: 'hold_id',
  fiat_amount: 'fiat_amount::text as fiat_amount',
  rate: 'rate',
  price: 'price',
  payout_reference: 'payout_reference',
  failure_reason: 'failure_reason',
  ledger_transaction_id: 'ledger_transaction_id',
  subject_attribution: 'subject_attribution',
  payout_sent_at: 'payout_sent_at',
  completed_at: 'completed_at',
  approval_ref: 'approval_ref',
  policy_decision: 'policy_decision',
  reference: 'reference',
  reference_unique: 'reference_unique',
  metadata: 'metadata',
  returns: 'returns',
  returned_amount: 'returned_amount::text as returned_amount',
};

/** The columns of an OffRampRow, for selects and `returning`. */
export const OFF_RAMP_COLUMNS = Object.values(OFF_RAMP_SELECT).join(', ');

/** An OffRampRow from a row selected with OFF_RAMP_COLUMNS. */
export function toOffRampRow(r: Row): OffRampRow {
  return {
    id: r.id,
    version: r.version,
    created_at: r.created_at,
    updated_at: r.updated_at,
    enterprise_id: r.enterprise_id,
    client_id: r.client_id,
    account_ref: r.account_ref,
    asset: r.asset,
    fiat_currency: r.fiat_currency,
    pair_id: r.pair_id,
    payout_method_id: r.payout_method_id,
    amount: r.amount,
    fee_amount: r.fee_amount,
    fee_components: r.fee_components,
    status: r.status,
    hold_id: r.hold_id,
    fiat_amount: r.fiat_amount,
    rate: r.rate,
    price: r.price,
    payout_reference: r.payout_reference,
    failure_reason: r.failure_reason,
    ledger_transaction_id: r.ledger_transaction_id,
    subject_attribution: r.subject_attribution,
    payout_sent_at: r.payout_sent_at,
    completed_at: r.completed_at,
    approval_ref: r.approval_ref,
    policy_decision: r.policy_decision,
    reference: r.reference,
    reference_unique: r.reference_unique,
    metadata: r.metadata,
    returns: r.returns,
    returned_amount: r.returned_amount,
  };
}

/** The reads, events and guarded transitions of off-ramp sessions. */
export const offRampSessions = sessionStore<OffRampRow, OffRampStatus>({
  table: 'off_ramp_sessions',
  columns: OFF_RAMP_COLUMNS,
  toRow: toOffRampRow,
  canMove: canMoveOffRamp,
  events: OFF_RAMP_EVENTS,
  updated: OFF_RAMP_UPDATED,
  collection: 'off-ramp-sessions',
  what: 'off-ramp session',
  present: presentOffRamp,
});

/** What a new session is recorded with, its hold already placed. */
export interface OffRampInsert {
  id: string;
  enterpriseId: string;
  clientId: string | null;
  accountRef: string;
  asset: string;
  fiatCurrency: string;
  pairId: string;
  payoutMethodId: string;
  amount: bigint;
  fee: { total: bigint; components: StoredFee[] };
  status: Extract<OffRampStatus, 'pending_approval' | 'requested'>;
  holdId: string;
  attribution: SubjectAttribution;
  approvalRef: string | null;
  decision: PolicyDecision;
  annotations: ReferenceMetadata;
}

export async function insertOffRamp(tx: TransactionSql, v: OffRampInsert): Promise<OffRampRow> {
  const [row] = await tx`
    insert into off_ramp_sessions (id, enterprise_id, client_id, account_ref, asset, fiat_currency, pair_id, payout_method_id, amount,
                                   fee_amount, fee_components, status, hold_id, subject_attribution, approval_ref, policy_decision,
                                   reference, reference_unique, metadata)
    values (${v.id}, ${v.enterpriseId}, ${v.clientId}, ${v.accountRef}, ${v.asset}, ${v.fiatCurrency}, ${v.pairId},
            ${v.payoutMethodId}, ${v.amount.toString()}, ${v.fee.total.toString()}, ${tx.json(v.fee.components as never)},
            ${v.status}, ${v.holdId}, ${tx.json(v.attribution as never)},
            ${v.approvalRef}, ${tx.json(v.decision as never)},
            ${v.annotations.reference}, ${v.annotations.referenceUnique}, ${JSON.stringify(v.annotations.metadata)}::text::jsonb)
    returning ${tx.unsafe(OFF_RAMP_COLUMNS)}`;
  return toOffRampRow(row);
}

/** The enterprise's payout method as an off-ramp checks it (model: assertPayoutMethod). */
export async function payoutMethodToCheck(tx: Db, id: string, enterpriseId: string): Promise<{ account_ref: string; currency: string; status: string } | undefined> {
  const [m] = await tx`select account_ref, currency, status from payout_methods where id = ${id} and enterprise_id = ${enterpriseId}`;
  return m ? { account_ref: m.account_ref, currency: m.currency, status: m.status } : undefined;
}

/** Where a payout goes: the method's status, rail and beneficiary. */
export async function payoutRoute(sql: Db, id: string): Promise<{ status: string; rail: string; beneficiary: Record<string, unknown> }> {
  const [m] = await sql`select status, rail, beneficiary from payout_methods where id = ${id}`;
  return { status: m.status, rail: m.rail, beneficiary: m.beneficiary };
}
