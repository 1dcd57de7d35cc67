import { setTimeout as delay } from 'node:timers/promises';
import { ApplicationFailure } from '@temporalio/activity';
import type { Services } from '../src/services';
import type { PrincipalRef } from '../src/auth/caller';
import { findWithdrawal, isTerminal, markWithdrawalExecuting, recordRailAcceptance, releaseWithdrawal, settleWithdrawal, type ReleaseOutcome, type WithdrawalRow } from '../src/domain/withdrawals';
import type { WithdrawalStatus } from '../src/domain/withdrawals/events';
import { findDestination } from '../src/domain/withdrawals/destinations';
import type { RailOutcome } from '../src/providers/rails';
import { namingProviderFailures } from './providers';
import type { EntryRecord } from '../src/domain/audit/entries';
import { WITHDRAWAL_NOT_EXECUTING, WITHDRAWAL_NOT_FOUND } from '../src/domain/withdrawals/messages';
import { complianceDecisionSpec, concludeWithdrawalScreening, releaseFromCompliance, screenWithdrawal } from '../src/domain/withdrawals/screen';
import type { WithdrawalScreeningStep } from '../src/domain/screening/messages';
import type { ApprovalSpec } from '../src/domain/approvals/messages';

type SubmitAnswer = { status: 'accepted'; checkAfterMs: number } | { status: 'rejected'; reason: string };
export type ExecuteAnswer = { status: 'finished'; final: WithdrawalStatus } | { status: 'pending'; checkAfterMs: number };

/**
 * Withdrawal activities. Each is idempotent by the withdrawal id: status guards in the database
 * (one transition out of each state), the ledger's hold and business keys, and the rail's
 * submission key `withdrawal/<id>`. No transaction spans two activities.
 */
export function createWithdrawalActivities(services: Pick<Services, 'sql' | 'metrics' | 'providers'>) {
  const load = async (id: string): Promise<WithdrawalRow> => {
    const row = await findWithdrawal(services.sql, id);
    if (!row) throw ApplicationFailure.nonRetryable(`withdrawal ${id} does not exist`, WITHDRAWAL_NOT_FOUND);
    return row;
  };
  const railKey = (id: string) => `withdrawal/${id}`;
  /** The rail's provider for this withdrawal (routing: its network; a connector of its enterprise, or the sandbox). */
  const railOf = (w: WithdrawalRow) => services.providers.rail(w.enterprise_id, w.rail);
  /** Hands the withdrawal to the rail (once per key) and records its reference when accepted. */
  const submit = async (w: WithdrawalRow): Promise<SubmitAnswer> => {
    const destination = (await findDestination(services.sql, w.destination_id))!;
    const outcome = await (await railOf(w)).submit({
      businessKey: railKey(w.id),
      enterpriseId: w.enterprise_id,
      rail: destination.network,
      destination: { address: destination.address, memo: destination.memo },
      asset: w.asset,
      amount: BigInt(w.amount),
    });
    if (outcome.status === 'rejected') return outcome;
    await recordRailAcceptance(services.sql, w.id, outcome.reference);
    return { status: 'accepted', checkAfterMs: outcome.checkAfterMs };
  };
  /** executeWithdrawal's work (below). */
  const execute = async (id: string, confirmWithinMs: number): Promise<ExecuteAnswer> => {
    const w = await load(id);
    if (isTerminal(w.status)) return { status: 'finished', final: w.status };
    if (w.status !== 'executing') throw ApplicationFailure.nonRetryable(`withdrawal ${id} is ${w.status}, not executing`, WITHDRAWAL_NOT_EXECUTING);
    const submitted = await submit(w);
    if (submitted.status === 'rejected') return { status: 'finished', final: (await releaseWithdrawal(services.sql, id, 'failed', submitted.reason, services.metrics)).status };
    const deadline = Date.now() + confirmWithinMs;
    let wait = submitted.checkAfterMs;
    const rail = await railOf(w);
    for (;;) {
      if (wait > 0 && Date.now() + wait > deadline) return { status: 'pending', checkAfterMs: Math.max(0, wait) };
      if (wait > 0) await delay(wait);
      const outcome = await rail.outcome(railKey(id));
      if (outcome.status === 'failed') return { status: 'finished', final: (await releaseWithdrawal(services.sql, id, 'failed', outcome.reason, services.metrics)).status };
      if (outcome.status === 'confirmed') return { status: 'finished', final: await settleWithdrawal(services.sql, id, services.metrics) };
      wait = outcome.checkAfterMs;
    }
  };
  return {
    async markWithdrawalExecuting(id: string, approvedBy: PrincipalRef[]): Promise<WithdrawalStatus> {
      return markWithdrawalExecuting(services.sql, id, approvedBy);
    },
    async submitWithdrawal(id: string): Promise<SubmitAnswer> {
      const w = await load(id);
      if (w.status !== 'executing') throw ApplicationFailure.nonRetryable(`withdrawal ${id} is ${w.status}, not executing`, WITHDRAWAL_NOT_EXECUTING);
      return submit(w);
    },
    /**
     * Submission, confirmation and settlement in one step, for a local activity: submits, waits here
     * when the rail confirms within `confirmWithinMs`, then settles (or releases on a rail failure).
     * A slower rail answers `pending` and the workflow waits durably instead. Idempotent as a whole:
     * a retry after any part finds the rail's submission, the status guards and the hold's claim.
     */
    async executeWithdrawal(id: string, confirmWithinMs: number): Promise<ExecuteAnswer> {
      return namingProviderFailures(() => execute(id, confirmWithinMs));
    },
    async withdrawalRailOutcome(id: string): Promise<RailOutcome> {
      return namingProviderFailures(async () => (await railOf(await load(id))).outcome(railKey(id)));
    },
    /** Screens the withdrawal's destination and transaction (once); a screening provider that cannot answer is PROVIDER_UNAVAILABLE under a fail-closed policy. */
    async screenWithdrawal(id: string): Promise<WithdrawalScreeningStep> {
      await load(id);
      return namingProviderFailures(() => screenWithdrawal(services, id));
    },
    async concludeWithdrawalScreening(id: string, timedOut: boolean): Promise<WithdrawalScreeningStep> {
      await load(id);
      return concludeWithdrawalScreening(services, id, timedOut);
    },
    async complianceDecisionSpec(id: string): Promise<ApprovalSpec> {
      await load(id);
      return complianceDecisionSpec(services.sql, id);
    },
    async releaseFromCompliance(id: string, releasedBy: PrincipalRef[]): Promise<string> {
      return releaseFromCompliance(services.sql, id, releasedBy);
    },
    async settleWithdrawal(id: string): Promise<WithdrawalStatus> {
      return settleWithdrawal(services.sql, id, services.metrics);
    },
    /** `auditEntry`: the cancelling request's entry (audit/entries carriedEntry), committed with the release, once across retries. */
    /** Answers the status only: a workflow history holds ids and statuses, never amounts (docs/operations.md). */
    async releaseWithdrawal(id: string, outcome: ReleaseOutcome, reason: string, auditEntry?: EntryRecord): Promise<WithdrawalStatus> {
      return (await releaseWithdrawal(services.sql, id, outcome, reason, services.metrics, undefined, auditEntry)).status;
    },
  };
}
