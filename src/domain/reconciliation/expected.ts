import type { Row, Sql, TransactionSql } from 'postgres';
import type { Caller, SubjectAttribution } from '../../auth/caller';
import { AppError, notFound } from '../../errors';
import { etagOf } from '../../db/base';
import { uuidv7 } from '../../ids';
import { recordEventSql } from '../../events/outbox';
import { formatAmount, parseAmount } from '../../money/assets';
import { RECONCILIATION_EVENTS } from './events';
import { fulfil, statusOf, type Expectation, type ExpectationStatus } from './expected-model';
import { accountTransactions } from './match';
import type { ReconciliationAccountRow } from './store';

/*
 * The expected_payments table and its links to the statement lines that fulfilled it. A run fulfils
 * open expectations from the account's lines in the same transaction as its matching; each change of
 * status is an event.
 */

export interface ExpectedPaymentRow {
  id: string;
  version: number;
  created_at: Date;
  updated_at: Date;
  enterprise_id: string;
  account_id: string;
  direction: 'credit' | 'debit';
  asset: string;
  amount_min: string;
  amount_max: string;
  expected_from: Date;
  expected_to: Date;
  reference: string | null;
  counterparty: string | null;
  description: string;
  metadata: Record<string, string>;
  status: ExpectationStatus;
  reconciled_amount: string;
  reconciled_at: Date | null;
  subject_attribution: SubjectAttribution;
}

const FIELDS: Array<keyof ExpectedPaymentRow> = [
  'id', 'version', 'created_at', 'updated_at', 'enterprise_id', 'account_id', 'direction', 'asset', 'amount_min', 'amount_max', 'expected_from', 'expected_to',
  'reference', 'counterparty', 'description', 'metadata', 'status', 'reconciled_amount', 'reconciled_at', 'subject_attribution',
];
const NUMERIC = new Set(['amount_min', 'amount_max', 'reconciled_amount']);
const COLUMNS = FIELDS.map((f) => (NUMERIC.has(f) ? `${f}::text as ${f}` : f)).join(', ');
const toRow = (r: Row) => Object.fromEntries(FIELDS.map((f) => [f, r[f]])) as unknown as ExpectedPaymentRow;

export function presentExpectedPayment(e: ExpectedPaymentRow, lineIds: string[] = [], transactionIds: string[] = []) {
  const money = (v: string) => ({ currency: e.asset, value: formatAmount(BigInt(v), e.asset) });
  return {
    id: e.id,
    resource: 'expected_payment' as const,
    account_id: e.account_id,
    direction: e.direction,
    amount_range: { min: money(e.amount_min), max: money(e.amount_max) },
    window: { from: e.expected_from.toISOString(), to: e.expected_to.toISOString() },
    reference: e.reference,
    counterparty: e.counterparty,
    description: e.description,
    metadata: e.metadata,
    status: e.status,
    reconciled_amount: money(e.reconciled_amount),
    reconciled_at: e.reconciled_at ? e.reconciled_at.toISOString() : null,
    statement_line_ids: lineIds,
    ledger_transaction_ids: transactionIds,
    subject_attribution: e.subject_attribution,
    etag: etagOf(e),
    created_at: e.created_at.toISOString(),
    updated_at: e.updated_at.toISOString(),
  };
}

/**
 * The lines that fulfilled it with the ledger transactions they matched, and the transactions that
 * fulfilled it before any line (with the lines that matched them since).
 */
async function linesOf(db: Sql | TransactionSql, id: string): Promise<{ lines: string[]; transactions: string[] }> {
  const [r] = await db<{ lines: string[]; transactions: string[] }[]>`
    select array(select statement_line_id::text from expected_payment_lines where expected_payment_id = ${id}
                 union select ml.statement_line_id::text from expected_payment_transactions et
                   join reconciliation_match_transactions mt on mt.ledger_transaction_id = et.ledger_transaction_id
                   join reconciliation_match_lines ml on ml.match_id = mt.match_id where et.expected_payment_id = ${id} order by 1) as lines,
           array(select mt.ledger_transaction_id::text from expected_payment_lines el
                   join reconciliation_match_lines ml on ml.statement_line_id = el.statement_line_id
                   join reconciliation_match_transactions mt on mt.match_id = ml.match_id
                  where el.expected_payment_id = ${id}
                 union select ledger_transaction_id::text from expected_payment_transactions where expected_payment_id = ${id} order by 1) as transactions`;
  return r;
}

export async function presentWithLines(db: Sql | TransactionSql, e: ExpectedPaymentRow) {
  const { lines, transactions } = await linesOf(db, e.id);
  return presentExpectedPayment(e, lines, transactions);
}

const EVENT_OF: Record<ExpectationStatus, string> = {
  unreconciled: RECONCILIATION_EVENTS.expectedPaymentCreated,
  partially_reconciled: RECONCILIATION_EVENTS.expectedPaymentPartiallyReconciled,
  reconciled: RECONCILIATION_EVENTS.expectedPaymentReconciled,
  cancelled: RECONCILIATION_EVENTS.expectedPaymentCancelled,
};

async function recordExpectedEvent(tx: TransactionSql, e: ExpectedPaymentRow, attribution: SubjectAttribution | null) {
  await recordEventSql(tx, { type: EVENT_OF[e.status], enterpriseId: e.enterprise_id, scopeRef: `enterprises/${e.enterprise_id}`, resourceRef: `expected-payments/${e.id}`, payload: await presentWithLines(tx, e), attribution });
}

export interface NewExpectedPayment {
  direction: 'credit' | 'debit';
  amountMin: { currency: string; value: string };
  amountMax: { currency: string; value: string };
  from: Date;
  to: Date;
  reference: string | null;
  counterparty: string | null;
  description: string;
  metadata: Record<string, string>;
}

/** Declares a payment the caller expects on its reconciled account; the next runs fulfil it from the statement. */
export async function createExpectedPayment(sql: Sql, caller: Caller, account: ReconciliationAccountRow, input: NewExpectedPayment): Promise<ExpectedPaymentRow> {
  for (const [k, m] of [['amount_range/min', input.amountMin], ['amount_range/max', input.amountMax]] as const) {
    if (m.currency.toUpperCase() !== account.asset) throw new AppError('EdgeUnprocessable', `The account is in ${account.asset}.`, { errors: [{ pointer: `/body/${k}/currency`, detail: `must be ${account.asset}` }] });
  }
  const min = parseAmount(input.amountMin.value, account.asset, '/body/amount_range/min/value');
  const max = parseAmount(input.amountMax.value, account.asset, '/body/amount_range/max/value');
  if (max < min) throw new AppError('EdgeUnprocessable', 'The maximum is below the minimum.', { errors: [{ pointer: '/body/amount_range/max/value', detail: 'at least the minimum' }] });
  if (input.to <= input.from) throw new AppError('EdgeUnprocessable', 'The window ends before it starts.', { errors: [{ pointer: '/body/window/to', detail: 'after window.from' }] });
  if (input.reference === null && input.counterparty === null) {
    throw new AppError('EdgeUnprocessable', 'An expected payment names its reference or its counterparty: an amount alone matches any payment.', { errors: [{ pointer: '/body/reference', detail: 'reference or counterparty required' }] });
  }
  return sql.begin(async (tx) => {
    const [r] = await tx.unsafe(
      `insert into expected_payments (id, enterprise_id, account_id, direction, asset, amount_min, amount_max, expected_from, expected_to, reference, counterparty, description, metadata, subject_attribution)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::text::jsonb, $14::text::jsonb) returning ${COLUMNS}`,
      [uuidv7(), account.enterprise_id, account.id, input.direction, account.asset, min.toString(), max.toString(), input.from, input.to, input.reference, input.counterparty, input.description, JSON.stringify(input.metadata), JSON.stringify(caller.attribution())] as never[],
    );
    const row = toRow(r);
    await recordExpectedEvent(tx, row, row.subject_attribution);
    return row;
  });
}

export async function requireExpectedPayment(sql: Sql, caller: Caller, id: string, permission: 'reconciliation.read' | 'reconciliation.manage'): Promise<ExpectedPaymentRow> {
  const [r] = await sql.unsafe(`select ${COLUMNS} from expected_payments where id = $1`, [id]);
  if (!r || r.enterprise_id !== caller.enterpriseId) throw notFound('expected payment');
  caller.require(permission, [caller.enterpriseRef], 'expected payment');
  return toRow(r);
}

export async function listExpectedPayments(sql: Sql, enterpriseId: string, q: { accountId?: string; status?: ExpectationStatus; after: string | null; limit: number }): Promise<ExpectedPaymentRow[]> {
  const rows = await sql`
    select ${sql.unsafe(COLUMNS)} from expected_payments where enterprise_id = ${enterpriseId}
      and ${q.accountId ? sql`account_id = ${q.accountId}` : sql`true`}
      and ${q.status ? sql`status = ${q.status}` : sql`true`}
      and ${q.after ? sql`id < ${q.after}` : sql`true`}
    order by id desc limit ${q.limit}`;
  return rows.map(toRow);
}

/** Cancels an expectation nothing fulfilled yet (409 `expected_payment_fulfilled` once a line has). */
export async function cancelExpectedPayment(sql: Sql, caller: Caller, id: string): Promise<ExpectedPaymentRow> {
  await requireExpectedPayment(sql, caller, id, 'reconciliation.manage');
  return sql.begin(async (tx) => {
    const [r] = await tx.unsafe(`update expected_payments set status = 'cancelled', version = version + 1, updated_at = now() where id = $1 and status = 'unreconciled' returning ${COLUMNS}`, [id]);
    if (!r) throw new AppError('EdgeConflict', 'Statement lines fulfilled it already, or it is cancelled.', { reason: 'expected_payment_fulfilled' });
    const row = toRow(r);
    await recordExpectedEvent(tx, row, caller.attribution());
    return row;
  });
}

/**
 * Inside a run, after its matching: fulfils the account's open expectations from what is not linked to
 * one yet, in booking order: statement lines whose matched transactions fulfilled nothing, and ledger
 * transactions no line matches yet (a deposit booked before its line arrives). One payment fulfils once:
 * a line and the transaction it matched are the same money. Answers how many links it made.
 */
export async function fulfilExpectations(tx: TransactionSql, account: ReconciliationAccountRow): Promise<number> {
  const open = (await tx.unsafe(`select ${COLUMNS} from expected_payments where account_id = $1 and status in ('unreconciled', 'partially_reconciled') order by expected_from, id for update`, [account.id])).map(toRow);
  if (open.length === 0) return 0;
  const from = new Date(Math.min(...open.map((e) => e.expected_from.getTime())));
  const to = new Date(Math.max(...open.map((e) => e.expected_to.getTime())));
  const lines = await tx<{ id: string; amount: string; booked_at: Date; reference: string | null; remittance: string | null; counterparty: string | null }[]>`
    select l.id::text, l.amount::text, l.booked_at, l.reference, l.remittance, l.counterparty from statement_lines l
    where l.account_id = ${account.id} and l.booked_at between ${from} and ${to}
      and not exists (select 1 from expected_payment_lines el where el.statement_line_id = l.id)
      and not exists (select 1 from reconciliation_match_lines ml join reconciliation_match_transactions mt on mt.match_id = ml.match_id
                      join expected_payment_transactions et on et.ledger_transaction_id = mt.ledger_transaction_id where ml.statement_line_id = l.id)
    order by l.booked_at, l.id`;
  const txs = await tx<{ id: string; amount: string; at: Date; reference: string | null; description: string | null; counterparty: string | null }[]>`
    select t.id::text, t.amount::text, t.at, t.reference, t.description, t.counterparty from (${accountTransactions(tx, account)}) t
    where t.at between ${from} and ${to}
      and not exists (select 1 from reconciliation_match_transactions mt where mt.ledger_transaction_id = t.id)
      and not exists (select 1 from expected_payment_transactions et where et.ledger_transaction_id = t.id)
      -- A line with its reference is this payment as the provider reported it (matched or not): the line fulfils, not both.
      and (t.reference is null or not exists (select 1 from statement_lines l where l.account_id = ${account.id} and l.reference = t.reference))`;
  const expectations: Expectation[] = open.map((e) => ({ id: e.id, direction: e.direction, asset: e.asset, min: BigInt(e.amount_min), max: BigInt(e.amount_max), from: e.expected_from.getTime(), to: e.expected_to.getTime(), reference: e.reference, counterparty: e.counterparty, reconciled: BigInt(e.reconciled_amount) }));
  const fromLedger = new Set(txs.map((t) => t.id));
  const payments = [
    ...lines.map((l) => ({ id: l.id, amount: BigInt(l.amount), asset: account.asset, at: l.booked_at.getTime(), reference: l.reference, description: l.remittance, counterparty: l.counterparty })),
    ...txs.map((t) => ({ id: t.id, amount: BigInt(t.amount), asset: account.asset, at: t.at.getTime(), reference: t.reference, description: t.description, counterparty: t.counterparty })),
  ].sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1));
  const { links, reconciled } = fulfil(expectations, payments);
  if (links.length === 0) return 0;
  const byLine = links.filter((l) => !fromLedger.has(l.lineId));
  const byTransaction = links.filter((l) => fromLedger.has(l.lineId));
  if (byLine.length) await tx`insert into expected_payment_lines ${tx(byLine.map((l) => ({ expected_payment_id: l.expectationId, statement_line_id: l.lineId })))}`;
  if (byTransaction.length) await tx`insert into expected_payment_transactions ${tx(byTransaction.map((l) => ({ expected_payment_id: l.expectationId, ledger_transaction_id: l.lineId })))}`;
  for (const e of expectations) {
    const total = reconciled.get(e.id)!;
    if (total === e.reconciled) continue;
    const status = statusOf({ min: e.min, reconciled: total });
    const [r] = await tx.unsafe(
      `update expected_payments set reconciled_amount = $2, status = $3, reconciled_at = case when $3 = 'reconciled' then now() else reconciled_at end, version = version + 1, updated_at = now()
       where id = $1 returning ${COLUMNS}`,
      [e.id, total.toString(), status],
    );
    await recordExpectedEvent(tx, toRow(r), null);
  }
  return links.length;
}
