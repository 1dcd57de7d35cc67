import { ApplicationFailure } from '@temporalio/activity';
import type { Services } from '../src/services';
import { confirmDeposit, creditDeposit } from '../src/domain/deposits/deposits';
import type { DepositStatus } from '../src/domain/funding/present';
import { DEPOSIT_NOT_FOUND } from '../src/domain/deposits/messages';

/** Deposit activities: idempotent by the deposit id (status guards and the ledger's business key). */
export function createDepositActivities(services: Pick<Services, 'sql' | 'metrics'>) {
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
  };
}
