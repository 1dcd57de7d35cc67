import { useCallback, useEffect, useRef, useState } from 'react';
import { problemOf, type SdkProblem as Problem } from '../../../clients/typescript/index';

export type Loaded<T> =
  | { state: 'loading'; data?: T; reload: () => void }
  | { state: 'error'; problem: Problem; data?: T; reload: () => void }
  | { state: 'ready'; data: T; reload: () => void };

type Call<T> = () => Promise<{ data?: T; error?: unknown; response: Response }>;

/** Runs `call` (a typed API call) when `deps` change; `reload()` runs it again. `pollMs` refreshes while `poll(data)` holds. */
export function useApi<T>(call: Call<T>, deps: unknown[], opts: { pollMs?: number; poll?: (data: T) => boolean } = {}): Loaded<T> {
  const [result, setResult] = useState<{ state: 'loading' | 'error' | 'ready'; data?: T; problem?: Problem }>({ state: 'loading' });
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  const latest = useRef(call);
  latest.current = call;

  useEffect(() => {
    let live = true;
    setResult((r) => ({ state: 'loading', data: r.data }));
    latest
      .current()
      .then((res) => {
        if (!live) return;
        if (res.data !== undefined) setResult({ state: 'ready', data: res.data });
        else setResult({ state: 'error', problem: problemOf(res.error, res.response) });
      })
      .catch((err: unknown) => live && setResult({ state: 'error', problem: problemOf(err) }));
    return () => {
      live = false;
    };
    // The caller's deps, spread: they say when to fetch again (a fixed-length list per call site).
  }, [...deps, tick]);

  const { pollMs, poll } = opts;
  useEffect(() => {
    if (!pollMs || result.state !== 'ready' || !poll?.(result.data as T)) return;
    const timer = setTimeout(() => latest.current().then((res) => res.data !== undefined && setResult({ state: 'ready', data: res.data })), pollMs);
    return () => clearTimeout(timer);
  }, [pollMs, poll, result]);

  return { ...result, reload } as Loaded<T>;
}

/** Seconds until `iso`, ticking once a second (0 once past). */
export function useCountdown(iso: string): number {
  const target = Date.parse(iso);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.round((target - now) / 1000));
}

/** Keyset paging: the tokens of the pages seen so far, so "Previous" works without the server keeping state. */
export function usePaging(resetKey: string) {
  const [stack, setStack] = useState<Array<string | undefined>>([undefined]);
  useEffect(() => setStack([undefined]), [resetKey]);
  const token = stack[stack.length - 1];
  return {
    token,
    page: stack.length,
    next: (nextToken: string) => setStack((s) => [...s, nextToken]),
    previous: () => setStack((s) => (s.length > 1 ? s.slice(0, -1) : s)),
  };
}
