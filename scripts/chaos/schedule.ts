// The faults of one `npm run chaos` run, drawn from its seed: pure, so a seed prints and repeats the same schedule.

export type FaultKind = 'kill' | 'terminate-backends' | 'drop-connections' | 'lose-commit-answer' | 'database-outage' | 'latency';

export interface Fault {
  /** When, from the start of the load. */
  atMs: number;
  kind: FaultKind;
  /** The process a kill is for (`api-1`, `worker-2`, …). */
  target?: string;
  /** How long an outage or the latency lasts. */
  durationMs?: number;
}

export interface Schedule {
  seed: number;
  /** The share of activity attempts that fail after their effect (COUNTERFOIL_SANDBOX_ACTIVITY_FAULTS). */
  activityFaultRate: number;
  /** The share of payouts the connector answers with a 500 after recording them, answers late, or confirms twice. */
  connectorFaultRate: number;
  faults: Fault[];
}

const KINDS: FaultKind[] = ['kill', 'kill', 'terminate-backends', 'drop-connections', 'lose-commit-answer', 'database-outage', 'latency'];
const TARGETS = ['api-1', 'api-2', 'worker-1', 'worker-2'];

/** mulberry32: a small, well-mixed 32-bit generator; the same seed gives the same numbers everywhere. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/**
 * `count` faults at times drawn within the first 80 % of `loadMs` (the rest lets the last one heal
 * under load), each a kind drawn from KINDS (a kill twice as likely), the activity fault rate
 * between 2 % and 15 %, and the connector's between 5 % and 25 %.
 */
export function drawSchedule(seed: number, count: number, loadMs: number): Schedule {
  const next = random(seed);
  const between = (lo: number, hi: number) => lo + (hi - lo) * next();
  const pick = <T>(xs: T[]): T => xs[Math.floor(next() * xs.length)];
  const activityFaultRate = Math.round(between(0.02, 0.15) * 1000) / 1000;
  const connectorFaultRate = Math.round(between(0.05, 0.25) * 1000) / 1000;
  const faults: Fault[] = [];
  for (let i = 0; i < count; i++) {
    const atMs = Math.round(between(0.05, 0.8) * loadMs);
    const kind = pick(KINDS);
    const fault: Fault = { atMs, kind };
    if (kind === 'kill') fault.target = pick(TARGETS);
    if (kind === 'database-outage') fault.durationMs = Math.round(between(1000, 6000));
    if (kind === 'latency') fault.durationMs = Math.round(between(2000, 8000));
    faults.push(fault);
  }
  faults.sort((a, b) => a.atMs - b.atMs || a.kind.localeCompare(b.kind));
  return { seed, activityFaultRate, connectorFaultRate, faults };
}

/** "t+12.3 s SIGKILL worker-2, restarted": one line per fault. */
export function describeFault(f: Fault): string {
  const at = `t+${(f.atMs / 1000).toFixed(1)} s`;
  const seconds = (ms = 0) => `${(ms / 1000).toFixed(1)} s`;
  switch (f.kind) {
    case 'kill':
      return `${at} SIGKILL ${f.target}, restarted`;
    case 'terminate-backends':
      return `${at} pg_terminate_backend on every Counterfoil connection`;
    case 'drop-connections':
      return `${at} every database connection cut at the proxy`;
    case 'lose-commit-answer':
      return `${at} the next COMMIT runs, its answer lost`;
    case 'database-outage':
      return `${at} database unreachable for ${seconds(f.durationMs)}`;
    case 'latency':
      return `${at} 200 ms added to every database round trip for ${seconds(f.durationMs)}`;
  }
}
