// How long writes failed during a fault, from what the clients saw (their attempts).
import type { Attempt } from '../topology/client';

export interface WriteOutage {
  /** First write attempt that failed → end of the first write that succeeded after it started (0 when none failed). */
  outageMs: number;
  /**
   * The longest stretch in [from, to) without a write succeeding: from the fault (or a success) to the next
   * success. It counts stalls as well as failures (a commit waiting for a synchronous standby, a request
   * held until the client gave up), which `outageMs` cannot see when no attempt failed.
   */
  longestGapMs: number;
  failed: number;
  slowestWriteMs: number;
  /** The route of the slowest write attempt (which kind of write stalls). */
  slowestWritePath: string;
}

/**
 * Write outage of a fault in [from, to): counted from the attempts that ended inside the window (a write
 * already under way before the failure that succeeds does not end the outage).
 */
export function writeOutage(attempts: Attempt[], from: number, to: number): WriteOutage {
  const writes = attempts.filter((a) => a.method === 'POST' && a.endedAt >= from && a.endedAt < to);
  const failed = writes.filter((a) => !a.definitive);
  const slowest = writes.reduce<Attempt | undefined>((s, a) => (!s || a.endedAt - a.startedAt > s.endedAt - s.startedAt ? a : s), undefined);
  const successes = writes.filter((a) => a.definitive).map((a) => a.endedAt).sort((a, b) => a - b);
  let longestGapMs = 0;
  let last = from;
  for (const t of [...successes, to]) {
    longestGapMs = Math.max(longestGapMs, t - last);
    last = t;
  }
  const base = { longestGapMs, failed: failed.length, slowestWriteMs: slowest ? slowest.endedAt - slowest.startedAt : 0, slowestWritePath: slowest ? routeOf(slowest.path) : '-' };
  if (failed.length === 0) return { outageMs: 0, ...base };
  const firstFailed = Math.min(...failed.map((a) => a.startedAt));
  const ok = writes.filter((a) => a.definitive && a.startedAt >= firstFailed).map((a) => a.endedAt);
  return { outageMs: (ok.length ? Math.min(...ok) : to) - firstFailed, ...base };
}

/** A request path with its ids left out (`/client-accounts/{id}/withdrawals`). */
export function routeOf(p: string): string {
  return p.split('?')[0].replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '{id}');
}

/** The nearest-rank percentile (0 for no values). */
export function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}
