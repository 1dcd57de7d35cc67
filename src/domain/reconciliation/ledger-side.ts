import type { PendingQuery, Row } from 'postgres';
import type { Db } from '../../db/sql';
import { accountTransactions } from './match';
import { ACCOUNT_COLUMNS, toAccountRow, type ReconciliationAccountRow } from './store';
import { BREAK_COLUMNS, toBreakRow, type BreakRow } from './breaks';

/*
 * Reconciliation read from the ledger's end: an account's ledger transactions (the universe a run
 * reconciles, `accountTransactions`) each with the match that takes it and the live break about it,
 * and one operation's state on the account that covers its rail and asset.
 */

export interface LedgerSideRow {
  /** The ledger transaction's id. */
  id: string;
  /** Signed minor units from the account's side, decimal text. */
  amount: string;
  at: Date;
  reference: string | null;
  /** `deposit/<id>`, `withdrawal/<id>`, `off_ramp/<id>`; what came back of one adds `/returns/<id>` or `/reversals/<id>`. */
  description: string;
  counterparty: string | null;
  match_id: string | null;
  /** The newest live break naming the transaction or its match. */
  break_id: string | null;
}

export type OperationKind = 'deposit' | 'withdrawal' | 'off_ramp';

const COLLECTIONS: Record<OperationKind, string> = { deposit: 'deposits', withdrawal: 'withdrawals', off_ramp: 'off-ramp-sessions' };

/** The API's ref of the operation a ledger-side row belongs to (`withdrawals/<id>`); its description when it names none. */
export function operationRefOf(description: string): string {
  const [kind, id] = description.split('/');
  const collection = COLLECTIONS[kind as OperationKind];
  return collection && id ? `${collection}/${id}` : description;
}

function ledgerSide(db: Db, account: ReconciliationAccountRow, where: PendingQuery<Row[]>, limit: number | null) {
  // "About it": a break naming the transaction (unmatched, a mismatch), or its match (a drift the rule allowed).
  return db<LedgerSideRow[]>`
    select t.id::text as id, t.amount::text as amount, t.at, t.reference, t.description, t.counterparty, mt.match_id::text as match_id, b.id::text as break_id
    from (${accountTransactions(db, account)}) t
    left join reconciliation_match_transactions mt on mt.ledger_transaction_id = t.id
    left join lateral (
      select b.id from reconciliation_breaks b
      where b.account_id = ${account.id} and b.status in ('open', 'acknowledged') and (b.ledger_transaction_id = t.id or b.match_id = mt.match_id)
      order by b.id desc limit 1
    ) b on true
    where t.id is not null and ${where}
    order by t.id ${limit === null ? db`` : db`limit ${limit}`}`;
}

/** A page of the account's ledger side by ledger transaction id; `matched` keeps those a match takes (true) or none does (false). */
export async function listLedgerSide(db: Db, account: ReconciliationAccountRow, filter: { matched?: boolean }, after: string | null, limit: number): Promise<LedgerSideRow[]> {
  const matched = filter.matched === undefined ? db`true` : filter.matched ? db`mt.match_id is not null` : db`mt.match_id is null`;
  return ledgerSide(db, account, db`${after ? db`t.id > ${after}` : db`true`} and ${matched}`, limit);
}

export type OperationState = 'reconciled' | 'unreconciled' | 'not_reconciled';

export interface ReconciledOperation {
  kind: OperationKind;
  id: string;
  enterpriseId: string;
  /** The rail and asset of the provider account it moved money through (an off-ramp's: its payout method's rail, its fiat). */
  rail: string;
  asset: string;
  /** Its booking; null until it books one. */
  ledgerTransactionId: string | null;
}

export interface OperationReconciliation {
  state: OperationState;
  account: ReconciliationAccountRow | null;
  /** Its rows on the account's ledger side: its own booking first, then what came back of it. */
  transactions: LedgerSideRow[];
  /** The match of its own booking, and that match's statement lines. */
  matchId: string | null;
  statementLineIds: string[];
  /** Live breaks naming any of its transactions or their matches. */
  breaks: BreakRow[];
}

/**
 * Where one operation stands: `reconciled` when a match takes every one of its ledger-side transactions,
 * `unreconciled` while one waits, `not_reconciled` when no account covers its rail and asset or the
 * account's ledger side holds nothing of it yet. Of several accounts on one rail and asset, the one whose
 * match took its booking, else the first made.
 */
export async function reconcileOperation(db: Db, op: ReconciledOperation): Promise<OperationReconciliation> {
  const none = { matchId: null, statementLineIds: [], breaks: [], transactions: [] };
  const [a] = await db.unsafe(
    `select ${ACCOUNT_COLUMNS} from reconciliation_accounts a where a.enterprise_id = $1 and a.rail = $2 and a.asset = $3
     order by exists (select 1 from reconciliation_match_transactions mt join reconciliation_matches m on m.id = mt.match_id where mt.ledger_transaction_id = $4::uuid and m.account_id = a.id) desc, a.created_at, a.id
     limit 1`,
    [op.enterpriseId, op.rail, op.asset, op.ledgerTransactionId],
  );
  if (!a) return { state: 'not_reconciled', account: null, ...none };
  const account = toAccountRow(a);
  if (op.ledgerTransactionId === null) return { state: 'not_reconciled', account, ...none };
  const key = `${op.kind}/${op.id}`;
  const rows = await ledgerSide(db, account, db`(t.description = ${key} or starts_with(t.description, ${`${key}/`}))`, null);
  const transactions = [...rows.filter((r) => r.description === key), ...rows.filter((r) => r.description !== key)];
  if (transactions.length === 0) return { state: 'not_reconciled', account, ...none };
  const matchId = transactions[0].description === key ? transactions[0].match_id : null;
  const matchIds = [...new Set(transactions.flatMap((t) => (t.match_id ? [t.match_id] : [])))];
  const [lines, breaks] = await Promise.all([
    matchId ? db<{ id: string }[]>`select statement_line_id::text as id from reconciliation_match_lines where match_id = ${matchId} order by statement_line_id` : Promise.resolve([]),
    db.unsafe(
      `select ${BREAK_COLUMNS} from reconciliation_breaks where account_id = $1 and status in ('open', 'acknowledged')
         and (ledger_transaction_id = any($2::uuid[]) or match_id = any($3::uuid[])) order by id`,
      [account.id, transactions.map((t) => t.id), matchIds],
    ),
  ]);
  return {
    state: transactions.every((t) => t.match_id !== null) ? 'reconciled' : 'unreconciled',
    account,
    transactions,
    matchId,
    statementLineIds: lines.map((l) => l.id),
    breaks: breaks.map(toBreakRow),
  };
}
