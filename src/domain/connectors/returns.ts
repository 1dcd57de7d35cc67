import { AppError } from '../../errors';
import type { Services } from '../../services';
import type { ReturnReason } from '../../reference/return-reasons';
import { returnWithdrawal, unknownPayout } from '../withdrawals';
import { returnOffRamp } from '../ramps';
import { findDepositByReference, reverseDeposit, unknownDeposit } from '../deposits/reversal';
import type { ReportingConnector } from '../deposits/reports';

/*
 * The connector's `payout.returned` and `deposit.reversed` events (docs/connectors.md): applied to the
 * record they name, once per provider id. A return for a payout Counterfoil does not know, or has not
 * settled, is refused (422) and counted and logged for operations: never matched by guess.
 */

type Outcome = 'booked' | 'replayed' | 'refused' | 'restricted';

function observe(services: Services, connector: ReportingConnector, kind: string, outcome: Outcome, detail: Record<string, unknown>) {
  services.metrics.moneyReturns.inc({ kind, outcome });
  if (outcome === 'refused' || outcome === 'restricted') {
    services.log.warn({ connector: connector.name, kind, ...detail }, outcome === 'refused' ? 'connector return refused' : 'reversal restricted an overdrawn account');
  }
}

async function observed<T extends { replayed: boolean; restricted?: boolean }>(services: Services, connector: ReportingConnector, kind: string, detail: Record<string, unknown>, fn: () => Promise<T>): Promise<T> {
  try {
    const r = await fn();
    observe(services, connector, kind, r.replayed ? 'replayed' : r.restricted ? 'restricted' : 'booked', detail);
    return r;
  } catch (err) {
    if (err instanceof AppError && err.status < 500) observe(services, connector, kind, 'refused', { ...detail, reason: err.options.reason ?? null });
    throw err;
  }
}

export interface ReportedPayoutReturn {
  idempotency_key: string;
  return_id: string;
  amount: { currency: string; value: string };
  reason: ReturnReason;
  returned_at: string;
}

/** `payout.returned`: the settled withdrawal or off-ramp payout named by its business key. */
export async function reportPayoutReturn(services: Services, connector: ReportingConnector, data: ReportedPayoutReturn): Promise<string> {
  const detail = { idempotency_key: data.idempotency_key, return_id: data.return_id, code: `${data.reason.scheme}/${data.reason.code}` };
  const r = await observed(services, connector, 'payout_return', detail, async () => {
    const [, kind, id] = /^(withdrawal|off_ramp)\/([0-9a-f-]{36})$/.exec(data.idempotency_key) ?? [];
    if (!kind) throw unknownPayout();
    // Only the connector the payout's rail is routed to may return it, as only it may wake it (payout.updated).
    const [route] =
      kind === 'withdrawal'
        ? await services.sql`select rail from withdrawals where id = ${id}`
        : await services.sql`select m.rail from off_ramp_sessions s join payout_methods m on m.id = s.payout_method_id where s.id = ${id}`;
    if (!route || services.providers.providerOf('rails', route.rail) !== connector.name) throw unknownPayout();
    const input = { externalId: data.return_id, amount: data.amount, reason: data.reason, occurredAt: new Date(data.returned_at), connectorId: connector.id };
    if (kind === 'withdrawal') {
      const w = await returnWithdrawal(services.sql, connector.enterpriseId, id, input, services.metrics);
      return { ref: `withdrawals/${w.withdrawal.id}`, replayed: w.replayed };
    }
    const s = await returnOffRamp(services.sql, connector.enterpriseId, id, input, services.metrics);
    return { ref: `off-ramp-sessions/${s.session.id}`, replayed: s.replayed };
  });
  return r.ref;
}

export interface ReportedDepositReversal {
  reference: string;
  reversal_id: string;
  amount: { currency: string; value: string };
  reason: ReturnReason;
  reversed_at: string;
}

/** `deposit.reversed`: the credited deposit with this rail reference. */
export async function reportDepositReversal(services: Services, connector: ReportingConnector, data: ReportedDepositReversal): Promise<string> {
  const detail = { reference: data.reference, reversal_id: data.reversal_id, code: `${data.reason.scheme}/${data.reason.code}` };
  const r = await observed(services, connector, 'deposit_reversal', detail, async () => {
    const id = await findDepositByReference(services.sql, connector.enterpriseId, data.reference);
    if (!id) throw unknownDeposit();
    const [{ rail }] = await services.sql`select rail from deposits where id = ${id}`;
    if (services.providers.providerOf('deposits', rail) !== connector.name) throw unknownDeposit();
    return reverseDeposit(
      services.sql,
      connector.enterpriseId,
      id,
      { kind: 'deposit_reversal', externalId: data.reversal_id, amount: data.amount, reason: data.reason, occurredAt: new Date(data.reversed_at), connectorId: connector.id },
      services.metrics,
    );
  });
  return `deposits/${r.deposit.id}`;
}
