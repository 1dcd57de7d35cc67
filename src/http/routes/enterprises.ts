import { z } from '../../schema/zod';
import { defineRoute } from '../route';
import { ETag, Ref, Timestamp, Uuid } from '../../schema/common';
import { listOf, pageQuery } from '../pagination';
import { notFound } from '../../errors';
import { assertIfMatch, withOptimisticLock } from '../etag';
import { presentEnterprise, presentMasterAccount } from '../../domain/tenancy/present';
import { changeEnterpriseState, type EnterpriseAction } from '../../domain/tenancy/lifecycle';
import { cachedEnterprise } from '../../domain/tenancy/queries';
import { updateEnterpriseMetadata } from '../../domain/tenancy/enterprises';
import { findMasterAccount, listMasterAccountsOf } from '../../domain/tenancy/master-accounts';
import { auditedAs } from '../audit-trail';

export const EnterpriseBody = z
  .object({
    id: Uuid,
    resource: z.literal('enterprise'),
    legal_name: z.string(),
    jurisdiction: z.string().length(2),
    external_id: z.string(),
    metadata: z.record(z.string(), z.string()),
    admission_state: z.enum(['operational', 'closed']),
    restriction_state: z.enum(['none', 'suspended']),
    default_master_account: Ref('master-accounts'),
    etag: ETag,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('Enterprise');

export const MasterAccountBody = z
  .object({
    id: Uuid,
    resource: z.literal('master_account'),
    display_name: z.string(),
    scope_ref: Ref('enterprises'),
    status: z.enum(['active', 'suspended', 'closed']),
    tenant_type: z.literal('enterprise'),
    etag: ETag,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('MasterAccount');

export const listEnterprises = defineRoute({
  method: 'get',
  path: '/enterprises',
  operationId: 'listEnterprises',
  summary: 'List enterprises visible to the caller',
  description: 'A principal belongs to one enterprise; the list holds it when the caller may read it there.',
  tags: ['Enterprises'],
  auth: { kind: 'bearer', permission: 'enterprises.read' },
  query: z.object(pageQuery).strict(),
  responses: { 200: { description: 'A page of enterprises.', schema: listOf(EnterpriseBody, 'EnterpriseList') } },
  handler: async ({ query, caller, services, pager }) => {
    // A principal belongs to one enterprise, so the page is that enterprise or nothing.
    const fetch = async (after: string | null) => {
      if (!caller.can('enterprises.read', [caller.enterpriseRef])) return [];
      const own = await cachedEnterprise(services.enterprises, services.sql, caller.enterpriseId);
      return own && (!after || own.id > after) ? [own] : [];
    };
    return { body: await pager.list(query, caller, fetch, presentEnterprise) };
  },
});

export const getEnterprise = defineRoute({
  method: 'get',
  path: '/enterprises/{enterprise_id}',
  operationId: 'getEnterprise',
  summary: 'Get an enterprise',
  tags: ['Enterprises'],
  auth: { kind: 'bearer', permission: 'enterprises.read' },
  params: z.object({ enterprise_id: Uuid }),
  responses: { 200: { description: 'The enterprise.', schema: EnterpriseBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => {
    caller.require('enterprises.read', [`enterprises/${params.enterprise_id}`], 'enterprise');
    const row = await cachedEnterprise(services.enterprises, services.sql, params.enterprise_id);
    if (!row) throw notFound('enterprise');
    return { body: presentEnterprise(row) };
  },
});

const ScopeRefQuery = Ref('enterprises').optional().openapi({ param: { name: 'scope_ref', in: 'query' }, description: 'Enterprise whose master accounts to list.' });

export const listMasterAccounts = defineRoute({
  method: 'get',
  path: '/master-accounts',
  operationId: 'listMasterAccounts',
  summary: 'List master accounts',
  tags: ['Master accounts'],
  auth: { kind: 'bearer', permission: 'master_accounts.read' },
  query: z.object({ scope_ref: ScopeRefQuery, ...pageQuery }).strict(),
  responses: { 200: { description: 'A page of master accounts.', schema: listOf(MasterAccountBody, 'MasterAccountList') } },
  handler: async ({ query, caller, services, pager }) => {
    const scope = query.scope_ref ?? caller.enterpriseRef;
    const fetch = async (after: string | null, limit: number) =>
      caller.can('master_accounts.read', [scope]) ? listMasterAccountsOf(services.orm.em.fork(), caller.enterpriseId, { after, limit }) : [];
    return { body: await pager.list(query, caller, fetch, presentMasterAccount) };
  },
});

export const getMasterAccount = defineRoute({
  method: 'get',
  path: '/master-accounts/{master_account_id}',
  operationId: 'getMasterAccount',
  summary: 'Get a master account',
  tags: ['Master accounts'],
  auth: { kind: 'bearer', permission: 'master_accounts.read' },
  params: z.object({ master_account_id: Uuid }),
  responses: { 200: { description: 'The master account.', schema: MasterAccountBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => {
    const row = await findMasterAccount(services.orm.em.fork(), params.master_account_id);
    caller.require('master_accounts.read', [`enterprises/${row.enterpriseId}`], 'master account');
    return { body: presentMasterAccount(row) };
  },
});

export const updateEnterprise = defineRoute({
  method: 'patch',
  path: '/enterprises/{enterprise_id}',
  operationId: 'updateEnterprise',
  summary: 'Update enterprise metadata',
  description: 'Replaces `metadata` (a string map of up to 50 keys). With If-Match, a stale ETag is 412 and nothing changes.',
  tags: ['Enterprises'],
  auth: { kind: 'bearer', permission: 'enterprises.manage' },
  ifMatch: true,
  params: z.object({ enterprise_id: Uuid }),
  body: z
    .object({
      metadata: z
        .record(z.string().min(1).max(64), z.string().max(500))
        .refine((m) => Object.keys(m).length <= 50, 'at most 50 keys'),
    })
    .strict()
    .openapi('EnterpriseUpdate'),
  responses: { 200: { description: 'The updated enterprise.', schema: EnterpriseBody } },
  errors: ['EdgeNotFound', 'EdgePreconditionFailed', 'EdgeGone'],
  handler: async ({ params, body, caller, services, ctx }) => {
    caller.require('enterprises.manage', [`enterprises/${params.enterprise_id}`], 'enterprise');
    const row = await withOptimisticLock(() =>
      updateEnterpriseMetadata(
        services.orm.em.fork(),
        { enterpriseId: params.enterprise_id, metadata: body.metadata, assertCurrent: (r) => assertIfMatch(ctx, r) },
        auditedAs(ctx, 200, 'enterprises'),
      ),
    );
    // Other processes learn of it by the trigger's NOTIFY; this one must not serve the old row meanwhile.
    services.enterprises.invalidate(row.id);
    return { body: presentEnterprise(row) };
  },
});

const LIFECYCLE_DESCRIPTIONS: Record<EnterpriseAction, string> = {
  suspend:
    '`restriction_state` none → suspended: the enterprise keeps reading but cannot move money (money paths answer 409 `enterprise_suspended`). Already suspended is 409.',
  reactivate: '`restriction_state` suspended → none. Not suspended is 409 `enterprise_not_suspended`.',
  close:
    '`admission_state` operational → closed (terminal), also closing its master accounts. Needs every account at zero with no pending holds (else 409 `accounts_not_empty`, listing them in `open_positions`) and no deposit in flight (409 `deposits_in_flight`). Afterwards every mutation under the enterprise is 410 `enterprise_closed`.',
};

/** POST /enterprises/{id}/suspend | reactivate | close: one route shape, one domain function. */
function enterpriseLifecycleRoute(action: EnterpriseAction) {
  return defineRoute({
    method: 'post',
    path: `/enterprises/{enterprise_id}/${action}`,
    operationId: `${action}Enterprise`,
    summary: `${action[0].toUpperCase()}${action.slice(1)} an enterprise`,
    description: `${LIFECYCLE_DESCRIPTIONS[action]} With If-Match, a stale ETag is 412. A closed enterprise is 410.`,
    tags: ['Enterprises'],
    auth: { kind: 'bearer', permission: 'enterprises.manage' },
    ifMatch: true,
    params: z.object({ enterprise_id: Uuid }),
    responses: { 200: { description: 'The enterprise after the change.', schema: EnterpriseBody } },
    errors: ['EdgeNotFound', 'EdgeConflict', 'EdgeGone', 'EdgePreconditionFailed'],
    handler: async ({ params, caller, services, ctx }) => {
      caller.require('enterprises.manage', [`enterprises/${params.enterprise_id}`], 'enterprise');
      const row = await withOptimisticLock(() =>
        changeEnterpriseState(services.orm.em.fork(), {
          enterpriseId: params.enterprise_id,
          action,
          attribution: caller.attribution(),
          assertCurrent: (r) => assertIfMatch(ctx, r),
        }, auditedAs(ctx, 200, 'enterprises')),
      );
      services.enterprises.invalidate(row.id);
      return { body: presentEnterprise(row) };
    },
  });
}

export const suspendEnterprise = enterpriseLifecycleRoute('suspend');
export const reactivateEnterprise = enterpriseLifecycleRoute('reactivate');
export const closeEnterprise = enterpriseLifecycleRoute('close');
