import { z } from '../../schema/zod';
import { defineRoute } from '../route';
import { Uuid } from '../../schema/common';
import { listOf, pageQuery } from '../pagination';
import { assertIfMatch, withOptimisticLock } from '../etag';
import { inIamTransaction } from '../../domain/iam/unit';
import { auditInTransaction } from '../../domain/audit/entries';
import { IdentityProvider } from '../../domain/identity-providers/entities';
import { outboundPolicy } from '../../net/outbound';
import { createIdentityProvider, loadIdentityProvider, updateIdentityProvider } from '../../domain/identity-providers/providers';
import { ClaimMappingInput, IdentityProviderBody, JwksBody, SigningAlgorithm, presentIdentityProvider } from '../../domain/identity-providers/present';

const changeShape = {
  display_name: z.string().min(1).max(200),
  audience: z.string().min(1).max(500).openapi({ description: 'Value the ID token `aud` claim must contain (the client id registered at the provider).' }),
  jwks: JwksBody.openapi({ description: 'Inline public keys. Give this or `jwks_uri`; giving one replaces the other.' }),
  jwks_uri: z.string().min(1).max(2000).openapi({
    description: 'https URL of the provider key set, fetched and cached for 10 minutes (refetched early for an unknown `kid`). Must resolve to a public address.',
  }),
  claim_mapping: ClaimMappingInput,
  allowed_algorithms: z.array(SigningAlgorithm).min(1).max(10).openapi({ description: 'Accepted ID-token signature algorithms (default RS256 and ES256).' }),
  console_sign_in: z.boolean().openapi({
    description:
      'People may sign in to the web console with this provider (default false): the console, a public client, redirects to the provider with `audience` as its client id (authorization code + PKCE) and exchanges the ID token at POST /oauth/token without a client secret.',
  }),
};

const CreateIdentityProviderBody = z
  .object({
    ...changeShape,
    issuer: z.string().min(1).max(500).openapi({ description: 'Exact `iss` of the provider ID tokens; unique within the enterprise. Changed only when the provider moves (PATCH).' }),
    jwks: changeShape.jwks.optional(),
    jwks_uri: changeShape.jwks_uri.optional(),
    claim_mapping: changeShape.claim_mapping.optional(),
    allowed_algorithms: changeShape.allowed_algorithms.optional(),
    console_sign_in: changeShape.console_sign_in.optional(),
  })
  .strict()
  .openapi('IdentityProviderCreate');

const UpdateIdentityProviderBody = z
  .object({
    ...changeShape,
    issuer: z.string().min(1).max(500).openapi({
      description:
        'A new issuer, when the provider moved (a new domain or port) and keeps its subjects: the users linked to the old issuer are linked to the new one in the same change, and ID tokens of the old issuer are no longer accepted. Unique within the enterprise (409 `issuer_taken`).',
    }),
    status: z.enum(['active', 'disabled']).openapi({ description: 'A disabled provider is not used for token exchange.' }),
  })
  .partial()
  .strict()
  .openapi('IdentityProviderUpdate');

type Change = z.infer<typeof UpdateIdentityProviderBody>;

const toChange = (b: Change) => ({
  displayName: b.display_name,
  issuer: b.issuer,
  audience: b.audience,
  jwks: b.jwks as never,
  jwksUri: b.jwks_uri,
  claimMapping: b.claim_mapping,
  allowedAlgorithms: b.allowed_algorithms,
  status: b.status,
  consoleSignIn: b.console_sign_in,
});

const Params = z.object({ identity_provider_id: Uuid });

export const createIdentityProviderRoute = defineRoute({
  method: 'post',
  path: '/identity-providers',
  operationId: 'createIdentityProvider',
  summary: 'Configure an identity provider',
  description:
    'An OpenID Connect provider of the enterprise whose ID tokens POST /oauth/token accepts in a token exchange. Signing keys are inline (`jwks`) or fetched (`jwks_uri`); exactly one. A second provider with the same issuer is 409.',
  tags: ['Identity providers'],
  auth: { kind: 'bearer', permission: 'identity_providers.manage' },
  idempotency: 'optional',
  body: CreateIdentityProviderBody,
  responses: { 201: { description: 'The identity provider.', schema: IdentityProviderBody } },
  errors: ['EdgeNotFound', 'EdgeConflict', 'EdgeUnprocessable'],
  handler: async ({ body, caller, services, ctx }) => {
    const provider = await inIamTransaction(services, caller, async (unit) => {
      const created = await createIdentityProvider(unit, { ...toChange(body), issuer: body.issuer, displayName: body.display_name, audience: body.audience }, outboundPolicy(services.config));
      await auditInTransaction(unit.em, ctx, { status: 201, resourceRef: `identity-providers/${created.id}` });
      return created;
    });
    return { status: 201, body: presentIdentityProvider(provider) };
  },
});

export const getIdentityProviderRoute = defineRoute({
  method: 'get',
  path: '/identity-providers/{identity_provider_id}',
  operationId: 'getIdentityProvider',
  summary: 'Get an identity provider',
  tags: ['Identity providers'],
  auth: { kind: 'bearer', permission: 'identity_providers.read' },
  params: Params,
  responses: { 200: { description: 'The identity provider.', schema: IdentityProviderBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => {
    const provider = await loadIdentityProvider(services.orm.em.fork(), caller, params.identity_provider_id, 'identity_providers.read');
    return { body: presentIdentityProvider(provider) };
  },
});

export const listIdentityProvidersRoute = defineRoute({
  method: 'get',
  path: '/identity-providers',
  operationId: 'listIdentityProviders',
  summary: 'List identity providers',
  description: 'Identity providers belong to the enterprise: the list is empty unless the caller holds `identity_providers.read` at the enterprise.',
  tags: ['Identity providers'],
  auth: { kind: 'bearer', permission: 'identity_providers.read' },
  query: z.object(pageQuery).strict(),
  responses: { 200: { description: 'A page of identity providers.', schema: listOf(IdentityProviderBody, 'IdentityProviderList') } },
  handler: async ({ query, caller, services, pager }) => {
    const fetch = async (after: string | null, limit: number) =>
      caller.can('identity_providers.read', [caller.enterpriseRef])
        ? services.orm.em.fork().find(IdentityProvider, { enterpriseId: caller.enterpriseId, ...(after ? { id: { $gt: after } } : {}) }, { orderBy: { id: 'asc' }, limit })
        : [];
    return { body: await pager.list(query, caller, fetch, presentIdentityProvider) };
  },
});

export const updateIdentityProviderRoute = defineRoute({
  method: 'patch',
  path: '/identity-providers/{identity_provider_id}',
  operationId: 'updateIdentityProvider',
  summary: 'Update an identity provider',
  description:
    'Changes the given fields only. With If-Match, a stale ETag is 412 and nothing changes. A new `issuer` moves the provider: its federated users stay linked, under the new issuer.',
  tags: ['Identity providers'],
  auth: { kind: 'bearer', permission: 'identity_providers.manage' },
  ifMatch: true,
  params: Params,
  body: UpdateIdentityProviderBody,
  responses: { 200: { description: 'The updated identity provider.', schema: IdentityProviderBody } },
  errors: ['EdgeNotFound', 'EdgeConflict', 'EdgePreconditionFailed', 'EdgeUnprocessable'],
  handler: async ({ params, body, caller, services, ctx }) =>
    withOptimisticLock(async () => {
      const provider = await inIamTransaction(services, caller, async (unit) => {
        const updated = await updateIdentityProvider(unit, params.identity_provider_id, toChange(body), outboundPolicy(services.config), (row) => assertIfMatch(ctx, row));
        await auditInTransaction(unit.em, ctx, { status: 200, resourceRef: `identity-providers/${updated.id}` });
        return updated;
      });
      return { body: presentIdentityProvider(provider) };
    }),
});

export const identityProviderRoutes = [createIdentityProviderRoute, listIdentityProvidersRoute, getIdentityProviderRoute, updateIdentityProviderRoute];
