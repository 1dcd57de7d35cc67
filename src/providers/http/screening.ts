import { z } from '../../schema/zod';
import type { ScreeningAnswer, ScreeningRequest, Screener } from '../screening/screener';
import { ConnectorFailure, type ConnectorClient } from './client';

/** A verdict as the connector protocol carries it (POST /screenings answers, `screening.completed`). */
export const ScreeningVerdictBody = z
  .object({
    category: z.string().min(1).max(64).openapi({ description: 'The risk category the provider found (`none` when clean): `sanctions`, `mixer`, `darknet`, `scam`, …' }),
    score: z.number().int().min(0).max(100).openapi({ description: 'Risk score, 0 (none) to 100 (certain).' }),
    reference: z.string().min(1).max(200).openapi({ description: "The provider's reference of this screening (its case or alert id)." }),
    explanation: z.string().max(2000).openapi({ description: 'Why, in the provider\'s words.' }),
  })
  .strict()
  .openapi('ConnectorScreeningVerdict');

export const ScreeningRecord = z
  .object({
    screening_id: z.string().min(1).max(200).openapi({ description: "The connector's id of this screening: a later `screening.completed` names it." }),
    status: z.enum(['completed', 'pending']),
    verdict: ScreeningVerdictBody.optional().openapi({ description: 'With `completed`.' }),
  })
  .openapi('ConnectorScreening');

/** POST /screenings: one screening per idempotency key; `pending` answers come later as `screening.completed`. */
export class HttpScreener implements Screener {
  constructor(private readonly client: ConnectorClient) {}

  get name(): string {
    return this.client.name;
  }

  async screen(r: ScreeningRequest): Promise<ScreeningAnswer> {
    const answer = (await this.client.post(
      '/screenings',
      {
        idempotency_key: r.idempotencyKey,
        subject: r.subject,
        ...(r.transaction ? { transaction: r.transaction } : {}),
        ...(r.travelRule ? { travel_rule: r.travelRule } : {}),
      },
      ScreeningRecord,
      r.idempotencyKey,
    ))!;
    if (answer.status === 'pending') return { status: 'pending', providerScreeningId: answer.screening_id };
    if (!answer.verdict) throw new ConnectorFailure(this.name, 'malformed', 'POST /screenings answered completed without a verdict');
    return { status: 'completed', providerScreeningId: answer.screening_id, verdict: answer.verdict };
  }
}
