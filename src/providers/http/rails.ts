import { z } from '../../schema/zod';
import { formatAmount } from '../../money/assets';
import type { RailOutcome, RailSubmission, SubmitOutcome, WithdrawalRail } from '../rails/rail';
import type { ConnectorClient } from './client';

/** When the connector gives no `check_after_ms`: how long before asking again. */
export const DEFAULT_CHECK_AFTER_MS = 2000;

/** The protocol's payout record: what POST /payouts and POST /payouts/status answer. */
export const PayoutRecord = z
  .object({
    idempotency_key: z.string(),
    status: z.enum(['pending', 'confirmed', 'failed', 'rejected']),
    reference: z.string().min(1).max(200).nullable(),
    reason: z.string().max(500).nullable().optional(),
    check_after_ms: z.number().int().min(0).max(86_400_000).optional(),
  })
  .openapi('ConnectorPayout');

type Payout = z.output<typeof PayoutRecord>;

/**
 * A rail served by a connector: POST /payouts submits (the business key as `Idempotency-Key` and in
 * the body), POST /payouts/status asks its outcome. Before submitting, it always asks: after a
 * timeout or a crash the connector may hold the payout already, and an unknown outcome is resolved
 * by asking, never by submitting again. Only a connector that does not know the key (404) gets it.
 */
export class HttpRail implements WithdrawalRail {
  constructor(private readonly client: ConnectorClient) {}

  get name(): string {
    return this.client.name;
  }

  private status(businessKey: string): Promise<Payout | null> {
    return this.client.post('/payouts/status', { idempotency_key: businessKey }, PayoutRecord, businessKey, null);
  }

  private asSubmitted(p: Payout): SubmitOutcome {
    if (p.status === 'failed' || p.status === 'rejected') return { status: 'rejected', reason: p.reason ?? `${p.status} by ${this.name}` };
    return { status: 'accepted', reference: p.reference ?? p.idempotency_key, checkAfterMs: p.status === 'confirmed' ? 0 : (p.check_after_ms ?? DEFAULT_CHECK_AFTER_MS) };
  }

  async submit(s: RailSubmission): Promise<SubmitOutcome> {
    const known = await this.status(s.businessKey);
    if (known) return this.asSubmitted(known);
    const answer = await this.client.post(
      '/payouts',
      {
        idempotency_key: s.businessKey,
        rail: s.rail,
        destination: 'address' in s.destination ? { address: s.destination.address, memo: s.destination.memo } : { beneficiary: s.destination.beneficiary },
        amount: { currency: s.asset, value: formatAmount(s.amount, s.asset) },
      },
      PayoutRecord,
      s.businessKey,
    );
    return this.asSubmitted(answer!);
  }

  async outcome(businessKey: string): Promise<RailOutcome> {
    const p = await this.status(businessKey);
    if (!p) return { status: 'pending', checkAfterMs: DEFAULT_CHECK_AFTER_MS };
    if (p.status === 'confirmed') return { status: 'confirmed', reference: p.reference ?? businessKey };
    if (p.status === 'failed' || p.status === 'rejected') return { status: 'failed', reason: p.reason ?? `${p.status} by ${this.name}` };
    return { status: 'pending', checkAfterMs: p.check_after_ms ?? DEFAULT_CHECK_AFTER_MS };
  }
}
