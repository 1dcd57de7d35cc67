import { z } from '../../schema/zod';
import { defineEventType } from '../../events/catalogue';

const payload = z.object({ id: z.string(), resource: z.literal('payout_method') }).catchall(z.unknown());

export const PAYOUT_METHOD_CREATED = defineEventType('catalogue.payout_method.created.v1', 'A payout method (beneficiary bank account) was added to an account.', payload);
export const PAYOUT_METHOD_DISABLED = defineEventType('catalogue.payout_method.disabled.v1', 'A payout method was disabled; no new payouts may use it.', payload);
