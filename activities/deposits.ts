import { ApplicationFailure } from '@temporalio/activity';
import type { Services } from '../src/services';
import { confirmDeposit, creditDeposit } from '../src/domain/deposits/deposits';
import type { DepositStatus } from '../src/domain/funding/present';
import { DEPOSIT_NOT_FOUND } from '../src/domain/deposits/messages';
import type { PrincipalRef, SubjectAttribution } from '../src/auth/caller';
import { markDepositReturnExecuting, releaseDepositReturn, sendDepositReturn, settleDepositReturn } from '../src/domain/deposits/return-execute';
import type { DepositReturnStatus } from '../src/domain/deposits/return-model';

/** Deposit activities: idempotent by the deposit id (status guards and the ledger's business key), and the steps of a deposit's return. */
export function createDepositActivities(services: Pick<Services, 'sql' | 'metrics' | 'providers' | 'log'>) {
  const known = (status: DepositStatus | null, depositId: string): DepositStatus => {
    if (status === null) throw ApplicationFailure.nonRetryable(`deposit ${depositId} does not exist`, DEPOSIT_NOT_FOUND);
    return status;
  };
  return {
    /** pending → confirmed once the network's confirmations are in. Returns the status after. */
    async confirmDeposit(depositId: string): Promise<DepositStatus> {
      return known(await confirmDeposit(services.sql, depositId), depositId);
    },
    /** confirmed → credited through the ledger, exactly once (business key `deposit/<id>`). */
    async creditDeposit(depositId: string): Promise<DepositStatus> {
      return known(await creditDeposit(services.sql, depositId, services.metrics), depositId);
    },
    /** pending_approval → executing once approved. Returns the status after. */
    markDepositReturnExecuting: (returnId: string, approvedBy: PrincipalRef[]): Promise<DepositReturnStatus | null> => markDepositReturnExecuting(services.sql, returnId, approvedBy),
    /** Pays the sender back through the deposit's provider, once per `deposit_return/<id>`. */
    sendDepositReturn: (returnId: string): Promise<DepositReturnStatus | null> => sendDepositReturn(services, returnId),
    /** executing → executed: voids the hold and books the reversal of the credit, once. */
    settleDepositReturn: (returnId: string): Promise<DepositReturnStatus | null> => settleDepositReturn(services, returnId, services.metrics),
    /** pending_approval → rejected | expired | cancelled: voids the hold, once. */
    releaseDepositReturn: (returnId: string, outcome: 'rejected' | 'expired' | 'cancelled', attribution: SubjectAttribution | null): Promise<DepositReturnStatus | null> =>
      releaseDepositReturn(services.sql, returnId, outcome, attribution),
  };
}
