import { z } from '../../schema/zod';
import { defineEventType } from '../../events/catalogue';

const resource = (name: string) => z.object({ id: z.string(), resource: z.literal(name) }).catchall(z.unknown());

export const FUNDING_ENDPOINT_CREATED = defineEventType(
  'funding.funding_endpoint.created.v1',
  'A funding endpoint (deposit address or virtual bank account) was created for an account, on first need.',
  resource('funding_endpoint'),
);

export const DEPOSIT_PENDING = defineEventType(
  'operations.deposit.pending.v1',
  'An incoming transfer was seen on a funding endpoint; it waits for its confirmations.',
  resource('deposit'),
);
export const DEPOSIT_CONFIRMED = defineEventType(
  'operations.deposit.confirmed.v1',
  'A deposit reached its network confirmation count and is final.',
  resource('deposit'),
);
export const DEPOSIT_CREDITED = defineEventType(
  'operations.deposit.credited.v1',
  'A confirmed deposit was credited to its account, exactly once.',
  resource('deposit'),
);
export const DEPOSIT_FAILED = defineEventType(
  'operations.deposit.failed.v1',
  'A deposit could not be credited (for example, its account was closed meanwhile); see failure_reason.',
  resource('deposit'),
);
