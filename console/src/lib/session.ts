import { createCounterfoilClient, type SdkProblem as Problem } from '../../../clients/typescript/index';

/**
 * The signed-in person's session, in memory only: a reload or a closed tab forgets the token
 * (the identity provider's own session then signs the person in again without a prompt).
 */
export interface Session {
  accessToken: string;
  expiresAt: number;
  enterpriseRef: string;
  /** For RP-initiated logout at the identity provider. */
  idToken: string;
  endSessionEndpoint: string | null;
  clientId: string;
}

type Listener = (session: Session | null, reason?: string) => void;

let current: Session | null = null;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<Listener>();

export function getSession(): Session | null {
  return current;
}

export function setSession(session: Session | null, reason?: string): void {
  current = session;
  clearTimeout(expiryTimer);
  // An expired token sends the person back to sign in, whether or not a request noticed first; a little
  // early (a tenth of its life, at most 30 s), so no request goes out with a token about to lapse.
  if (session) {
    const early = Math.min(30_000, (session.expiresAt - Date.now()) / 10);
    expiryTimer = setTimeout(() => setSession(null, 'Your session expired. Sign in again.'), Math.max(0, session.expiresAt - Date.now() - early));
  }
  for (const listener of listeners) listener(session, reason);
}

export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The one API client of the console: the generated, typed client of the public tenant API. */
export const api = createCounterfoilClient({
  baseUrl: window.location.origin,
  accessToken: () => current?.accessToken,
  onUnauthorized: (problem: Problem) => {
    if (current) setSession(null, problem.detail ? `Signed out: ${problem.detail}` : 'Your session ended. Sign in again.');
  },
});
