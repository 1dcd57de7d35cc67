// Pure (no Node imports): the delivery workflow and the outbox dispatcher both plan delays with it.

/** ±20 % jitter so receivers that failed together are not retried together. */
export function withJitter(seconds: number): number {
  return Math.round(seconds * 1000 * (0.8 + 0.4 * Math.random()));
}

/** The planned delay after attempt `number` (1-based), or null when the schedule has no further attempt. */
export function plannedDelayAfter(schedule: readonly number[], number: number): number | null {
  return number < schedule.length ? withJitter(schedule[number]) : null;
}
