import type { Sql } from 'postgres';
import type { Caller, SubjectAttribution } from '../../auth/caller';
import type { CheckpointSigner } from '../../ledger';
import { AppError } from '../../errors';
import { invalidPageToken } from '../../page-tokens';
import type { Db } from '../../db/sql';
import { formatAmount } from '../../money/assets';
import { recordEventSql } from '../../events/outbox';
import { RECONCILIATION_EVENTS } from './events';
import type { ReconciliationAccountRow } from './store';
import { ledgerTotalBetween } from './match';

/*
 * A period is one UTC day of one provider account. It closes when the day is over, a run has read it
 * past the account's lag, it has no live break, and every earlier day with activity is closed: the
 * close records the day's figures as canonical JSON signed with the ledger checkpoint key. A posting
 * dated inside it later opens a `closed_period_posting` break; the signed figures never change.
 */

export const PERIOD_ENCODING = 'counterfoil.reconciliation.period.v1';
const DAY = 86_400_000;

export interface PeriodRow {
  account_id: string;
  period: string;
  enterprise_id: string;
  closed_at: Date;
  closed_by: SubjectAttribution;
  payload: string;
  signature: string;
  key_id: string;
}

const COLUMNS = "account_id, to_char(period, 'YYYY-MM-DD') as period, enterprise_id, closed_at, closed_by, payload, signature, key_id";

export async function listPeriods(db: Db, accountId: string, after: string | null, limit: number): Promise<PeriodRow[]> {
  // A page of periods is keyed by its last day: any other cursor is not one of this list's.
  if (after !== null && !/^\d{4}-\d{2}-\d{2}$/.test(after)) throw invalidPageToken();
  return db.unsafe(`select ${COLUMNS} from reconciliation_periods where account_id = $1 and ($2::date is null or period < $2::date) order by period desc limit $3`, [accountId, after, limit]) as unknown as Promise<PeriodRow[]>;
}

export function presentPeriod(p: PeriodRow) {
  const signed = JSON.parse(p.payload) as { figures: Record<string, unknown> };
  return {
    resource: 'reconciliation_period' as const,
    account_id: p.account_id,
    period: p.period,
    status: 'closed' as const,
    closed_at: p.closed_at.toISOString(),
    closed_by: p.closed_by,
    figures: signed.figures,
    payload: p.payload,
    signature: p.signature,
    key_id: p.key_id,
  };
}

/**
 * The last day of the unbroken run of closed periods from the account's first: "reconciled up to and
 * including". Null while its first period is open.
 */
export async function reconciledThrough(db: Db, accountId: string): Promise<string | null> {
  const rows = await db<{ p: string }[]>`select to_char(period, 'YYYY-MM-DD') as p from reconciliation_periods where account_id = ${accountId} order by period`;
  let through: string | null = null;
  for (const { p } of rows) {
    if (through !== null && Date.parse(p) - Date.parse(through) !== DAY) break;
    through = p;
  }
  return through;
}

const blocked = (blocker: string, detail: string, extensions: Record<string, unknown> = {}) =>
  new AppError('EdgeConflict', detail, { reason: 'period_not_closable', extensions: { blocker, ...extensions } });

/** The days before `day` with any line, ledger transaction or break of the account that are not closed. */
async function earliestOpenDay(db: Db, account: ReconciliationAccountRow, day: string): Promise<string | null> {
  const [r] = await db<{ d: string | null }[]>`
    select to_char(min(d), 'YYYY-MM-DD') as d from (
      select (booked_at at time zone 'UTC')::date as d from statement_lines where account_id = ${account.id} and booked_at < ${day}::date
      union select period from reconciliation_breaks where account_id = ${account.id} and period < ${day}::date
    ) days where not exists (select 1 from reconciliation_periods p where p.account_id = ${account.id} and p.period = days.d)`;
  return r.d;
}

/** Refuses unless `day` can close now: 409 `period_closed`, or `period_not_closable` naming what stands in the way. Inside the account's lock. */
export async function assertClosable(tx: Db, account: ReconciliationAccountRow, day: string): Promise<{ runId: string }> {
  const end = Date.parse(`${day}T00:00:00.000Z`) + DAY;
  if (end > Date.now()) throw blocked('not_ended', `${day} is not over yet (UTC).`);
  const [closed] = await tx`select 1 from reconciliation_periods where account_id = ${account.id} and period = ${day}::date`;
  if (closed) throw new AppError('EdgeConflict', `${day} is closed already.`, { reason: 'period_closed' });
  const readBy = new Date(end + account.lag_ms);
  const [run] = await tx<{ id: string; read_at: Date }[]>`select id, read_at from reconciliation_runs where account_id = ${account.id} and read_at >= ${readBy} order by id desc limit 1`;
  if (!run) throw blocked('not_read', `A run must read the account after ${readBy.toISOString()} (the day's end plus the account's lag) before ${day} closes.`, { read_after: readBy.toISOString() });
  const [{ n: live }] = await tx<{ n: number }[]>`select count(*)::int as n from reconciliation_breaks where account_id = ${account.id} and period = ${day}::date and status in ('open', 'acknowledged')`;
  if (live > 0) throw blocked('open_breaks', `${day} has ${live} open break${live === 1 ? '' : 's'}: resolve or accept them first.`, { open_breaks: live });
  const earlier = await earliestOpenDay(tx, account, day);
  if (earlier) throw blocked('earlier_period_open', `${earlier} is not closed: periods close in order.`, { earliest_open: earlier });
  return { runId: run.id };
}

/** What the day's statement moved in and out, in all (a magnitude, minor units): the amount a policy rule on closing a day weighs. */
export async function dayTurnover(db: Db, accountId: string, day: string): Promise<bigint> {
  const [r] = await db<{ t: string }[]>`
    select coalesce(sum(abs(amount)), 0)::text as t from statement_lines
    where account_id = ${accountId} and booked_at >= ${day}::date and booked_at < ${day}::date + 1`;
  return BigInt(r.t);
}

/** Closes `day` of the account (YYYY-MM-DD), signed, by the caller; the refusals name what stands in the way. */
export async function closePeriod(sql: Sql, signer: CheckpointSigner, caller: Caller, account: ReconciliationAccountRow, day: string): Promise<PeriodRow> {
  return sql.begin(async (tx) => {
    await tx`select id from reconciliation_accounts where id = ${account.id} for update`;
    return signPeriod(tx, signer, account, day, caller.attribution());
  });
}

/**
 * Checks `day` can close and records its figures signed, inside the account's lock. A close a policy rule
 * put under approval names its approvers (`closedBy.approved_by`) in the signed text too.
 */
export async function signPeriod(tx: Db, signer: CheckpointSigner, account: ReconciliationAccountRow, day: string, closedBy: SubjectAttribution): Promise<PeriodRow> {
  const { runId } = await assertClosable(tx, account, day);
  const start = Date.parse(`${day}T00:00:00.000Z`);
  const end = start + DAY;
  const money = (minor: bigint) => ({ currency: account.asset, value: formatAmount(minor, account.asset) });
  const [lines] = await tx<{ before: string; sum: string; n: number; matched: number }[]>`
    select coalesce(sum(amount) filter (where booked_at < ${new Date(start)}), 0)::text as before,
           coalesce(sum(amount) filter (where booked_at >= ${new Date(start)} and booked_at < ${new Date(end)}), 0)::text as sum,
           (count(*) filter (where booked_at >= ${new Date(start)} and booked_at < ${new Date(end)}))::int as n,
           (count(*) filter (where booked_at >= ${new Date(start)} and booked_at < ${new Date(end)} and exists (select 1 from reconciliation_match_lines ml where ml.statement_line_id = l.id)))::int as matched
    from statement_lines l where account_id = ${account.id}`;
  const ledger = await ledgerTotalBetween(tx, account, new Date(start), new Date(end));
  const breaks = await tx<{ status: string; n: number }[]>`select status, count(*)::int as n from reconciliation_breaks where account_id = ${account.id} and period = ${day}::date group by status order by status`;
  const opening = BigInt(account.opening_balance) + BigInt(lines.before);
  const figures = {
    opening_balance: money(opening),
    closing_balance: money(opening + BigInt(lines.sum)),
    statement_lines: { count: lines.n, matched: lines.matched, total: money(BigInt(lines.sum)) },
    ledger_transactions: { count: ledger.count, total: money(ledger.total) },
    breaks: Object.fromEntries(breaks.map((b) => [b.status, b.n])),
    last_run_id: runId,
  };
  const closedAt = new Date();
  // Keys in a fixed order: the text is what an auditor verifies, byte for byte.
  const payload = JSON.stringify({
    encoding: PERIOD_ENCODING,
    enterprise_id: account.enterprise_id,
    account: { id: account.id, rail: account.rail, address: account.address, currency: account.asset },
    period: day,
    figures,
    closed_at: closedAt.toISOString(),
    closed_by: closedBy.subject,
    ...(closedBy.approved_by?.length ? { approved_by: closedBy.approved_by.map((p) => ({ id: p.id, kind: p.kind, tenant_ref: p.tenant_ref })) } : {}),
  });
  const signature = signer.sign(Buffer.from(payload)).toString('base64url');
  const [row] = (await tx.unsafe(
    `insert into reconciliation_periods (account_id, period, enterprise_id, closed_at, closed_by, payload, signature, key_id)
     values ($1, $2::date, $3, $4, $5::text::jsonb, $6, $7, $8) returning ${COLUMNS}`,
    [account.id, day, account.enterprise_id, closedAt, JSON.stringify(closedBy), payload, signature, signer.keyId],
  )) as unknown as PeriodRow[];
  // The account's answer changes with it (reconciled_through): its ETag must too.
  await tx`update reconciliation_accounts set version = version + 1, updated_at = now() where id = ${account.id}`;
  await recordEventSql(tx, {
    type: RECONCILIATION_EVENTS.periodClosed,
    enterpriseId: account.enterprise_id,
    scopeRef: `enterprises/${account.enterprise_id}`,
    resourceRef: `reconciliation-accounts/${account.id}/periods/${day}`,
    payload: presentPeriod(row),
    attribution: closedBy,
  });
  return row;
}
