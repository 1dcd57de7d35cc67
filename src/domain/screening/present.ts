import { etagOf, iso } from '../../db/base';
import type { CompliancePolicy } from './policy';
import type { ScreeningRow } from './store';

/** A screening as the API and its events show it: the counterparty's identifier, never Travel Rule data. */
export function presentScreening(s: ScreeningRow) {
  const c = s.subject;
  return {
    id: s.id,
    resource: 'screening' as const,
    subject_ref: s.subject_ref,
    direction: s.direction,
    rail: s.rail,
    counterparty:
      c.kind === 'crypto_address'
        ? { kind: c.kind, network_or_rail: c.network, identifier: c.address }
        : { kind: c.kind, network_or_rail: c.rail, identifier: c.account },
    verdict_source: s.verdict_source,
    provider: s.provider,
    status: s.status,
    verdict: s.verdict,
    outcome: s.outcome,
    decided_by: s.decided_by,
    deadline: iso(s.deadline),
    late_verdict: s.late_verdict,
    created_at: s.created_at.toISOString(),
    updated_at: s.updated_at.toISOString(),
  };
}

export type ScreeningView = ReturnType<typeof presentScreening>;

export function presentCompliancePolicy(enterpriseId: string, p: CompliancePolicy & { updated_at: Date | null }) {
  return {
    id: enterpriseId,
    resource: 'compliance_policy' as const,
    rules: p.rules,
    provider_failure: p.provider_failure,
    verdict_source: p.verdict_source,
    verdict_timeout_seconds: p.verdict_timeout_seconds,
    decision_quorum: p.decision_quorum,
    decision_ttl_seconds: p.decision_ttl_seconds,
    overrides_allowed: p.overrides_allowed,
    travel_rule: p.travel_rule,
    etag: etagOf({ id: enterpriseId, version: p.version }),
    updated_at: iso(p.updated_at),
  };
}
