import type { PrincipalKind } from '../iam/entities';
import { formatAmount, parseAmount } from '../../ledger/assets';

/**
 * The policy engine: pure. Given the active rules that apply to an operation and the velocity totals
 * it needs, it decides allow / deny / require_approval and explains why. Each scope level on the
 * account's path (the enterprise, then the client) decides on its own, its first matching rule by
 * (order, id); the strictest level's decision is the effective one, so a deeper scope can tighten but
 * never loosen a wider one (docs/governed-money.md, "Rule precedence across scopes"). No match
 * anywhere is `allow`. Storage and SQL live in ./evaluate.
 */
export const ACTION_FAMILIES = ['withdrawal', 'internal_transfer', 'conversion', 'off_ramp', 'deposit_return', 'reconciliation_adjustment', 'reconciliation_period_close'] as const;
export type ActionFamily = (typeof ACTION_FAMILIES)[number];

export interface MoneyValue {
  currency: string;
  value: string;
}

/** Every present condition must hold (AND); a rule without conditions matches every operation of its family. */
export interface RuleConditions {
  /** The operation's amount is at least this, in this asset (an operation in another asset does not match). */
  amount_at_least?: MoneyValue;
  /** The operation's asset is one of these. */
  assets?: string[];
  /** The operation's destination (`withdrawal-destinations/<id>`, a target account ref, ...) is one of these. */
  destinations?: string[];
  /** Amounts of this family from the same account within the window, plus this one, reach the total. */
  velocity?: { window_seconds: number; total_at_least: MoneyValue };
  /** The initiating principal is of one of these kinds. */
  initiator_kinds?: PrincipalKind[];
}

export interface ApprovalEffect {
  type: 'require_approval';
  required_human_approvals: number;
  /** `roles/<id>`: holders of this role at the operation's scope may approve. */
  approver_role_ref: string;
  initiator_cannot_approve: boolean;
  approval_ttl_seconds: number;
}

export type RuleEffect = { type: 'allow' } | { type: 'deny' } | ApprovalEffect;

export interface PolicyRule {
  id: string;
  version: number;
  name: string;
  scopeRef: string;
  actionFamily: ActionFamily;
  order: number;
  conditions: RuleConditions;
  effect: RuleEffect;
}

/** What is proposed: the same shape for every governed family. */
export interface ProposedOperation {
  enterpriseId: string;
  actionFamily: ActionFamily;
  /** The debited account (`client-accounts/<id>` or `master-accounts/<id>`). */
  accountRef: string;
  asset: string;
  amount: bigint;
  destinationRef: string | null;
  initiatorKind: PrincipalKind;
}

export type ConditionKind = keyof RuleConditions;

export interface ConditionTrace {
  condition: ConditionKind;
  matched: boolean;
  detail: string;
}

export interface RuleTrace {
  rule_ref: string;
  rule_version: number;
  name: string;
  order: number;
  scope_ref: string;
  matched: boolean;
  conditions: ConditionTrace[];
}

/** What an approval must satisfy; copied into the approval's requirement_snapshot. */
export interface ApprovalRequirement {
  authority_ref: string;
  required_human_approvals: number;
  approver_role_ref: string;
  initiator_cannot_approve: boolean;
  approval_ttl_seconds: number;
  reason_code: string;
  requirement_key: string;
  /** `governance`: a policy change waiting for the enterprise's quorum (governance/changes.ts). */
  source: 'policy' | 'governance';
}

/** What one scope level decided on its own: its first matching rule, if any. */
export interface ScopeLevelTrace {
  scope_ref: string;
  /** The level's first matching rule's effect; null when none of its rules matched. */
  effect: RuleEffect['type'] | null;
  rule_ref: string | null;
  rule_name: string | null;
  /** This level's decision is the effective one. */
  decisive: boolean;
}

/** Stored on every governed record: the decision it was executed under and how it was reached. */
export interface PolicyDecision {
  effect: RuleEffect['type'];
  /** The deciding rule; null when no rule matched (`allow` by default). */
  rule_ref: string | null;
  rule_name: string | null;
  /** The deciding rule's scope; null when no rule matched. */
  rule_scope_ref: string | null;
  reason_code: string;
  requirement: ApprovalRequirement | null;
  evaluated_at: string;
  /** Every rule considered, level by level from the widest scope, each level in (order, id). */
  trace: RuleTrace[];
  /** Each scope level that has rules, widest first, with what it decided and which level prevailed. */
  levels: ScopeLevelTrace[];
}

/** Key of a velocity total: the window and the asset it is counted in. */
export const velocityKey = (windowSeconds: number, asset: string) => `${windowSeconds}:${asset}`;

export function velocityNeeds(rules: PolicyRule[]): Array<{ windowSeconds: number; asset: string }> {
  const needs = new Map<string, { windowSeconds: number; asset: string }>();
  for (const r of rules) {
    const v = r.conditions.velocity;
    if (v) needs.set(velocityKey(v.window_seconds, v.total_at_least.currency), { windowSeconds: v.window_seconds, asset: v.total_at_least.currency });
  }
  return [...needs.values()];
}

function checkConditions(c: RuleConditions, op: ProposedOperation, velocity: ReadonlyMap<string, bigint>): ConditionTrace[] {
  const out: ConditionTrace[] = [];
  const amount = (a: bigint) => formatAmount(a, op.asset);
  if (c.amount_at_least) {
    const t = c.amount_at_least;
    if (t.currency !== op.asset) out.push({ condition: 'amount_at_least', matched: false, detail: `threshold is in ${t.currency}, the operation in ${op.asset}` });
    else {
      const matched = op.amount >= parseAmount(t.value, t.currency);
      out.push({ condition: 'amount_at_least', matched, detail: `${amount(op.amount)} ${op.asset} ${matched ? '≥' : '<'} ${t.value} ${t.currency}` });
    }
  }
  if (c.assets) {
    const matched = c.assets.includes(op.asset);
    out.push({ condition: 'assets', matched, detail: `${op.asset} ${matched ? 'is' : 'is not'} in [${c.assets.join(', ')}]` });
  }
  if (c.destinations) {
    const matched = op.destinationRef !== null && c.destinations.includes(op.destinationRef);
    out.push({ condition: 'destinations', matched, detail: `${op.destinationRef ?? 'no destination'} ${matched ? 'is' : 'is not'} in the set` });
  }
  if (c.velocity) {
    const v = c.velocity;
    const asset = v.total_at_least.currency;
    const past = velocity.get(velocityKey(v.window_seconds, asset)) ?? 0n;
    const total = past + (op.asset === asset ? op.amount : 0n);
    const threshold = parseAmount(v.total_at_least.value, asset);
    const matched = total >= threshold;
    out.push({
      condition: 'velocity',
      matched,
      detail: `${formatAmount(total, asset)} ${asset} over ${v.window_seconds} s including this operation ${matched ? '≥' : '<'} ${v.total_at_least.value}`,
    });
  }
  if (c.initiator_kinds) {
    const matched = c.initiator_kinds.includes(op.initiatorKind);
    out.push({ condition: 'initiator_kinds', matched, detail: `initiator kind ${op.initiatorKind} ${matched ? 'is' : 'is not'} in [${c.initiator_kinds.join(', ')}]` });
  }
  return out;
}

const ruleRef = (id: string) => `policy-rules/${id}`;

const STRICTNESS: Record<RuleEffect['type'], number> = { allow: 0, require_approval: 1, deny: 2 };

/**
 * Whether a deeper level's approval requirement may stand in for a wider one's: the same approving
 * role, at least as many approvals and the initiator barred whenever the wider rule bars it, and more
 * demanding in at least one of these. Two requirements with different roles cannot be merged into one
 * approval, so then the wider requirement stays.
 */
export function tightensApproval(deeper: ApprovalEffect, wider: ApprovalEffect): boolean {
  if (deeper.approver_role_ref !== wider.approver_role_ref) return false;
  if (deeper.required_human_approvals < wider.required_human_approvals) return false;
  if (wider.initiator_cannot_approve && !deeper.initiator_cannot_approve) return false;
  return deeper.required_human_approvals > wider.required_human_approvals || deeper.initiator_cannot_approve !== wider.initiator_cannot_approve;
}

/**
 * The precedence across scope levels: given each level's own decision (null when none of its rules
 * matched), widest first, the index of the level whose decision is the effective one, or -1 when no
 * level decided. The strictest effect wins (deny > require_approval > allow); between levels of the
 * same effect the wider one stands unless a deeper approval requirement tightens it.
 */
export function prevailingLevel(levels: ReadonlyArray<RuleEffect | null>): number {
  let prevailing = -1;
  levels.forEach((effect, i) => {
    if (!effect) return;
    if (prevailing < 0) {
      prevailing = i;
      return;
    }
    const current = levels[prevailing]!;
    if (STRICTNESS[effect.type] > STRICTNESS[current.type]) prevailing = i;
    else if (effect.type === 'require_approval' && current.type === 'require_approval' && tightensApproval(effect, current)) prevailing = i;
  });
  return prevailing;
}

/**
 * Decides an operation. `rules` are the active rules of the operation's family whose scope is on
 * `scopePath` (the account's ancestry, widest first), in (order, id); every rule is traced. Within a
 * scope level the first match decides; across levels `prevailingLevel` picks the effective decision.
 */
export function decide(rules: PolicyRule[], op: ProposedOperation, velocity: ReadonlyMap<string, bigint>, now: Date, scopePath: readonly string[]): PolicyDecision {
  const depth = (r: PolicyRule) => scopePath.indexOf(r.scopeRef);
  // A stable sort: each level keeps the (order, id) order the rules came in.
  const ordered = rules.filter((r) => depth(r) >= 0).sort((a, b) => depth(a) - depth(b));
  const trace: RuleTrace[] = ordered.map((r) => {
    const conditions = checkConditions(r.conditions, op, velocity);
    return {
      rule_ref: ruleRef(r.id),
      rule_version: r.version,
      name: r.name,
      order: r.order,
      scope_ref: r.scopeRef,
      matched: conditions.every((c) => c.matched),
      conditions,
    };
  });
  const scopes = [...new Set(ordered.map((r) => r.scopeRef))];
  const deciders = scopes.map((scope) => ordered.findIndex((r, i) => r.scopeRef === scope && trace[i].matched));
  const prevailing = prevailingLevel(deciders.map((i) => (i < 0 ? null : ordered[i].effect)));
  const index = prevailing < 0 ? -1 : deciders[prevailing];
  const levels: ScopeLevelTrace[] = scopes.map((scope_ref, l) => {
    const r = deciders[l] < 0 ? null : ordered[deciders[l]];
    return { scope_ref, effect: r?.effect.type ?? null, rule_ref: r ? ruleRef(r.id) : null, rule_name: r?.name ?? null, decisive: l === prevailing };
  });
  const evaluated_at = now.toISOString();
  if (index < 0) {
    return { effect: 'allow', rule_ref: null, rule_name: null, rule_scope_ref: null, reason_code: 'no_rule_matched', requirement: null, evaluated_at, trace, levels };
  }
  const rule = ordered[index];
  const reason_code = trace[index].conditions[0]?.condition ?? 'unconditional';
  const effect = rule.effect;
  const requirement: ApprovalRequirement | null =
    effect.type === 'require_approval'
      ? {
          authority_ref: ruleRef(rule.id),
          required_human_approvals: effect.required_human_approvals,
          approver_role_ref: effect.approver_role_ref,
          initiator_cannot_approve: effect.initiator_cannot_approve,
          approval_ttl_seconds: effect.approval_ttl_seconds,
          reason_code,
          requirement_key: `${ruleRef(rule.id)}/v${rule.version}`,
          source: 'policy',
        }
      : null;
  return { effect: effect.type, rule_ref: ruleRef(rule.id), rule_name: rule.name, rule_scope_ref: rule.scopeRef, reason_code, requirement, evaluated_at, trace, levels };
}
