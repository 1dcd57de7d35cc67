import { useEffect, useSyncExternalStore } from 'react';
import { api, onSessionChange } from './session';

/** Collections whose objects have a name the API can look up (POST /names/lookup). */
const NAMED = /^(users|service-accounts|clients|client-accounts|withdrawal-destinations|roles)\/[0-9a-f-]{36}$/;
const BATCH = 200;

/** A looked-up name; null when the API gave none (out of reach, or gone). */
const names = new Map<string, string | null>();
const wanted = new Set<string>();
const listeners = new Set<() => void>();
let flushing: ReturnType<typeof setTimeout> | undefined;
let version = 0;

const notify = () => {
  version += 1;
  for (const listener of listeners) listener();
};

// Another person signing in may read other names: forget them all.
onSessionChange(() => {
  names.clear();
  notify();
});

/** Every ref asked for while a screen renders goes out in one request (per 200), not one per row. */
async function flush(): Promise<void> {
  flushing = undefined;
  const refs = [...wanted].filter((ref) => !names.has(ref));
  wanted.clear();
  for (let i = 0; i < refs.length; i += BATCH) {
    const chunk = refs.slice(i, i + BATCH);
    const res = await api.POST('/names/lookup', { body: { refs: chunk } }).catch(() => null);
    // Without an answer the references show as they are, for this session.
    for (const ref of chunk) names.set(ref, null);
    for (const item of res?.data?.items ?? []) names.set(item.ref, item.name);
  }
  notify();
}

export const isNamed = (ref: string) => NAMED.test(ref);

/** The name of `ref` (`users/<id>`…): undefined while it is looked up, null when there is none to show. */
export function useName(ref: string | null | undefined): string | null | undefined {
  const named = !!ref && isNamed(ref);
  useEffect(() => {
    if (!named || names.has(ref)) return;
    wanted.add(ref);
    flushing ??= setTimeout(() => void flush(), 0);
  }, [named, ref]);
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => version,
  );
  if (!named) return null;
  return names.has(ref) ? names.get(ref) : undefined;
}

/** A principal of an attribution as a ref (`users/<id>`, `service-accounts/<id>`). */
export const subjectRef = (subject: { kind: string; id: string }) => `${subject.kind === 'user' ? 'users' : subject.kind === 'service_account' ? 'service-accounts' : `${subject.kind}s`}/${subject.id}`;
