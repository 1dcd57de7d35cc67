import type { ScreeningDirection, ScreeningVerdict } from '../../providers/screening';
import type { ScreeningOutcome } from './messages';

/*
 * An enterprise's compliance policy (docs/compliance.md): for each direction and asset, which verdicts
 * (categories, score bands) lead to which outcome; what happens when the provider is down or late;
 * who answers (a provider, or the enterprise's own system); the quorum of a compliance decision; and
 * the Travel Rule thresholds. Pure: the store reads and writes it, the screening step asks it.
 */

export interface ComplianceRule {
  direction: ScreeningDirection | 'any';
  /** An asset code or `*`. */
  asset: string;
  /** Verdict categories this rule matches; empty: any category. */
  categories: string[];
  min_score: number;
  max_score: number;
  outcome: ScreeningOutcome;
}

export interface TravelRuleThreshold {
  /** An ISO 3166 country code of the enterprise's jurisdiction, or `*`. */
  jurisdiction: string;
  /** USD-equivalent threshold as a decimal string; `0`: every transfer. */
  threshold_usd: string;
}

export interface CompliancePolicy {
  version: number;
  rules: ComplianceRule[];
  provider_failure: 'fail_closed' | 'fail_open';
  verdict_source: 'provider' | 'enterprise';
  verdict_timeout_seconds: number;
  decision_quorum: number;
  decision_ttl_seconds: number;
  overrides_allowed: boolean;
  travel_rule: { jurisdiction: string; thresholds: TravelRuleThreshold[] };
}

export const MIN_VERDICT_TIMEOUT_SECONDS = 10;
export const MAX_VERDICT_TIMEOUT_SECONDS = 7 * 86_400;

/** The documented defaults: sanctions are rejected going out and frozen coming in, high risk frozen, medium risk alerted. */
export const DEFAULT_RULES: ComplianceRule[] = [
  { direction: 'outgoing', asset: '*', categories: ['sanctions'], min_score: 0, max_score: 100, outcome: 'reject' },
  { direction: 'incoming', asset: '*', categories: ['sanctions'], min_score: 0, max_score: 100, outcome: 'freeze' },
  { direction: 'any', asset: '*', categories: [], min_score: 75, max_score: 100, outcome: 'freeze' },
  { direction: 'any', asset: '*', categories: [], min_score: 40, max_score: 74, outcome: 'alert' },
];

/** The Travel Rule defaults: the EU's TFR for every crypto transfer with another provider, the US rule above 3,000 USD. */
export const DEFAULT_TRAVEL_RULE_THRESHOLDS: TravelRuleThreshold[] = [
  { jurisdiction: 'EU', threshold_usd: '0' },
  { jurisdiction: 'US', threshold_usd: '3000' },
];

/** An enterprise that never set its policy: the defaults, fail-closed, provider verdicts waited for 60 s. */
export const DEFAULT_COMPLIANCE_POLICY: CompliancePolicy = {
  version: 0,
  rules: DEFAULT_RULES,
  provider_failure: 'fail_closed',
  verdict_source: 'provider',
  verdict_timeout_seconds: 60,
  decision_quorum: 2,
  decision_ttl_seconds: 7 * 86_400,
  overrides_allowed: true,
  travel_rule: { jurisdiction: 'none', thresholds: DEFAULT_TRAVEL_RULE_THRESHOLDS },
};

const matches = (r: ComplianceRule, direction: ScreeningDirection, asset: string, v: ScreeningVerdict) =>
  (r.direction === 'any' || r.direction === direction) &&
  (r.asset === '*' || r.asset === asset) &&
  (r.categories.length === 0 || r.categories.includes(v.category)) &&
  v.score >= r.min_score &&
  v.score <= r.max_score;

/** The outcome of a verdict: the first matching rule's, else accept. */
export function outcomeOf(policy: Pick<CompliancePolicy, 'rules'>, direction: ScreeningDirection, asset: string, verdict: ScreeningVerdict): ScreeningOutcome {
  return policy.rules.find((r) => matches(r, direction, asset, verdict))?.outcome ?? 'accept';
}

/** When the provider cannot answer (down, or past the timeout): fail-open proceeds with an alert; fail-closed refuses. */
export const outcomeWithoutVerdict = (policy: Pick<CompliancePolicy, 'provider_failure'>): ScreeningOutcome => (policy.provider_failure === 'fail_open' ? 'alert' : 'reject');

/** Freezing an outgoing withdrawal holds it for a compliance decision; freezing incoming funds books them frozen. */
export const isHeld = (o: ScreeningOutcome) => o === 'freeze';

/**
 * The Travel Rule threshold (minor-unit free: a USD decimal string) for the enterprise's jurisdiction:
 * its own entry, else `*`, else none (null: never required).
 */
export function travelRuleThreshold(policy: Pick<CompliancePolicy, 'travel_rule'>): string | null {
  const { jurisdiction, thresholds } = policy.travel_rule;
  return (thresholds.find((t) => t.jurisdiction === jurisdiction) ?? thresholds.find((t) => t.jurisdiction === '*'))?.threshold_usd ?? null;
}
