import { z } from '../../schema/zod';
import { defineRoute, type RouteDef } from '../route';
import { AccountRef, Uuid } from '../../schema/common';
import { listOf, pageQuery } from '../pagination';
import { assertIfMatch } from '../etag';
import { assetOf, parseAmount } from '../../money/assets';
import { requireAccount } from '../../domain/funding/accounts';
import { ACTION_FAMILIES, PolicyDecisionBody, evaluatePolicy } from '../../domain/policies';
import { POLICY_RULE_STATUSES, PolicyRuleBody, RuleConditionsBody, RuleEffectBody } from '../../domain/policies/events';
import { createPolicyRule, listPolicyRules, presentPolicyRule, readPolicyRule, type PolicyRuleAction, type PolicyRuleRow } from '../../domain/policies/rules';
import { auditAlongside, auditRowAlongside } from '../audit-trail';
import { presentPolicyChange } from '../../domain/governance/change-rows';
import { changeRuleGoverned, type Governed } from '../../domain/governance/governed';
import { PolicyChangeBody } from '../../domain/governance/events';
import type { Services } from '../../services';

const ScopeRef = z
  .string()
  .regex(/^(enterprises|clients)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'must be an enterprises/<id> or clients/<id> reference')
  .openapi({ example: 'clients/0193a1c2-7f00-7abc-8def-0123456789ab' });
const RuleParams = z.object({ rule_id: Uuid });
const Name = z.string().min(1).max(200);
const Description = z.string().max(2000);
const Order = z.number().int().min(0).max(1_000_000);

export const createPolicyRoute = defineRoute({
  method: 'post',
  path: '/policies',
  operationId: 'createPolicy',
  summary: 'Create a policy rule (as a draft)',
  description:
    'A rule governs one action family at a scope (an enterprise or a client, with everything below). It does nothing until activated. ' +
    'Each scope level covering the account (the enterprise, then the client) decides on its own: among its active rules of the family, ordered by `order` then creation, the first whose conditions all hold. ' +
    'The strictest level\'s decision applies (deny > require_approval > allow), so a client rule can tighten but never loosen an enterprise rule: a looser one is accepted and has no effect where the enterprise rule matches. No match anywhere is `allow`. ' +
    'A `deny` makes the operation 422 `policy_denied` naming the rule. An unknown asset, a bad amount or an approving role that is not an active role of the enterprise is 422.',
  tags: ['Policies'],
  auth: { kind: 'bearer', permission: 'policies.manage' },
  idempotency: 'optional',
  body: z
    .object({
      name: Name,
      description: Description.default(''),
      scope_ref: ScopeRef,
      action_family: z.enum(ACTION_FAMILIES),
      order: Order,
      conditions: RuleConditionsBody.default({}),
      effect: RuleEffectBody,
    })
    .strict()
    .openapi('PolicyRuleCreate'),
  responses: { 201: { description: 'The draft rule.', schema: PolicyRuleBody } },
  errors: ['EdgeNotFound', 'EdgeGone', 'EdgeUnprocessable'],
  handler: async ({ body, caller, services, ctx }) => {
    const row = await createPolicyRule(services.sql, caller, {
      name: body.name,
      description: body.description,
      scopeRef: body.scope_ref,
      actionFamily: body.action_family,
      order: body.order,
      conditions: body.conditions,
      effect: body.effect,
    }, auditRowAlongside(ctx, 201, 'policy-rules'));
    return { status: 201, body: presentPolicyRule(row) };
  },
});

export const listPolicyRulesRoute = defineRoute({
  method: 'get',
  path: '/policy-rules',
  operationId: 'listPolicyRules',
  summary: 'List policy rules',
  tags: ['Policies'],
  auth: { kind: 'bearer', permission: 'policies.read' },
  query: z
    .object({
      action_family: z.enum(ACTION_FAMILIES).optional().openapi({ param: { name: 'action_family', in: 'query' } }),
      status: z.enum(POLICY_RULE_STATUSES).optional().openapi({ param: { name: 'status', in: 'query' } }),
      scope_ref: z.string().max(200).optional().openapi({ param: { name: 'scope_ref', in: 'query' }, description: 'Rules at or below this scope.' }),
      ...pageQuery,
    })
    .strict(),
  responses: { 200: { description: 'A page of rules.', schema: listOf(PolicyRuleBody, 'PolicyRuleList') } },
  handler: async ({ query, caller, services, pager }) => {
    return { body: await pager.list(query, caller, (after, limit) => listPolicyRules(services.sql, caller, {
      actionFamily: query.action_family,
      status: query.status,
      scopeRef: query.scope_ref,
      after,
      limit,
    }), presentPolicyRule) };
  },
});

export const getPolicyRuleRoute = defineRoute({
  method: 'get',
  path: '/policy-rules/{rule_id}',
  operationId: 'getPolicyRule',
  summary: 'Get a policy rule',
  tags: ['Policies'],
  auth: { kind: 'bearer', permission: 'policies.read' },
  params: RuleParams,
  responses: { 200: { description: 'The rule.', schema: PolicyRuleBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => ({ body: presentPolicyRule(await readPolicyRule(services.sql, caller, params.rule_id)) }),
});

const UNDER_QUORUM =
  ' When the enterprise\'s `policy_change_quorum` is above 0 (GET /governance-settings), activating a rule or changing an active one is not applied: ' +
  'the answer is 202 with a `policy_change` waiting for that many admins (its `approval_ref`; the initiator cannot approve; it expires after `change_ttl_seconds`). ' +
  'Until it is approved the rule stays as it is; approved, it applies atomically (or fails if the rule changed meanwhile); rejected or expired, nothing changes. Drafts change at once.';

const proposedResponse = { description: 'The change waits for the quorum of admins (the rule is unchanged until it is approved).', schema: PolicyChangeBody };

/** 200 with the rule when the change applied, 202 with the policy change when it waits for the quorum. */
function governedAnswer(services: Services, result: Governed<PolicyRuleRow>) {
  if ('proposed' in result) return { status: 202, body: presentPolicyChange(result.proposed) };
  // Other processes learn of it by the trigger's NOTIFY; this one must not decide the next request on the old rules.
  services.policyRules.invalidate(result.applied.enterprise_id);
  return { body: presentPolicyRule(result.applied) };
}

export const updatePolicyRuleRoute = defineRoute({
  method: 'patch',
  path: '/policy-rules/{rule_id}',
  operationId: 'updatePolicyRule',
  summary: 'Update a policy rule',
  description: `Draft and active rules can change; a retired rule is 409 \`policy_rule_retired\`. A stale If-Match is 412. Governed records keep the rule version they ran under.${UNDER_QUORUM}`,
  tags: ['Policies'],
  auth: { kind: 'bearer', permission: 'policies.manage' },
  ifMatch: true,
  params: RuleParams,
  body: z
    .object({ name: Name.optional(), description: Description.optional(), order: Order.optional(), conditions: RuleConditionsBody.optional(), effect: RuleEffectBody.optional() })
    .strict()
    .openapi('PolicyRuleUpdate'),
  responses: { 200: { description: 'The updated rule.', schema: PolicyRuleBody }, 202: proposedResponse },
  errors: ['EdgeNotFound', 'EdgeConflict', 'EdgeGone', 'EdgePreconditionFailed', 'EdgeUnprocessable'],
  handler: async ({ params, body, caller, services, ctx }) => {
    const ruleRef = `policy-rules/${params.rule_id}`;
    const result = await changeRuleGoverned(services, caller, params.rule_id, 'update', body, (r) => assertIfMatch(ctx, r), (status) => auditAlongside(ctx, status, ruleRef));
    return governedAnswer(services, result);
  },
});

const TRANSITION_DESCRIPTIONS: Record<PolicyRuleAction, string> = {
  activate: '`draft` → `active`: the rule governs operations from now on. Anything else is 409.',
  retire: '`draft` | `active` → `retired` (terminal). Retired already is 409.',
};

function policyRuleTransitionRoute(action: PolicyRuleAction) {
  return defineRoute({
    method: 'post',
    path: `/policy-rules/{rule_id}/${action}`,
    operationId: `${action}PolicyRule`,
    summary: `${action[0].toUpperCase()}${action.slice(1)} a policy rule`,
    description: `${TRANSITION_DESCRIPTIONS[action]} With If-Match, a stale ETag is 412.${UNDER_QUORUM}`,
    tags: ['Policies'],
    auth: { kind: 'bearer', permission: 'policies.manage' },
    ifMatch: true,
    params: RuleParams,
    responses: { 200: { description: 'The rule after the change.', schema: PolicyRuleBody }, 202: proposedResponse },
    errors: ['EdgeNotFound', 'EdgeConflict', 'EdgeGone', 'EdgePreconditionFailed'],
    handler: async ({ params, caller, services, ctx }) => {
      const ruleRef = `policy-rules/${params.rule_id}`;
      const result = await changeRuleGoverned(services, caller, params.rule_id, action, {}, (r) => assertIfMatch(ctx, r), (status) => auditAlongside(ctx, status, ruleRef));
      return governedAnswer(services, result);
    },
  });
}

export const evaluatePolicyRoute = defineRoute({
  method: 'post',
  path: '/policy-rules/evaluate',
  operationId: 'evaluatePolicyRules',
  summary: 'Evaluate the active rules for a proposed operation',
  description:
    'Returns the effective decision (`allow`, `deny`, `require_approval` with its requirement), the deciding rule and its scope (`rule_scope_ref`), what each scope level decided (`levels`, widest first, the decisive one marked) and the trace of every rule considered — which matched and why — exactly as a real operation would be decided now. No side effects: nothing is held, recorded or counted.',
  tags: ['Policies'],
  auth: { kind: 'bearer', permission: 'policies.read' },
  body: z
    .object({
      action_family: z.enum(ACTION_FAMILIES),
      account_ref: AccountRef,
      amount: z.object({ currency: z.string().max(16), value: z.string().max(100) }).strict(),
      destination_ref: z.string().max(200).nullable().optional(),
      initiator_kind: z.enum(['user', 'service_account']).optional().openapi({ description: 'Default: the caller\'s kind.' }),
    })
    .strict()
    .openapi('PolicyEvaluationRequest'),
  responses: { 200: { description: 'The decision and its trace.', schema: PolicyDecisionBody } },
  errors: ['EdgeNotFound', 'EdgeUnprocessable'],
  handler: async ({ body, caller, services }) => {
    const account = await requireAccount(services.sql, caller, body.account_ref, 'policies.read');
    const asset = assetOf(body.amount.currency, '/body/amount/currency');
    const decision = await evaluatePolicy(
      services.sql,
      {
        enterpriseId: account.enterpriseId,
        actionFamily: body.action_family,
        accountRef: account.accountRef,
        asset: asset.code,
        amount: parseAmount(body.amount.value, asset, '/body/amount/value'),
        destinationRef: body.destination_ref ?? null,
        initiatorKind: body.initiator_kind ?? caller.subject.kind,
      },
      account.path,
    );
    return { body: decision };
  },
});

export const policyRoutes: RouteDef[] = [
  createPolicyRoute,
  listPolicyRulesRoute,
  evaluatePolicyRoute,
  getPolicyRuleRoute,
  updatePolicyRuleRoute,
  policyRuleTransitionRoute('activate'),
  policyRuleTransitionRoute('retire'),
];
