import type { Sql, TransactionSql } from 'postgres';
import type { Caller, SubjectAttribution } from '../../auth/caller';
import { notFound } from '../../errors';
import { etagOf } from '../../db/base';
import { recordEventSql } from '../../events/outbox';
import { money } from '../../ledger';
import { visibleCondition, visibility } from '../funding/accounts';
import { feeSummary } from '../pricing/prices';
import { referenceMetadataFragment, updateReferenceMetadata, type ReferenceMetadataChange, type ReferenceMetadataFilter } from '../../db/references';
import { CONVERSION_EVENTS, CONVERSION_UPDATED, type ConversionStatus } from './events';
import { loadFees } from './ledger';
import { COLUMNS, CONVERSION_COLUMNS, findConversion, toConversionRow, type ConversionRow } from './store';

/* The conversion record: its presentation, its event and the reads (rows: ./store). */

/** The transaction record of the tenant API contract, family `conversion`. */
export function presentConversion(c: ConversionRow) {
  return {
    id: c.id,
    account_ref: c.account_ref,
    approval_ref: c.approval_ref,
    family: 'conversion' as const,
    family_params: {
      pair_id: c.pair_id,
      quote_id: c.quote_id,
      from_amount: money(BigInt(c.from_amount), c.from_asset),
      to_amount: money(BigInt(c.to_amount), c.to_asset),
      to_currency: c.to_asset,
      price: c.price,
    },
    principal_amount: money(BigInt(c.from_amount), c.from_asset),
    fee_summary: feeSummary(loadFees(c.fee_components), c.from_asset),
    fill_rate: c.status === 'executed' ? c.price : null,
    failure_reason: c.failure_reason,
    status: c.status,
    settled_at: c.settled_at ? c.settled_at.toISOString() : null,
    subject_attribution: c.subject_attribution,
    reference: c.reference,
    metadata: c.metadata,
    etag: etagOf(c),
    created_at: c.created_at.toISOString(),
    updated_at: c.updated_at.toISOString(),
  };
}

export function recordConversionEvent(tx: TransactionSql, row: ConversionRow, attribution: SubjectAttribution | null, type = CONVERSION_EVENTS[row.status]) {
  return recordEventSql(tx, {
    type,
    enterpriseId: row.enterprise_id,
    scopeRef: row.account_ref,
    resourceRef: `conversions/${row.id}`,
    payload: presentConversion(row),
    attribution,
  });
}

export const pathOf = (c: Pick<ConversionRow, 'enterprise_id' | 'client_id' | 'account_ref'>) =>
  c.client_id ? [`enterprises/${c.enterprise_id}`, `clients/${c.client_id}`, c.account_ref] : [`enterprises/${c.enterprise_id}`, c.account_ref];

/** The conversion if the caller may read it at its account, else 404. */
export async function readableConversion(sql: Sql, caller: Caller, id: string): Promise<ConversionRow> {
  const row = await findConversion(sql, id);
  if (!row) throw notFound('conversion');
  caller.require('conversions.read', pathOf(row), 'conversion');
  return row;
}

export interface ConversionFilter extends ReferenceMetadataFilter {
  accountRef?: string;
  status?: ConversionStatus;
}

/** A page of conversions the caller may read (its enterprise, within the scopes it holds conversions.read at). */
export async function listConversions(sql: Sql, caller: Caller, filter: ConversionFilter, after: string | null, limit: number): Promise<ConversionRow[]> {
  const v = visibility(caller, 'conversions.read');
  return (
    await sql`
    select ${COLUMNS(sql)} from conversions c
     where c.enterprise_id = ${caller.enterpriseId}
       and ${visibleCondition(sql, v, 'c')}
       and ${filter.accountRef ? sql`c.account_ref = ${filter.accountRef}` : sql`true`}
       and ${filter.status ? sql`c.status = ${filter.status}` : sql`true`}
       and ${referenceMetadataFragment(sql, filter)}
       and ${after ? sql`c.id > ${after}` : sql`true`}
     order by c.id limit ${limit}`
  ).map(toConversionRow);
}

/**
 * Changes a conversion's reference and metadata, in any status (terminal ones included: reconciling
 * happens after settlement); they change nothing the conversion does. Needs `conversions.create` at its account.
 */
export function updateConversionReferenceMetadata(sql: Sql, caller: Caller, id: string, change: ReferenceMetadataChange, assertCurrent: (row: ConversionRow) => void): Promise<ConversionRow> {
  return updateReferenceMetadata<ConversionRow>(sql, {
    table: 'conversions',
    columns: CONVERSION_COLUMNS,
    what: 'conversion',
    id,
    enterpriseId: caller.enterpriseId,
    change,
    authorize: (row) => caller.require('conversions.create', pathOf(row), 'conversion'),
    assertCurrent,
    after: (tx, row) => recordConversionEvent(tx, row, caller.attribution(), CONVERSION_UPDATED),
  });
}
