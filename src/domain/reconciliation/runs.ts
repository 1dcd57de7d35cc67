import { createHash } from 'node:crypto';
import type { Row, Sql, TransactionSql } from 'postgres';
import { recordEventSql } from '../../events/outbox';
import { formatAmount } from '../../money/assets';
import type { Db } from '../../db/sql';
import { checkLedgerBalance, detectBreaks, reconcileBreaks, type DetectedBreak } from './breaks-model';
import { breakKeys, liveBreaks, openBreaks, recordBreakEvent, resolveByRun, updateDifference, type BreakRow } from './breaks';
import { RECONCILIATION_EVENTS } from './events';
import { ledgerBalanceAsOf, ledgerTotal, lineItem, recordMatches, unmatchedTransactions } from './match';
import { matchItems, type MatchItem } from './model';
import { activeRules } from './rules';
import { fulfilExpectations } from './expected';
import { findAccount, unmatchedLines, type ReconciliationAccountRow } from './store';
import type { ReconciliationTrigger } from './messages';

/*
 * One reconciliation run of a provider account: match what is unmatched, name every difference as a
 * break (opening new ones, resolving those gone), compare the provider's balance with its statement,
 * and append the run to the log. All of it in one transaction under the account's lock, keyed by the
 * run's id: a run repeated (a retried activity, a worker killed after the commit) changes nothing.
 */

export interface ReconciliationRunRow {
  id: string;
  created_at: Date;
  enterprise_id: string;
  account_id: string;
  trigger: ReconciliationTrigger;
  workflow_id: string | null;
  read_at: Date;
  inputs_sha256: string;
  lines_added: number;
  lines_considered: number;
  transactions_considered: number;
  matched: number;
  breaks_opened: number;
  breaks_resolved: number;
  breaks_open: number;
  provider_balance: string | null;
  provider_balance_at: Date | null;
  statement_total: string;
  ledger_total: string;
  ledger_balance: string | null;
  ledger_unexplained: string | null;
  duration_ms: number;
}

const NUMERIC = new Set(['provider_balance', 'statement_total', 'ledger_total', 'ledger_balance', 'ledger_unexplained']);
const RUN_FIELDS: Array<keyof ReconciliationRunRow> = [
  'id', 'created_at', 'enterprise_id', 'account_id', 'trigger', 'workflow_id', 'read_at', 'inputs_sha256', 'lines_added', 'lines_considered', 'transactions_considered',
  'matched', 'breaks_opened', 'breaks_resolved', 'breaks_open', 'provider_balance', 'provider_balance_at', 'statement_total', 'ledger_total',
  'ledger_balance', 'ledger_unexplained', 'duration_ms',
];
const RUN_COLUMNS = RUN_FIELDS.map((f) => (NUMERIC.has(f) ? `${f}::text as ${f}` : f)).join(', ');
const toRunRow = (r: Row) => Object.fromEntries(RUN_FIELDS.map((f) => [f, r[f]])) as unknown as ReconciliationRunRow;

export async function findRun(db: Db, id: string): Promise<ReconciliationRunRow | null> {
  const [r] = await db.unsafe(`select ${RUN_COLUMNS} from reconciliation_runs where id = $1`, [id]);
  return r ? toRunRow(r) : null;
}

export async function listRuns(db: Db, accountId: string, after: string | null, limit: number): Promise<ReconciliationRunRow[]> {
  const rows = await db.unsafe(`select ${RUN_COLUMNS} from reconciliation_runs where account_id = $1 and ($2::uuid is null or id < $2::uuid) order by id desc limit $3`, [accountId, after, limit]);
  return rows.map(toRunRow);
}

export function presentRun(r: ReconciliationRunRow, asset: string) {
  const money = (v: string) => ({ currency: asset, value: formatAmount(BigInt(v), asset) });
  return {
    id: r.id,
    resource: 'reconciliation_run' as const,
    account_id: r.account_id,
    trigger: r.trigger,
    workflow_id: r.workflow_id,
    read_at: r.read_at.toISOString(),
    inputs_sha256: r.inputs_sha256,
    lines_added: r.lines_added,
    lines_considered: r.lines_considered,
    transactions_considered: r.transactions_considered,
    matched: r.matched,
    breaks_opened: r.breaks_opened,
    breaks_resolved: r.breaks_resolved,
    breaks_open: r.breaks_open,
    provider_balance: r.provider_balance === null ? null : money(r.provider_balance),
    statement_balance: money(r.statement_total),
    ledger_total: money(r.ledger_total),
    ledger_balance: r.ledger_balance === null ? null : money(r.ledger_balance),
    ledger_unexplained: r.ledger_unexplained === null ? null : money(r.ledger_unexplained),
    duration_ms: r.duration_ms,
    created_at: r.created_at.toISOString(),
  };
}

/** Lines already matched that share a reference with `lines`: a second report of one is a duplicate. */
async function matchedLinesLike(db: Db, accountId: string, lines: readonly MatchItem[]): Promise<MatchItem[]> {
  const refs = [...new Set(lines.map((l) => l.reference).filter((r): r is string => r !== null))];
  if (refs.length === 0) return [];
  const rows = await db<{ id: string; amount: string; asset: string; booked_at: Date; reference: string; remittance: string | null; counterparty: string | null }[]>`
    select l.id, l.amount::text, l.asset, l.booked_at, l.reference, l.remittance, l.counterparty from statement_lines l
    where l.account_id = ${accountId} and l.reference = any(${refs}::text[])
      and exists (select 1 from reconciliation_match_lines ml where ml.statement_line_id = l.id)`;
  return rows.map((r) => ({ id: r.id, amount: BigInt(r.amount), asset: r.asset, at: r.booked_at.getTime(), reference: r.reference, description: r.remittance, counterparty: r.counterparty }));
}

/** The account's matches whose two sides differ (a drift rule let them agree). */
async function driftMatches(db: Db, accountId: string) {
  const rows = await db<{ id: string; difference: string; line_ids: string[]; transaction_ids: string[]; at: Date }[]>`
    select m.id, m.difference::text,
      array(select ml.statement_line_id from reconciliation_match_lines ml where ml.match_id = m.id order by 1)::text[] as line_ids,
      array(select mt.ledger_transaction_id from reconciliation_match_transactions mt where mt.match_id = m.id order by 1)::text[] as transaction_ids,
      (select min(l.booked_at) from reconciliation_match_lines ml join statement_lines l on l.id = ml.statement_line_id where ml.match_id = m.id) as at
    from reconciliation_matches m where m.account_id = ${accountId} and m.difference <> 0`;
  return rows.map((r) => ({ id: r.id, difference: BigInt(r.difference), lineIds: r.line_ids, transactionIds: r.transaction_ids, at: r.at.getTime() }));
}

async function statementTotal(db: Db, account: ReconciliationAccountRow, through: Date | null): Promise<bigint> {
  const [r] = await db<{ total: string }[]>`
    select coalesce(sum(amount), 0)::text as total from statement_lines where account_id = ${account.id} and (${through}::timestamptz is null or booked_at <= ${through}::timestamptz)`;
  return BigInt(account.opening_balance) + BigInt(r.total);
}

export async function closedPeriods(db: Db, accountId: string): Promise<Set<string>> {
  const rows = await db<{ p: string }[]>`select to_char(period, 'YYYY-MM-DD') as p from reconciliation_periods where account_id = ${accountId}`;
  return new Set(rows.map((r) => r.p));
}

function inputsHash(lines: readonly MatchItem[], txs: readonly MatchItem[], balance: string | null): string {
  const h = createHash('sha256');
  for (const l of [...lines].sort((a, b) => (a.id < b.id ? -1 : 1))) h.update(`l:${l.id}:${l.amount}\n`);
  for (const t of [...txs].sort((a, b) => (a.id < b.id ? -1 : 1))) h.update(`t:${t.id}:${t.amount}\n`);
  h.update(`b:${balance ?? ''}`);
  return h.digest('hex');
}

export interface RunRequest {
  runId: string;
  accountId: string;
  trigger: ReconciliationTrigger;
  workflowId: string | null;
  /** Lines the pull before this run added (0 for file-only accounts). */
  linesAdded: number;
}

export interface RunOutcome {
  run: ReconciliationRunRow;
  /** False when the run had been recorded already: nothing was done again. */
  created: boolean;
}

/** What one run finds, without writing anything: the dry run's answer and the real run's plan. */
export async function planRun(db: Db, account: ReconciliationAccountRow, readAt: Date) {
  const [lines, txs, rules, closed] = await Promise.all([unmatchedLines(db, account.id), unmatchedTransactions(db, account), activeRules(db, account), closedPeriods(db, account.id)]);
  const lineItems = lines.map(lineItem);
  const outcome = matchItems(rules, lineItems, txs);
  const matchedIds = new Set(outcome.matches.flatMap((m) => m.lineIds));
  // The provider's balance at its last pull, or the closing balance a file-only account's latest statement states.
  const balanceAt = account.provider_balance === null ? null : account.provider_balance_at;
  const [earlier, drift, statement] = await Promise.all([matchedLinesLike(db, account.id, outcome.unmatchedLines), driftMatches(db, account.id), statementTotal(db, account, balanceAt)]);
  const detected = detectBreaks({
    readAt: readAt.getTime(),
    lagMs: account.lag_ms,
    unmatchedLines: outcome.unmatchedLines,
    unmatchedTransactions: outcome.unmatchedTransactions,
    matchedLines: [...earlier, ...lineItems.filter((l) => matchedIds.has(l.id))],
    driftMatches: [
      ...drift,
      // This run's own drift matches are written with new ids: they are named by their line until then.
      ...outcome.matches.filter((m) => m.difference !== 0n).map((m) => ({ id: `pending:${m.lineIds[0]}`, lineIds: m.lineIds, transactionIds: m.transactionIds, difference: m.difference, at: lineItems.find((l) => l.id === m.lineIds[0])!.at })),
    ],
    balance: balanceAt && account.provider_balance !== null ? { provider: BigInt(account.provider_balance), statement, asOf: balanceAt.getTime() } : null,
    closedPeriods: closed,
    format: (minor) => formatAmount(minor, account.asset),
  });
  return { lineItems, txs, outcome, detected, statement, drift };
}

type Plan = Awaited<ReturnType<typeof planRun>>;

/**
 * The ledger's balance against the provider's at its read time (after this run's matches are written):
 * what differs must be in flight or named by one of the run's breaks; a remainder is a `ledger_drift`.
 */
async function ledgerCheck(tx: TransactionSql, account: ReconciliationAccountRow, plan: Plan, detected: readonly DetectedBreak[], readAt: Date) {
  if (account.provider_balance === null || account.provider_balance_at === null) return null;
  const asOf = account.provider_balance_at;
  const lineAt = new Map(plan.lineItems.map((l) => [l.id, l.at]));
  const txAt = new Map(plan.txs.map((t) => [t.id, t.at]));
  const matchAt = new Map(plan.drift.map((m) => [m.id, m.at]));
  // The time of the item a break is about; one whose item is not at hand (an earlier match) counts as named by the read.
  const at = (b: DetectedBreak): number =>
    (b.statementLineId === null ? undefined : lineAt.get(b.statementLineId)) ??
    (b.ledgerTransactionId === null ? undefined : txAt.get(b.ledgerTransactionId)) ??
    matchAt.get(String(b.detail.match_id)) ??
    -Infinity;
  const named = new Set(detected.flatMap((b) => (b.ledgerTransactionId === null ? [] : [b.ledgerTransactionId])));
  const ledger = await ledgerBalanceAsOf(tx, account, asOf);
  const check = checkLedgerBalance({
    provider: BigInt(account.provider_balance),
    asOf: asOf.getTime(),
    ledger,
    // A transaction a break names (paired with a line of another amount) is explained there, not in flight too.
    inFlight: plan.outcome.unmatchedTransactions.filter((t) => t.at + account.lag_ms > readAt.getTime() && !named.has(t.id)),
    named: detected.map((brk) => ({ brk, at: at(brk) })),
    format: (minor) => formatAmount(minor, account.asset),
  });
  return { ledger, ...check };
}

/**
 * Runs reconciliation once for the account, as `runId`. A run id already in the log answers that run
 * and changes nothing.
 */
export async function reconcileAccount(sql: Sql, req: RunRequest): Promise<RunOutcome> {
  const started = Date.now();
  return sql.begin(async (tx) => {
    const [locked] = await tx`select id from reconciliation_accounts where id = ${req.accountId} for update`;
    if (!locked) throw new Error(`reconciliation: account ${req.accountId} does not exist`);
    const done = await findRun(tx, req.runId);
    if (done) return { run: done, created: false };
    const account = (await findAccount(tx, req.accountId))!;
    const readAt = new Date();

    const plan = await planRun(tx, account, readAt);
    // Drift matches of this run get their ids when written; their breaks are fingerprinted by them.
    const written = await recordMatchesReturningIds(tx, account, plan.outcome.matches);
    await fulfilExpectations(tx, account);
    const items = plan.detected.map((d) => (d.fingerprint.startsWith('match:pending:') ? withMatchId(d, written) : d));
    const ledger = await ledgerCheck(tx, account, plan, items, readAt);
    const detected = ledger?.brk ? [...items, ledger.brk] : items;

    const [live, known] = await Promise.all([liveBreaks(tx, account.id), breakKeys(tx, account.id)]);
    const { open, cleared, changed } = reconcileBreaks(
      detected,
      live.map((l) => ({ id: l.id, kind: l.kind, fingerprint: l.fingerprint, period: l.period, difference: BigInt(l.difference) })),
      known,
    );
    const opened = await openBreaks(tx, account, req.runId, open);
    const resolved: BreakRow[] = [];
    const nowMatched = await matchedNow(tx, cleared.map((c) => live.find((l) => l.id === c.id)!));
    for (const c of cleared) {
      const row = live.find((l) => l.id === c.id)!;
      const r = await resolveByRun(tx, row, nowMatched.has(row.id) ? 'matched' : 'cleared', req.runId);
      if (r) resolved.push(r);
    }
    for (const c of changed) await updateDifference(tx, c.id, c.difference, c.detail);
    for (const b of opened) await recordBreakEvent(tx, RECONCILIATION_EVENTS.breakOpened, b, null);
    for (const b of resolved) await recordBreakEvent(tx, RECONCILIATION_EVENTS.breakResolved, b, null);

    const [{ n: stillOpen }] = await tx<{ n: number }[]>`select count(*)::int as n from reconciliation_breaks where account_id = ${account.id} and status in ('open', 'acknowledged')`;
    const moved = await ledgerTotal(tx, account);
    const balance = account.provider_balance;
    const [r] = await tx.unsafe(
      `insert into reconciliation_runs (id, enterprise_id, account_id, trigger, workflow_id, read_at, inputs_sha256, lines_added, lines_considered, transactions_considered,
         matched, breaks_opened, breaks_resolved, breaks_open, provider_balance, provider_balance_at, statement_total, ledger_total, ledger_balance, ledger_unexplained, duration_ms)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21) returning ${RUN_COLUMNS}`,
      [
        req.runId, account.enterprise_id, account.id, req.trigger, req.workflowId, readAt, inputsHash(plan.lineItems, plan.txs, balance), req.linesAdded, plan.lineItems.length, plan.txs.length,
        plan.outcome.matches.length, opened.length, resolved.length, stillOpen, balance, balance === null ? null : account.provider_balance_at, plan.statement.toString(), moved.total.toString(),
        ledger ? ledger.ledger.toString() : null, ledger ? ledger.unexplained.toString() : null, Date.now() - started,
      ],
    );
    const run = toRunRow(r);
    await recordEventSql(tx, {
      type: RECONCILIATION_EVENTS.runCompleted,
      enterpriseId: account.enterprise_id,
      scopeRef: `enterprises/${account.enterprise_id}`,
      resourceRef: `reconciliation-accounts/${account.id}/runs/${run.id}`,
      payload: presentRun(run, account.asset),
    });
    return { run, created: true };
  });
}

/** Writes the matches and answers each drift match's id by its first line. */
async function recordMatchesReturningIds(tx: TransactionSql, account: ReconciliationAccountRow, matches: Parameters<typeof recordMatches>[2]): Promise<Map<string, string>> {
  await recordMatches(tx, account, matches);
  const drifting = matches.filter((m) => m.difference !== 0n).map((m) => m.lineIds[0]);
  if (drifting.length === 0) return new Map();
  const rows = await tx<{ line: string; match_id: string }[]>`select statement_line_id as line, match_id from reconciliation_match_lines where statement_line_id = any(${drifting}::uuid[])`;
  return new Map(rows.map((r) => [r.line, r.match_id]));
}

function withMatchId(d: DetectedBreak, written: Map<string, string>): DetectedBreak {
  const id = written.get(d.fingerprint.slice('match:pending:'.length))!;
  return { ...d, fingerprint: `match:${id}`, detail: { ...d.detail, match_id: id } };
}

/** Of these breaks, the ones whose statement line or ledger transaction is in a match now. */
async function matchedNow(tx: TransactionSql, breaks: readonly BreakRow[]): Promise<Set<string>> {
  const lines = breaks.filter((b) => b.statement_line_id).map((b) => b.statement_line_id!);
  const txs = breaks.filter((b) => b.ledger_transaction_id).map((b) => b.ledger_transaction_id!);
  const [ml, mt] = await Promise.all([
    lines.length ? tx<{ id: string }[]>`select statement_line_id as id from reconciliation_match_lines where statement_line_id = any(${lines}::uuid[])` : [],
    txs.length ? tx<{ id: string }[]>`select ledger_transaction_id as id from reconciliation_match_transactions where ledger_transaction_id = any(${txs}::uuid[])` : [],
  ]);
  const matched = new Set([...ml.map((r) => r.id), ...mt.map((r) => r.id)]);
  return new Set(breaks.filter((b) => (b.statement_line_id && matched.has(b.statement_line_id)) || (b.ledger_transaction_id && matched.has(b.ledger_transaction_id))).map((b) => b.id));
}

