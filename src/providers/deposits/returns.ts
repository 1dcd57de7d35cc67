import { createHash } from 'node:crypto';
import type { Mode } from '../../config';
import { assertSandboxMode } from '../sandbox';

/**
 * The deposit-return seam: paying a credited deposit back to its sender on the rail it came by (an
 * operator's return, docs/returns-and-reversals.md). The deposits provider of the rail does it, the
 * one that reported the deposit. Once per business key `deposit_return/<id>`: asking again answers
 * the same return and sends nothing more.
 */
export interface DepositReturnRequest {
  /** `deposit_return/<id>`: at most one payment back per key. */
  businessKey: string;
  enterpriseId: string;
  /** The network or bank rail the deposit arrived on. */
  rail: string;
  /** The deposit's reference on its rail (transaction hash, bank reference). */
  depositReference: string;
  /** The deposit's whole amount and what is paid back now, as decimal strings of `currency`. */
  depositAmount: string;
  amount: string;
  currency: string;
  reason: { code: string; note?: string };
}

export type DepositReturnAnswer = { status: 'sent'; reference: string } | { status: 'rejected'; reason: string };

export interface DepositReturner {
  readonly name: string;
  returnDeposit(request: DepositReturnRequest): Promise<DepositReturnAnswer>;
}

/** The sandbox bank or custodian: sends every return at once, under a reference derived from its key. */
export class SandboxDepositReturner implements DepositReturner {
  readonly name = 'sandbox';

  constructor(mode: Mode) {
    assertSandboxMode(mode, 'deposit returner');
  }

  async returnDeposit(r: DepositReturnRequest): Promise<DepositReturnAnswer> {
    return { status: 'sent', reference: `SBXRET${createHash('sha256').update(r.businessKey).digest('hex').slice(0, 16).toUpperCase()}` };
  }
}
