import type { Sql } from 'postgres';
import { csvField, csvText } from '../../reference/csv';
import { formatAmount } from '../../money/assets';
import type { ReconciliationAccountRow } from './store';
import { accountTransactions } from './match';

/*
 * A day's reconciliation report as CSV, streamed a page at a time: every statement line booked that day
 * with its match (the ledger transactions and operations it matched) or its break, then every ledger
 * transaction of the day no line matched, then the day's breaks that are about neither (a balance drift).
 */

export const REPORT_COLUMNS = [
  'row', 'at', 'statement_line_id', 'provider_id', 'reference', 'counterparty', 'amount', 'currency',
  'match_id', 'matched_ledger_transaction_ids', 'ledger_transaction_id', 'operation', 'break_id', 'break_kind', 'break_status',
] as const;

const PAGE = 2000;
const DAY = 86_400_000;

const line = (cells: Array<string | null>, numeric: ReadonlySet<number>) =>
  cells.map((c, i) => (c === null ? '' : numeric.has(i) ? csvField(c) : csvText(c))).join(',') + '\r\n';
const AMOUNT = new Set([REPORT_COLUMNS.indexOf('amount')]);

export const reportFileName = (account: ReconciliationAccountRow, day: string) => `reconciliation-${account.id}-${day}.csv`;

export async function* periodReport(sql: Sql, account: ReconciliationAccountRow, day: string): AsyncGenerator<string> {
  const start = new Date(`${day}T00:00:00.000Z`);
  const end = new Date(start.getTime() + DAY);
  const money = (minor: string) => formatAmount(BigInt(minor), account.asset);
  yield REPORT_COLUMNS.join(',') + '\r\n';

  let after = '';
  for (;;) {
    const rows = await sql<{ id: string; booked_at: Date; provider_id: string; reference: string | null; counterparty: string | null; amount: string; match_id: string | null; txs: string[] | null; break_id: string | null; kind: string | null; status: string | null }[]>`
      select l.id::text, l.booked_at, l.provider_id, l.reference, l.counterparty, l.amount::text, ml.match_id::text,
        (select array_agg(mt.ledger_transaction_id::text order by mt.ledger_transaction_id) from reconciliation_match_transactions mt where mt.match_id = ml.match_id) as txs,
        b.id::text as break_id, b.kind, b.status
      from statement_lines l
      left join reconciliation_match_lines ml on ml.statement_line_id = l.id
      left join lateral (select id, kind, status from reconciliation_breaks b where b.statement_line_id = l.id order by id desc limit 1) b on true
      where l.account_id = ${account.id} and l.booked_at >= ${start} and l.booked_at < ${end} and l.id::text > ${after}
      order by l.id limit ${PAGE}`;
    for (const r of rows) {
      yield line(['statement_line', r.booked_at.toISOString(), r.id, r.provider_id, r.reference, r.counterparty, money(r.amount), account.asset, r.match_id, r.txs?.join(' ') ?? null, null, null, r.break_id, r.kind, r.status], AMOUNT);
    }
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1].id;
  }

  // The day's ledger side no line matched: each with its operation and its break, if one is open for it.
  const unmatched = await sql<{ id: string; at: Date; reference: string | null; amount: string; description: string | null; break_id: string | null; kind: string | null; status: string | null }[]>`
    select t.id::text, t.at, t.reference, t.amount::text, t.description, b.id::text as break_id, b.kind, b.status from (${accountTransactions(sql, account)}) t
    left join lateral (select id, kind, status from reconciliation_breaks b where b.account_id = ${account.id} and b.ledger_transaction_id = t.id order by id desc limit 1) b on true
    where t.at >= ${start} and t.at < ${end} and not exists (select 1 from reconciliation_match_transactions mt where mt.ledger_transaction_id = t.id)
    order by t.at, t.id`;
  for (const t of unmatched) {
    yield line(['ledger_transaction', t.at.toISOString(), null, null, t.reference, null, money(t.amount), account.asset, null, null, t.id, t.description, t.break_id, t.kind, t.status], AMOUNT);
  }

  const others = await sql<{ id: string; created_at: Date; kind: string; status: string; difference: string }[]>`
    select id::text, created_at, kind, status, difference::text from reconciliation_breaks
    where account_id = ${account.id} and period = ${day}::date and statement_line_id is null and ledger_transaction_id is null order by id`;
  for (const b of others) {
    yield line(['break', b.created_at.toISOString(), null, null, null, null, money(b.difference), account.asset, null, null, null, null, b.id, b.kind, b.status], AMOUNT);
  }
}

