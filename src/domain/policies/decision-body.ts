import { z } from '../../schema/zod';
import { Timestamp } from '../../schema/common';

const ConditionTraceBody = z.object({ condition: z.string(), matched: z.boolean(), detail: z.string() });

export const RuleTraceBody = z
  .object({
    rule_ref: z.string(),
    rule_version: z.number().int(),
    name: z.string(),
    order: z.number().int(),
    scope_ref: z.string(),
    matched: z.boolean(),
    conditions: z.array(ConditionTraceBody),
  })
  .openapi('PolicyRuleTrace');

export const ApprovalRequirementBody = z
  .object({
    authority_ref: z.string(),
    required_human_approvals: z.number().int(),
    approver_role_ref: z.string(),
    initiator_cannot_approve: z.boolean(),
    approval_ttl_seconds: z.number().int(),
    reason_code: z.string(),
    requirement_key: z.string(),
    source: z.literal('policy'),
  })
  .openapi('ApprovalRequirement');

const ScopeLevelBody = z
  .object({
    scope_ref: z.string(),
    effect: z.enum(['allow', 'deny', 'require_approval']).nullable().openapi({ description: "The level's first matching rule's effect; null when none of its rules matched." }),
    rule_ref: z.string().nullable(),
    rule_name: z.string().nullable(),
    decisive: z.boolean().openapi({ description: "This level's decision is the effective one." }),
  })
  .openapi('PolicyScopeLevel');

/** The decision a governed record was executed under, with the trace of every rule considered. */
export const PolicyDecisionBody = z
  .object({
    effect: z.enum(['allow', 'deny', 'require_approval']),
    rule_ref: z.string().nullable().openapi({ description: 'The deciding rule; null when none matched (allow).' }),
    rule_name: z.string().nullable(),
    rule_scope_ref: z.string().nullable().optional().openapi({ description: 'The deciding rule\'s scope; null when none matched. Absent on records decided by an earlier release.' }),
    reason_code: z.string(),
    requirement: ApprovalRequirementBody.nullable(),
    evaluated_at: Timestamp,
    trace: z.array(RuleTraceBody).openapi({ description: 'Every rule considered, scope level by level from the enterprise down, each level in `order` then creation.' }),
    levels: z.array(ScopeLevelBody).optional().openapi({
      description:
        'Each scope level that has rules, widest first: what its first matching rule said, and which level is decisive (the strictest: deny > require_approval > allow; a deeper level never loosens a wider one). Absent on records decided by an earlier release.',
    }),
  })
  .openapi('PolicyDecision');
