import { z } from '../../schema/zod';
import { defineEventType } from '../../events/catalogue';
import { ETag, Timestamp, Uuid } from '../../schema/common';
import { ACTION_FAMILIES } from './engine';

const MoneyInput = z.object({ currency: z.string().max(16), value: z.string().max(100) }).strict();

export const RuleConditionsBody = z
  .object({
    amount_at_least: MoneyInput.optional().openapi({ description: 'Matches when the amount is at least this, in this asset (another asset does not match).' }),
    assets: z.array(z.string().max(16)).min(1).max(50).optional().openapi({ description: 'Matches when the asset is one of these.' }),
    destinations: z
      .array(z.string().max(200))
      .min(1)
      .max(200)
      .optional()
      .openapi({ description: 'Matches when the destination is one of these refs (`withdrawal-destinations/<id>`; for internal transfers the target account ref).' }),
    velocity: z
      .object({ window_seconds: z.number().int().min(1).max(90 * 86_400), total_at_least: MoneyInput })
      .strict()
      .optional()
      .openapi({ description: 'Matches when the amounts of this family from the same account in the rolling window, this one included, reach `total_at_least` (counted in its asset; released operations do not count).' }),
    initiator_kinds: z.array(z.enum(['user', 'service_account'])).min(1).optional().openapi({ description: 'Matches when the initiator is of one of these kinds.' }),
  })
  .strict()
  .openapi('PolicyRuleConditions', { description: 'Every present condition must hold; no conditions matches every operation of the family.' });

export const RuleEffectBody = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('allow') }).strict(),
    z.object({ type: z.literal('deny') }).strict(),
    z
      .object({
        type: z.literal('require_approval'),
        required_human_approvals: z.number().int().min(1).max(10),
        approver_role_ref: z.string().regex(/^roles\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'must be a roles/<id> reference'),
        initiator_cannot_approve: z.boolean().default(true),
        approval_ttl_seconds: z.number().int().min(1).max(30 * 86_400).default(86_400),
      })
      .strict(),
  ])
  .openapi('PolicyRuleEffect');

export const POLICY_RULE_STATUSES = ['draft', 'active', 'retired'] as const;

export const PolicyRuleBody = z
  .object({
    id: Uuid,
    resource: z.literal('policy_rule'),
    name: z.string(),
    description: z.string(),
    scope_ref: z.string().openapi({ description: '`enterprises/<id>` or `clients/<id>`: the rule applies to operations on accounts in this subtree.' }),
    action_family: z.enum(ACTION_FAMILIES),
    order: z.number().int().openapi({ description: 'Lower first; within the rule\'s scope level, the first matching active rule decides that level.' }),
    conditions: RuleConditionsBody,
    effect: RuleEffectBody,
    status: z.enum(POLICY_RULE_STATUSES).openapi({ description: 'draft → active → retired; draft → retired.' }),
    activated_at: Timestamp.nullable(),
    retired_at: Timestamp.nullable(),
    etag: ETag,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('PolicyRule');

const ruleEvent = (state: string, description: string) => defineEventType(`policies.policy_rule.${state}.v1`, description, PolicyRuleBody);

export const POLICY_EVENTS = {
  created: ruleEvent('created', 'A policy rule was created (as a draft).'),
  updated: ruleEvent('updated', 'A policy rule was changed.'),
  activated: ruleEvent('activated', 'A policy rule became active: it now governs operations.'),
  retired: ruleEvent('retired', 'A policy rule was retired (terminal).'),
};
