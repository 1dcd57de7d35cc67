import { z } from '../../schema/zod';
import { defineEventType } from '../../events/catalogue';
import { ETag, Timestamp, Uuid } from '../../schema/common';

export const SCREENING_STATUSES = ['screening', 'pending', 'completed', 'timed_out'] as const;
export type ScreeningStatus = (typeof SCREENING_STATUSES)[number];
export const SCREENING_OUTCOMES = ['accept', 'alert', 'reject', 'freeze'] as const;

export const ScreeningVerdictView = z
  .object({
    category: z.string().openapi({ description: 'The risk category found (`none` when clean; `enterprise_accept` / `enterprise_reject` for an answer of the enterprise\'s own system).' }),
    score: z.number().int().min(0).max(100),
    reference: z.string().openapi({ description: "The provider's (or the enterprise system's) reference of this screening." }),
    explanation: z.string(),
  })
  .openapi('ScreeningVerdict');

export const ScreeningBody = z
  .object({
    id: Uuid,
    resource: z.literal('screening'),
    subject_ref: z.string().openapi({ description: 'What was screened: `withdrawals/<id>`, `deposits/<id>`, `withdrawal-destinations/<id>`.' }),
    direction: z.enum(['outgoing', 'incoming', 'counterparty']),
    rail: z.string(),
    counterparty: z.object({ kind: z.enum(['crypto_address', 'bank_account']), network_or_rail: z.string(), identifier: z.string() }).openapi('ScreeningCounterparty'),
    verdict_source: z.enum(['provider', 'enterprise']).openapi({ description: '`enterprise`: bring-your-own screening, answered with POST /screenings/{id}/verdict.' }),
    provider: z.string(),
    status: z.enum(SCREENING_STATUSES).openapi({ description: 'screening → completed | pending → completed | timed_out. A verdict after timed_out is kept as `late_verdict` and decides nothing.' }),
    verdict: ScreeningVerdictView.nullable(),
    outcome: z.enum(SCREENING_OUTCOMES).nullable().openapi({ description: 'What the compliance policy (or the enterprise\'s answer, or the timeout) decided.' }),
    decided_by: z.enum(['policy', 'enterprise', 'timeout', 'provider_failure']).nullable(),
    deadline: Timestamp.nullable().openapi({ description: 'While pending: the verdict must arrive before this.' }),
    late_verdict: ScreeningVerdictView.nullable(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('Screening');

const screeningEvent = (state: string, description: string) => defineEventType(`compliance.screening.${state}.v1`, description, ScreeningBody);

export const SCREENING_EVENTS = {
  pending: screeningEvent('pending', 'A screening waits for its verdict (from the provider, or the enterprise\'s own system: POST /screenings/{id}/verdict before `deadline`).'),
  completed: screeningEvent('completed', 'A screening has its verdict and outcome. Outcome `alert`: the money proceeds and compliance should look at it.'),
  timed_out: screeningEvent('timed_out', 'No verdict arrived in time: the policy decided (fail-closed: reject; fail-open: alert).'),
  late_verdict: screeningEvent('late_verdict', 'A verdict arrived after the screening timed out: recorded, it decided nothing.'),
} as const;

export const ComplianceRuleBody = z
  .object({
    direction: z.enum(['outgoing', 'incoming', 'any']),
    asset: z.string().min(1).max(16).openapi({ description: 'An asset code, or `*`.' }),
    categories: z.array(z.string().min(1).max(64)).max(50).openapi({ description: 'Verdict categories the rule matches; empty: any.' }),
    min_score: z.number().int().min(0).max(100),
    max_score: z.number().int().min(0).max(100),
    outcome: z.enum(SCREENING_OUTCOMES),
  })
  .strict()
  .openapi('ComplianceRule');

export const TravelRuleSettingsBody = z
  .object({
    jurisdiction: z.string().min(1).max(8).openapi({ description: 'The enterprise\'s jurisdiction (`EU`, `US`, an ISO 3166 code) or `none`.' }),
    thresholds: z
      .array(z.object({ jurisdiction: z.string().min(1).max(8), threshold_usd: z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, 'a USD decimal string') }).strict())
      .max(50)
      .openapi({ description: 'The USD-equivalent amount from which a withdrawal must carry IVMS101 data, per jurisdiction (`*`: any other). `0`: every transfer.' }),
  })
  .strict()
  .openapi('TravelRuleSettings');

export const CompliancePolicyFields = {
  rules: z.array(ComplianceRuleBody).max(100).openapi({ description: 'First match wins; no match: accept.' }),
  provider_failure: z.enum(['fail_closed', 'fail_open']).openapi({ description: 'Provider down or late: fail_closed waits (down) or rejects (past the timeout); fail_open proceeds with an alert.' }),
  verdict_source: z.enum(['provider', 'enterprise']).openapi({ description: '`enterprise`: bring your own screening; the enterprise\'s system answers POST /screenings/{id}/verdict.' }),
  verdict_timeout_seconds: z.number().int().min(10).max(604_800).openapi({ description: 'How long a pending verdict is waited for: 10 s to 7 days.' }),
  decision_quorum: z.number().int().min(1).max(10).openapi({ description: 'How many people decide a compliance decision (release a frozen withdrawal); the initiator never counts.' }),
  decision_ttl_seconds: z.number().int().min(60).max(30 * 86_400),
  overrides_allowed: z.boolean().openapi({ description: 'false: a frozen withdrawal can only be rejected, never released.' }),
  travel_rule: TravelRuleSettingsBody,
};

export const CompliancePolicyBody = z
  .object({
    id: Uuid,
    resource: z.literal('compliance_policy'),
    ...CompliancePolicyFields,
    etag: ETag,
    updated_at: Timestamp.nullable(),
  })
  .openapi('CompliancePolicy');

export const COMPLIANCE_POLICY_UPDATED = defineEventType('compliance.compliance_policy.updated.v1', "An enterprise's compliance policy changed.", CompliancePolicyBody);
