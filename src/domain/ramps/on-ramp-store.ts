import type { Row, TransactionSql } from 'postgres';
import type { Db } from '../../db/sql';
import type { SubjectAttribution } from '../../auth/caller';
import type { AccountOwnedRow } from '../../db/base';
import type { ReferenceMetadata } from '../../schema/metadata';
import type { StoredFee } from '../conversions/ledger';
import { ON_RAMP_EVENTS, ON_RAMP_UPDATED } from './events';
import type { OnRampStatus } from './messages';
import { canMoveOnRamp } from './model';
import { presentOnRamp } from './present';
import { sessionStore } from './sessions';

/*
 * The on_ramp_sessions rows: the one column list, the mapper, and the statements that write them.
 * Money paths use `postgres` only (see CONTRIBUTING, "A money area").
 */

export interface OnRampRow extends AccountOwnedRow {
  fiat_currency: string;
  asset: string;
  pair_id: string;
  status: OnRampStatus;
  payment_reference: string;
  payment_instructions: Record<string, unknown>;
  expires_at: Date;
  fiat_amount: string | null;
  fee_amount: string | null;
  fee_components: StoredFee[] | null;
  asset_amount: string | null;
  rate: string | null;
  price: string | null;
  failure_reason: string | null;
  ledger_transaction_id: string | null;
  subject_attribution: SubjectAttribution;
  payment_received_at: Date | null;
  completed_at: Date | null;
  /** A connector reported the payment: which one, and the bank's reference for it. */
  payment_connector_id: string | null;
  payment_provider_reference: string | null;
  reference: string | null;
  reference_unique: boolean;
  metadata: Record<string, string>;
}

/** The select expression of each field: the row type names every column, so the list cannot drift from it. */
const ON_RAMP_SELECT: Record<keyof OnRampRow, string> = {
  id: 'id',
  version: 'version',
  created_at: 'created_at',
  updated_at: 'updated_at',
  enterprise_id: 'enterprise_id',
  client_id: 'client_id',
  account_ref: 'account_ref',
  fiat_currency: 'fiat_currency',
  asset: 'asset',
  pair_id: 'pair_id',
  status: 'status',
  payment_reference: 'payment_reference',
  payment_instructions: 'payment_instructions',
  expires_at: 'expires_at',
  // exact: numeric travels as its decimal text, never a float
  fiat_amount: 'fiat_amount::text as fiat_amount',
  fee_amount: 'fee_amount::text as fee_amount',
  fee_components: 'fee_components',
  asset_amount: 'asset_amount::text as asset_amount',
  rate: 'rate',
  price: 'price',
  failure_reason: 'failure_reason',
  ledger_transaction_id: 'ledger_transaction_id',
  subject_attribution: 'subject_attribution',
  payment_received_at: 'payment_received_at',
  completed_at: 'completed_at',
  payment_connector_id: 'payment_connector_id',
  payment_provider_reference: 'payment_provider_reference',
  reference: 'reference',
  reference_unique: 'reference_unique',
  metadata: 'metadata',
};

/** The columns of an OnRampRow, for selects and `returning`. */
export const ON_RAMP_COLUMNS = Object.values(ON_RAMP_SELECT).join(', ');

/** An OnRampRow from a row selected with ON_RAMP_COLUMNS. */
export function toOnRampRow(r: Row): OnRampRow {
  return {
    id: r.id,
    version: r.version,
    created_at: r.created_at,
    updated_at: r.updated_at,
    enterprise_id: r.enterprise_id,
    client_id: r.client_id,
    account_ref: r.account_ref,
    fiat_currency: r.fiat_currency,
    asset: r.asset,
    pair_id: r.pair_id,
    status: r.status,
    payment_reference: r.payment_reference,
    payment_instructions: r.payment_instructions,
    expires_at: r.expires_at,
    fiat_amount: r.fiat_amount,
    fee_amount: r.fee_amount,
    fee_components: r.fee_components,
    asset_amount: r.asset_amount,
    rate: r.rate,
    price: r.price,
    failure_reason: r.failure_reason,
    ledger_transaction_id: r.ledger_transaction_id,
    subject_attribution: r.subject_attribution,
    payment_received_at: r.payment_received_at,
    completed_at: r.completed_at,
    payment_connector_id: r.payment_connector_id,
    payment_provider_reference: r.payment_provider_reference,
    reference: r.reference,
    reference_unique: r.reference_unique,
    metadata: r.metadata,
  };
}

/** The reads, events and guarded transitions of on-ramp sessions. */
export const onRampSessions = sessionStore<OnRampRow, OnRampStatus>({
  table: 'on_ramp_sessions',
  columns: ON_RAMP_COLUMNS,
  toRow: toOnRampRow,
  canMove: canMoveOnRamp,
  events: ON_RAMP_EVENTS,
  updated: ON_RAMP_UPDATED,
  collection: 'on-ramp-sessions',
  what: 'on-ramp session',
  present: presentOnRamp,
});

/** What a new session is recorded with; its expiry is `paymentWindowSeconds` from the database's now. */
export interface OnRampInsert {
  id: string;
  enterpriseId: string;
  clientId: string | null;
  accountRef: string;
  fiatCurrency: string;
  asset: string;
  pairId: string;
  paymentReference: string;
  paymentInstructions: Record<string, unknown>;
  paymentWindowSeconds: number;
  attribution: SubjectAttribution;
  annotations: ReferenceMetadata;
}

/** Writes a `requested` session. */
export async function insertOnRamp(tx: TransactionSql, v: OnRampInsert): Promise<OnRampRow> {
  const [row] = await tx`
    insert into on_ramp_sessions (id, enterprise_id, client_id, account_ref, fiat_currency, asset, pair_id, status, payment_reference,
                                  payment_instructions, expires_at, subject_attribution, reference, reference_unique, metadata)
    values (${v.id}, ${v.enterpriseId}, ${v.clientId}, ${v.accountRef}, ${v.fiatCurrency}, ${v.asset}, ${v.pairId}, 'requested',
            ${v.paymentReference}, ${tx.json(v.paymentInstructions as never)}, now() + make_interval(secs => ${v.paymentWindowSeconds}),
            ${tx.json(v.attribution as never)}, ${v.annotations.reference}, ${v.annotations.referenceUnique}, ${JSON.stringify(v.annotations.metadata)}::text::jsonb)
    returning ${tx.unsafe(ON_RAMP_COLUMNS)}`;
  return toOnRampRow(row);
}

/** The session whose payment instructions carry this reference (what the payer quotes). */
export async function findOnRampByPaymentReference(sql: Db, reference: string): Promise<OnRampRow | null> {
  const [row] = await sql`select ${sql.unsafe(ON_RAMP_COLUMNS)} from on_ramp_sessions where payment_reference = ${reference}`;
  return row ? toOnRampRow(row) : null;
}

/** The status and pair of a session, unlocked: what is read before pricing it outside a transaction. */
export async function onRampPricingState(sql: Db, id: string): Promise<{ status: OnRampStatus; pair_id: string } | null> {
  const [row] = await sql`select status, pair_id from on_ramp_sessions where id = ${id}`;
  return row ? { status: row.status, pair_id: row.pair_id } : null;
}
