import { z } from '../../schema/zod';
import { defineRoute } from '../route';
import { Uuid } from '../../schema/common';
import { listOf, pageQuery } from '../pagination';
import { assertIfMatch, withOptimisticLock } from '../etag';
import type Koa from 'koa';
import { auditInTransaction } from '../audit-trail';
import { IdentityProvider } from '../../domain/identity-providers/entities';
import { outboundPolicy } from '../../net/outbound';
import { loadIdentityProvider } from '../../domain/identity-providers/providers';
import { ClaimMappingInput, IdentityProviderBody, JwksBody, SigningAlgorithm, presentIdentityProvider } from '../../domain/identity-providers/present';
import { presentPolicyChange } from '../../domain/governance/change-rows';
import { createIdentityProviderGoverned, updateIdentityProviderGoverned, type AuditIn, type Governed } from '../../domain/governance/governed';
import { PolicyChangeBody } from '../../domain/governance/events';

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

const UNDER_QUORUM =
  ' While the enterprise\'s `policy_change_quorum` is above 0 (GET /governance-settings), the answer is 202 with a `policy_change` waiting for that many admins ' +
  '(its `approval_ref`; the initiator cannot approve; it expires after `change_ttl_seconds`), and nothing changes until they approve: a provider\'s keys can sign anyone in.';

const proposedResponse = { description: 'The change waits for the quorum of admins (nothing changes until it is approved).', schema: PolicyChangeBody };

const auditIn = (ctx: Koa.Context): AuditIn => (db, status, resourceRef) => auditInTransaction(db, ctx, { status, resourceRef });

function governedAnswer(result: Governed<IdentityProvider>, status: 200 | 201) {
  if ('proposed' in result) return { status: 202, body: presentPolicyChange(result.proposed) };
  return { status, body: presentIdentityProvider(result.applied) };
}

const Params = z.object({ identity_provider_id: Uuid });

export const createIdentityProviderRoute = defineRoute({
  method: 'post',
  path: '/identity-providers',
  operationId: 'createIdentityProvider',
  summary: 'Configure an identity provider',
  description:
    `An OpenID Connect provider of the enterprise whose ID tokens POST /oauth/token accepts in a token exchange. Signing keys are inline (\`jwks\`) or fetched (\`jwks_uri\`); exactly one. A second provider with the same issuer is 409.${UNDER_QUORUM} Approved, the provider is created under the id in the change's \`target_ref\`.`,
  tags: ['Identity providers'],
  auth: { kind: 'bearer', permission: 'identity_providers.manage' },
  idempotency: 'optional',
  body: CreateIdentityProviderBody,
  responses: { 201: { description: 'The identity provider.', schema: IdentityProviderBody }, 202: proposedResponse },
  errors: ['EdgeNotFound', 'EdgeConflict', 'EdgeUnprocessable'],
  handler: async ({ body, caller, services, ctx }) =>
    governedAnswer(await createIdentityProviderGoverned(services, caller, body, outboundPolicy(services.config), auditIn(ctx)), 201),
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
    `Changes the given fields only. With If-Match, a stale ETag is 412 and nothing changes. A new \`issuer\` moves the provider: its federated users stay linked, under the new issuer.${UNDER_QUORUM} ` +
    'This holds for a change of `issuer`, `audience`, `jwks` / `jwks_uri` or `claim_mapping`, turning `console_sign_in` on or enabling the provider (and for every field given with one of them); ' +
    'a change that only removes access (disabling the provider or its console sign-in), or of `display_name` or `allowed_algorithms` alone, applies at once. The proposal is checked as the change would be (404, 409, 412, 422).',
  tags: ['Identity providers'],
  auth: { kind: 'bearer', permission: 'identity_providers.manage' },
  ifMatch: true,
  params: Params,
  body: UpdateIdentityProviderBody,
  responses: { 200: { description: 'The updated identity provider.', schema: IdentityProviderBody }, 202: proposedResponse },
  errors: ['EdgeNotFound', 'EdgeConflict', 'EdgePreconditionFailed', 'EdgeUnprocessable'],
  handler: async ({ params, body, caller, services, ctx }) =>
    withOptimisticLock(async () =>
      governedAnswer(
        await updateIdentityProviderGoverned(services, caller, params.identity_provider_id, body, outboundPolicy(services.config), (row) => assertIfMatch(ctx, row), auditIn(ctx)),
        200,
      ),
    ),
});

export const identityProviderRoutes = [createIdentityProviderRoute, listIdentityProvidersRoute, getIdentityProviderRoute, updateIdentityProviderRoute];
