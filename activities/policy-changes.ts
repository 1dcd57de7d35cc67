import type { Services } from '../src/services';
import type { PrincipalRef } from '../src/auth/caller';
import type { ApprovalOutcome } from '../src/domain/approvals/messages';
import { applyPolicyChange, closePolicyChange } from '../src/domain/governance/changes';
import type { PolicyChangeStatus } from '../src/domain/governance/change-rows';

/** Policy-change activities: idempotent by the change id (only a pending change moves). */
export function createPolicyChangeActivities(services: Pick<Services, 'sql'>) {
  return {
    async applyPolicyChange(changeId: string, approvedBy: PrincipalRef[]): Promise<PolicyChangeStatus> {
      return applyPolicyChange(services.sql, changeId, approvedBy);
    },
    async closePolicyChange(changeId: string, outcome: Exclude<ApprovalOutcome, 'approved'>): Promise<PolicyChangeStatus> {
      return closePolicyChange(services.sql, changeId, outcome);
    },
  };
}
