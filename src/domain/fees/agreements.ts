import type { Sql, TransactionSql } from 'postgres';
import { AppError, notFound } from '../../errors';
import { uuidv7 } from '../../ids';
import { etagOf, iso, type Alongside } from '../../db/base';
import type { SubjectAttribution } from '../../auth/caller';
import { recordEventSql } from '../../events/outbox';
import { systemAccountRef } from '../../ledger';
import { networkByCode } from '../../reference/networks';
import { assertEnterpriseOpen } from '../tenancy/lifecycle';
import { computeFees, type FeeQuote, type FeeSchedule, type OperationType, type VersionedSchedule } from './engine';
import { assertValidFeeSchedule } from './schedule';
import { AGREEMENT_CREATED, AGREEMENT_SUPERSEDED } from './events';

/**
 * Enterprise commercial agreements: versioned fee schedules layered on the platform schedule.
 * Issuing a new version supersedes the one in force in the same transaction; a partial unique
 * index guarantees exactly one in force per enterprise. Superseded versions stay readable.
 */

export interface AgreementRow {
  id: string;
  version: number;
  created_at: Date;
  updated_at: Date;
  enterprise_id: string;
  agreement_version: number;
  status: 'in_force' | 'superseded';
  fee_schedule: FeeSchedule;
  effective_from: Date;
  superseded_at: Date | null;
  supersedes_id: string | null;
  superseded_by_id: string | null;
}

const ref = (id: string | null) => (id ? `enterprise-commercial-agreements/${id}` : null);

export function presentAgreement(r: AgreementRow) {
  return {
    id: r.id,
    resource: 'enterprise_commercial_agreement' as const,
    scope_ref: `enterprises/${r.enterprise_id}`,
    version: r.agreement_version,
    status: r.status,
    fee_schedule: r.fee_schedule,
    effective_from: r.effective_from.toISOString(),
    superseded_at: iso(r.superseded_at),
    supersedes: ref(r.supersedes_id),
    superseded_by: ref(r.superseded_by_id),
    etag: etagOf(r),
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

const COLUMNS = (sql: Sql | TransactionSql) => sql`
  id, version, created_at, updated_at, enterprise_id, agreement_version, status, fee_schedule, effective_from,
  superseded_at, supersedes_id, superseded_by_id`;

export interface IssueAgreementInput {
  enterpriseId: string;
  schedule: FeeSchedule;
  attribution: SubjectAttribution;
  /** Supersede exactly this version: 409 `agreement_not_in_force` if another is in force by now. */
  replaces?: { id: string; assertCurrent: (row: AgreementRow) => void };
}

/** Issues the next version; the one in force (if any) becomes superseded in the same transaction, with `alongside` for the new one. */
export async function issueAgreement(sql: Sql, input: IssueAgreementInput, alongside?: Alongside<AgreementRow>): Promise<AgreementRow> {
  assertValidFeeSchedule(input.schedule, '/body/fee_schedule');
  return sql.begin(async (tx) => {
    // Issuers of one enterprise queue here, so version numbers are gap-free and never collide.
    await tx`select pg_advisory_xact_lock(hashtext(${`commercial-agreements:${input.enterpriseId}`}))`;
    await assertEnterpriseOpen(tx, input.enterpriseId, { lock: true });
    const [current] = await tx<AgreementRow[]>`
      select ${COLUMNS(tx)} from enterprise_commercial_agreements where enterprise_id = ${input.enterpriseId} and status = 'in_force'`;
    if (input.replaces) {
      if (!current || current.id !== input.replaces.id) {
        throw new AppError('EdgeConflict', 'Only the agreement in force can be superseded; this one already was.', { reason: 'agreement_not_in_force' });
      }
      input.replaces.assertCurrent(current);
    }
    const id = uuidv7();
    if (current) {
      const [superseded] = await tx<AgreementRow[]>`
        update enterprise_commercial_agreements
           set status = 'superseded', superseded_at = now(), superseded_by_id = ${id}, version = version + 1, updated_at = now()
         where id = ${current.id} returning ${COLUMNS(tx)}`;
      await record(tx, AGREEMENT_SUPERSEDED, superseded, input.attribution);
    }
    const [created] = await tx<AgreementRow[]>`
      insert into enterprise_commercial_agreements (id, enterprise_id, agreement_version, status, fee_schedule, supersedes_id, subject_attribution)
      values (${id}, ${input.enterpriseId}, ${(current?.agreement_version ?? 0) + 1}, 'in_force',
              ${tx.json(input.schedule as never)}, ${current?.id ?? null}, ${tx.json(input.attribution as never)})
      returning ${COLUMNS(tx)}`;
    await record(tx, AGREEMENT_CREATED, created, input.attribution);
    await alongside?.(tx, created);
    return created;
  }) as Promise<AgreementRow>;
}

function record(tx: TransactionSql, type: string, row: AgreementRow, attribution: SubjectAttribution) {
  return recordEventSql(tx, {
    type,
    enterpriseId: row.enterprise_id,
    scopeRef: `enterprises/${row.enterprise_id}`,
    resourceRef: `enterprise-commercial-agreements/${row.id}`,
    payload: presentAgreement(row),
    attribution,
  });
}

export async function getAgreement(sql: Sql, id: string): Promise<AgreementRow> {
  const [row] = await sql<AgreementRow[]>`select ${COLUMNS(sql)} from enterprise_commercial_agreements where id = ${id}`;
  if (!row) throw notFound('commercial agreement');
  return row;
}

export async function listAgreements(
  sql: Sql,
  q: { enterpriseId: string; status?: 'in_force' | 'superseded'; after: string | null; limit: number },
): Promise<AgreementRow[]> {
  return sql<AgreementRow[]>`
    select ${COLUMNS(sql)} from enterprise_commercial_agreements
     where enterprise_id = ${q.enterpriseId}
       and ${q.status ? sql`status = ${q.status}` : sql`true`}
       and ${q.after ? sql`id > ${q.after}` : sql`true`}
     order by id limit ${q.limit}`;
}

/** The platform schedule and the enterprise's agreement in force (null when it has none). */
export async function schedulesInForce(sql: Sql | TransactionSql, enterpriseId: string): Promise<{ platform: VersionedSchedule; enterprise: VersionedSchedule | null }> {
  const [row] = await sql`
    select p.version as platform_version, p.fee_schedule as platform_schedule,
           e.agreement_version as enterprise_version, e.fee_schedule as enterprise_schedule
      from platform_commercial_agreements p
      left join enterprise_commercial_agreements e on e.enterprise_id = ${enterpriseId} and e.status = 'in_force'
     where p.status = 'in_force'`;
  return {
    platform: { version: row.platform_version, schedule: row.platform_schedule },
    enterprise: row.enterprise_version ? { version: row.enterprise_version, schedule: row.enterprise_schedule } : null,
  };
}

export interface QuoteRequest {
  enterpriseId: string;
  operationType: OperationType;
  asset: string;
  amount: bigint;
  rail: string | null;
}

/**
 * Prices an operation with the schedules in force: what fee previews show and what execution
 * charges (withdrawals and conversions call this with their own transaction). Service fees are paid
 * to the enterprise's fee_revenue system account, network fees to its network_fees account.
 */
export async function quoteFees(sql: Sql | TransactionSql, req: QuoteRequest): Promise<FeeQuote> {
  return feesUnder(await schedulesInForce(sql, req.enterpriseId), req);
}

/** `quoteFees` on schedules the caller already holds (the signed API's per-process cache). */
export function feesUnder(schedules: Awaited<ReturnType<typeof schedulesInForce>>, req: QuoteRequest): FeeQuote {
  return computeFees({
    operationType: req.operationType,
    asset: req.asset,
    amount: req.amount,
    rail: req.rail,
    railIsNetwork: req.rail !== null && networkByCode(req.rail) !== undefined,
    ...schedules,
    payees: { serviceFee: systemAccountRef(req.enterpriseId, 'fee_revenue'), networkFee: systemAccountRef(req.enterpriseId, 'network_fees') },
  });
}
