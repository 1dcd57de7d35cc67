import { useEffect, useSyncExternalStore } from 'react';
import { pollInterval } from '../../lib/poll';
import { setWaitingCount } from '../../lib/title';
import { COUNT_CAP, countWaiting } from './api/approvals';

/*
 * The live count of approvals waiting for the signed-in person: one poller per tab, shared by the
 * navigation badge, the tab title and the inbox (which reloads when the count changes). Polling with
 * ETags rather than server-sent events: it goes through the same generated client, token and
 * authorization as every other read, holds no connection open per tab on the API processes, and an
 * unchanged inbox is answered 304 from the browser's revalidation.
 */
const POLL_MS = pollInterval(5_000);

let count: number | null = null;
let capped = false;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function publish(next: number | null, atCap: boolean): void {
  if (next === count && atCap === capped) return;
  count = next;
  capped = atCap;
  setWaitingCount(next ?? 0);
  for (const listener of listeners) listener();
}

async function poll(): Promise<void> {
  timer = undefined;
  const res = await countWaiting().catch(() => null);
  if (res?.data) publish(res.data.items.length, res.data.items.length >= COUNT_CAP && !!res.data.next_page_token);
  // A hidden tab polls too: its title is how the person learns that something waits.
  if (listeners.size) timer = setTimeout(() => void poll(), POLL_MS);
}

/** Reads the count now (after a decision), instead of at the next tick. */
export function refreshWaiting(): void {
  clearTimeout(timer);
  void poll();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1 && timer === undefined) void poll();
  return () => {
    listeners.delete(listener);
    // The last reader gone is the signed-in shell gone (signed out): the next person starts from nothing.
    if (!listeners.size) {
      clearTimeout(timer);
      timer = undefined;
      publish(null, false);
    }
  };
}

/** Approvals waiting for this person (null until first read) and whether there are more than the count shows. */
export function useWaiting(): { count: number | null; capped: boolean } {
  const value = useSyncExternalStore(subscribe, () => count);
  return { count: value, capped };
}

/** Runs `onChange` whenever the count changes after its first read. */
export function useOnWaitingChange(onChange: () => void): void {
  const { count: value } = useWaiting();
  useEffect(() => {
    if (value !== null) onChange();
    // Only a new count should trigger it, not a new closure.
  }, [value]);
}

/** "Approvals" in the navigation with its count, for screen readers too. */
export function WaitingBadge() {
  const { count: value, capped: more } = useWaiting();
  if (!value) return null;
  return (
    <span className="badge">
      <span aria-hidden="true">
        {value}
        {more ? '+' : ''}
      </span>
      <span className="visually-hidden">
        , {value}
        {more ? ' or more' : ''} waiting for you
      </span>
    </span>
  );
}
