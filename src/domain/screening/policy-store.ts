import type { Row, Sql, TransactionSql } from 'postgres';
import type { SubjectAttribution } from '../../auth/caller';
import type { Db } from '../../db/sql';
import { recordEventSql } from '../../events/outbox';
import { COMPLIANCE_POLICY_UPDATED } from './events';
import { DEFAULT_COMPLIANCE_POLICY, type CompliancePolicy } from './policy';
import { presentCompliancePolicy } from './present';

/* compliance_policies: one row per enterprise that set its policy; the defaults (version 0) for the others. */

export type StoredCompliancePolicy = CompliancePolicy & { updated_at: Date | null };

const COLUMNS = 'version, updated_at, rules, provider_failure, verdict_source, verdict_timeout_seconds, decision_quorum, decision_ttl_seconds, overrides_allowed, travel_rule';

function toPolicy(r: Row): StoredCompliancePolicy {
  return {
    version: r.version,
    updated_at: r.updated_at,
    rules: r.rules,
    provider_failure: r.provider_failure,
    verdict_source: r.verdict_source,
    verdict_timeout_seconds: r.verdict_timeout_seconds,
    decision_quorum: r.decision_quorum,
    decision_ttl_seconds: r.decision_ttl_seconds,
    overrides_allowed: r.overrides_allowed,
    travel_rule: r.travel_rule,
  };
}

export async function compliancePolicy(db: Db, enterpriseId: string, lock = false): Promise<StoredCompliancePolicy> {
  const [row] = await db.unsafe(`select ${COLUMNS} from compliance_policies where enterprise_id = $1 ${lock ? 'for update' : ''}`, [enterpriseId], { prepare: true });
  return row ? toPolicy(row) : { ...DEFAULT_COMPLIANCE_POLICY, updated_at: null };
}

export type CompliancePolicyPatch = Partial<Omit<CompliancePolicy, 'version'>>;

/** Applies the patch over the current policy (the defaults for a first write), with its event; returns the policy after. */
export async function writeCompliancePolicy(tx: TransactionSql | Sql, enterpriseId: string, patch: CompliancePolicyPatch, attribution: SubjectAttribution): Promise<StoredCompliancePolicy> {
  const current = await compliancePolicy(tx, enterpriseId, true);
  const next = { ...current, ...patch };
  const [row] = await tx.unsafe(
    `insert into compliance_policies (enterprise_id, rules, provider_failure, verdict_source, verdict_timeout_seconds, decision_quorum, decision_ttl_seconds, overrides_allowed, travel_rule)
     values ($1, $2::text::jsonb, $3, $4, $5, $6, $7, $8, $9::text::jsonb)
     on conflict (enterprise_id) do update set rules = excluded.rules, provider_failure = excluded.provider_failure, verdict_source = excluded.verdict_source,
       verdict_timeout_seconds = excluded.verdict_timeout_seconds, decision_quorum = excluded.decision_quorum, decision_ttl_seconds = excluded.decision_ttl_seconds,
       overrides_allowed = excluded.overrides_allowed, travel_rule = excluded.travel_rule, version = compliance_policies.version + 1, updated_at = now()
     returning ${COLUMNS}`,
    [enterpriseId, JSON.stringify(next.rules), next.provider_failure, next.verdict_source, next.verdict_timeout_seconds, next.decision_quorum, next.decision_ttl_seconds,
      next.overrides_allowed, JSON.stringify(next.travel_rule)],
    { prepare: true },
  );
  const policy = toPolicy(row);
  await recordEventSql(tx, {
    type: COMPLIANCE_POLICY_UPDATED,
    enterpriseId,
    scopeRef: `enterprises/${enterpriseId}`,
    resourceRef: `compliance-policies/${enterpriseId}`,
    payload: presentCompliancePolicy(enterpriseId, policy),
    attribution,
  });
  return policy;
}
