import { EntitySchema } from '@mikro-orm/core';
import { VersionedEntity, versionedProperties } from '../../db/base';

/** Which ID-token claims carry the user's identity; `email_verified` null means the provider's e-mails are trusted as they are. */
export interface ClaimMapping {
  subject: string;
  email: string;
  email_verified: string | null;
  display_name: string;
}

export interface PublicJwks {
  keys: Array<Record<string, unknown>>;
}

export type IdentityProviderStatus = 'active' | 'disabled';

/** An enterprise's OpenID Connect provider whose ID tokens POST /oauth/token accepts in a token exchange. */
export class IdentityProvider extends VersionedEntity {
  enterpriseId!: string;
  displayName!: string;
  issuer!: string;
  audience!: string;
  jwks: PublicJwks | null = null;
  jwksUri: string | null = null;
  claimMapping!: ClaimMapping;
  allowedAlgorithms: string[] = [];
  status: IdentityProviderStatus = 'active';
  /** People may sign in to the web console with it (a public client: no client secret in the exchange). */
  consoleSignIn = false;
}

export const IdentityProviderSchema = new EntitySchema<IdentityProvider>({
  class: IdentityProvider,
  tableName: 'identity_providers',
  uniques: [{ properties: ['enterpriseId', 'issuer'] }],
  properties: {
    ...versionedProperties,
    enterpriseId: { type: 'uuid' },
    displayName: { type: 'text' },
    issuer: { type: 'text' },
    audience: { type: 'text' },
    jwks: { type: 'json', nullable: true },
    jwksUri: { type: 'text', nullable: true },
    claimMapping: { type: 'json' },
    allowedAlgorithms: { type: 'text[]' },
    status: { type: 'text' },
    consoleSignIn: { type: 'boolean' },
  },
});
