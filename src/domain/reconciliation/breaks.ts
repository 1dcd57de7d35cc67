import type { Row, Sql, TransactionSql } from 'postgres';
import type { Caller, SubjectAttribution } from '../../auth/caller';
import { AppError, notFound } from '../../errors';
import type { Db } from '../../db/sql';
import { uuidv7 } from '../../ids';
import { formatAmount } from '../../money/assets';
import { recordEventSql } from '../../events/outbox';
import type { BreakKind, DetectedBreak } from './breaks-model';
import { RECONCILIATION_EVENTS } from './events';

/*
 * The reconciliation_breaks table: one row per (account, kind, fingerprint, period). A break is
 * `open` → `acknowledged` → `resolved` (matched by a later run, or corrected by a ledger transaction)
 * or `accepted` (a note is required and the evidence is frozen). Each change is guarded by the status
 * it leaves, so two decisions at once make one.
 */

export type BreakStatus = 'open' | 'acknowledged' | 'resolved' | 'accepted';
export const BREAK_STATUSES: readonly BreakStatus[] = ['open', 'acknowledged', 'resolved', 'accepted'];
export const LIVE: readonly BreakStatus[] = ['open', 'acknowledged'];

export interface BreakRow {
  id: string;
  version: number;
  created_at: Date;
  updated_at: Date;
  enterprise_id: string;
  account_id: string;
  kind: BreakKind;
  fingerprint: string;
  /** YYYY-MM-DD */
  period: string;
  asset: string;
  status: BreakStatus;
  statement_line_id: string | null;
  ledger_transaction_id: string | null;
  match_id: string | null;
  /** Signed minor units, decimal text. */
  difference: string;
  detail: Record<string, unknown>;
  opened_by_run: string;
  snoozed_until: Date | null;
  note: string | null;
  evidence: Record<string, unknown> | null;
  resolution: 'matched' | 'corrected' | 'cleared' | null;
  resolution_ledger_transaction_id: string | null;
  decided_by: SubjectAttribution | null;
  decided_at: Date | null;
}

const SELECT: Record<keyof BreakRow, string> = {
  id: 'id',
  version: 'version',
  created_at: 'created_at',
  updated_at: 'updated_at',
  enterprise_id: 'enterprise_id',
  account_id: 'account_id',
  kind: 'kind',
  fingerprint: 'fingerprint',
  period: "to_char(period, 'YYYY-MM-DD') as period",
  asset: 'asset',
  status: 'status',
  statement_line_id: 'statement_line_id',
  ledger_transaction_id: 'ledger_transaction_id',
  match_id: 'match_id',
  difference: 'difference::text as difference',
  detail: 'detail',
  opened_by_run: 'opened_by_run',
  snoozed_until: 'snoozed_until',
  note: 'note',
  evidence: 'evidence',
  resolution: 'resolution',
  resolution_ledger_transaction_id: 'resolution_ledger_transaction_id',
  decided_by: 'decided_by',
  decided_at: 'decided_at',
};
export const BREAK_COLUMNS = Object.values(SELECT).join(', ');

export function toBreakRow(r: Row): BreakRow {
  return Object.fromEntries(Object.keys(SELECT).map((k) => [k, r[k]])) as unknown as BreakRow;
}

const json = (v: unknown) => JSON.stringify(v);

/** Opens breaks a run found: a break already there (same account, kind, fingerprint and period) is left as it is. */
export async function openBreaks(tx: TransactionSql, account: { id: string; enterprise_id: string; asset: string }, runId: string, found: readonly DetectedBreak[]): Promise<BreakRow[]> {
  const opened: BreakRow[] = [];
  for (const b of found) {
    const [r] = await tx.unsafe(
      `insert into reconciliation_breaks (id, enterprise_id, account_id, kind, fingerprint, period, asset, statement_line_id, ledger_transaction_id, match_id, difference, detail, opened_by_run)
       values ($1, $2, $3, $4, $5, $6::date, $13, $7, $8, $9, $10, $11::text::jsonb, $12)
       on conflict (account_id, kind, fingerprint, period) do nothing returning ${BREAK_COLUMNS}`,
      [uuidv7(), account.enterprise_id, account.id, b.kind, b.fingerprint, b.period, b.statementLineId, b.ledgerTransactionId, (b.detail.match_id as string | undefined) ?? null, b.difference.toString(), json(b.detail), runId, account.asset],
    );
    if (r) opened.push(toBreakRow(r));
  }
  return opened;
}

export async function liveBreaks(db: Db, accountId: string): Promise<BreakRow[]> {
  const rows = await db.unsafe(`select ${BREAK_COLUMNS} from reconciliation_breaks where account_id = $1 and status in ('open', 'acknowledged') order by id`, [accountId]);
  return rows.map(toBreakRow);
}

/** Every break's key (kind, fingerprint, period) of the account, decided or not: a decided one never opens again. */
export async function breakKeys(db: Db, accountId: string): Promise<Set<string>> {
  const rows = await db<{ k: string }[]>`select kind || '|' || fingerprint || '|' || to_char(period, 'YYYY-MM-DD') as k from reconciliation_breaks where account_id = ${accountId}`;
  return new Set(rows.map((r) => r.k));
}

/** A live break the run no longer sees: resolved by the run (`matched` when its line or transaction is matched now, else `cleared`). */
export async function resolveByRun(tx: TransactionSql, b: BreakRow, resolution: 'matched' | 'cleared', runId: string): Promise<BreakRow | null> {
  const [r] = await tx.unsafe(
    `update reconciliation_breaks set status = 'resolved', resolution = $2, decided_at = now(), note = coalesce(note, $3), version = version + 1, updated_at = now()
     where id = $1 and status in ('open', 'acknowledged') returning ${BREAK_COLUMNS}`,
    [b.id, resolution, `Resolved by reconciliation run ${runId}.`],
  );
  return r ? toBreakRow(r) : null;
}

export async function updateDifference(tx: TransactionSql, id: string, difference: bigint, detail: Record<string, unknown>): Promise<void> {
  await tx.unsafe(`update reconciliation_breaks set difference = $2, detail = $3::text::jsonb, version = version + 1, updated_at = now() where id = $1 and status in ('open', 'acknowledged')`, [id, difference.toString(), json(detail)]);
}

export async function findBreak(db: Db, id: string): Promise<BreakRow | null> {
  const [r] = await db.unsafe(`select ${BREAK_COLUMNS} from reconciliation_breaks where id = $1`, [id]);
  return r ? toBreakRow(r) : null;
}

export interface BreakQuery {
  accountId?: string;
  status?: BreakStatus;
  kind?: BreakKind;
  period?: string;
  /** false: leave out the breaks snoozed until later (the inbox's default). */
  includeSnoozed: boolean;
  newestFirst: boolean;
  after: string | null;
  limit: number;
}

export async function listBreaks(sql: Sql, enterpriseId: string, q: BreakQuery): Promise<BreakRow[]> {
  const rows = await sql`
    select ${sql.unsafe(BREAK_COLUMNS)} from reconciliation_breaks
    where enterprise_id = ${enterpriseId}
      and ${q.accountId ? sql`account_id = ${q.accountId}` : sql`true`}
      and ${q.status ? sql`status = ${q.status}` : sql`true`}
      and ${q.kind ? sql`kind = ${q.kind}` : sql`true`}
      and ${q.period ? sql`period = ${q.period}::date` : sql`true`}
      and ${q.includeSnoozed ? sql`true` : sql`(snoozed_until is null or snoozed_until <= now())`}
      and ${q.after ? (q.newestFirst ? sql`id < ${q.after}` : sql`id > ${q.after}`) : sql`true`}
    order by ${q.newestFirst ? sql`id desc` : sql`id`} limit ${q.limit}`;
  return rows.map(toBreakRow);
}

/** The caller's break, or 404 (another enterprise's is as absent as a missing one). */
export async function requireBreak(sql: Sql, caller: Caller, id: string, permission: 'reconciliation.read' | 'reconciliation.manage'): Promise<BreakRow> {
  const b = await findBreak(sql, id);
  if (!b || b.enterprise_id !== caller.enterpriseId) throw notFound('reconciliation break');
  caller.require(permission, [caller.enterpriseRef], 'reconciliation break');
  return b;
}

export type BreakDecision =
  | { action: 'acknowledge'; note?: string }
  | { action: 'snooze'; until: Date; note?: string }
  | { action: 'accept'; note: string }
  | { action: 'resolve'; ledgerTransactionId: string; note?: string };

const FROM: Record<BreakDecision['action'], readonly BreakStatus[]> = {
  acknowledge: ['open'],
  snooze: LIVE,
  accept: LIVE,
  resolve: LIVE,
};

/** What an accepted break's evidence freezes: the lines, transactions and match it is about, as they are now. */
async function freezeEvidence(tx: TransactionSql, b: BreakRow): Promise<Record<string, unknown>> {
  const lines = b.statement_line_id
    ? await tx<{ amount: string; asset: string }[]>`select id, provider_id, booked_at, value_at, asset, amount::text, counterparty, reference, remittance, provider_status from statement_lines where id = ${b.statement_line_id}`
    : [];
  const txs = b.ledger_transaction_id ? await tx`select id, business_key, kind, created_at from ledger_transactions where id = ${b.ledger_transaction_id}` : [];
  return {
    frozen_at: new Date().toISOString(),
    difference: { currency: b.asset, value: formatAmount(BigInt(b.difference), b.asset) },
    detail: b.detail,
    statement_lines: lines.map((l) => ({ ...l, amount: { currency: l.asset, value: formatAmount(BigInt(l.amount), l.asset) } })),
    ledger_transactions: txs,
  };
}

/**
 * A person's decision on a break. Accepting needs a note and freezes the evidence; resolving names
 * the ledger transaction that corrected the books (one of this enterprise's). A decision the break's
 * status no longer allows is 409 `break_decided`.
 */
export async function decideBreak(sql: Sql, caller: Caller, id: string, d: BreakDecision): Promise<BreakRow> {
  const b = await requireBreak(sql, caller, id, 'reconciliation.manage');
  if (d.action === 'resolve') {
    const [t] = await sql`select enterprise_id from ledger_transactions where id = ${d.ledgerTransactionId}`;
    if (!t || t.enterprise_id !== caller.enterpriseId) {
      throw new AppError('EdgeUnprocessable', 'No ledger transaction of this enterprise has that id.', { errors: [{ pointer: '/body/ledger_transaction_id', detail: 'unknown ledger transaction' }] });
    }
  }
  return sql.begin(async (tx) => {
    const evidence = d.action === 'accept' ? await freezeEvidence(tx, b) : null;
    const attribution = caller.attribution();
    const [r] = await tx.unsafe(
      `update reconciliation_breaks set
         status = case $2 when 'acknowledge' then 'acknowledged' when 'accept' then 'accepted' when 'resolve' then 'resolved' else status end,
         snoozed_until = case when $2 = 'snooze' then $3::timestamptz else snoozed_until end,
         note = coalesce($4, note),
         evidence = coalesce($5::text::jsonb, evidence),
         resolution = case when $2 = 'resolve' then 'corrected' else resolution end,
         resolution_ledger_transaction_id = coalesce($6, resolution_ledger_transaction_id),
         decided_by = case when $2 in ('accept', 'resolve') then $7::text::jsonb else decided_by end,
         decided_at = case when $2 in ('accept', 'resolve') then now() else decided_at end,
         version = version + 1, updated_at = now()
       where id = $1 and status = any($8::text[]) returning ${BREAK_COLUMNS}`,
      [
        b.id,
        d.action,
        d.action === 'snooze' ? d.until.toISOString() : null,
        d.note ?? null,
        evidence ? json(evidence) : null,
        d.action === 'resolve' ? d.ledgerTransactionId : null,
        json(attribution),
        FROM[d.action],
      ],
    );
    if (!r) throw new AppError('EdgeConflict', `The break is ${b.status}: it cannot be ${d.action === 'snooze' ? 'snoozed' : `${d.action}d`} now.`, { reason: 'break_decided', extensions: { status: b.status } });
    const row = toBreakRow(r);
    const type = row.status === 'resolved' ? RECONCILIATION_EVENTS.breakResolved : row.status === 'accepted' ? RECONCILIATION_EVENTS.breakAccepted : row.status === 'acknowledged' && b.status === 'open' ? RECONCILIATION_EVENTS.breakAcknowledged : null;
    if (type) await recordBreakEvent(tx, type, row, attribution);
    return row;
  });
}

export async function recordBreakEvent(tx: TransactionSql, type: string, row: BreakRow, attribution: SubjectAttribution | null): Promise<void> {
  await recordEventSql(tx, {
    type,
    enterpriseId: row.enterprise_id,
    scopeRef: `enterprises/${row.enterprise_id}`,
    resourceRef: `reconciliation-breaks/${row.id}`,
    payload: presentBreak(row),
    attribution,
  });
}

export function presentBreak(b: BreakRow) {
  return {
    id: b.id,
    resource: 'reconciliation_break' as const,
    account_id: b.account_id,
    kind: b.kind,
    fingerprint: b.fingerprint,
    period: b.period,
    status: b.status,
    statement_line_id: b.statement_line_id,
    ledger_transaction_id: b.ledger_transaction_id,
    match_id: b.match_id,
    difference: { currency: b.asset, value: formatAmount(BigInt(b.difference), b.asset) },
    detail: b.detail,
    opened_by_run: b.opened_by_run,
    snoozed_until: b.snoozed_until ? b.snoozed_until.toISOString() : null,
    note: b.note,
    evidence: b.evidence,
    resolution: b.resolution,
    resolution_ledger_transaction_id: b.resolution_ledger_transaction_id,
    decided_by: b.decided_by,
    decided_at: b.decided_at ? b.decided_at.toISOString() : null,
    created_at: b.created_at.toISOString(),
    updated_at: b.updated_at.toISOString(),
  };
}
