import { z } from '../../schema/zod';
import { defineEventType } from '../../events/catalogue';

const agreementPayload = z.object({ id: z.string(), resource: z.literal('enterprise_commercial_agreement') }).catchall(z.unknown());

export const AGREEMENT_CREATED = defineEventType('fees.commercial_agreement.created.v1', 'A new commercial agreement version came into force.', agreementPayload);
export const AGREEMENT_SUPERSEDED = defineEventType(
  'fees.commercial_agreement.superseded.v1',
  'A commercial agreement version was superseded by a newer one; it stays readable.',
  agreementPayload,
);
