// How long writes failed during a fault, from what the clients saw (their attempts).
import type { Attempt } from '../topology/client';

/**
 * Write outage of a fault in [from, to): from the first write attempt that failed to the end of the first
 * write that succeeded after it started (a write already under way before the failure does not count).
 * A write that stalls rather than fails (a commit waiting for a synchronous standby) shows in `slowestWriteMs`.
 */
export function writeOutage(attempts: Attempt[], from: number, to: number): { outageMs: number; failed: number; slowestWriteMs: number } {
  const writes = attempts.filter((a) => a.method === 'POST' && a.endedAt >= from && a.endedAt < to);
  const failed = writes.filter((a) => !a.definitive);
  const slowestWriteMs = Math.max(0, ...writes.map((a) => a.endedAt - a.startedAt));
  if (failed.length === 0) return { outageMs: 0, failed: 0, slowestWriteMs };
  const firstFailed = Math.min(...failed.map((a) => a.startedAt));
  const ok = writes.filter((a) => a.definitive && a.startedAt >= firstFailed).map((a) => a.endedAt);
  return { outageMs: (ok.length ? Math.min(...ok) : to) - firstFailed, failed: failed.length, slowestWriteMs };
}

/** The nearest-rank percentile (0 for no values). */
export function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}
