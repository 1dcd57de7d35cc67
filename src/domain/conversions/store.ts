import type { Row, TransactionSql } from 'postgres';
import type { Db } from '../../db/sql';
import type { PrincipalRef, SubjectAttribution } from '../../auth/caller';
import type { AccountOwnedRow } from '../../db/base';
import type { ConversionStatus } from './events';
import type { PricedColumns } from './ledger';
import type { ConversionReleaseStatus } from './model';

/*
 * The conversions rows: the one column list, the mapper that builds the typed row from what
 * `postgres` returns, and the statements that read and write them (see CONTRIBUTING, "A money area").
 */

export interface ConversionRow extends AccountOwnedRow, PricedColumns {
  pair_id: string;
  quote_id: string | null;
  business_key: string | null;
  status: ConversionStatus;
  approval_ref: string | null;
  failure_reason: string | null;
  hold_id: string | null;
  ledger_transaction_id: string | null;
  policy_decision: unknown;
  subject_attribution: SubjectAttribution;
  settled_at: Date | null;
  reference: string | null;
  reference_unique: boolean;
  metadata: Record<string, string>;
}

/** The select expression of each field: the row type names every column, so the list cannot drift from it. */
const CONVERSION_SELECT: Record<keyof ConversionRow, string> = {
  id: 'id',
  version: 'version',
  created_at: 'created_at',
  updated_at: 'updated_at',
  enterprise_id: 'enterprise_id',
  client_id: 'client_id',
  account_ref: 'account_ref',
  pair_id: 'pair_id',
  quote_id: 'quote_id',
  business_key: 'business_key',
  from_asset: 'from_asset',
  to_asset: 'to_asset',
  // exact: numeric travels as its decimal text, never a float
  from_amount: 'from_amount::text as from_amount',
  to_amount: 'to_amount::text as to_amount',
  fee_amount: 'fee_amount::text as fee_amount',
  fee_components: 'fee_components',
  enterprise_ca_version: 'enterprise_ca_version',
  platform_ca_version: 'platform_ca_version',
  rate: 'rate',
  price: 'price',
  status: 'status',
  approval_ref: 'approval_ref',
  failure_reason: 'failure_reason',
  hold_id: 'hold_id',
  ledger_transaction_id: 'ledger_transaction_id',
  policy_decision: 'policy_decision',
  subject_attribution: 'subject_attribution',
  settled_at: 'settled_at',
  reference: 'reference',
  reference_unique: 'reference_unique',
  metadata: 'metadata',
};

/** The columns of a ConversionRow, for selects and `returning`. */
export const CONVERSION_COLUMNS = Object.values(CONVERSION_SELECT).join(', ');

export const COLUMNS = (sql: Db) => sql.unsafe(CONVERSION_COLUMNS);

/** A ConversionRow from a row selected with CONVERSION_COLUMNS. */
export function toConversionRow(r: Row): ConversionRow {
  return {
    id: r.id,
    version: r.version,
    created_at: r.created_at,
    updated_at: r.updated_at,
    enterprise_id: r.enterprise_id,
    client_id: r.client_id,
    account_ref: r.account_ref,
    pair_id: r.pair_id,
    quote_id: r.quote_id,
    business_key: r.business_key,
    from_asset: r.from_asset,
    to_asset: r.to_asset,
    from_amount: r.from_amount,
    to_amount: r.to_amount,
    fee_amount: r.fee_amount,
    fee_components: r.fee_components,
    enterprise_ca_version: r.enterprise_ca_version,
    platform_ca_version: r.platform_ca_version,
    rate: r.rate,
    price: r.price,
    status: r.status,
    approval_ref: r.approval_ref,
    failure_reason: r.failure_reason,
    hold_id: r.hold_id,
    ledger_transaction_id: r.ledger_transaction_id,
    policy_decision: r.policy_decision,
    subject_attribution: r.subject_attribution,
    settled_at: r.settled_at,
    reference: r.reference,
    reference_unique: r.reference_unique,
    metadata: r.metadata,
  };
}

const first = (rows: readonly Row[]): ConversionRow | null => (rows[0] ? toConversionRow(rows[0]) : null);

export async function findConversion(sql: Db, id: string): Promise<ConversionRow | null> {
  return first(await sql`select ${COLUMNS(sql)} from conversions where id = ${id}`);
}

/** The conversion, locked for a state change in the caller's transaction. */
export async function lockConversion(tx: TransactionSql, id: string): Promise<ConversionRow | null> {
  return first(await tx`select ${COLUMNS(tx)} from conversions where id = ${id} for update`);
}

export async function byBusinessKey(tx: Db, enterpriseId: string, key: string | null | undefined): Promise<ConversionRow | null> {
  if (!key) return null;
  return first(await tx`select ${COLUMNS(tx)} from conversions where enterprise_id = ${enterpriseId} and business_key = ${key}`);
}

/** What a new conversion is recorded with: executed at once, or awaiting approval with its hold. */
export interface ConversionInsert {
  id: string;
  enterpriseId: string;
  clientId: string | null;
  accountRef: string;
  pairId: string;
  quoteId: string | null;
  businessKey: string | null;
  fromAsset: string;
  toAsset: string;
  fromAmount: bigint;
  toAmount: bigint;
  feeTotal: bigint;
  fees: PricedColumns['fee_components'];
  enterpriseCaVersion: number;
  platformCaVersion: number;
  rate: string;
  price: string;
  approvalRef: string | null;
  holdId: string | null;
  ledgerTransactionId: string | null;
  decision: unknown;
  attribution: SubjectAttribution;
  reference: string | null;
  referenceUnique: boolean;
  metadata: Record<string, string>;
}

export async function insertConversion(tx: TransactionSql, v: ConversionInsert): Promise<ConversionRow> {
  const [row] = await tx`
    insert into conversions (id, enterprise_id, client_id, account_ref, pair_id, quote_id, business_key, from_asset, to_asset,
                             from_amount, to_amount, fee_amount, fee_components, enterprise_ca_version, platform_ca_version,
                             rate, price, status, approval_ref, hold_id, ledger_transaction_id, policy_decision, subject_attribution, settled_at,
                             reference, reference_unique, metadata)
    values (${v.id}, ${v.enterpriseId}, ${v.clientId}, ${v.accountRef}, ${v.pairId}, ${v.quoteId}, ${v.businessKey},
            ${v.fromAsset}, ${v.toAsset}, ${v.fromAmount.toString()}, ${v.toAmount.toString()}, ${v.feeTotal.toString()},
            ${tx.json(v.fees as never)}, ${v.enterpriseCaVersion}, ${v.platformCaVersion}, ${v.rate}, ${v.price},
            ${v.approvalRef ? 'pending_approval' : 'executed'}, ${v.approvalRef}, ${v.holdId},
            ${v.ledgerTransactionId}, ${tx.json(v.decision as never)}, ${tx.json(v.attribution as never)},
            ${v.approvalRef ? null : new Date()},
            ${v.reference}, ${v.referenceUnique}, ${JSON.stringify(v.metadata)}::text::jsonb)
    returning ${COLUMNS(tx)}`;
  return toConversionRow(row);
}

/** pending_approval → executing with who approved; null when the conversion was not awaiting approval. */
export async function writeExecuting(tx: TransactionSql, id: string, approvedBy: PrincipalRef[]): Promise<ConversionRow | null> {
  return first(await tx`
    update conversions
       set status = 'executing', version = version + 1, updated_at = now(),
           subject_attribution = jsonb_set(subject_attribution, '{approved_by}', ${JSON.stringify(approvedBy)}::text::jsonb)
     where id = ${id} and status = 'pending_approval' returning ${COLUMNS(tx)}`);
}

export async function statusOf(tx: Db, id: string): Promise<ConversionStatus | null> {
  const [current] = await tx`select status from conversions where id = ${id}`;
  return (current?.status as ConversionStatus | undefined) ?? null;
}

/** A locked, executing conversion → executed under its ledger transaction. */
export async function writeExecuted(tx: TransactionSql, id: string, ledgerTransactionId: string): Promise<ConversionRow> {
  const [row] = await tx`
    update conversions set status = 'executed', ledger_transaction_id = ${ledgerTransactionId}, settled_at = now(),
                           version = version + 1, updated_at = now()
     where id = ${id} returning ${COLUMNS(tx)}`;
  return toConversionRow(row);
}

/** A locked conversion awaiting approval → one of its release ends. */
export async function writeReleased(tx: TransactionSql, id: string, status: ConversionReleaseStatus, failureReason: string | null): Promise<ConversionRow> {
  const [row] = await tx`
    update conversions set status = ${status}, failure_reason = ${failureReason}, version = version + 1, updated_at = now()
     where id = ${id} returning ${COLUMNS(tx)}`;
  return toConversionRow(row);
}
