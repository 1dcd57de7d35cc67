import { AppError } from '../../errors';
import type { PolicyDecision } from './engine';

/** A `deny` decision as the API answers it: 422 EdgeUnprocessable, reason `policy_denied`, naming the rule. */
export function policyDenied(decision: PolicyDecision): AppError {
  return new AppError('EdgeUnprocessable', `Denied by policy rule "${decision.rule_name}" (${decision.rule_ref}).`, {
    reason: 'policy_denied',
    errors: [{ pointer: '/body', detail: `denied by ${decision.rule_ref}` }],
    extensions: { rule_ref: decision.rule_ref, rule_name: decision.rule_name, policy_decision: decision },
  });
}

export function assertNotDenied(decision: PolicyDecision): void {
  if (decision.effect === 'deny') throw policyDenied(decision);
}
