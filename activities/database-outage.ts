import { ApplicationFailure, Context } from '@temporalio/activity';
import type { Sql } from 'postgres';
import { isDatabaseUnavailable } from '../src/db/unavailable';

/** ApplicationFailure type of an activity that failed because the database went away: always retried. */
export const DATABASE_UNAVAILABLE = 'DatabaseUnavailable';

/** Longest an attempt waits for the database before it fails (and Temporal schedules the next one). */
export const OUTAGE_WAIT_MS = 30_000;
const PROBE_MS = 250;

/**
 * An activity whose database went away (a failover) fails retryably, after waiting for the database
 * to answer again, within the attempt's own time. Without the wait, a workflow that allows few
 * attempts (an export: 3, one second apart) spent them all inside a 15 s failover and failed for
 * good; with it, each attempt spans the outage and the next one runs against the new primary.
 */
export async function throughDatabaseOutage<T>(sql: Sql, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!isDatabaseUnavailable(err)) throw err;
    // A local activity runs inside a workflow task: waiting there would outlast the task's timeout
    // (the workflow's updates then fail); its own retries, without end, wait out the outage instead.
    if (!inActivity()?.info.isLocal) await waitForDatabase(sql);
    throw ApplicationFailure.retryable(`the database connection was lost: ${(err as Error).message}`, DATABASE_UNAVAILABLE);
  }
}

async function waitForDatabase(sql: Sql): Promise<void> {
  const ctx = inActivity();
  const info = ctx?.info;
  // Leave the attempt a second to report its failure before its start-to-close timeout.
  const attemptLeft = info ? info.startToCloseTimeoutMs - (Date.now() - info.currentAttemptScheduledTimestampMs) - 1000 : OUTAGE_WAIT_MS;
  const until = Date.now() + Math.min(OUTAGE_WAIT_MS, attemptLeft);
  while (Date.now() < until) {
    try {
      await sql`select 1`;
      return;
    } catch {
      ctx?.heartbeat();
      await new Promise((r) => setTimeout(r, PROBE_MS));
    }
  }
}

function inActivity(): Context | undefined {
  try {
    return Context.current();
  } catch {
    return undefined; // called outside an activity (a direct call in a test)
  }
}

/** Every activity of `activities` through throughDatabaseOutage. */
export function classifyDatabaseOutages<A extends Record<string, (...args: never[]) => Promise<unknown>>>(sql: Sql, activities: A): A {
  return Object.fromEntries(
    Object.entries(activities).map(([name, fn]) => [name, (...args: never[]) => throughDatabaseOutage(sql, () => fn(...args))]),
  ) as A;
}
