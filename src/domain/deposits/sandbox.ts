import type { Services } from '../../services';
import { receiveDeposit, type RecordDepositInput } from './deposits';
import type { DepositRow } from '../funding/present';
import { assertSandboxMode } from '../../providers/sandbox';
import { recordOnRampPayment, signalOnRampPaid, type OnRampRow } from '../ramps';
import type { SubjectAttribution } from '../../auth/caller';
import type { Alongside } from '../../db/base';

/**
 * The sandbox payer (POST /sandbox/deposits): a simulated transfer with a synthetic transaction id,
 * confirmed after the network's confirmations × COUNTERFOIL_SANDBOX_BLOCK_MS.
 */
export async function createSandboxDeposit(services: Services, input: RecordDepositInput): Promise<DepositRow> {
  assertSandboxMode(services.config.mode, 'payer');
  return (await receiveDeposit(services, input)).deposit;
}

/** The sandbox bank (POST /sandbox/on-ramp-sessions/{id}/payment): the client's fiat payment to an on-ramp session arrived. */
export async function payOnRampInSandbox(
  services: Services,
  session: OnRampRow,
  amount: { currency: string; value: string },
  attribution: SubjectAttribution,
  alongside?: Alongside<OnRampRow>,
): Promise<OnRampRow> {
  assertSandboxMode(services.config.mode, 'bank (on-ramp payments)');
  const row = await recordOnRampPayment(services.sql, session, amount, attribution, alongside);
  await signalOnRampPaid(services, row.id);
  return row;
}
