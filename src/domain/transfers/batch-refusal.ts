import type { Sql } from 'postgres';
import { AppError, conflict, notFound } from '../../errors';
import { refusalReason } from '../../db/refusals';
import { insufficientFundsError } from '../../ledger';
import { isReferenceTaken, referenceTaken } from '../../schema/metadata';
import { accountRefusalReason, type AccountState } from './model';
import { firstShortfall, itemError, itemPointer, spendableKey, type CheckedItem, type Spendable } from './batch-model';
import { accountStates, refusalOf } from './accounts';

/**
 * Why an atomic batch's booking was refused, read after the rollback: the first transfer, in batch
 * order, whose accounts cannot move money or whose debit does not fit (as if booked one by one).
 */
export async function explainBatchRefusal(sql: Sql, checked: CheckedItem[], cause: unknown): Promise<unknown> {
  const refs = [...new Set(checked.flatMap((c) => [c.input.sourceRef, c.input.targetRef]))];
  const states = new Map((await sql<AccountState[]>`select * from (${accountStates(sql, refs)}) s`).map((s) => [s.ref, s]));
  for (const c of checked) {
    for (const [side, ref] of [['source', c.input.sourceRef], ['target', c.input.targetRef]] as const) {
      const s = states.get(ref);
      if (!s) return itemError(c.index, notFound(`${side} account`));
      const reason = accountRefusalReason(s, side);
      const refusal = reason ? refusalOf(reason) : null;
      if (refusal) return itemError(c.index, refusal);
    }
  }
  const pairs = [...new Set(checked.map((c) => spendableKey(c.input.sourceRef, c.input.asset.code)))].map((k) => k.split('\u0000'));
  const rows = await sql`
    select account_ref, asset, total::text, held::text, overdraft_limit::text from ledger_balances
     where (account_ref, asset) in (select * from unnest(${pairs.map((p) => p[0])}::text[], ${pairs.map((p) => p[1])}::text[]))`;
  const balances = new Map<string, Spendable>();
  for (const r of rows) balances.set(spendableKey(r.account_ref, r.asset), { available: BigInt(r.total) - BigInt(r.held), limit: r.overdraft_limit == null ? null : BigInt(r.overdraft_limit) });
  const short = firstShortfall(checked, balances);
  if (short) return itemError(short.item.index, insufficientFundsError(short.item.input.sourceRef, short.item.input.asset.code, short.available, short.item.input.amount));
  if (isReferenceTaken(cause, 'internal_transfers')) return takenReference(sql, checked, cause);
  if (cause instanceof AppError) return cause;
  // A refusal that no longer reproduces (the accounts changed since): retryable. Anything else is a fault, as it is.
  const refused = refusalReason(cause) !== null || (cause as { constraint_name?: string }).constraint_name === 'ledger_balances_funds_check';
  if (!refused) return cause;
  return conflict('The batch could not be booked as a whole and nothing was booked; the accounts changed meanwhile. Retry.', 'batch_conflict');
}

/** The first transfer whose unique reference another transfer holds, or that an earlier transfer of the batch repeats. */
async function takenReference(sql: Sql, checked: CheckedItem[], cause: unknown): Promise<unknown> {
  const seen = new Set<string>();
  for (const c of checked) {
    const ref = c.input.annotations?.referenceUnique ? c.input.annotations.reference : null;
    if (ref === null || ref === undefined) continue;
    const [held] = await sql`select id from internal_transfers where enterprise_id = ${c.source.enterpriseId} and reference = ${ref} and reference_unique`;
    if (held) return itemError(c.index, referenceTaken('internal transfer', held.id as string));
    if (seen.has(ref)) {
      return itemError(c.index, new AppError('EdgeUnprocessable', 'An earlier transfer of the batch has the same unique reference.', { errors: [{ pointer: itemPointer(c.index, 'reference'), detail: 'repeats an earlier transfer\'s unique reference' }] }));
    }
    seen.add(ref);
  }
  return cause;
}
