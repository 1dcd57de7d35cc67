import type { Services } from '../../services';
import type { PrincipalRef } from '../../auth/caller';
import { uuidv7 } from '../../ids';
import { formatAmount } from '../../money/assets';
import type { ApprovalSpec } from '../approvals/messages';
import { approverRoleId, governanceSettings } from '../approvals/settings';
import { compliancePolicy, findScreeningByKey, screen, timeOutScreening, type ScreeningRow } from '../screening';
import { COMPLIANCE_RELEASE_REASON, type WithdrawalScreeningStep } from '../screening/messages';
import { findDestination } from './destinations';
import { withdrawalWorkflowId } from './messages';
import { releaseWithdrawal } from './release';
import { findWithdrawal, moveOutOfCompliance, moveToPendingCompliance, recordWithdrawalEvent, type WithdrawalRow } from './store';

/*
 * A withdrawal's screening step (docs/compliance.md), between approval and execution: its destination
 * and the transaction are screened, and the outcome decides what follows. Accept and alert go on;
 * reject ends it `failed` (`screening_rejected`, or `screening_timed_out` when no verdict came in
 * time under a fail-closed policy), its hold released; freeze holds it in `pending_compliance` for a
 * compliance decision under quorum. Each call is idempotent: the screening is one per withdrawal.
 */

type ScreeningServices = Pick<Services, 'sql' | 'providers' | 'metrics'>;

export const screeningKey = (withdrawalId: string) => `withdrawal/${withdrawalId}`;

async function stepOf(services: ScreeningServices, w: WithdrawalRow, s: ScreeningRow): Promise<WithdrawalScreeningStep> {
  if (w.status === 'pending_compliance') return { step: 'frozen', screeningId: s.id };
  if (w.status !== 'executing') return { step: 'proceed' };
  // At least 1 ms: the workflow waits on a timer even when the deadline has passed, and then concludes.
  if (s.status === 'pending') return { step: 'pending', screeningId: s.id, timeoutMs: Math.max(1, (s.deadline?.getTime() ?? 0) - Date.now()) };
  switch (s.outcome) {
    case 'reject': {
      const reason = s.decided_by === 'timeout' ? 'screening_timed_out' : 'screening_rejected';
      return { step: 'finished', final: (await releaseWithdrawal(services.sql, w.id, 'failed', reason, services.metrics)).status };
    }
    case 'freeze':
      await services.sql.begin(async (tx) => {
        const frozen = await moveToPendingCompliance(tx, w.id);
        if (frozen) await recordWithdrawalEvent(tx, frozen, null);
      });
      return { step: 'frozen', screeningId: s.id };
    default:
      return { step: 'proceed' };
  }
}

/** Screens an executing withdrawal (once) and answers the step that follows. */
export async function screenWithdrawal(services: ScreeningServices, id: string): Promise<WithdrawalScreeningStep> {
  const w = (await findWithdrawal(services.sql, id))!;
  if (w.status !== 'executing' && w.status !== 'pending_compliance') return { step: 'proceed' };
  const existing = await findScreeningByKey(services.sql, screeningKey(id));
  if (existing && existing.status !== 'screening') return stepOf(services, w, existing);
  const d = (await findDestination(services.sql, w.destination_id))!;
  const s = await screen(services, {
    businessKey: screeningKey(id),
    enterpriseId: w.enterprise_id,
    subjectRef: `withdrawals/${id}`,
    scopePath: w.scope_path,
    subject: { kind: 'crypto_address', network: d.network, address: d.address, memo: d.memo },
    transaction: { direction: 'outgoing', asset: w.asset, amount: formatAmount(BigInt(w.amount), w.asset), rail: w.rail },
  });
  return stepOf(services, w, s);
}

/** After the wait for a pending verdict: the verdict's step, or, when the wait timed out first, the policy's. */
export async function concludeWithdrawalScreening(services: ScreeningServices, id: string, timedOut: boolean): Promise<WithdrawalScreeningStep> {
  let s = (await findScreeningByKey(services.sql, screeningKey(id)))!;
  if (s.status === 'pending' && timedOut) s = await timeOutScreening(services.sql, s.id, services.metrics);
  return stepOf(services, (await findWithdrawal(services.sql, id))!, s);
}

/**
 * The approval a frozen withdrawal waits for: the compliance policy's quorum of the enterprise's
 * approving role, its initiator barred, expiring after the policy's decision TTL. Approved releases
 * it to execution; rejected or expired fails it, the hold released.
 */
export async function complianceDecisionSpec(sql: Services['sql'], id: string): Promise<ApprovalSpec> {
  const w = (await findWithdrawal(sql, id))!;
  const [policy, settings] = await Promise.all([compliancePolicy(sql, w.enterprise_id), governanceSettings(sql, w.enterprise_id)]);
  return {
    approvalId: uuidv7(),
    actionFamily: 'withdrawal',
    governedRef: `withdrawals/${id}/compliance`,
    operationId: id,
    workflowId: withdrawalWorkflowId(id),
    enterpriseId: w.enterprise_id,
    scopePath: w.scope_path,
    initiatedBy: w.subject_attribution,
    requirement: {
      authority_ref: `compliance-policies/${w.enterprise_id}`,
      required_human_approvals: policy.decision_quorum,
      approver_role_ref: `roles/${await approverRoleId(sql, settings)}`,
      initiator_cannot_approve: true,
      approval_ttl_seconds: policy.decision_ttl_seconds,
      reason_code: COMPLIANCE_RELEASE_REASON,
      requirement_key: `compliance-policies/${w.enterprise_id}/v${policy.version}`,
      source: 'governance',
    },
  };
}

/** pending_compliance → executing once the compliance decision released it. Answers the status after. */
export async function releaseFromCompliance(sql: Services['sql'], id: string, releasedBy: PrincipalRef[]): Promise<string> {
  return sql.begin(async (tx) => {
    const row = await moveOutOfCompliance(tx, id, releasedBy);
    if (row) await recordWithdrawalEvent(tx, row, null);
    return row ? row.status : (await findWithdrawal(tx, id))!.status;
  });
}
