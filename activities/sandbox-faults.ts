import { createHash } from 'node:crypto';
import { ApplicationFailure, Context } from '@temporalio/activity';
import type { Logger } from 'pino';

/** ApplicationFailure type of an attempt failed on purpose after its effect (COUNTERFOIL_SANDBOX_ACTIVITY_FAULTS). */
export const SANDBOX_ACTIVITY_FAULT = 'SandboxActivityFault';

/** Only the first attempts fail: a fault tests the retry after an effect, not an activity's last attempt. */
const FAULTY_ATTEMPTS = 2;

/**
 * Whether attempt `attempt` of the activity `identity` (workflow, activity id and type) fails after its
 * effect: a hash of the seed and the attempt, so a seed decides the same for the same activity.
 */
export function failsAfterEffect(faults: { seed: number; rate: number }, identity: string, attempt: number): boolean {
  if (attempt > FAULTY_ATTEMPTS || faults.rate <= 0) return false;
  const h = createHash('sha256').update(`${faults.seed}\u0000${identity}\u0000${attempt}`).digest();
  return h.readUInt32BE(0) / 2 ** 32 < faults.rate;
}

/**
 * Every activity of `activities`, failing now and then after it did its work, as a worker does that
 * dies between the effect and its report (`npm run chaos`; sandbox only, refused in production by the
 * configuration). The attempt's result is thrown away and Temporal retries it: an activity that is
 * not idempotent books twice here, and `ledger verify` names it.
 */
export function withFaultsAfterEffect<A extends Record<string, (...args: never[]) => Promise<unknown>>>(
  faults: { seed: number; rate: number } | null,
  activities: A,
  log: Pick<Logger, 'warn'>,
): A {
  if (!faults) return activities;
  return Object.fromEntries(
    Object.entries(activities).map(([name, fn]) => [
      name,
      async (...args: never[]) => {
        const result = await fn(...args);
        const { info } = Context.current();
        if (failsAfterEffect(faults, `${info.workflowExecution?.workflowId ?? ''}\u0000${info.activityId}\u0000${name}`, info.attempt)) {
          log.warn({ activity: name, attempt: info.attempt, local: info.isLocal }, 'activity failed on purpose after its effect');
          throw ApplicationFailure.retryable(`${name} failed on purpose after its effect (attempt ${info.attempt})`, SANDBOX_ACTIVITY_FAULT);
        }
        return result;
      },
    ]),
  ) as A;
}
