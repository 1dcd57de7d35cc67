import { z } from '../../schema/zod';
import { defineRoute, type RouteDef } from '../route';
import { Uuid } from '../../schema/common';
import { listOf, pageQuery } from '../pagination';
import { assertIfMatch } from '../etag';
import { auditAlongside } from '../audit-trail';
import { listPolicyChanges, readPolicyChange } from '../../domain/governance/changes';
import { presentPolicyChange } from '../../domain/governance/change-rows';
import { governanceSettings, presentGovernanceSettings } from '../../domain/governance/settings';
import { updateGovernanceSettings } from '../../domain/governance/governed';
import { GovernanceSettingsBody, POLICY_CHANGE_STATUSES, PolicyChangeBody } from '../../domain/governance/events';

export const listPolicyChangesRoute = defineRoute({
  method: 'get',
  path: '/policy-changes',
  operationId: 'listPolicyChanges',
  summary: 'List policy changes',
  description: 'Changes of the policy proposed under the enterprise\'s quorum (rule activations, edits and retirements, governance settings, new withdrawal destinations), newest last.',
  tags: ['Policies'],
  auth: { kind: 'bearer', permission: 'policies.read' },
  query: z
    .object({
      status: z.enum(POLICY_CHANGE_STATUSES).optional().openapi({ param: { name: 'status', in: 'query' } }),
      target_ref: z.string().max(200).optional().openapi({ param: { name: 'target_ref', in: 'query' }, description: 'Changes of this rule, destination or settings.' }),
      ...pageQuery,
    })
    .strict(),
  responses: { 200: { description: 'A page of policy changes.', schema: listOf(PolicyChangeBody, 'PolicyChangeList') } },
  handler: async ({ query, caller, services, pager }) => {
    return { body: await pager.list(query, caller, (after, limit) => listPolicyChanges(services.sql, caller, { status: query.status, targetRef: query.target_ref, after, limit }), presentPolicyChange) };
  },
});

export const getPolicyChangeRoute = defineRoute({
  method: 'get',
  path: '/policy-changes/{policy_change_id}',
  operationId: 'getPolicyChange',
  summary: 'Get a policy change',
  tags: ['Policies'],
  auth: { kind: 'bearer', permission: 'policies.read' },
  params: z.object({ policy_change_id: Uuid }),
  responses: { 200: { description: 'The policy change.', schema: PolicyChangeBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => ({ body: presentPolicyChange(await readPolicyChange(services.sql, caller, params.policy_change_id)) }),
});

export const getGovernanceSettingsRoute = defineRoute({
  method: 'get',
  path: '/governance-settings',
  operationId: 'getGovernanceSettings',
  summary: "Get the enterprise's governance settings",
  description: 'Who must approve changes of the policy and new withdrawal destinations, and the cooling-off of new destinations (docs/policy-changes.md).',
  tags: ['Policies'],
  auth: { kind: 'bearer', permission: 'policies.read' },
  responses: { 200: { description: 'The settings.', schema: GovernanceSettingsBody } },
  handler: async ({ caller, services }) => {
    caller.require('policies.read', [`enterprises/${caller.enterpriseId}`], 'governance settings');
    return { body: await presentGovernanceSettings(services.sql, await governanceSettings(services.sql, caller.enterpriseId)) };
  },
});

export const updateGovernanceSettingsRoute = defineRoute({
  method: 'patch',
  path: '/governance-settings',
  operationId: 'updateGovernanceSettings',
  summary: "Change the enterprise's governance settings",
  description:
    'While `policy_change_quorum` is 0 the change applies at once (200): turning the quorum on needs nobody else. Once it is above 0, every change of these settings ' +
    '(lowering the quorum included) is a policy change that waits for that many admins (202 with the `policy_change`), as rule changes do. ' +
    'An `approver_role_ref` that is not an active role of the enterprise is 422. A stale If-Match is 412.',
  tags: ['Policies'],
  auth: { kind: 'bearer', permission: 'policies.manage' },
  ifMatch: true,
  body: z
    .object({
      policy_change_quorum: z.number().int().min(0).max(10).optional(),
      approver_role_ref: z.string().regex(/^roles\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'must be a roles/<id> reference').optional(),
      change_ttl_seconds: z.number().int().min(1).max(30 * 86_400).optional(),
      destination_approval_quorum: z.number().int().min(0).max(10).optional(),
      destination_cooling_off_seconds: z.number().int().min(0).max(30 * 86_400).optional(),
      passkey_step_up: z.boolean().optional(),
      delegated_approvals: z.boolean().optional(),
    })
    .strict()
    .openapi('GovernanceSettingsUpdate'),
  responses: {
    200: { description: 'The settings after the change.', schema: GovernanceSettingsBody },
    202: { description: 'The change waits for the quorum of admins (the settings are unchanged until it is approved).', schema: PolicyChangeBody },
  },
  errors: ['EdgeNotFound', 'EdgeGone', 'EdgePreconditionFailed', 'EdgeUnprocessable'],
  handler: async ({ body, caller, services, ctx }) => {
    const settingsRef = `governance-settings/${caller.enterpriseId}`;
    const result = await updateGovernanceSettings(services, caller, body, (r) => assertIfMatch(ctx, r), (status) => auditAlongside(ctx, status, settingsRef));
    if ('proposed' in result) return { status: 202, body: presentPolicyChange(result.proposed) };
    return { body: await presentGovernanceSettings(services.sql, result.applied) };
  },
});

export const policyChangeRoutes: RouteDef[] = [listPolicyChangesRoute, getPolicyChangeRoute, getGovernanceSettingsRoute, updateGovernanceSettingsRoute];
