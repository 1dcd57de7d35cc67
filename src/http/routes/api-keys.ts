import { z } from '../../schema/zod';
import { defineRoute, type RouteDef } from '../route';
import { Ref, Uuid } from '../../schema/common';
import { listOf, pageQuery } from '../pagination';
import { assertIfMatch, withOptimisticLock } from '../etag';
import { AppError, notFound } from '../../errors';
import type { Caller } from '../../auth/caller';
import { apiKeyDirectory } from '../../domain/api-keys/directory';
import { signedApiCaches } from '../signed/caches';
import { scopePathOf } from '../../auth/scope-paths';
import { requireCapability } from '../../domain/capabilities';
import { ApiKeyBody } from '../../domain/api-keys/events';
import {
  assertMayHoldKey,
  changeApiKey,
  createApiKey,
  findApiKey,
  listApiKeys,
  presentApiKey,
  presentIssuedApiKey,
  type ApiKeyChange,
  type ApiKeyRow,
} from '../../domain/api-keys/keys';
import { auditedAs, auditRowAlongside } from '../audit-trail';
import { setClientApiState, type ClientApiState } from '../../domain/api-keys/client-access';
import { ClientBody } from '../../domain/clients/events';
import { presentClient } from '../../domain/clients/present';
import type { Services } from '../../services';
import { requireActionToken } from '../action-token';
import { passkeyRequired } from '../../domain/approvals/settings';

const IssuedApiKeyBody = ApiKeyBody.extend({
  api_key: z.string().openapi({ description: 'The API key for the `x-apikey` header. Shown only in this response; only its hash is stored.' }),
  private_key: z.string().openapi({ description: 'The Ed25519 private key, PKCS#8 DER, base64. Shown only in this response; the service cannot recover it.' }),
}).openapi('IssuedApiKey');

const IpAllowlist = z
  .array(z.string().max(64))
  .max(100)
  .openapi({ description: 'IPv4 and IPv6 addresses and CIDR ranges (`203.0.113.7`, `10.0.0.0/8`, `2001:db8::/32`, `::1`); empty or absent admits any address.' });
const Label = z.string().min(1).max(200);
const KeyParams = z.object({ api_key_id: Uuid });

const keyPath = (row: Pick<ApiKeyRow, 'enterprise_id' | 'client_id'>) => [`enterprises/${row.enterprise_id}`, `clients/${row.client_id}`];

/** The key if the caller holds `permission` at its client (404 out of scope, 403 without it). */
async function authorizedApiKey(services: Services, caller: Caller, id: string, permission: 'api_keys.read' | 'api_keys.manage'): Promise<ApiKeyRow> {
  const row = await findApiKey(services.sql, id);
  if (!row) throw notFound('API key');
  caller.require(permission, keyPath(row), 'API key');
  return row;
}

export const createApiKeyRoute = defineRoute({
  method: 'post',
  path: '/api-keys',
  operationId: 'createApiKey',
  summary: 'Create an API key for a client',
  description:
    "Issues an API key and an Ed25519 key pair for the signed API (/v1). The key acts on `account_ref` (an account of the client) or, without it, on the client's default account. `api_key` and `private_key` are in this response only: the service keeps the key's hash and the public key. No Idempotency-Key: a replayed answer would have to store the private key. A closed client or account is 409. The key can read its account's balances and the conversion pairs and quote and execute conversions on its account, so the caller must itself hold `balances.read`, `conversions.read` and `conversions.create` at that account; otherwise 403 `privilege_escalation` with `missing_permissions`. " +
    "While the enterprise's governance setting `passkey_step_up` is on, it needs an action token for `api_keys.create` bound to `client_ref` (X-Action-Token), which only a passkey assertion gives.",
  tags: ['API keys'],
  auth: { kind: 'bearer', permission: 'api_keys.manage', capability: 'api_keys' },
  body: z
    .object({ client_ref: Ref('clients'), label: Label, account_ref: Ref('client-accounts').optional(), ip_allowlist: IpAllowlist.optional() })
    .strict()
    .openapi('ApiKeyCreate'),
  responses: { 201: { description: 'The key with its secrets, shown once.', schema: IssuedApiKeyBody } },
  errors: ['EdgeNotFound', 'EdgeConflict', 'EdgeUnprocessable', 'ForbiddenCapabilityScope', 'EdgeActionTokenRequired'],
  handler: async ({ body, caller, services, ctx }) => {
    const path = await scopePathOf(services.sql, body.client_ref);
    caller.require('api_keys.manage', path ?? [body.client_ref], 'client');
    await requireCapability(services.sql, 'api_keys', path!);
    if (await passkeyRequired(services.sql, caller.enterpriseId, 'api_keys.create')) await requireActionToken({ services, ctx, caller }, 'api_keys.create', body.client_ref);
    const { row, material } = await createApiKey(services.sql, {
      enterpriseId: caller.enterpriseId,
      clientId: body.client_ref.slice('clients/'.length),
      clientAccountId: body.account_ref ? body.account_ref.slice('client-accounts/'.length) : null,
      label: body.label,
      ipAllowlist: body.ip_allowlist ?? [],
      attribution: caller.attribution(),
      authorize: (holder) => assertMayHoldKey(caller, holder),
    }, auditRowAlongside(ctx, 201, 'api-keys'));
    return { status: 201, body: presentIssuedApiKey(row, material) };
  },
});

export const listApiKeysRoute = defineRoute({
  method: 'get',
  path: '/api-keys',
  operationId: 'listApiKeys',
  summary: 'List API keys',
  description: 'Keys of the clients the caller may read keys of (all with an enterprise-wide grant), oldest first. Secrets are never listed.',
  tags: ['API keys'],
  auth: { kind: 'bearer', permission: 'api_keys.read' },
  query: z
    .object({
      client_ref: Ref('clients').optional().openapi({ param: { name: 'client_ref', in: 'query' }, description: 'Only keys of this client.' }),
      status: z.enum(['active', 'revoked']).optional().openapi({ param: { name: 'status', in: 'query' } }),
      ...pageQuery,
    })
    .strict(),
  responses: { 200: { description: 'A page of API keys.', schema: listOf(ApiKeyBody, 'ApiKeyList') } },
  handler: async ({ query, caller, services, pager }) => {
    const granted = caller.canBelow('api_keys.read', [caller.enterpriseRef])
      ? null
      : caller.scopesWith('api_keys.read').flatMap((g) => (g.scopeRef.startsWith('clients/') ? [g.scopeRef.slice('clients/'.length)] : []));
    const asked = query.client_ref ? query.client_ref.slice('clients/'.length) : null;
    const clientIds = asked ? (granted && !granted.includes(asked) ? [] : [asked]) : granted;
    const fetch = async (after: string | null, limit: number) =>
      clientIds && clientIds.length === 0 ? [] : listApiKeys(services.sql, { enterpriseId: caller.enterpriseId, clientIds, status: query.status, after, limit });
    return { body: await pager.list(query, caller, fetch, presentApiKey) };
  },
});

export const getApiKeyRoute = defineRoute({
  method: 'get',
  path: '/api-keys/{api_key_id}',
  operationId: 'getApiKey',
  summary: 'Get an API key',
  tags: ['API keys'],
  auth: { kind: 'bearer', permission: 'api_keys.read' },
  params: KeyParams,
  responses: { 200: { description: 'The API key (without secrets).', schema: ApiKeyBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => ({ body: presentApiKey(await authorizedApiKey(services, caller, params.api_key_id, 'api_keys.read')) }),
});

interface ChangeRoute {
  method: 'post' | 'patch';
  suffix: '' | '/revoke' | '/reactivate';
  operationId: string;
  summary: string;
  description: string;
  body?: z.ZodType;
  change: (body: unknown) => ApiKeyChange;
  /** Answers new secrets (reactivate). */
  issues: boolean;
  /** Needs the `api_keys` capability; revoking never does, so a key can always be switched off. */
  gated: boolean;
  /** Gives out or cuts off the key's powers: only for a caller that holds them itself. */
  issuesOrRevokes: boolean;
}

/** PATCH, revoke and reactivate: one shape (scope check and If-Match on the locked row, one domain call). */
function changeRoute(r: ChangeRoute): RouteDef {
  return defineRoute({
    method: r.method,
    path: `/api-keys/{api_key_id}${r.suffix}`,
    operationId: r.operationId,
    summary: r.summary,
    description: `${r.description} With If-Match, a stale ETag is 412 and nothing changes.`,
    tags: ['API keys'],
    auth: r.gated ? { kind: 'bearer', permission: 'api_keys.manage', capability: 'api_keys' } : { kind: 'bearer', permission: 'api_keys.manage' },
    ifMatch: true,
    params: KeyParams,
    body: r.body as z.ZodType,
    responses: { 200: r.issues ? { description: 'The key with its new secrets, shown once.', schema: IssuedApiKeyBody } : { description: 'The API key.', schema: ApiKeyBody } },
    errors: r.gated ? ['EdgeNotFound', 'EdgeConflict', 'EdgePreconditionFailed', 'EdgeUnprocessable', 'ForbiddenCapabilityScope'] : ['EdgeNotFound', 'EdgeConflict', 'EdgePreconditionFailed'],
    handler: async ({ params, body, caller, services, ctx }) => {
      const { row, material } = await withOptimisticLock(() =>
        changeApiKey(
          services.sql,
          params.api_key_id,
          r.change(body),
          async (locked, tx) => {
            caller.require('api_keys.manage', keyPath(locked), 'API key');
            if (r.gated) await requireCapability(tx, 'api_keys', keyPath(locked));
            assertIfMatch(ctx, locked);
            if (r.issuesOrRevokes) assertMayHoldKey(caller, locked);
          },
          caller.attribution(),
          auditRowAlongside(ctx, 200, 'api-keys'),
        ),
      );
      // This process's signed API forgets the key now; other processes on the NOTIFY sent at commit.
      apiKeyDirectory(services).invalidate(row.id);
      return { body: material ? presentIssuedApiKey(row, material) : presentApiKey(row) };
    },
  });
}

export const updateApiKeyRoute = changeRoute({
  method: 'patch',
  suffix: '',
  operationId: 'updateApiKey',
  summary: 'Update an API key',
  description: 'Changes `label` and/or replaces `ip_allowlist` (an empty list admits any address). A revoked key is 409 `api_key_revoked`.',
  body: z.object({ label: Label.optional(), ip_allowlist: IpAllowlist.optional() }).strict().openapi('ApiKeyUpdate'),
  change: (b) => {
    const body = b as { label?: string; ip_allowlist?: string[] };
    return { kind: 'update', label: body.label, ipAllowlist: body.ip_allowlist };
  },
  issues: false,
  gated: true,
  issuesOrRevokes: false,
});

export const revokeApiKeyRoute = changeRoute({
  method: 'post',
  suffix: '/revoke',
  operationId: 'revokeApiKey',
  summary: 'Revoke an API key',
  description: 'active → revoked: the key is refused (9007 INVALID_API_KEY) from the very next request. Already revoked is 409 `api_key_revoked`. The caller must itself hold what the key can do (`balances.read`, `conversions.read`, `conversions.create` at its account); otherwise 403 `privilege_escalation` with `missing_permissions`.',
  change: () => ({ kind: 'revoke' }),
  issues: false,
  gated: false,
  issuesOrRevokes: true,
});

export const reactivateApiKeyRoute = changeRoute({
  method: 'post',
  suffix: '/reactivate',
  operationId: 'reactivateApiKey',
  summary: 'Reactivate a revoked API key',
  description:
    'revoked → active with NEW key material: a new `api_key` and Ed25519 key pair are returned once; the old key and public key stay dead. An active key is 409 `api_key_active`; a closed client or account is 409. The caller must itself hold what the key can do (`balances.read`, `conversions.read`, `conversions.create` at its account); otherwise 403 `privilege_escalation` with `missing_permissions`.',
  change: () => ({ kind: 'reactivate' }),
  issues: true,
  gated: true,
  issuesOrRevokes: true,
});

/** PUT /sandbox/clients/{id}/kyc | api-access: drives the client states the signed API gates on. */
function clientStateRoute(suffix: 'kyc' | 'api-access', body: z.ZodType, change: (b: unknown) => ClientApiState, summary: string, description: string): RouteDef {
  return defineRoute({
    method: 'put',
    path: `/sandbox/clients/{client_id}/${suffix}`,
    operationId: suffix === 'kyc' ? 'setSandboxClientKyc' : 'setSandboxClientApiAccess',
    summary,
    description: `${description} Absent (404) outside sandbox mode. With If-Match, a stale ETag is 412. A closed client is 409.`,
    tags: ['Sandbox'],
    auth: { kind: 'bearer', permission: 'sandbox.control' },
    ifMatch: true,
    params: z.object({ client_id: Uuid }),
    body,
    responses: { 200: { description: 'The client.', schema: ClientBody } },
    errors: ['EdgeNotFound', 'EdgeConflict', 'EdgePreconditionFailed'],
    handler: async ({ params, body: b, caller, services, ctx }) => {
      if (services.config.mode !== 'sandbox') throw new AppError('EdgeNotFound', `No route matches PUT ${ctx.path}.`);
      const client = await withOptimisticLock(() =>
        setClientApiState(
          services.orm.em.fork(),
          caller,
          params.client_id,
          change(b),
          (c) => {
            caller.require('sandbox.control', [`enterprises/${c.enterpriseId}`, `clients/${c.id}`], 'client');
            assertIfMatch(ctx, c);
          },
          auditedAs(ctx, 200, 'clients'),
        ),
      );
      signedApiCaches(services).invalidateStanding(); // the signed API of this process sees the change on its next request
      return { body: presentClient(client) };
    },
  });
}

export const setSandboxClientKyc = clientStateRoute(
  'kyc',
  z.object({ kyc_status: z.enum(['pending', 'verified', 'rejected']) }).strict().openapi('SandboxClientKyc'),
  (b) => ({ kycStatus: (b as { kyc_status: 'pending' | 'verified' | 'rejected' }).kyc_status }),
  "Set a client's identity-verification state (sandbox only)",
  'The signed API answers 9013 KYC_NOT_VERIFIED for a client that is not `verified`.',
);

export const setSandboxClientApiAccess = clientStateRoute(
  'api-access',
  z.object({ api_access: z.boolean() }).strict().openapi('SandboxClientApiAccess'),
  (b) => ({ apiAccess: (b as { api_access: boolean }).api_access }),
  "Switch a client's signed-API access (sandbox only)",
  'The signed API answers 9014 API_NOT_AVAILABLE for a client with `api_access` false.',
);

export const apiKeyRoutes: RouteDef[] = [
  createApiKeyRoute,
  listApiKeysRoute,
  getApiKeyRoute,
  updateApiKeyRoute,
  revokeApiKeyRoute,
  reactivateApiKeyRoute,
  setSandboxClientKyc,
  setSandboxClientApiAccess,
];
