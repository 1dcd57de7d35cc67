import { createHash } from 'node:crypto';
import type { Mode } from '../../config';
import { assertSandboxMode } from '../sandbox';
import type { RailOutcome, RailSubmission, SubmitOutcome, WithdrawalRail } from './rail';

/** The sandbox payout rail refuses payouts to a beneficiary of this name (how tests and integrators simulate a bank rejection). */
export const SANDBOX_REJECTED_BENEFICIARY = 'SANDBOX REJECT';

/**
 * The sandbox bank for off-ramp payouts: accepts every payout except to a beneficiary named
 * SANDBOX REJECT, and confirms it `settleMs` later. It keeps no book: its reference is derived from
 * the business key, so a repeated submission answers the same.
 */
export class SandboxPayoutRail implements WithdrawalRail {
  readonly name = 'sandbox';

  constructor(private readonly settleMs: number, mode: Mode) {
    assertSandboxMode(mode, 'payout rail');
  }

  private reference(businessKey: string): string {
    return `SBXPO${createHash('sha256').update(businessKey).digest('hex').slice(0, 16).toUpperCase()}`;
  }

  async submit(s: RailSubmission): Promise<SubmitOutcome> {
    if (!('beneficiary' in s.destination)) throw new Error(`the sandbox payout rail pays bank beneficiaries, not ${s.rail} addresses`);
    if (String(s.destination.beneficiary.name ?? '').trim().toUpperCase() === SANDBOX_REJECTED_BENEFICIARY) return { status: 'rejected', reason: 'payout_rejected' };
    return { status: 'accepted', reference: this.reference(s.businessKey), checkAfterMs: this.settleMs };
  }

  async outcome(businessKey: string): Promise<RailOutcome> {
    return { status: 'confirmed', reference: this.reference(businessKey) };
  }
}
