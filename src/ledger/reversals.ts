import type { Sql } from 'postgres';
import { AppError } from '../errors';
import type { Metrics } from '../metrics';
import { formatAmount } from './assets';
import { byLockOrder, inTransaction, type LedgerSql } from './core';
import { bookWithin, findTransaction, type Leg, type LedgerTransaction } from './transactions';

/*
 * Money that comes back (docs/returns-and-reversals.md): a return, recall or reversal is a new ledger
 * transaction with its own postings, linked to the one it undoes (`reversal_of`, covered by its hash).
 * The original counts what was reversed against what may be (`reversed_amount` ≤ `reversible_amount`,
 * a CHECK constraint), so no sequence of partial reversals ever undoes more than it moved.
 */

export interface ReversalInput {
  /** Unique business key (`return/withdrawals/<id>/<return_id>`): a retry or a second report books nothing. */
  key: string;
  enterpriseId: string;
  kind: string;
  /** The ledger transaction this one undoes. */
  reversalOf: string;
  /** What the original may be reversed by in all: fixed by its first reversal. */
  reversible: bigint;
  /** What this reversal counts against the original (in the asset `reversible` is in). */
  amount: bigint;
  asset: string;
  legs: Leg[];
  /**
   * The account a recall debits even when its available balance no longer covers it (the bank took
   * the money back already): the shortfall is granted as overdraft and the balance row restricted,
   * so no money leaves it until the shortfall is repaid. Without it a debit that does not fit is 422.
   */
  overdraw?: { accountRef: string };
  metrics?: Metrics;
}

export interface BookedReversal {
  transaction: LedgerTransaction;
  /** The original's reversed total after this reversal, and what it may reach. */
  reversedAmount: bigint;
  reversibleAmount: bigint;
  /** How far the overdrawn account's available balance is below zero after it (0 when it covered the debit). */
  overdraftUsed: bigint;
  /** Whether this reversal restricted the account. */
  restricted: boolean;
}

export function reversalExceedsRemaining(remaining: bigint, asked: bigint, asset: string): AppError {
  return new AppError('EdgeUnprocessable', `The reversal exceeds what remains to reverse (${formatAmount(remaining, asset)} ${asset}).`, {
    reason: 'reversal_exceeds_remaining',
    errors: [{ pointer: '/body/amount', detail: 'exceeds the remaining reversible amount' }],
    extensions: { remaining: formatAmount(remaining, asset), requested: formatAmount(asked, asset), asset },
  });
}

/**
 * Books a reversal of `reversalOf` once per key. Locks the original first (concurrent reversals of
 * one transaction queue there), so a second report of the same key finds the first and books nothing.
 */
export async function bookReversal(sql: LedgerSql, input: ReversalInput): Promise<BookedReversal> {
  if (input.amount <= 0n) throw new Error('ledger: a reversal amount is positive');
  return inTransaction(sql, async (tx) => {
    const q = tx as unknown as Sql;
    const [original] = await q`
      select enterprise_id, reversible_amount::text, reversed_amount::text from ledger_transactions where id = ${input.reversalOf} for update`;
    if (!original || original.enterprise_id !== input.enterpriseId) throw new Error(`ledger: no transaction ${input.reversalOf} to reverse`);
    const previous = await findTransaction(tx, input.key);
    if (previous) {
      return {
        transaction: { ...previous, replayed: true },
        reversedAmount: BigInt(original.reversed_amount),
        reversibleAmount: BigInt(original.reversible_amount ?? input.reversible),
        overdraftUsed: 0n,
        restricted: false,
      };
    }
    const reversible = original.reversible_amount == null ? input.reversible : BigInt(original.reversible_amount);
    const reversed = BigInt(original.reversed_amount);
    if (reversed + input.amount > reversible) throw reversalExceedsRemaining(reversible - reversed, input.amount, input.asset);
    // The CHECK constraint refuses it too, should two writers ever disagree with this count.
    await q`
      update ledger_transactions set reversible_amount = coalesce(reversible_amount, ${reversible.toString()}::numeric),
             reversed_amount = reversed_amount + ${input.amount.toString()}::numeric
       where id = ${input.reversalOf}`;
    const overdraft = input.overdraw ? await grantShortfall(q, input, input.overdraw.accountRef) : { used: 0n, restricted: false };
    const transaction = await bookWithin(tx, { key: input.key, enterpriseId: input.enterpriseId, kind: input.kind, legs: input.legs, reversalOf: input.reversalOf, metrics: input.metrics });
    if (input.overdraw) await q`select set_config('counterfoil.reversal', 'off', true)`;
    return { transaction, reversedAmount: reversed + input.amount, reversibleAmount: reversible, overdraftUsed: overdraft.used, restricted: overdraft.restricted };
  });
}

/**
 * Before a recall's debit: locks the legs' balance rows in the ledger's order, and when the debit
 * takes the account below zero, restricts the row and raises its overdraft limit by what the agreed
 * limit does not cover, so the funds constraint (and `ledger verify`) keeps holding. The session flag
 * lets this transaction's debit through the restriction trigger.
 */
async function grantShortfall(q: Sql, input: ReversalInput, accountRef: string): Promise<{ used: bigint; restricted: boolean }> {
  const rows = [...new Map(input.legs.map((l) => [`${l.accountRef}\u0000${l.asset}`, l])).values()].sort(byLockOrder);
  await q`
    insert into ledger_balances (account_ref, asset, enterprise_id, overdraft_limit)
    select r, a, ${input.enterpriseId}::uuid, case when r like 'system/%' then null else 0 end
      from unnest(${rows.map((l) => l.accountRef)}::text[], ${rows.map((l) => l.asset)}::text[]) as l(r, a)
     order by r collate "C", a collate "C"
    on conflict (account_ref, asset) do nothing`;
  const locked = await q`
    select account_ref, asset, total::text, held::text, overdraft_limit::text from ledger_balances
     where (account_ref, asset) in (select * from unnest(${rows.map((l) => l.accountRef)}::text[], ${rows.map((l) => l.asset)}::text[]))
     order by account_ref collate "C", asset collate "C" for no key update`;
  await q`select set_config('counterfoil.reversal', 'on', true)`;
  const debit = -input.legs.filter((l) => l.accountRef === accountRef).reduce((s, l) => s + l.amount, 0n);
  const row = locked.find((r) => r.account_ref === accountRef);
  if (!row || debit <= 0n || row.overdraft_limit == null) return { used: 0n, restricted: false };
  const after = BigInt(row.total) - BigInt(row.held) - debit;
  if (after >= 0n) return { used: 0n, restricted: false };
  const limit = BigInt(row.overdraft_limit);
  const grant = -after > limit ? -after - limit : 0n;
  await q`
    update ledger_balances set restricted_reason = 'reversal_shortfall', overdraft_granted = overdraft_granted + ${grant.toString()}::numeric,
           overdraft_limit = overdraft_limit + ${grant.toString()}::numeric, updated_at = now()
     where account_ref = ${accountRef} and asset = ${row.asset}`;
  return { used: -after, restricted: true };
}

/** The reversals booked against a transaction, oldest first. */
export async function reversalsOf(sql: LedgerSql, transactionId: string): Promise<{ id: string; businessKey: string; kind: string; createdAt: Date }[]> {
  const rows = await (sql as Sql)`select id, business_key, kind, created_at from ledger_transactions where reversal_of = ${transactionId} order by id`;
  return rows.map((r) => ({ id: r.id, businessKey: r.business_key, kind: r.kind, createdAt: r.created_at }));
}

/** Whether money may leave an account's balance in an asset: false while a reversal's shortfall is unpaid. */
export async function restrictionOf(sql: LedgerSql, accountRef: string, asset: string): Promise<string | null> {
  const [row] = await (sql as Sql)`select restricted_reason from ledger_balances where account_ref = ${accountRef} and asset = ${asset}`;
  return row?.restricted_reason ?? null;
}
