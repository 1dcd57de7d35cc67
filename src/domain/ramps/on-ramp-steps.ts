import type { Sql } from 'postgres';
import type { SubjectAttribution } from '../../auth/caller';
import type { Alongside } from '../../db/base';
import { AppError, conflict, notFound } from '../../errors';
import { systemAccountRef } from '../../ledger';
import type { Metrics } from '../../metrics';
import { formatDecimalDown, serialise } from '../../reference/rational';
import { quoteFees } from '../fees/agreements';
import { bookExchange, lockMovableAccount, storeFees } from '../conversions/ledger';
import { getPair } from '../pricing/pairs';
import { clientRate, convertMinor, type MarketPrice } from '../pricing/prices';
import type { OnRampStatus } from './messages';
import { ON_RAMP_CANCELLABLE, onRampConversionBlock } from './model';
import { onRampPricingState, onRampSessions, type OnRampRow } from './on-ramp-store';

/* The steps of `on-ramp/<id>` (each an activity's) and the client's cancellation. */

const { transition, statusOf } = onRampSessions;

/** requested → awaiting_payment (the instructions are live). */
export async function activateOnRamp(sql: Sql, id: string): Promise<OnRampStatus> {
  return statusOf(await transition(sql, id, ['requested'], async () => ({ status: 'awaiting_payment' })), id);
}

/** awaiting_payment → expired when the payment window closed unpaid; otherwise the current status. */
export async function expireOnRamp(sql: Sql, id: string): Promise<OnRampStatus> {
  return statusOf(await transition(sql, id, ['awaiting_payment'], async () => ({ status: 'expired' })), id);
}

export async function onRampStatus(sql: Sql, id: string): Promise<OnRampStatus> {
  const row = await onRampSessions.find(sql, id);
  return statusOf(row ? { row } : null, id);
}

/**
 * payment_received → converting: prices the payment (on-ramp fee from the fee engine, deducted from
 * the received fiat; the rest converted at the pair's rate from the market price its provider gives
 * now, asked before the transition's transaction, rounded down). A net amount outside the pair's
 * limits fails the session (`amount_out_of_range`).
 */
export async function convertOnRamp(sql: Sql, id: string, market: MarketPrice): Promise<OnRampStatus> {
  const session = await onRampPricingState(sql, id);
  const mid = session?.status === 'payment_received' ? await market(await getPair(sql, session.pair_id), { firm: false }) : null;
  return statusOf(
    await transition(sql, id, ['payment_received'], async (tx, row) => {
      const pair = await getPair(tx, row.pair_id);
      const gross = BigInt(row.fiat_amount!);
      const fees = await quoteFees(tx, { enterpriseId: row.enterprise_id, operationType: 'on_ramp', asset: row.fiat_currency, amount: gross, rail: null });
      const net = gross - fees.total;
      // Paid between the read above and this lock: the activity's retry prices it.
      if (!mid) throw new Error(`on-ramp session ${id} was paid while it was being priced`);
      const rate = clientRate(pair, mid);
      const assetAmount = net > 0n ? convertMinor(net, rate, pair.from_asset, pair.to_asset) : 0n;
      const block = onRampConversionBlock(pair, net, assetAmount);
      if (block) return { status: 'failed', failure_reason: block };
      return {
        status: 'converting',
        fee_amount: fees.total.toString(),
        fee_components: tx.json(storeFees(fees.components) as never),
        asset_amount: assetAmount.toString(),
        rate: serialise(rate),
        price: formatDecimalDown(rate, pair.price_precision),
      };
    }),
    id,
  );
}

/**
 * converting → completed: books external_deposits → FX liquidity (and the fee) in fiat, FX liquidity
 * → the account in the asset, once (business key `on_ramp/<id>`). An account that can no longer
 * receive fails the session (`account_unavailable`); the fiat is then returned outside the ledger.
 */
export async function completeOnRamp(sql: Sql, id: string, metrics?: Metrics): Promise<OnRampStatus> {
  return statusOf(
    await transition(sql, id, ['converting'], async (tx, row) => {
      try {
        await lockMovableAccount(tx, row.account_ref, row.enterprise_id, { outgoing: false });
      } catch (err) {
        if (err instanceof AppError) return { status: 'failed', failure_reason: 'account_unavailable' };
        throw err;
      }
      const fees = row.fee_components!;
      const ledgerTransactionId = await bookExchange(tx, {
        key: `on_ramp/${id}`,
        kind: 'on_ramp',
        enterpriseId: row.enterprise_id,
        source: { accountRef: systemAccountRef(row.enterprise_id, 'external_deposits') },
        targetRef: row.account_ref,
        fromAsset: row.fiat_currency,
        fromAmount: BigInt(row.fiat_amount!) - BigInt(row.fee_amount!),
        toAsset: row.asset,
        toAmount: BigInt(row.asset_amount!),
        fees,
        metrics,
      });
      return { status: 'completed', ledger_transaction_id: ledgerTransactionId, completed_at: new Date() };
    }),
    id,
  );
}

/** requested | awaiting_payment → cancelled by the client (with `alongside`); later is 409 `on_ramp_<status>`. */
export async function cancelOnRamp(sql: Sql, row: OnRampRow, attribution: SubjectAttribution, alongside?: Alongside<OnRampRow>): Promise<OnRampRow> {
  const result = await transition(sql, row.id, ON_RAMP_CANCELLABLE, async () => ({ status: 'cancelled' }), attribution, alongside);
  if (!result) throw notFound('on-ramp session');
  if (!result.changed) throw conflict(`The on-ramp session is ${result.row.status}; only a session awaiting payment can be cancelled.`, `on_ramp_${result.row.status}`);
  return result.row;
}
