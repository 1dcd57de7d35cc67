import { createHash } from 'node:crypto';
import type { Mode } from '../../config';
import { ConnectorFailure } from '../http/client';
import { assertSandboxMode } from '../sandbox';
import type { ScreeningAnswer, ScreeningRequest, ScreeningSubject, Screener } from './screener';

/**
 * The sandbox's test counterparties (docs/compliance.md): a crypto address is chosen by its last four
 * characters (hex digits that are also base58, so they fit every network's alphabet), a bank account by its holder's name. Everything
 * else is clean.
 */
export const SANDBOX_SCREENING = {
  sanctioned: { addressSuffix: '5a4c', holderName: 'SANDBOX SANCTIONED' },
  highRisk: { addressSuffix: '41e1', holderName: 'SANDBOX HIGH RISK' },
  /** Answers pending and never completes: whatever waits for it times out. */
  late: { addressSuffix: '1a7e', holderName: 'SANDBOX LATE' },
  /** The provider fails every call (as a connector that cannot be reached). */
  failing: { addressSuffix: 'e4e4', holderName: 'SANDBOX PROVIDER ERROR' },
} as const;

type Behaviour = keyof typeof SANDBOX_SCREENING | 'clean';

export function sandboxBehaviour(subject: ScreeningSubject): Behaviour {
  for (const [name, c] of Object.entries(SANDBOX_SCREENING) as [keyof typeof SANDBOX_SCREENING, (typeof SANDBOX_SCREENING)[keyof typeof SANDBOX_SCREENING]][]) {
    if (subject.kind === 'crypto_address' ? subject.address.toLowerCase().endsWith(c.addressSuffix) : subject.holder_name?.toUpperCase() === c.holderName) return name;
  }
  return 'clean';
}

/** Deterministic screening: the same key always answers the same verdict under the same reference. */
export class SandboxScreener implements Screener {
  readonly name = 'sandbox';

  constructor(private readonly mode: Mode) {}

  async screen(request: ScreeningRequest): Promise<ScreeningAnswer> {
    assertSandboxMode(this.mode, 'screening provider');
    const providerScreeningId = `sbx_${createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 24)}`;
    const reference = `SANDBOX-${providerScreeningId.slice(4, 16).toUpperCase()}`;
    switch (sandboxBehaviour(request.subject)) {
      case 'sanctioned':
        return { status: 'completed', providerScreeningId, verdict: { category: 'sanctions', score: 100, reference, explanation: 'The counterparty is on a sanctions list (sandbox test counterparty).' } };
      case 'highRisk':
        return { status: 'completed', providerScreeningId, verdict: { category: 'mixer', score: 85, reference, explanation: 'Funds routed through a mixing service (sandbox test counterparty).' } };
      case 'late':
        return { status: 'pending', providerScreeningId };
      case 'failing':
        throw new ConnectorFailure('sandbox', 'unreachable', 'the sandbox screening provider fails for this test counterparty');
      default:
        return { status: 'completed', providerScreeningId, verdict: { category: 'none', score: 0, reference, explanation: 'Nothing found.' } };
    }
  }
}
