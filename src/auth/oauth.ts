import { z } from '../schema/zod';
import { AppError } from '../errors';
import type { Services } from '../services';

export const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';

/** RFC 6749 §5.2 error, carried inside the problem body so both OAuth clients and our contract read it. */
export function oauthError(
  error: 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unauthorized_client' | 'unsupported_grant_type' | 'invalid_target',
  description: string,
  basicUsed = false,
): AppError {
  const isClient = error === 'invalid_client';
  return new AppError(isClient ? 'Unauthorized' : 'EdgeBadRequest', description, {
    reason: error,
    extensions: { error, error_description: description },
    headers: {
      'Cache-Control': 'no-store',
      ...(isClient && basicUsed ? { 'WWW-Authenticate': 'Basic realm="counterfoil", charset="UTF-8"' } : {}),
    },
  });
}

/** The token endpoint's parameters (RFC 6749, RFC 8693), which grant handlers read. */
export const TokenRequest = z
  .object({
    grant_type: z.string().optional(),
    client_id: z.string().max(200).optional(),
    client_secret: z.string().max(500).optional(),
    scope: z.string().max(1000).optional(),
    // RFC 8693 token exchange parameters.
    subject_token: z.string().max(16_384).optional(),
    subject_token_type: z.string().max(200).optional(),
    requested_token_type: z.string().max(200).optional(),
    audience: z.string().max(500).optional(),
    resource: z.string().max(500).optional(),
    actor_token: z.string().max(16_384).optional(),
    actor_token_type: z.string().max(200).optional(),
  })
  // RFC 6749 §3.2: unknown request parameters are ignored, unlike on our own routes.
  .passthrough()
  .openapi('TokenRequest');

export type TokenRequestBody = z.infer<typeof TokenRequest>;

export type GrantHandler = (input: {
  services: Services;
  client: { serviceAccountId: string; enterpriseId: string };
  body: TokenRequestBody;
}) => Promise<{ token: string; expiresIn: number; issuedTokenType: string }>;
