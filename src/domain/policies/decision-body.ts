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

/** The decision a governed record was executed under, with the trace of every rule considered. */
export const PolicyDecisionBody = z
  .object({
    effect: z.enum(['allow', 'deny', 'require_approval']),
    rule_ref: z.string().nullable().openapi({ description: 'The deciding rule; null when none matched (allow).' }),
    rule_name: z.string().nullable(),
    reason_code: z.string(),
    requirement: ApprovalRequirementBody.nullable(),
    evaluated_at: Timestamp,
    trace: z.array(RuleTraceBody),
  })
  .openapi('PolicyDecision');
