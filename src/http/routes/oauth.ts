import type Koa from 'koa';
import { z } from '../../schema/zod';
import { defineRoute } from '../route';
import { verifyClientCredentials } from '../../auth/client-credentials';
import { publicTokenExchangeGrant, tokenExchangeGrant } from '../../domain/identity-providers/token-exchange';
import { ACCESS_TOKEN_TYPE, TokenRequest, oauthError, type GrantHandler, type TokenRequestBody } from '../../auth/oauth';

export const TokenResponse = z
  .object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int(),
    issued_token_type: z.string(),
    scope: z.string().optional(),
  })
  .openapi('TokenResponse');

export interface ClientAuth {
  clientId: string;
  clientSecret: string;
  basic: boolean;
}

/** client_secret_basic or client_secret_post, never both (RFC 6749 §2.3.1). */
export function clientAuthentication(ctx: Koa.Context, body: TokenRequestBody): ClientAuth {
  const header = ctx.get('authorization');
  const basic = /^Basic\s+(.+)$/i.exec(header);
  const inBody = body.client_id !== undefined || body.client_secret !== undefined;
  if (basic && inBody) throw oauthError('invalid_request', 'Use one client authentication method, not two.');
  if (header && !basic) throw oauthError('invalid_request', 'Only Basic client authentication is accepted in the Authorization header.');
  if (basic) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw oauthError('invalid_client', 'Malformed Basic credentials.', true);
    try {
      return {
        clientId: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')),
        clientSecret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' ')),
        basic: true,
      };
    } catch {
      throw oauthError('invalid_client', 'Malformed Basic credentials.', true);
    }
  }
  if (!body.client_id || !body.client_secret) throw oauthError('invalid_client', 'Client authentication is required.');
  return { clientId: body.client_id, clientSecret: body.client_secret, basic: false };
}

const clientCredentialsGrant: GrantHandler = async ({ services, client }) => {
  const ttl = services.config.accessTokenTtlSeconds;
  const { token } = await services.tokens.issue(
    { sub: client.serviceAccountId, sk: 'service_account', ent: client.enterpriseId, ids: 'platform-managed' },
    ttl,
  );
  return { token, expiresIn: ttl, issuedTokenType: ACCESS_TOKEN_TYPE };
};

/** Grant types by name; the identity module adds token exchange. */
export const grantHandlers = new Map<string, GrantHandler>([
  ['client_credentials', clientCredentialsGrant],
  // RFC 8693.
  ['urn:ietf:params:oauth:grant-type:token-exchange', tokenExchangeGrant],
]);

/** A token exchange with no client authentication at all: a public client such as the web console (RFC 6749 §2.1). */
function isPublicTokenExchange(ctx: Koa.Context, body: TokenRequestBody): boolean {
  return body.grant_type === 'urn:ietf:params:oauth:grant-type:token-exchange' && !ctx.get('authorization') && body.client_secret === undefined;
}

export const tokenRoute = defineRoute({
  method: 'post',
  path: '/oauth/token',
  operationId: 'issueToken',
  summary: 'Issue an access token',
  description:
    'OAuth 2.0 token endpoint. `client_credentials` with `client_secret_post` (JSON or form body) or `client_secret_basic`. Errors carry RFC 6749 `error` and `error_description` inside the problem body.\n\n' +
    'RFC 8693 token exchange (`grant_type=urn:ietf:params:oauth:grant-type:token-exchange`, client-authenticated as a service account): ' +
    '`subject_token_type=urn:ietf:params:oauth:token-type:id_token` with an ID token of one of the enterprise\'s identity providers gives a token whose subject is the matching user (found by issuer + subject, or linked once by verified e-mail); ' +
    '`subject_token_type=urn:counterfoil:params:oauth:token-type:user-ref` with `subject_token=users/<id>` gives a token whose subject is that platform-managed user and whose actor is the service account, which needs `users.act_for` at the user\'s scope. ' +
    'A rejected subject token, or a suspended or deactivated user, is `invalid_grant` and changes nothing.\n\n' +
    'A public client (the web console: no `client_secret`, no Basic credentials) may exchange only an ID token, naming the enterprise in `audience` (`enterprises/<id>`), through a provider with `console_sign_in` true, and the ID token must be at most 10 minutes old (`iat`); anything else without client authentication is `invalid_client`.',
  tags: ['Tokens'],
  auth: { kind: 'public', reason: 'authenticates the client itself' },
  rateClass: 'token',
  bodyTypes: ['application/x-www-form-urlencoded', 'application/json'],
  body: TokenRequest,
  responses: { 200: { description: 'Access token.', schema: TokenResponse } },
  errors: ['Unauthorized', 'TemporarilyUnavailable'],
  handler: async ({ ctx, body, services }) => {
    if (!body.grant_type) throw oauthError('invalid_request', 'grant_type is required.');
    const grant = grantHandlers.get(body.grant_type);
    if (!grant) throw oauthError('unsupported_grant_type', `grant_type ${body.grant_type} is not supported.`);
    let issued: Awaited<ReturnType<GrantHandler>>;
    if (isPublicTokenExchange(ctx, body)) issued = await publicTokenExchangeGrant(services, body);
    else {
      const auth = clientAuthentication(ctx, body);
      const client = await verifyClientCredentials(services.sql, auth.clientId, auth.clientSecret);
      if (!client) throw oauthError('invalid_client', 'Client authentication failed.', auth.basic);
      issued = await grant({ services, client, body });
    }
    return {
      body: { access_token: issued.token, token_type: 'Bearer', expires_in: issued.expiresIn, issued_token_type: issued.issuedTokenType },
      headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' },
    };
  },
});

export const revokeRoute = defineRoute({
  method: 'post',
  path: '/oauth/revoke',
  operationId: 'revokeToken',
  summary: 'Revoke an access token',
  description:
    'RFC 7009 token revocation, for access tokens issued by `/oauth/token`. The token itself is the credential: whoever holds it may end it (the web console does at sign-out), ' +
    'and every API process refuses it from the next request on (401 `invalid_token`), although it has not expired. ' +
    'An unknown, malformed, already revoked or expired token is not an error (RFC 7009 §2.2): the answer is 200 either way, so it says nothing about the token. ' +
    '`token_type_hint` and `client_id` are accepted and need not be sent.',
  tags: ['Tokens'],
  auth: { kind: 'public', reason: 'the token to revoke is its own credential' },
  rateClass: 'token',
  bodyTypes: ['application/x-www-form-urlencoded', 'application/json'],
  body: z
    .object({
      token: z.string().min(1).max(16_384),
      token_type_hint: z.string().max(200).optional(),
      client_id: z.string().max(200).optional(),
    })
    .strict()
    .openapi('TokenRevocation'),
  responses: { 200: { description: 'The token is revoked, or was never usable.' } },
  errors: ['EdgeBadRequest', 'TemporarilyUnavailable'],
  handler: async ({ body, services, ctx }) => {
    const claims = await services.tokens.verify(body.token);
    if (claims) await services.revokedTokens.revoke(claims);
    // An empty 200 (RFC 7009 §2.2): an explicit null body, which Koa sends as nothing at all.
    ctx.body = null;
    return { body: undefined, headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' } };
  },
});
