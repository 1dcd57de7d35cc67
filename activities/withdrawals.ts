import { ApplicationFailure } from '@temporalio/activity';
import type { Services } from '../src/services';
import type { PrincipalRef } from '../src/auth/caller';
import { findWithdrawal, markWithdrawalExecuting, recordRailAcceptance, releaseWithdrawal, settleWithdrawal, type ReleaseOutcome, type WithdrawalRow } from '../src/domain/withdrawals/withdrawals';
import type { WithdrawalStatus } from '../src/domain/withdrawals/events';
import { findDestination } from '../src/domain/withdrawals/destinations';
import { withdrawalRail, type RailOutcome } from '../src/domain/rails';

/**
 * Withdrawal activities. Each is idempotent by the withdrawal id: status guards in the database
 * (one transition out of each state), the ledger's hold and business keys, and the rail's
 * submission key `withdrawal/<id>`. No transaction spans two activities.
 */
export function createWithdrawalActivities(services: Services) {
  const load = async (id: string): Promise<WithdrawalRow> => {
    const row = await findWithdrawal(services.sql, id);
    if (!row) throw ApplicationFailure.nonRetryable(`withdrawal ${id} does not exist`, 'WithdrawalNotFound');
    return row;
  };
  const railKey = (id: string) => `withdrawal/${id}`;
  return {
    async markWithdrawalExecuting(id: string, approvedBy: PrincipalRef[]): Promise<WithdrawalStatus> {
      return markWithdrawalExecuting(services.sql, id, approvedBy);
    },
    /** Hands the withdrawal to the rail (once per key) and records its reference when accepted. */
    async submitWithdrawal(id: string): Promise<{ status: 'accepted'; checkAfterMs: number } | { status: 'rejected'; reason: string }> {
      const w = await load(id);
      if (w.status !== 'executing') throw ApplicationFailure.nonRetryable(`withdrawal ${id} is ${w.status}, not executing`, 'WithdrawalNotExecuting');
      const destination = (await findDestination(services.sql, w.destination_id))!;
      const outcome = await withdrawalRail(services).submit({
        businessKey: railKey(id),
        enterpriseId: w.enterprise_id,
        network: destination.network,
        address: destination.address,
        memo: destination.memo,
        asset: w.asset,
        amount: BigInt(w.amount),
      });
      if (outcome.status === 'rejected') return outcome;
      await recordRailAcceptance(services.sql, id, outcome.reference);
      return { status: 'accepted', checkAfterMs: outcome.checkAfterMs };
    },
    async withdrawalRailOutcome(id: string): Promise<RailOutcome> {
      return withdrawalRail(services).outcome(railKey(id));
    },
    async settleWithdrawal(id: string): Promise<WithdrawalStatus> {
      return settleWithdrawal(services.sql, id, services.metrics);
    },
    async releaseWithdrawal(id: string, outcome: ReleaseOutcome, reason: string) {
      return releaseWithdrawal(services.sql, id, outcome, reason, services.metrics);
    },
  };
}
