import { WorkflowNotFoundError } from '@temporalio/client';
import type { Sql } from 'postgres';
import type { SubjectAttribution } from '../../auth/caller';
import type { Alongside } from '../../db/base';
import { conflict, notFound } from '../../errors';
import { parseAmount } from '../../ledger';
import type { Services } from '../../services';
import { ON_RAMP_PAYMENT_SIGNAL, onRampWorkflowId } from './messages';
import { assertPaymentCurrency } from './model';
import { onRampSessions, type OnRampRow } from './on-ramp-store';

/**
 * The client's payment arrived, reported by the sandbox bank or by the pay-in rail's connector
 * (`reported`): awaiting_payment → payment_received, amount recorded. The connector's same payment
 * (its reference) again answers the session unchanged. Anything else is 409 `on_ramp_<status>`; a
 * closed window is 409 `on_ramp_expired`. The caller then wakes `on-ramp/<id>` (signalOnRampPaid).
 */
export async function recordOnRampPayment(
  sql: Sql,
  row: OnRampRow,
  amount: { currency: string; value: string },
  attribution: SubjectAttribution | null,
  alongside?: Alongside<OnRampRow>,
  reported?: { connectorId: string; reference: string },
): Promise<OnRampRow> {
  assertPaymentCurrency(amount.currency, row.fiat_currency);
  const minor = parseAmount(amount.value, row.fiat_currency, '/body/amount/value');
  const result = await onRampSessions.transition(
    sql,
    row.id,
    ['awaiting_payment'],
    async (tx, current) => {
      // The database's clock decides, as it set the expiry.
      const [{ open }] = await tx`select ${current.expires_at} > now() as open`;
      if (!open) throw conflict('The payment window has closed.', 'on_ramp_expired');
      return {
        status: 'payment_received',
        fiat_amount: minor.toString(),
        payment_received_at: new Date(),
        payment_connector_id: reported?.connectorId ?? null,
        payment_provider_reference: reported?.reference ?? null,
      };
    },
    attribution,
    alongside,
  );
  if (!result) throw notFound('on-ramp session');
  const same = reported && result.row.payment_connector_id === reported.connectorId && result.row.payment_provider_reference === reported.reference;
  if (!result.changed && same) return result.row;
  if (!result.changed) throw conflict(`The on-ramp session is ${result.row.status}.`, `on_ramp_${result.row.status}`);
  return result.row;
}

/** Wakes `on-ramp/<id>`, which finds the payment recorded and converts it; a finished workflow (a payment reported again) has nothing to wake. */
export async function signalOnRampPaid(services: Pick<Services, 'temporal'>, id: string): Promise<void> {
  const client = await services.temporal.get();
  try {
    await client.workflow.getHandle(onRampWorkflowId(id)).signal(ON_RAMP_PAYMENT_SIGNAL);
  } catch (err) {
    if (!(err instanceof WorkflowNotFoundError)) throw err;
  }
}
