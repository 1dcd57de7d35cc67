import type { Sql } from 'postgres';
import { AppError } from '../../errors';
import type { Metrics } from '../../metrics';
import { parseAmount, systemAccountRef } from '../../ledger';
import { bookReturn, presentReturn, returnExtent, type ReturnReport } from '../returns';
import { canMove } from './model';
import { recordWithdrawalEvent, toWithdrawalRow, WITHDRAWAL_COLUMNS, type WithdrawalRow } from './store';

/*
 * A settled withdrawal the rail sent back (docs/returns-and-reversals.md): executed → partially_returned
 * → returned, each return booked once (by the provider's return id) as a ledger reversal of the
 * settlement crediting the account, on the record and in `operations.withdrawal.(partially_)returned.v1`.
 */

export const unknownPayout = () =>
  new AppError('EdgeUnprocessable', 'No payout of this enterprise has this idempotency key.', {
    reason: 'unknown_payout',
    errors: [{ pointer: '/body/data/idempotency_key', detail: 'unknown payout' }],
  });

export const payoutNotSettled = (status: string) =>
  new AppError('EdgeUnprocessable', `The payout is ${status}: only a settled payout can be returned.`, { reason: 'payout_not_settled', extensions: { status } });

export const returnCurrencyMismatch = (asset: string) =>
  new AppError('EdgeUnprocessable', `The payout was in ${asset}.`, { reason: 'return_currency_mismatch', errors: [{ pointer: '/body/data/amount/currency', detail: `must be ${asset}` }] });

export interface PayoutReturnInput extends Omit<ReturnReport, 'kind' | 'amount'> {
  amount: { currency: string; value: string };
}

/** Books one return of a settled withdrawal of `enterpriseId`; a second report of the same return id changes nothing (`replayed`). */
export async function returnWithdrawal(sql: Sql, enterpriseId: string, id: string, input: PayoutReturnInput, metrics?: Metrics): Promise<{ withdrawal: WithdrawalRow; replayed: boolean }> {
  return sql.begin(async (tx) => {
    const [found] = await tx.unsafe(`select ${WITHDRAWAL_COLUMNS} from withdrawals where id = $1 for update`, [id]);
    if (!found || found.enterprise_id !== enterpriseId) throw unknownPayout();
    const w = toWithdrawalRow(found);
    // A returned one goes on: a second report of a return replays, anything more is refused by the ledger.
    if ((!canMove(w.status, 'returned') && w.status !== 'returned') || !w.ledger_transaction_id) throw payoutNotSettled(w.status);
    if (input.amount.currency.toUpperCase() !== w.asset) throw returnCurrencyMismatch(w.asset);
    const amount = parseAmount(input.amount.value, w.asset);
    const booked = await bookReturn(
      tx,
      {
        ref: `withdrawals/${w.id}`,
        enterpriseId,
        accountRef: w.account_ref,
        asset: w.asset,
        principal: BigInt(w.amount),
        ledgerTransactionId: w.ledger_transaction_id,
        counterRef: systemAccountRef(enterpriseId, 'external_withdrawals'),
        fees: w.fee_components.filter((c) => c.type === 'service_fee').map((c) => ({ payeeRef: c.payee_ref, amount: BigInt(c.amount) })),
      },
      { ...input, kind: 'payout_return', amount },
      metrics,
    );
    if (booked.replayed) return { withdrawal: w, replayed: true };
    const status = returnExtent(booked.reversedAmount, BigInt(w.amount)) === 'full' ? 'returned' : 'partially_returned';
    const [updated] = await tx.unsafe(
      `update withdrawals set status = $2, returns = returns || $3::text::jsonb, returned_amount = $4::numeric, version = version + 1, updated_at = now()
        where id = $1 returning ${WITHDRAWAL_COLUMNS}`,
      [w.id, status, JSON.stringify([presentReturn(booked.row)]), booked.reversedAmount.toString()],
    );
    const row = toWithdrawalRow(updated);
    await recordWithdrawalEvent(tx, row, null);
    return { withdrawal: row, replayed: false };
  });
}
