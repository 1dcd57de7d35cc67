import type { Mode } from '../../config';
import { deriveDepositAddress, sandboxCollectionAccount } from './sandbox-addresses';
import { assertSandboxMode } from '../sandbox';
import type { DepositInstructionIssuer, InstructionRequest, IssuedInstruction } from './instructions';

/**
 * The sandbox issuer: addresses and virtual accounts derived from (account, rail) under a platform
 * key, so the same account always gets the same ones; on-ramp collection accounts are the sandbox
 * bank's fixed numbers. Refuses to be built in production.
 */
export class SandboxInstructionIssuer implements DepositInstructionIssuer {
  readonly name = 'sandbox';

  constructor(
    private readonly key: () => Promise<Buffer>,
    mode: Mode,
  ) {
    assertSandboxMode(mode, 'deposit instruction issuer');
  }

  async issue(r: InstructionRequest): Promise<IssuedInstruction> {
    if (r.purpose === 'collection') return sandboxCollectionAccount(r.rail);
    return deriveDepositAddress(await this.key(), r.accountRef, r.rail, r.beneficiaryName);
  }
}
