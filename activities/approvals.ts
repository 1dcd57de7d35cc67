import type { Services } from '../src/services';
import type { SubjectAttribution } from '../src/auth/caller';
import { openApproval, recordApprovalChange, type ApprovalView } from '../src/domain/approvals/approvals';
import type { ApprovalDecision, ApprovalSpec, ApprovalVote } from '../src/domain/approvals/messages';
import type { EntryRecord } from '../src/domain/audit/entries';

/** Approval activities: idempotent by the approval id, the (approval, user) vote key and the pending → terminal guard. */
export function createApprovalActivities(services: Pick<Services, 'sql'>) {
  return {
    async openApproval(spec: ApprovalSpec, expiresAt: string): Promise<ApprovalView> {
      return openApproval(services.sql, spec, new Date(expiresAt));
    },
    async recordApprovalChange(input: {
      approvalId: string;
      vote: ApprovalVote | null;
      decision: ApprovalDecision | null;
      attribution: SubjectAttribution | null;
      auditEntry?: EntryRecord;
    }): Promise<ApprovalView> {
      return recordApprovalChange(services.sql, input);
    },
  };
}
