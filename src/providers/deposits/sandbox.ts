import type { Services } from '../../services';
import { receiveDeposit, type RecordDepositInput } from '../../domain/deposits/deposits';
import type { DepositRow } from '../../domain/funding/present';
import { assertSandboxMode } from '../sandbox';

/**
 * The sandbox payer (POST /sandbox/deposits): a simulated transfer with a synthetic transaction id,
 * confirmed after the network's confirmations × COUNTERFOIL_SANDBOX_BLOCK_MS.
 */
export async function createSandboxDeposit(services: Services, input: RecordDepositInput): Promise<DepositRow> {
  assertSandboxMode(services.config.mode, 'payer');
  return (await receiveDeposit(services, input)).deposit;
}
