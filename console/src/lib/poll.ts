/**
 * How long the console waits before it re-reads something that changes on its own (the approvals count,
 * a record until it settles, an export until it is ready). A page may shorten it with a global
 * `counterfoilPollMs` set before the app loads: the browser tests do, to wait on the change rather than
 * on the interval. It never lengthens one.
 */
export function pollInterval(ms: number): number {
  const override = Number((globalThis as { counterfoilPollMs?: unknown }).counterfoilPollMs);
  return override > 0 ? Math.min(ms, override) : ms;
}
