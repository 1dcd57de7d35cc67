import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import type { Schemas } from '../../../../clients/typescript/index';
import { beginSignIn, completeSignIn, forgetEnterprise, rememberedEnterprise, signInProviders } from '../../lib/auth';
import { Field } from '../../components/ui';

/** Where the person signs in: the enterprise's identity providers that allow console sign-in. */
export function SignInPage({ reason }: { reason: string | null }) {
  const [enterprise, setEnterprise] = useState<string | null>(() => rememberedEnterprise());
  const [draft, setDraft] = useState('');
  const [providers, setProviders] = useState<Schemas['SignInProvider'][] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [location] = useLocation();

  useEffect(() => {
    document.title = 'Sign in · Counterfoil';
    if (!enterprise) return;
    setProviders(null);
    signInProviders(enterprise).then(setProviders, (err: Error) => setError(err.message));
  }, [enterprise]);

  const go = (provider: Schemas['SignInProvider']) => {
    setError(null);
    beginSignIn(provider, enterprise!, location === '/' ? '/' : location).catch((err: Error) => setError(`The identity provider could not be reached: ${err.message}`));
  };

  return (
    <main id="main" className="sign-in">
      <h1>Sign in to Counterfoil</h1>
      {reason ? (
        <p className="notice notice-info" role="status">
          {reason}
        </p>
      ) : null}
      {!enterprise ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (/^[0-9a-f-]{36}$/.test(draft.trim())) {
              localStorage.setItem('counterfoil.enterprise', draft.trim());
              setEnterprise(draft.trim());
            } else setError('An enterprise id is a UUID, as your administrator gave it to you.');
          }}
        >
          <Field label="Enterprise id" hint="Your administrator gives you your enterprise's sign-in link or id.">
            {(id, hint) => <input id={id} aria-describedby={hint} value={draft} onChange={(e) => setDraft(e.target.value)} autoComplete="off" required />}
          </Field>
          <button type="submit">Continue</button>
        </form>
      ) : providers === null && !error ? (
        <p role="status">Loading sign-in options…</p>
      ) : (
        <>
          {providers && providers.length === 0 ? <p className="empty">This enterprise has no identity provider for console sign-in. Ask an administrator to enable one.</p> : null}
          <ul className="providers">
            {providers?.map((p) => (
              <li key={p.id}>
                <button type="button" className="primary" onClick={() => go(p)}>
                  Sign in with {p.display_name}
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="link"
            onClick={() => {
              forgetEnterprise();
              setEnterprise(null);
              setProviders(null);
              setError(null);
            }}
          >
            Use another enterprise
          </button>
        </>
      )}
      {error ? (
        <p className="problem" role="alert">
          {error}
        </p>
      ) : null}
    </main>
  );
}

/** One completion per page load: the code is single-use, and React may run an effect twice. */
let completion: Promise<string> | null = null;

/** The identity provider sent the person back: finish the sign-in, then go where they were going. */
export function CallbackPage() {
  const [, navigate] = useLocation();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let done = false;
    completion ??= completeSignIn(new URL(window.location.href));
    completion.then(
      (returnTo) => !done && navigate(returnTo, { replace: true }),
      (err: Error) => !done && setError(err.message),
    );
    return () => {
      done = true;
    };
  }, [navigate]);
  return (
    <main id="main" className="sign-in">
      <h1>Signing in…</h1>
      {error ? (
        <div className="problem" role="alert">
          <p>The sign-in did not complete: {error}</p>
          <a href="/console/">Start again</a>
        </div>
      ) : (
        <p role="status">Finishing the sign-in with your identity provider.</p>
      )}
    </main>
  );
}
