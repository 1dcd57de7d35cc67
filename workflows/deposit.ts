import { proxyActivities, sleep, upsertSearchAttributes } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { DEPOSIT_NOT_FOUND, type DepositWorkflowInput } from '../src/domain/deposits/messages';
import { SA } from '../src/temporal/search-attributes';
import { versioned } from './versioning';

const { confirmDeposit, creditDeposit } = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '200 milliseconds', maximumInterval: '30 seconds', nonRetryableErrorTypes: [DEPOSIT_NOT_FOUND] },
});

/** Workflow id `deposit/<id>`: waits for the confirmations, confirms, then credits exactly once. */
export async function depositWorkflow(input: DepositWorkflowInput): Promise<string> {
  upsertSearchAttributes([
    { key: SA.enterprise, value: input.enterpriseId },
    { key: SA.account, value: input.accountRef },
    { key: SA.family, value: 'deposit' },
    { key: SA.status, value: 'pending' },
    ...(input.clientId ? [{ key: SA.client, value: input.clientId }] : []),
  ]);
  const wait = input.confirmations * input.blockMs;
  if (wait > 0) await sleep(wait);
  const confirmed = await confirmDeposit(input.depositId);
  upsertSearchAttributes([{ key: SA.status, value: confirmed }]);
  if (confirmed !== 'confirmed' && confirmed !== 'credited') return confirmed;
  const final = await creditDeposit(input.depositId);
  upsertSearchAttributes([{ key: SA.status, value: final }]);
  return final;
}

versioned('PINNED', depositWorkflow);
