import { z } from '../../schema/zod';
import { defineRoute, type RouteDef } from '../route';
import { Uuid } from '../../schema/common';
import { assertIfMatch } from '../etag';
import { auditAlongside } from '../audit-trail';
import { compliancePolicy, presentCompliancePolicy, presentScreening, selectScreenings } from '../../domain/screening';
import { listOf, pageQuery } from '../pagination';
import { CompliancePolicyBody, CompliancePolicyFields, SCREENING_OUTCOMES, SCREENING_STATUSES, ScreeningBody } from '../../domain/screening/events';
import { answerScreening, readScreening } from '../../domain/screening/verdicts';
import { updateCompliancePolicy } from '../../domain/governance/governed';
import { presentPolicyChange } from '../../domain/governance/change-rows';
import { PolicyChangeBody } from '../../domain/governance/events';

const ScreeningParams = z.object({ screening_id: Uuid });

export const getCompliancePolicyRoute = defineRoute({
  method: 'get',
  path: '/compliance-policy',
  operationId: 'getCompliancePolicy',
  summary: "Get the enterprise's compliance policy",
  description: 'What screening decides for each verdict, what a provider outage does, who answers, and the Travel Rule thresholds (docs/compliance.md). An enterprise that never set it reads the defaults (`updated_at` null).',
  tags: ['Compliance'],
  auth: { kind: 'bearer', permission: 'compliance.read' },
  responses: { 200: { description: 'The compliance policy.', schema: CompliancePolicyBody } },
  handler: async ({ caller, services }) => {
    caller.require('compliance.read', [`enterprises/${caller.enterpriseId}`], 'compliance policy');
    return { body: presentCompliancePolicy(caller.enterpriseId, await compliancePolicy(services.sql, caller.enterpriseId)) };
  },
});

export const updateCompliancePolicyRoute = defineRoute({
  method: 'patch',
  path: '/compliance-policy',
  operationId: 'updateCompliancePolicy',
  summary: "Change the enterprise's compliance policy",
  description:
    'Governed like the governance settings: while `policy_change_quorum` is 0 it applies at once (200); above 0 it is a policy change ' +
    '(`compliance_policy.update`) that waits for the quorum (202 with the `policy_change`). A stale If-Match is 412.',
  tags: ['Compliance'],
  auth: { kind: 'bearer', permission: 'compliance.manage' },
  ifMatch: true,
  body: z
    .object(Object.fromEntries(Object.entries(CompliancePolicyFields).map(([k, v]) => [k, v.optional()])) as { [K in keyof typeof CompliancePolicyFields]: z.ZodOptional<(typeof CompliancePolicyFields)[K]> })
    .strict()
    .openapi('CompliancePolicyUpdate'),
  responses: {
    200: { description: 'The policy after the change.', schema: CompliancePolicyBody },
    202: { description: 'The change waits for the quorum of admins (the policy is unchanged until it is approved).', schema: PolicyChangeBody },
  },
  errors: ['EdgeNotFound', 'EdgeGone', 'EdgePreconditionFailed'],
  handler: async ({ body, caller, services, ctx }) => {
    const ref = `compliance-policies/${caller.enterpriseId}`;
    const result = await updateCompliancePolicy(services, caller, body, (r) => assertIfMatch(ctx, r), (status) => auditAlongside(ctx, status, ref));
    if ('proposed' in result) return { status: 202, body: presentPolicyChange(result.proposed) };
    return { body: presentCompliancePolicy(caller.enterpriseId, result.applied) };
  },
});

export const listScreeningsRoute = defineRoute({
  method: 'get',
  path: '/screenings',
  operationId: 'listScreenings',
  summary: 'List screenings',
  description: 'The compliance queue: `outcome=freeze` lists what waits for a compliance decision, `status=pending` what waits for a verdict; `subject_ref` the screenings of one withdrawal.',
  tags: ['Compliance'],
  auth: { kind: 'bearer', permission: 'compliance.read' },
  query: z
    .object({
      status: z.enum(SCREENING_STATUSES).optional().openapi({ param: { name: 'status', in: 'query' } }),
      outcome: z.enum(SCREENING_OUTCOMES).optional().openapi({ param: { name: 'outcome', in: 'query' } }),
      subject_ref: z.string().max(200).optional().openapi({ param: { name: 'subject_ref', in: 'query' }, description: 'What was screened: `withdrawals/<id>`.' }),
      ...pageQuery,
    })
    .strict(),
  responses: { 200: { description: 'A page of screenings.', schema: listOf(ScreeningBody, 'ScreeningList') } },
  handler: async ({ query, caller, services, pager }) => ({
    body: await pager.list(
      query,
      caller,
      (after, limit) => selectScreenings(services.sql, caller, { status: query.status, outcome: query.outcome, subjectRef: query.subject_ref, after, limit }),
      presentScreening,
    ),
  }),
});

export const getScreeningRoute = defineRoute({
  method: 'get',
  path: '/screenings/{screening_id}',
  operationId: 'getScreening',
  summary: 'Get a screening',
  description: 'A screening of a withdrawal (its destination and transaction) with its verdict, the outcome it decided, and a verdict that came too late.',
  tags: ['Compliance'],
  auth: { kind: 'bearer', permission: 'compliance.read' },
  params: ScreeningParams,
  responses: { 200: { description: 'The screening.', schema: ScreeningBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => ({ body: presentScreening(await readScreening(services, caller, params.screening_id)) }),
});

export const ScreeningVerdictAnswer = z
  .object({
    screening: ScreeningBody,
    decisive: z.boolean().openapi({ description: 'false: the screening had timed out; the answer is recorded as `late_verdict` and decides nothing.' }),
  })
  .openapi('ScreeningVerdictAnswer');

export const answerScreeningRoute = defineRoute({
  method: 'post',
  path: '/screenings/{screening_id}/verdict',
  operationId: 'answerScreening',
  summary: "Answer a screening from the enterprise's own system",
  description:
    "Bring your own screening: with the compliance policy's `verdict_source: enterprise`, every screening waits (`compliance.screening.pending.v1`) " +
    'until this answer or its `deadline` (the policy\'s `verdict_timeout_seconds`, 10 s to 7 days). `accept` lets the withdrawal proceed; `reject` fails it ' +
    '(`screening_rejected`, its hold released). After the deadline the answer is recorded and decides nothing (`decisive: false`). A screening answered ' +
    'by its provider is 409 `screening_not_enterprise`; one answered already is 409 `screening_completed`.',
  tags: ['Compliance'],
  auth: { kind: 'bearer', permission: 'compliance.manage' },
  params: ScreeningParams,
  body: z
    .object({
      outcome: z.enum(['accept', 'reject']),
      reference: z.string().min(1).max(200).openapi({ description: "Your system's reference of this decision (its case id)." }),
      explanation: z.string().max(2000).default('').openapi({ description: 'Why, for the audit trail.' }),
    })
    .strict()
    .openapi('ScreeningVerdictCreate'),
  responses: { 200: { description: 'The screening after the answer.', schema: ScreeningVerdictAnswer } },
  errors: ['EdgeNotFound', 'EdgeConflict'],
  handler: async ({ params, body, caller, services }) => {
    const recorded = await answerScreening(services, caller, params.screening_id, body);
    return { body: { screening: presentScreening(recorded.screening), decisive: recorded.decisive } };
  },
});

export const complianceRoutes: RouteDef[] = [getCompliancePolicyRoute, updateCompliancePolicyRoute, listScreeningsRoute, getScreeningRoute, answerScreeningRoute];
