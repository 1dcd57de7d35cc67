/**
 * The policy engine, for every governed family (withdrawals, internal transfers, conversions,
 * off-ramps). How a governed operation uses it (docs/governed-money.md):
 *
 *   1. In the transaction that creates the record: `const decision = await evaluatePolicy(tx, op, accountPath)`.
 *   2. `assertNotDenied(decision)` — a `deny` is 422 `policy_denied` naming the rule; nothing is created.
 *   3. Store `decision` (the trace) on the record and `recordVelocity(tx, {...})` for it.
 *   4. When `decision.requirement` is set, the record's workflow runs `awaitApproval` (workflows/approval.ts)
 *      with an `ApprovalSpec` built by `approvalSpecOf` (src/domain/approvals).
 *   5. When the operation ends without moving money: `releaseVelocity(tx, operationRef)`.
 */
export {
  ACTION_FAMILIES,
  decide,
  type ActionFamily,
  type ApprovalEffect,
  type ApprovalRequirement,
  type ConditionTrace,
  type PolicyDecision,
  type PolicyRule,
  type ProposedOperation,
  type RuleConditions,
  type RuleEffect,
  type RuleTrace,
  type ScopeLevelTrace,
} from './engine';
export { evaluatePolicy, velocitiesInBulk, recordVelocity, releaseVelocity, type VelocityEntry } from './evaluate';
export { assertNotDenied, policyDenied } from './denial';
export { PolicyDecisionBody } from './decision-body';
export { visibleByScopePath } from './scope';
export { activeRules, anyRuleCovers, POLICY_RULES_CHANNEL } from './active-rules';
