import type { Sql } from 'postgres';
import type { Metrics } from '../../metrics';
import { parseAmount, systemAccountRef } from '../../ledger';
import { bookReturn, presentReturn, returnExtent, type ReturnReport } from '../returns';
import { canMoveOffRamp } from './model';
import { OFF_RAMP_COLUMNS, offRampSessions, toOffRampRow, type OffRampRow } from './off-ramp-store';
import { AppError } from '../../errors';

/*
 * A completed off-ramp whose fiat payout the bank rail sent back (docs/returns-and-reversals.md):
 * completed → partially_returned → returned, each return booked once as a ledger reversal of the
 * session's exchange crediting the fiat to the account. The conversion is not undone: the account holds
 * the fiat, and selling it back is a new conversion at the current price.
 */

export interface OffRampReturnInput extends Omit<ReturnReport, 'kind' | 'amount'> {
  amount: { currency: string; value: string };
}

const unknownPayout = () =>
  new AppError('EdgeUnprocessable', 'No payout of this enterprise has this idempotency key.', { reason: 'unknown_payout', errors: [{ pointer: '/body/data/idempotency_key', detail: 'unknown payout' }] });

/** Books one return of a completed off-ramp's payout; a second report of the same return id changes nothing (`replayed`). */
export async function returnOffRamp(sql: Sql, enterpriseId: string, id: string, input: OffRampReturnInput, metrics?: Metrics): Promise<{ session: OffRampRow; replayed: boolean }> {
  return sql.begin(async (tx) => {
    const [found] = await tx.unsafe(`select ${OFF_RAMP_COLUMNS} from off_ramp_sessions where id = $1 for update`, [id]);
    if (!found || found.enterprise_id !== enterpriseId) throw unknownPayout();
    const s = toOffRampRow(found);
    // A returned one goes on: a second report of a return replays, anything more is refused by the ledger.
    if ((!canMoveOffRamp(s.status, 'returned') && s.status !== 'returned') || !s.ledger_transaction_id || s.fiat_amount === null) {
      throw new AppError('EdgeUnprocessable', `The payout is ${s.status}: only a completed payout can be returned.`, { reason: 'payout_not_settled', extensions: { status: s.status } });
    }
    if (input.amount.currency.toUpperCase() !== s.fiat_currency) {
      throw new AppError('EdgeUnprocessable', `The payout was in ${s.fiat_currency}.`, { reason: 'return_currency_mismatch', errors: [{ pointer: '/body/data/amount/currency', detail: `must be ${s.fiat_currency}` }] });
    }
    const amount = parseAmount(input.amount.value, s.fiat_currency);
    const booked = await bookReturn(
      tx,
      {
        ref: `off-ramp-sessions/${s.id}`,
        enterpriseId,
        accountRef: s.account_ref,
        asset: s.fiat_currency,
        principal: BigInt(s.fiat_amount),
        ledgerTransactionId: s.ledger_transaction_id,
        counterRef: systemAccountRef(enterpriseId, 'external_withdrawals'),
      },
      { ...input, kind: 'payout_return', amount },
      metrics,
    );
    if (booked.replayed) return { session: s, replayed: true };
    const status = returnExtent(booked.reversedAmount, BigInt(s.fiat_amount)) === 'full' ? 'returned' : 'partially_returned';
    const [updated] = await tx.unsafe(
      `update off_ramp_sessions set status = $2, returns = returns || $3::text::jsonb, returned_amount = $4::numeric, version = version + 1, updated_at = now()
        where id = $1 returning ${OFF_RAMP_COLUMNS}`,
      [s.id, status, JSON.stringify([presentReturn(booked.row)]), booked.reversedAmount.toString()],
    );
    const row = toOffRampRow(updated);
    await offRampSessions.recordEvent(tx, row, null);
    return { session: row, replayed: false };
  });
}
