import type { Sql } from 'postgres';
import { AppError } from '../../errors';
import { uuidv7 } from '../../ids';
import type { StatementBalance, StatementSource } from '../../providers/statements';
import { accountByIdentity, findAccount, insertLines, newLineRow, type ReconciliationAccountRow } from './store';

/** Lines per pull request: the protocol's maximum page. */
export const PULL_PAGE = 1000;

export interface PullResult {
  account: ReconciliationAccountRow;
  /** Lines the provider reported that were new here. */
  added: number;
  /** Lines received, including ones already held. */
  received: number;
  cursor: string | null;
  balance: StatementBalance | null;
}

/**
 * Pulls the account's statement from its provider, from the stored cursor to the end: each page's
 * new lines and the cursor after them commit together, so a pull stopped midway resumes where it
 * stopped and a repeated page adds nothing (lines are unique per account and provider id).
 */
export async function pullStatement(sql: Sql, source: StatementSource, accountId: string, maxPages = 1000): Promise<PullResult> {
  let account = await findAccount(sql, accountId);
  if (!account) throw new AppError('EdgeNotFound', 'The reconciliation account does not exist.');
  let added = 0;
  let received = 0;
  let balance: StatementBalance | null = null;
  for (let page = 0; page < maxPages; page++) {
    const answer = await source.pull(account.enterprise_id, { rail: account.rail, address: account.address, currency: account.asset }, account.cursor, PULL_PAGE);
    received += answer.lines.length;
    balance = answer.balance;
    const current = account;
    const rows = answer.lines.filter((l) => l.asset === current.asset).map((l) => newLineRow(uuidv7(), current, null, l));
    await sql.begin(async (tx) => {
      added += await insertLines(tx, rows);
      await tx`update reconciliation_accounts set cursor = ${answer.nextCursor}, provider_balance = ${answer.balance.amount.toString()}, provider_balance_at = ${answer.balance.asOf}, version = version + 1, updated_at = now() where id = ${current.id}`;
    });
    const moved = answer.nextCursor !== account.cursor;
    account = { ...account, version: account.version + 1, cursor: answer.nextCursor, provider_balance: answer.balance.amount.toString(), provider_balance_at: answer.balance.asOf };
    if (answer.lines.length < PULL_PAGE || !moved) break;
  }
  return { account, added, received, cursor: account.cursor, balance };
}

/**
 * A connector says the account's statement is complete through an instant (`statement.available`):
 * recorded on the account, which its next pull reads. An account the enterprise does not reconcile is 422.
 */
export async function noteStatementAvailable(sql: Sql, enterpriseId: string, account: { rail: string; address: string; currency: string }, through: string): Promise<ReconciliationAccountRow> {
  const row = await accountByIdentity(sql, enterpriseId, account.rail, account.address, account.currency);
  if (!row) {
    throw new AppError('EdgeUnprocessable', 'The enterprise does not reconcile this account.', { errors: [{ pointer: '/body/data/account', detail: 'no reconciliation account has this rail, address and currency' }] });
  }
  await sql`update reconciliation_accounts set available_through = greatest(available_through, ${through}::timestamptz), version = version + 1, updated_at = now() where id = ${row.id}`;
  return (await findAccount(sql, row.id))!;
}
