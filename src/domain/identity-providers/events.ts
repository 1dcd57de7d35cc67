import { defineEventType } from '../../events/catalogue';
import { IdentityProviderBody } from './present';

export const IdentityProviderEvents = {
  created: defineEventType('iam.identity_provider.created.v1', 'An identity provider was configured for token exchange.', IdentityProviderBody),
  updated: defineEventType('iam.identity_provider.updated.v1', "An identity provider's keys, audience, claim mapping, algorithms or status changed.", IdentityProviderBody),
} as const;
