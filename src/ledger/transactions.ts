import type { Sql } from 'postgres';
import { uuidv7 } from '../ids';
import type { Metrics } from '../metrics';
import { isAsset } from './assets';
import { transactionHash } from './chain';
import { applyMovements, inTransaction, normalise, type LedgerSql, type Movement } from './core';
import { systemAccountRef } from './system-accounts';

/** One side of a booking: `amount` > 0 credits the account, < 0 debits it. */
export interface Leg {
  accountRef: string;
  asset: string;
  amount: bigint;
}

export interface BookInput {
  /** Unique business key (`internal_transfer/<id>`, `deposit/<id>`): a retry with it never books twice. */
  key: string;
  enterpriseId: string;
  /** What the booking is, for reports and metrics (`internal_transfer`, `deposit`, `hold_post`, ...). */
  kind: string;
  legs: Leg[];
  /** Pass `services.metrics`: counts committed bookings by kind. */
  metrics?: Metrics;
  /** The new ledger transaction's id, when the caller's own pipelined statements must reference it. */
  id?: string;
  /** The transaction this one undoes (a return or reversal; reversals.ts counts it against the original). */
  reversalOf?: string;
}

export interface LedgerTransaction {
  id: string;
  businessKey: string;
  kind: string;
  enterpriseId: string;
  createdAt: Date;
  /** True when the key had been booked before: nothing changed this time. */
  replayed: boolean;
}

export function assertBalanced(legs: Leg[]): void {
  const sums = new Map<string, bigint>();
  for (const l of legs) {
    if (!isAsset(l.asset)) throw new Error(`ledger: unknown asset ${l.asset}`);
    sums.set(l.asset, (sums.get(l.asset) ?? 0n) + l.amount);
  }
  for (const [asset, sum] of sums) if (sum !== 0n) throw new Error(`ledger: legs do not sum to zero in ${asset}`);
}

/**
 * Books a ledger transaction: postings that sum to zero per asset, applied to balances in the same
 * database transaction. Joins `sql` when it is a transaction. A debit beyond available + overdraft
 * is 422 (insufficient funds); the key makes retries safe.
 */
export async function book(sql: LedgerSql, input: BookInput): Promise<LedgerTransaction> {
  return inTransaction(sql, (tx) => bookWithin(tx, input));
}

/**
 * `book` on a connection whose transaction the caller opened itself (a reserved connection after
 * BEGIN): the statements are issued at once, so the caller can pipeline its own rows and even COMMIT
 * behind them. The caller must check the outcome before trusting its COMMIT (a failed statement turns
 * it into a rollback).
 */
export async function bookWithin(tx: LedgerSql, input: BookInput): Promise<LedgerTransaction> {
  assertBalanced(input.legs);
  const movements = normalise(input.legs.map((l) => ({ accountRef: l.accountRef, asset: l.asset, total: l.amount, held: 0n })));
  if (movements.length === 0) throw new Error('ledger: the legs move nothing');
  const id = input.id ?? uuidv7();
  const hash = bookingHash(id, input, movements);
  const result = await (async () => {
    const [claimed] = await applyMovements(tx, {
      enterpriseId: input.enterpriseId,
      movements,
      transactionId: id,
      hash,
      before: [
        tx`insert into ledger_transactions (id, enterprise_id, business_key, kind, hash, reversal_of)
           values (${id}, ${input.enterpriseId}, ${input.key}, ${input.kind}, ${hash}, ${input.reversalOf ?? null})
           on conflict (business_key) do nothing returning created_at`,
      ],
      guard: { table: 'ledger_transactions', id },
    });
    if (claimed.length > 0) return { id, businessKey: input.key, kind: input.kind, enterpriseId: input.enterpriseId, createdAt: claimed[0].created_at as Date, replayed: false };
    return { ...(await findTransaction(tx, input.key))!, replayed: true };
  })();
  if (!result.replayed) input.metrics?.ledgerTransactions.inc({ kind: input.kind });
  return result;
}

/** The hash a booking's transaction carries (chain.ts): over its id, key, kind and net postings. */
export function bookingHash(id: string, input: Pick<BookInput, 'key' | 'enterpriseId' | 'kind' | 'reversalOf'>, movements: Movement[]): Buffer {
  return transactionHash({
    id,
    enterpriseId: input.enterpriseId,
    businessKey: input.key,
    kind: input.kind,
    postings: movements.map((m) => ({ accountRef: m.accountRef, asset: m.asset, amount: m.total })),
    reversalOf: input.reversalOf ?? null,
  });
}

export async function findTransaction(sql: LedgerSql, businessKey: string): Promise<Omit<LedgerTransaction, 'replayed'> | null> {
  const [row] = await (sql as Sql)`
    select id, business_key, kind, enterprise_id, created_at from ledger_transactions where business_key = ${businessKey}`;
  return row
    ? { id: row.id, businessKey: row.business_key, kind: row.kind, enterpriseId: row.enterprise_id, createdAt: row.created_at }
    : null;
}

export interface TransferInput {
  key: string;
  enterpriseId: string;
  kind: string;
  sourceRef: string;
  targetRef: string;
  asset: string;
  amount: bigint;
  metrics?: Metrics;
}

/** Moves `amount` from one account to another (two postings). */
export function transfer(sql: LedgerSql, t: TransferInput): Promise<LedgerTransaction> {
  if (t.amount <= 0n) throw new Error('ledger: a transfer amount is positive');
  return book(sql, {
    key: t.key,
    enterpriseId: t.enterpriseId,
    kind: t.kind,
    metrics: t.metrics,
    legs: [
      { accountRef: t.sourceRef, asset: t.asset, amount: -t.amount },
      { accountRef: t.targetRef, asset: t.asset, amount: t.amount },
    ],
  });
}

export interface ExternalFlowInput {
  key: string;
  enterpriseId: string;
  accountRef: string;
  asset: string;
  amount: bigint;
  metrics?: Metrics;
}

/** Money arriving from outside (a confirmed deposit): external_deposits → the account, exactly once per key. */
export function creditExternalDeposit(sql: LedgerSql, d: ExternalFlowInput): Promise<LedgerTransaction> {
  return transfer(sql, {
    key: d.key,
    enterpriseId: d.enterpriseId,
    kind: 'deposit',
    sourceRef: systemAccountRef(d.enterpriseId, 'external_deposits'),
    targetRef: d.accountRef,
    asset: d.asset,
    amount: d.amount,
    metrics: d.metrics,
  });
}

/** Money leaving to the outside without a hold first: the account → external_withdrawals. */
export function debitExternalWithdrawal(sql: LedgerSql, w: ExternalFlowInput): Promise<LedgerTransaction> {
  return transfer(sql, {
    key: w.key,
    enterpriseId: w.enterpriseId,
    kind: 'withdrawal',
    sourceRef: w.accountRef,
    targetRef: systemAccountRef(w.enterpriseId, 'external_withdrawals'),
    asset: w.asset,
    amount: w.amount,
    metrics: w.metrics,
  });
}
