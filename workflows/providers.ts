import { ActivityFailure, ApplicationFailure, TemporalFailure, upsertSearchAttributes } from '@temporalio/workflow';
import { PROVIDER_UNAVAILABLE } from '../src/domain/withdrawals/messages';
import { SA } from '../src/temporal/search-attributes';

/**
 * `quick()`, and when its attempts fail, `patient()` until it answers. While a provider failure
 * (PROVIDER_UNAVAILABLE) is why, the workflow carries `CounterfoilAwaitingProvider = <provider>` so
 * an operator finds it in the Temporal UI; the attribute is removed once the provider answers. A
 * business refusal (non-retryable) still ends the call.
 */
export async function quickThenPatient<T>(quick: () => Promise<T>, patient: () => Promise<T>): Promise<T> {
  try {
    return await quick();
  } catch (err) {
    // A local activity's failure arrives as the activity's own failure, an activity's wrapped in ActivityFailure.
    const failure = err instanceof ActivityFailure ? err.cause : err;
    if (!(failure instanceof TemporalFailure) || (failure instanceof ApplicationFailure && failure.nonRetryable)) throw err;
    const provider = failure instanceof ApplicationFailure && failure.type === PROVIDER_UNAVAILABLE ? String(failure.details?.[0] ?? 'unknown') : null;
    if (provider) upsertSearchAttributes([{ key: SA.awaitingProvider, value: provider }]);
    const answer = await patient();
    if (provider) upsertSearchAttributes([{ key: SA.awaitingProvider, value: null }]);
    return answer;
  }
}
