import { z } from '../../schema/zod';
import { ETag, Ref, Timestamp, Uuid } from '../../schema/common';
import { etagOf } from '../../db/base';
import type { IdentityProvider } from './entities';

/** Asymmetric JWS algorithms only: a shared-secret (HS*) ID token could be forged by anyone holding the secret. */
export const SIGNING_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'] as const;
export const SigningAlgorithm = z.enum(SIGNING_ALGORITHMS);

export const DEFAULT_CLAIM_MAPPING = { subject: 'sub', email: 'email', email_verified: 'email_verified', display_name: 'name' } as const;

const ClaimName = z.string().min(1).max(100);

const claimMappingShape = {
  subject: ClaimName.openapi({ description: 'Claim holding the stable user id at the provider (default `sub`).' }),
  email: ClaimName.openapi({ description: 'Claim holding the e-mail address used to link an existing user (default `email`).' }),
  email_verified: ClaimName.nullable().openapi({
    description: 'Claim that must be `true` before a user is linked by e-mail (default `email_verified`); null trusts every e-mail the provider asserts.',
  }),
  display_name: ClaimName.openapi({ description: 'Claim holding the display name (default `name`).' }),
};

export const ClaimMappingBody = z.object(claimMappingShape).openapi('ClaimMapping');
/** Requests name only the claims they change; the rest keep their defaults (or current values). */
export const ClaimMappingInput = z.object(claimMappingShape).partial().strict().openapi('ClaimMappingInput');

export const JwksBody = z
  .object({ keys: z.array(z.record(z.string(), z.unknown())).min(1).max(20) })
  .openapi('Jwks', { description: 'RFC 7517 JSON Web Key Set of public signing keys (RSA, EC or OKP; no private members).' });

export const IdentityProviderBody = z
  .object({
    id: Uuid,
    resource: z.literal('identity_provider'),
    scope_ref: Ref('enterprises'),
    display_name: z.string(),
    issuer: z.string(),
    audience: z.string(),
    jwks: JwksBody.nullable(),
    jwks_uri: z.string().nullable(),
    claim_mapping: ClaimMappingBody,
    allowed_algorithms: z.array(SigningAlgorithm),
    status: z.enum(['active', 'disabled']),
    console_sign_in: z.boolean().openapi({ description: 'People may sign in to the web console with this provider (docs/console.md).' }),
    etag: ETag,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('IdentityProvider');

export function presentIdentityProvider(p: IdentityProvider): z.infer<typeof IdentityProviderBody> {
  return {
    id: p.id,
    resource: 'identity_provider',
    scope_ref: `enterprises/${p.enterpriseId}`,
    display_name: p.displayName,
    issuer: p.issuer,
    audience: p.audience,
    jwks: p.jwks,
    jwks_uri: p.jwksUri,
    claim_mapping: p.claimMapping,
    allowed_algorithms: p.allowedAlgorithms as z.infer<typeof SigningAlgorithm>[],
    status: p.status,
    console_sign_in: p.consoleSignIn,
    etag: etagOf(p),
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}
