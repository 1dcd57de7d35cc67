import { ApplicationFailure } from '@temporalio/activity';
import { ProviderNotConnected } from '../src/providers';
import { ConnectorFailure } from '../src/providers/http/client';
import { PROVIDER_UNAVAILABLE } from '../src/domain/withdrawals/messages';

/** Runs `work`; a failure of the rail's provider is retried as PROVIDER_UNAVAILABLE naming it, so the workflow can show whom it waits for. */
export async function namingProviderFailures<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ConnectorFailure) throw ApplicationFailure.retryable(err.message, PROVIDER_UNAVAILABLE, err.connector);
    if (err instanceof ProviderNotConnected) throw ApplicationFailure.retryable(err.message, PROVIDER_UNAVAILABLE, err.provider ?? 'none');
    throw err;
  }
}
