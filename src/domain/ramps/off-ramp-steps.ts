import type { Sql } from 'postgres';
import { creditExternalDeposit, systemAccountRef } from '../../ledger';
import type { Metrics } from '../../metrics';
import type { WithdrawalRail } from '../../providers/rails';
import { formatDecimalDown, serialise } from '../../reference/rational';
import { bookExchange } from '../conversions/ledger';
import { getPair } from '../pricing/pairs';
import { clientRate, convertMinor, type MarketPrice } from '../pricing/prices';
import type { OffRampStatus } from './messages';
import { releaseHold } from './off-ramp-approval';
import { offRampSessions, payoutRoute } from './off-ramp-store';

/* The steps of `off-ramp/<id>` after its approval, each an activity's. */

const { find, transition, statusOf } = offRampSessions;

/**
 * requested → converting: fixes the rate and the fiat amount (rounded down) at the market price its
 * provider gives now (asked before the transition's transaction). A disabled pair fails the session.
 */
export async function convertOffRamp(sql: Sql, id: string, market: MarketPrice): Promise<OffRampStatus> {
  const session = await find(sql, id);
  if (session?.status !== 'requested') return statusOf(session ? { row: session } : null, id);
  const pair = await getPair(sql, session.pair_id);
  const mid = pair.enabled ? await market(pair, { firm: false }) : null;
  return statusOf(
    await transition(sql, id, ['requested'], async (tx, row) => {
      const current = await getPair(tx, row.pair_id);
      if (!current.enabled || !mid) return releaseHold(tx, row, 'failed', 'pair_disabled');
      const rate = clientRate(current, mid);
      return { status: 'converting', fiat_amount: convertMinor(BigInt(row.amount), rate, row.asset, row.fiat_currency).toString(), rate: serialise(rate), price: formatDecimalDown(rate, current.price_precision) };
    }),
    id,
  );
}

/**
 * converting → payout_sent: submits the payout to the bank rail's provider (business key
 * `off_ramp/<id>`, outside any transaction) and, once accepted, books the exchange (hold posted to FX
 * liquidity and fee revenue, fiat from FX liquidity to external_withdrawals, key `off_ramp/<id>`) with
 * the provider's reference. Rejected, or the method disabled meanwhile: failed, hold released.
 */
export async function sendOffRampPayout(
  sql: Sql,
  id: string,
  railFor: (rail: string) => Promise<WithdrawalRail>,
  metrics?: Metrics,
): Promise<{ status: OffRampStatus; checkAfterMs: number }> {
  const session = await find(sql, id);
  if (session?.status !== 'converting') return { status: statusOf(session ? { row: session } : null, id), checkAfterMs: 0 };
  const method = await payoutRoute(sql, session.payout_method_id);
  const submitted =
    method.status === 'active'
      ? await (await railFor(method.rail)).submit({
          businessKey: `off_ramp/${id}`,
          enterpriseId: session.enterprise_id,
          rail: method.rail,
          destination: { beneficiary: method.beneficiary },
          asset: session.fiat_currency,
          amount: BigInt(session.fiat_amount!),
        })
      : ({ status: 'rejected', reason: 'payout_method_disabled' } as const);
  const status = statusOf(
    await transition(sql, id, ['converting'], async (tx, row) => {
      if (submitted.status === 'rejected') return releaseHold(tx, row, 'failed', submitted.reason);
      const ledgerTransactionId = await bookExchange(tx, {
        key: `off_ramp/${id}`,
        kind: 'off_ramp',
        enterpriseId: row.enterprise_id,
        source: { holdId: row.hold_id },
        targetRef: systemAccountRef(row.enterprise_id, 'external_withdrawals'),
        fromAsset: row.asset,
        fromAmount: BigInt(row.amount),
        toAsset: row.fiat_currency,
        toAmount: BigInt(row.fiat_amount!),
        fees: row.fee_components,
        metrics,
      });
      return { status: 'payout_sent', ledger_transaction_id: ledgerTransactionId, payout_reference: submitted.reference, payout_sent_at: new Date() };
    }),
    id,
  );
  return { status, checkAfterMs: submitted.status === 'accepted' ? submitted.checkAfterMs : 0 };
}

/** payout_sent → completed when the bank rail's provider confirms. */
export async function completeOffRamp(sql: Sql, id: string): Promise<OffRampStatus> {
  return statusOf(await transition(sql, id, ['payout_sent'], async () => ({ status: 'completed', completed_at: new Date() })), id);
}

/**
 * payout_sent → failed: the provider reports the accepted payout failed (the bank returned it). The
 * fiat comes back to the account (external_deposits → account, key `off_ramp/<id>/return`), once.
 */
export async function returnOffRampPayout(sql: Sql, id: string, reason: string, metrics?: Metrics): Promise<OffRampStatus> {
  return statusOf(
    await transition(sql, id, ['payout_sent'], async (tx, row) => {
      await creditExternalDeposit(tx, { key: `off_ramp/${id}/return`, enterpriseId: row.enterprise_id, accountRef: row.account_ref, asset: row.fiat_currency, amount: BigInt(row.fiat_amount!), metrics });
      return { status: 'failed', failure_reason: `payout_returned: ${reason}` };
    }),
    id,
  );
}
