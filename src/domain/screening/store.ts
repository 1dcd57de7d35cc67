import type { Row, Sql, TransactionSql } from 'postgres';
import type { Caller } from '../../auth/caller';
import { visibleByScopePath } from '../policies/scope';
import type { Db } from '../../db/sql';
import type { ScreeningSubject, ScreeningVerdict } from '../../providers/screening';
import type { ScreeningOutcome } from './messages';
import type { ScreeningStatus } from './events';

/* The screenings table: its row, one column list, the mapper and the statements. Each state change is guarded by the status it leaves. */

export interface ScreeningRow {
  id: string;
  created_at: Date;
  updated_at: Date;
  enterprise_id: string;
  business_key: string;
  subject_ref: string;
  scope_path: string[];
  direction: 'outgoing' | 'incoming' | 'counterparty';
  asset: string | null;
  amount: string | null;
  rail: string;
  subject: ScreeningSubject;
  verdict_source: 'provider' | 'enterprise';
  provider: string;
  provider_screening_id: string | null;
  status: ScreeningStatus;
  verdict: ScreeningVerdict | null;
  verdict_at: Date | null;
  outcome: ScreeningOutcome | null;
  decided_by: 'policy' | 'enterprise' | 'timeout' | 'provider_failure' | null;
  deadline: Date | null;
  late_verdict: ScreeningVerdict | null;
  late_verdict_at: Date | null;
  travel_rule_sent: boolean;
}

const SELECT: Record<keyof ScreeningRow, string> = {
  id: 'id',
  created_at: 'created_at',
  updated_at: 'updated_at',
  enterprise_id: 'enterprise_id',
  business_key: 'business_key',
  subject_ref: 'subject_ref',
  scope_path: 'scope_path',
  direction: 'direction',
  asset: 'asset',
  amount: 'amount::text',
  rail: 'rail',
  subject: 'subject',
  verdict_source: 'verdict_source',
  provider: 'provider',
  provider_screening_id: 'provider_screening_id',
  status: 'status',
  verdict: 'verdict',
  verdict_at: 'verdict_at',
  outcome: 'outcome',
  decided_by: 'decided_by',
  deadline: 'deadline',
  late_verdict: 'late_verdict',
  late_verdict_at: 'late_verdict_at',
  travel_rule_sent: 'travel_rule_sent',
};

export const SCREENING_COLUMNS = Object.values(SELECT).join(', ');

export function toScreeningRow(r: Row): ScreeningRow {
  return {
    id: r.id,
    created_at: r.created_at,
    updated_at: r.updated_at,
    enterprise_id: r.enterprise_id,
    business_key: r.business_key,
    subject_ref: r.subject_ref,
    scope_path: r.scope_path,
    direction: r.direction,
    asset: r.asset,
    amount: r.amount,
    rail: r.rail,
    subject: r.subject,
    verdict_source: r.verdict_source,
    provider: r.provider,
    provider_screening_id: r.provider_screening_id,
    status: r.status,
    verdict: r.verdict,
    verdict_at: r.verdict_at,
    outcome: r.outcome,
    decided_by: r.decided_by,
    deadline: r.deadline,
    late_verdict: r.late_verdict,
    late_verdict_at: r.late_verdict_at,
    travel_rule_sent: r.travel_rule_sent,
  };
}

const first = (rows: readonly Row[]): ScreeningRow | null => (rows[0] ? toScreeningRow(rows[0]) : null);

export type NewScreening = Pick<ScreeningRow, 'id' | 'enterprise_id' | 'business_key' | 'subject_ref' | 'scope_path' | 'direction' | 'asset' | 'amount' | 'rail' | 'subject' | 'verdict_source' | 'provider'>;

/** The screening of a business key: inserted once, the existing one on every later call. */
export async function ensureScreening(sql: Sql, s: NewScreening): Promise<ScreeningRow> {
  const inserted = first(await sql.unsafe(
    `insert into screenings (id, enterprise_id, business_key, subject_ref, scope_path, direction, asset, amount, rail, subject, verdict_source, provider, status)
     values ($1, $2, $3, $4, $5, $6, $7, $8::numeric, $9, $10::text::jsonb, $11, $12, 'screening')
     on conflict (business_key) do nothing returning ${SCREENING_COLUMNS}`,
    [s.id, s.enterprise_id, s.business_key, s.subject_ref, s.scope_path as never, s.direction, s.asset, s.amount, s.rail, JSON.stringify(s.subject), s.verdict_source, s.provider],
    { prepare: true },
  ));
  return inserted ?? (await findScreeningByKey(sql, s.business_key))!;
}

export async function findScreening(sql: Db, id: string): Promise<ScreeningRow | null> {
  return first(await sql.unsafe(`select ${SCREENING_COLUMNS} from screenings where id = $1`, [id], { prepare: true }));
}

export async function findScreeningByKey(sql: Db, key: string): Promise<ScreeningRow | null> {
  return first(await sql.unsafe(`select ${SCREENING_COLUMNS} from screenings where business_key = $1`, [key], { prepare: true }));
}

export async function lockScreening(tx: TransactionSql, id: string): Promise<ScreeningRow | null> {
  return first(await tx.unsafe(`select ${SCREENING_COLUMNS} from screenings where id = $1 for update`, [id], { prepare: true }));
}

export async function findByProviderId(sql: Db, provider: string, providerScreeningId: string): Promise<ScreeningRow | null> {
  return first(await sql.unsafe(`select ${SCREENING_COLUMNS} from screenings where provider = $1 and provider_screening_id = $2`, [provider, providerScreeningId], { prepare: true }));
}

/** screening → pending, waiting until `deadline`. */
export async function moveToPending(tx: TransactionSql, id: string, providerScreeningId: string | null, deadline: Date, travelRuleSent: boolean): Promise<ScreeningRow | null> {
  return first(await tx.unsafe(
    `update screenings set status = 'pending', provider_screening_id = coalesce(provider_screening_id, $2), deadline = $3, travel_rule_sent = travel_rule_sent or $4, updated_at = now()
      where id = $1 and status = 'screening' returning ${SCREENING_COLUMNS}`,
    [id, providerScreeningId, deadline, travelRuleSent],
    { prepare: true },
  ));
}

/** screening | pending → completed with its verdict and the outcome decided. */
export async function moveToCompleted(
  tx: TransactionSql,
  id: string,
  v: { providerScreeningId: string | null; verdict: ScreeningVerdict | null; outcome: ScreeningOutcome; decidedBy: NonNullable<ScreeningRow['decided_by']>; travelRuleSent: boolean },
): Promise<ScreeningRow | null> {
  return first(await tx.unsafe(
    `update screenings set status = 'completed', provider_screening_id = coalesce(provider_screening_id, $2), verdict = $3::text::jsonb, verdict_at = now(),
            outcome = $4, decided_by = $5, travel_rule_sent = travel_rule_sent or $6, updated_at = now()
      where id = $1 and status in ('screening', 'pending') returning ${SCREENING_COLUMNS}`,
    [id, v.providerScreeningId, v.verdict ? JSON.stringify(v.verdict) : null, v.outcome, v.decidedBy, v.travelRuleSent],
    { prepare: true },
  ));
}

/** pending → timed_out with the outcome the policy gives a missing verdict. */
export async function moveToTimedOut(tx: TransactionSql, id: string, outcome: ScreeningOutcome): Promise<ScreeningRow | null> {
  return first(await tx.unsafe(
    `update screenings set status = 'timed_out', outcome = $2, decided_by = 'timeout', updated_at = now() where id = $1 and status = 'pending' returning ${SCREENING_COLUMNS}`,
    [id, outcome],
    { prepare: true },
  ));
}

/** A verdict after the timeout: kept (the first one), deciding nothing. */
export async function recordLateVerdict(tx: TransactionSql, id: string, verdict: ScreeningVerdict): Promise<ScreeningRow | null> {
  return first(await tx.unsafe(
    `update screenings set late_verdict = $2::text::jsonb, late_verdict_at = now(), updated_at = now()
      where id = $1 and status = 'timed_out' and late_verdict is null returning ${SCREENING_COLUMNS}`,
    [id, JSON.stringify(verdict)],
    { prepare: true },
  ));
}

export interface ScreeningFilter {
  status?: ScreeningStatus;
  outcome?: ScreeningOutcome;
  subjectRef?: string;
  after: string | null;
  limit: number;
}

/** The caller's screenings (where it holds `compliance.read`), by id: the compliance queue reads `outcome=freeze` or `status=pending`. */
export async function selectScreenings(sql: Sql, caller: Caller, q: ScreeningFilter): Promise<ScreeningRow[]> {
  const rows = await sql`
    select ${sql.unsafe(SCREENING_COLUMNS)} from screenings
     where enterprise_id = ${caller.enterpriseId}
       and ${visibleByScopePath(sql, caller, 'compliance.read')}
       and ${q.status ? sql`status = ${q.status}` : sql`true`}
       and ${q.outcome ? sql`outcome = ${q.outcome}` : sql`true`}
       and ${q.subjectRef ? sql`subject_ref = ${q.subjectRef}` : sql`true`}
       and ${q.after ? sql`id > ${q.after}` : sql`true`}
     order by id limit ${q.limit}`;
  return rows.map(toScreeningRow);
}
