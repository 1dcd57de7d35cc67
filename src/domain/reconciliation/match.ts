import type { Sql } from 'postgres';
import { bulkInsertAll, bulkTable } from '../../db/bulk';
import type { Db } from '../../db/sql';
import { uuidv7 } from '../../ids';
import { matchItems, type Match, type MatchItem, type MatchRule } from './model';
import { unmatchedLines, type ReconciliationAccountRow, type StatementLineRow } from './store';

/**
 * The ledger transactions that moved money through a provider account, as the matcher compares them,
 * signed from the account's side: credited deposits in, executed withdrawals and sent off-ramp payouts
 * out, and what came back through it later (a payout returned by the rail in, a deposit recalled or
 * returned to its sender out). A record returned or reversed stays: its first movement happened. Each
 * by its ledger transaction id and the rail's reference (a return's own id). The universe a run reconciles.
 */
export function accountTransactions(db: Db, account: ReconciliationAccountRow) {
  return db`
    select d.ledger_transaction_id as id, d.amount, d.credited_at as at, d.transaction_hash as reference, 'deposit/' || d.id as description, null::text as counterparty
      from deposits d where d.enterprise_id = ${account.enterprise_id} and d.rail = ${account.rail} and d.asset = ${account.asset}
        and d.status in ('credited', 'partially_reversed', 'reversed') and d.ledger_transaction_id is not null
    union all
    select w.ledger_transaction_id, -w.amount, w.settled_at, w.rail_reference, 'withdrawal/' || w.id, null
      from withdrawals w where w.enterprise_id = ${account.enterprise_id} and w.rail = ${account.rail} and w.asset = ${account.asset}
        and w.status in ('executed', 'partially_returned', 'returned') and w.ledger_transaction_id is not null
    union all
    select o.ledger_transaction_id, -o.fiat_amount, coalesce(o.completed_at, o.payout_sent_at), o.payout_reference, 'off_ramp/' || o.id, m.beneficiary->>'name'
      from off_ramp_sessions o join payout_methods m on m.id = o.payout_method_id
      where o.enterprise_id = ${account.enterprise_id} and m.rail = ${account.rail} and o.fiat_currency = ${account.asset}
        and o.status in ('payout_sent', 'completed', 'partially_returned', 'returned') and o.ledger_transaction_id is not null
    union all
    select r.ledger_transaction_id, r.amount, r.occurred_at, r.external_id, 'withdrawal/' || w.id || '/returns/' || r.id, null
      from money_returns r join withdrawals w on w.id = case when r.subject_ref like 'withdrawals/%' then substr(r.subject_ref, 13)::uuid end
      where r.enterprise_id = ${account.enterprise_id} and r.kind = 'payout_return' and w.rail = ${account.rail} and w.asset = ${account.asset}
    union all
    select r.ledger_transaction_id, r.amount, r.occurred_at, r.external_id, 'off_ramp/' || o.id || '/returns/' || r.id, m.beneficiary->>'name'
      from money_returns r join off_ramp_sessions o on o.id = case when r.subject_ref like 'off-ramp-sessions/%' then substr(r.subject_ref, 19)::uuid end join payout_methods m on m.id = o.payout_method_id
      where r.enterprise_id = ${account.enterprise_id} and r.kind = 'payout_return' and m.rail = ${account.rail} and o.fiat_currency = ${account.asset}
    union all
    select r.ledger_transaction_id, -r.amount, r.occurred_at, coalesce(dr.provider_reference, r.external_id), 'deposit/' || d.id || '/reversals/' || r.id, null
      from money_returns r join deposits d on d.id = case when r.subject_ref like 'deposits/%' then substr(r.subject_ref, 10)::uuid end
        left join deposit_returns dr on r.kind = 'operator_reversal' and dr.id::text = r.external_id
      where r.enterprise_id = ${account.enterprise_id} and r.kind in ('deposit_reversal', 'operator_reversal') and d.rail = ${account.rail} and d.asset = ${account.asset}`;
}

/** The account's ledger transactions no match takes yet. */
export async function unmatchedTransactions(db: Db, account: ReconciliationAccountRow): Promise<MatchItem[]> {
  const rows = await db<{ id: string; amount: string; at: Date; reference: string | null; description: string | null; counterparty: string | null }[]>`
    select t.id, t.amount::text, t.at, t.reference, t.description, t.counterparty from (${accountTransactions(db, account)}) t
    where not exists (select 1 from reconciliation_match_transactions mt where mt.ledger_transaction_id = t.id)
    order by t.at, t.id`;
  return rows.map((r) => ({ id: r.id, amount: BigInt(r.amount), asset: account.asset, at: r.at.getTime(), reference: r.reference, description: r.description, counterparty: r.counterparty }));
}

/** What the ledger moved through the account in all (signed minor units), and in how many transactions. */
export async function ledgerTotal(db: Db, account: ReconciliationAccountRow): Promise<{ total: bigint; count: number }> {
  const [r] = await db<{ total: string; n: number }[]>`select coalesce(sum(t.amount), 0)::text as total, count(*)::int as n from (${accountTransactions(db, account)}) t`;
  return { total: BigInt(r.total), count: r.n };
}

/**
 * The ledger's balance of the account at `asOf` as the provider should see it: its opening balance and
 * what the ledger moved through it by then, a matched transaction counted when the provider booked its
 * line (a payout settled before the read and booked by the bank after it is not yet in the bank's balance).
 */
export async function ledgerBalanceAsOf(db: Db, account: ReconciliationAccountRow, asOf: Date): Promise<bigint> {
  const [r] = await db<{ total: string }[]>`
    select coalesce(sum(t.amount), 0)::text as total from (${accountTransactions(db, account)}) t
    where coalesce(
      (select min(l.booked_at) from reconciliation_match_transactions mt join reconciliation_match_lines ml on ml.match_id = mt.match_id
         join statement_lines l on l.id = ml.statement_line_id where mt.ledger_transaction_id = t.id),
      t.at) <= ${asOf}`;
  return BigInt(account.opening_balance) + BigInt(r.total);
}

/** What the ledger moved through the account with its settlement time in [from, to). */
export async function ledgerTotalBetween(db: Db, account: ReconciliationAccountRow, from: Date, to: Date): Promise<{ total: bigint; count: number }> {
  const [r] = await db<{ total: string; n: number }[]>`
    select coalesce(sum(t.amount), 0)::text as total, count(*)::int as n from (${accountTransactions(db, account)}) t where t.at >= ${from} and t.at < ${to}`;
  return { total: BigInt(r.total), count: r.n };
}

export const lineItem = (l: StatementLineRow): MatchItem => ({
  id: l.id,
  amount: BigInt(l.amount),
  asset: l.asset,
  at: l.booked_at.getTime(),
  reference: l.reference,
  description: l.remittance,
  counterparty: l.counterparty,
});

const MATCHES = bulkTable<{ id: string; enterprise_id: string; account_id: string; rule_id: string | null; strategy: string; difference: string }>('reconciliation_matches', {
  id: 'uuid',
  enterprise_id: 'uuid',
  account_id: 'uuid',
  rule_id: 'uuid',
  strategy: 'text',
  difference: 'numeric',
});
// A line or transaction another run matched meanwhile keeps its first match: the unique columns refuse the second.
const MATCH_LINES = bulkTable<{ match_id: string; statement_line_id: string }>('reconciliation_match_lines', { match_id: 'uuid', statement_line_id: 'uuid' });
const MATCH_TXS = bulkTable<{ match_id: string; ledger_transaction_id: string }>('reconciliation_match_transactions', { match_id: 'uuid', ledger_transaction_id: 'uuid' });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Writes matches in one statement per batch (matches and both link tables). */
export async function recordMatches(db: Db, account: ReconciliationAccountRow, matches: readonly Match[], batch = 5000): Promise<void> {
  for (let i = 0; i < matches.length; i += batch) {
    const part = matches.slice(i, i + batch);
    const ids = part.map(() => uuidv7());
    await bulkInsertAll(db as Sql, [
      {
        table: MATCHES,
        rows: part.map((m, j) => ({ id: ids[j], enterprise_id: account.enterprise_id, account_id: account.id, rule_id: UUID.test(m.ruleId) ? m.ruleId : null, strategy: m.strategy, difference: m.difference.toString() })),
      },
      { table: MATCH_LINES, rows: part.flatMap((m, j) => m.lineIds.map((statement_line_id) => ({ match_id: ids[j], statement_line_id }))) },
      { table: MATCH_TXS, rows: part.flatMap((m, j) => m.transactionIds.map((ledger_transaction_id) => ({ match_id: ids[j], ledger_transaction_id }))) },
    ]);
  }
}

export interface MatchRun {
  matches: Match[];
  unmatchedLines: MatchItem[];
  unmatchedTransactions: MatchItem[];
}

/**
 * Matches the account's unmatched statement lines with its unmatched ledger transactions under the
 * rules, in order. `dryRun` answers the matches without writing them; otherwise they commit in one
 * transaction that first locks the account, so two runs never match the same item twice and a rerun
 * finds nothing left to match.
 */
export async function matchAccount(sql: Sql, account: ReconciliationAccountRow, rules: readonly MatchRule[], opts: { dryRun?: boolean } = {}): Promise<MatchRun> {
  const run = async (db: Db) => {
    const [lines, txs] = await Promise.all([unmatchedLines(db, account.id), unmatchedTransactions(db, account)]);
    return matchItems(rules, lines.map(lineItem), txs);
  };
  if (opts.dryRun) return run(sql);
  return sql.begin(async (tx) => {
    await tx`select id from reconciliation_accounts where id = ${account.id} for update`;
    const outcome = await run(tx);
    await recordMatches(tx, account, outcome.matches);
    return outcome;
  });
}

/** The account's unmatched transactions whose reference lies in [first, last]: one keyed read per batch. */
export type CandidatesBetween = (first: string, last: string) => Promise<MatchItem[]>;

export interface KeyedRun {
  lines: number;
  matched: number;
  unmatchedLines: MatchItem[];
  unmatchedTransactions: MatchItem[];
}

/**
 * Matching a large account by reference without holding it: unmatched lines are read in reference
 * order, `batch` at a time (every line of the batch's last reference with it), their candidates by
 * the batch's reference range, and each batch's matches written in one statement. What is left (the
 * discrepancies) is returned for the rules that need no reference.
 */
export async function matchInKeyedBatches(
  sql: Sql,
  account: ReconciliationAccountRow,
  rules: readonly MatchRule[],
  candidatesBetween: CandidatesBetween,
  opts: { batch?: number; /** only lines stored since: an incremental run over what the last pull brought */ since?: Date } = {},
): Promise<KeyedRun> {
  const batch = opts.batch ?? 10_000;
  const since = opts.since ?? new Date(0);
  const out: KeyedRun = { lines: 0, matched: 0, unmatchedLines: [], unmatchedTransactions: [] };
  let after = '';
  // A batch's matches are written while the next batch is read and matched (another connection): its lines lie past them.
  let writing: Promise<void> = Promise.resolve();
  for (;;) {
    const page = await sql<{ id: string; amount: string; asset: string; booked_at: Date; reference: string; remittance: string | null; counterparty: string | null }[]>`
      select l.id, l.amount::text, l.asset, l.booked_at, l.reference, l.remittance, l.counterparty from statement_lines l
      where l.account_id = ${account.id} and l.reference > ${after} and l.created_at >= ${since}
        and not exists (select 1 from reconciliation_match_lines ml where ml.statement_line_id = l.id)
      order by l.reference limit ${batch}`;
    if (page.length === 0) break;
    const last = page[page.length - 1].reference;
    if (page.length === batch) {
      const known = new Set(page.map((p) => p.id));
      const tail = await sql<typeof page>`
        select l.id, l.amount::text, l.asset, l.booked_at, l.reference, l.remittance, l.counterparty from statement_lines l
        where l.account_id = ${account.id} and l.reference = ${last} and l.created_at >= ${since} and not exists (select 1 from reconciliation_match_lines ml where ml.statement_line_id = l.id)`;
      page.push(...tail.filter((t) => !known.has(t.id)));
    }
    const lines = page.map((r) => ({ id: r.id, amount: BigInt(r.amount), asset: r.asset, at: r.booked_at.getTime(), reference: r.reference, description: r.remittance, counterparty: r.counterparty }));
    const outcome = matchItems(rules, lines, await candidatesBetween(page[0].reference, last));
    await writing;
    writing = recordMatches(sql, account, outcome.matches);
    out.lines += lines.length;
    out.matched += outcome.matches.length;
    for (const l of outcome.unmatchedLines) out.unmatchedLines.push(l);
    for (const t of outcome.unmatchedTransactions) out.unmatchedTransactions.push(t);
    after = last;
  }
  await writing;
  return out;
}
