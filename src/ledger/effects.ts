import type { Sql } from 'postgres';
import type { LedgerSql } from './core';
import type { HoldStatus } from './holds';

export interface Posting {
  accountRef: string;
  asset: string;
  /** > 0 credits the account, < 0 debits it. */
  amount: bigint;
}

export interface BookedTransaction {
  id: string;
  businessKey: string;
  kind: string;
  createdAt: Date;
  postings: Posting[];
}

export interface HoldEffect {
  id: string;
  businessKey: string;
  accountRef: string;
  asset: string;
  amount: bigint;
  status: HoldStatus;
  postedAmount: bigint | null;
  transactionId: string | null;
  createdAt: Date;
  resolvedAt: Date | null;
}

export interface LedgerEffects {
  holds: HoldEffect[];
  transactions: BookedTransaction[];
}

/**
 * What bookings under the given business keys did to the ledger (read only): the holds placed with
 * those keys, and the transactions booked with them or by posting those holds, oldest first. Only
 * rows of `enterpriseId` are returned. Lookups go through the unique business-key indexes.
 */
export async function ledgerEffects(sql: LedgerSql, enterpriseId: string, businessKeys: string[]): Promise<LedgerEffects> {
  const db = sql as Sql;
  const holdRows = await db`
    select id, business_key, account_ref, asset, amount::text, status, posted_amount::text, transaction_id, created_at, resolved_at
      from ledger_holds
     where business_key = any(${businessKeys}) and enterprise_id = ${enterpriseId}
     order by created_at, id`;
  const postedFrom = holdRows.map((h) => h.transaction_id as string | null).filter((id): id is string => id !== null);
  const postingRows = await db`
    select t.id, t.business_key, t.kind, t.created_at, b.account_ref, b.asset, p.amount::text
      from ledger_transactions t
      join ledger_postings p on p.transaction_id = t.id
      join ledger_balances b on b.id = p.balance_id
     where (t.business_key = any(${businessKeys}) or t.id = any(${postedFrom}::uuid[])) and t.enterprise_id = ${enterpriseId}
     order by t.created_at, t.id, p.amount, b.account_ref`;
  const transactions = new Map<string, BookedTransaction>();
  for (const r of postingRows) {
    let t = transactions.get(r.id);
    if (!t) transactions.set(r.id, (t = { id: r.id, businessKey: r.business_key, kind: r.kind, createdAt: r.created_at, postings: [] }));
    t.postings.push({ accountRef: r.account_ref, asset: r.asset, amount: BigInt(r.amount) });
  }
  return {
    holds: holdRows.map((h) => ({
      id: h.id,
      businessKey: h.business_key,
      accountRef: h.account_ref,
      asset: h.asset,
      amount: BigInt(h.amount),
      status: h.status,
      postedAmount: h.posted_amount == null ? null : BigInt(h.posted_amount),
      transactionId: h.transaction_id,
      createdAt: h.created_at,
      resolvedAt: h.resolved_at,
    })),
    transactions: [...transactions.values()],
  };
}
