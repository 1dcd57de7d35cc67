import type { Services } from '../../services';
import { AppError } from '../../errors';
import { receiveDeposit, resolveDepositTarget, type DepositTarget } from './deposits';
import type { DepositRow } from '../funding/present';
import { findOnRampByPaymentReference, recordOnRampPayment, signalOnRampPaid, type OnRampRow } from '../ramps';

/**
 * The deposits seam: a provider reports a payment that arrived on a deposit instruction (or on its
 * address), final on its rail. The sandbox reports simulated ones (./sandbox.ts, POST
 * /sandbox/deposits); a connector reports real ones (its `deposit.received` event). Either way the
 * deposit is recorded `pending` and the same `deposit/<id>` workflow confirms and credits it once.
 */
export interface DepositReport {
  /** The provider's transaction id or bank reference: one deposit per rail and reference. */
  reference: string;
  target: DepositTarget;
  amount: { currency: string; value: string };
  /** The integrator's reference and metadata the payment arrived with, as the deposit stores them. */
  annotations?: { reference: string | null; metadata: Record<string, string> };
}

export interface ReportingConnector {
  id: string;
  name: string;
  enterpriseId: string;
}

/**
 * A connector's report. The target must be an instruction of the connector's enterprise (else 422
 * `unknown_deposit_target`) on a rail the routing gives this connector (else 422 `provider_not_routed`).
 * The same reference again answers the deposit it recorded (`replayed`) and credits nothing more.
 */
export async function reportDeposit(services: Services, connector: ReportingConnector, report: DepositReport): Promise<{ deposit: DepositRow; replayed: boolean }> {
  const endpoint = await resolveDepositTarget(services.sql, report.target);
  if (!endpoint || endpoint.enterprise_id !== connector.enterpriseId) {
    throw new AppError('EdgeUnprocessable', 'No deposit instruction of this enterprise matches the target.', {
      reason: 'unknown_deposit_target',
      errors: [{ pointer: '/body/data', detail: 'unknown deposit instruction or address' }],
    });
  }
  const routed = services.providers.providerOf('deposits', endpoint.rail);
  if (routed !== connector.name) {
    throw new AppError('EdgeUnprocessable', `Deposits on ${endpoint.rail} are not routed to connector ${connector.name}.`, { reason: 'provider_not_routed' });
  }
  return receiveDeposit(services, {
    endpoint,
    currency: report.amount.currency,
    value: report.amount.value,
    attribution: null,
    taskQueue: services.config.taskQueue,
    blockMs: 0,
    annotations: report.annotations,
    reported: { connectorId: connector.id, reference: report.reference },
  });
}

/** A payment quoting an on-ramp session's payment reference (its `payment_instructions.reference`). */
export interface OnRampPaymentReport {
  /** The bank's reference for the payment: the same one again is the same payment. */
  reference: string;
  paymentReference: string;
  amount: { currency: string; value: string };
}

/**
 * A connector's report of an on-ramp session's fiat payment: the session must be of the connector's
 * enterprise (else 422 `unknown_deposit_target`) and its pay-in rail routed to this connector (else
 * 422 `provider_not_routed`). It is recorded as the sandbox bank's payment is, and the same
 * `on-ramp/<id>` workflow converts it and credits the asset once.
 */
export async function reportOnRampPayment(services: Services, connector: ReportingConnector, report: OnRampPaymentReport): Promise<OnRampRow> {
  const session = await findOnRampByPaymentReference(services.sql, report.paymentReference);
  if (!session || session.enterprise_id !== connector.enterpriseId) {
    throw new AppError('EdgeUnprocessable', 'No on-ramp session of this enterprise has this payment reference.', {
      reason: 'unknown_deposit_target',
      errors: [{ pointer: '/body/data/payment_reference', detail: 'unknown payment reference' }],
    });
  }
  const rail = String((session.payment_instructions as { rail: string }).rail);
  if (services.providers.providerOf('deposits', rail) !== connector.name) {
    throw new AppError('EdgeUnprocessable', `Payments on ${rail} are not routed to connector ${connector.name}.`, { reason: 'provider_not_routed' });
  }
  const row = await recordOnRampPayment(services.sql, session, report.amount, null, undefined, { connectorId: connector.id, reference: report.reference });
  await signalOnRampPaid(services, row.id);
  return row;
}
