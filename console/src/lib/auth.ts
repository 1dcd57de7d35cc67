import * as oauth from 'oauth4webapi';
import type { Schemas } from '../../../clients/typescript/index';
import { api, getSession, setSession } from './session';

const PENDING = 'counterfoil.sign-in';
const ENTERPRISE = 'counterfoil.enterprise';
const ID_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:id_token';
const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';

/** What survives the round trip to the identity provider (sessionStorage: this tab only, removed on return). No token is kept here. */
interface PendingSignIn {
  issuer: string;
  clientId: string;
  codeVerifier: string;
  state: string;
  nonce: string;
  enterpriseRef: string;
  returnTo: string;
}

export const callbackUrl = () => `${window.location.origin}/console/callback`;

/** Plain http is accepted only for an identity provider on this machine (the sandbox's development provider). */
function requestOptions(issuer: URL): { [oauth.allowInsecureRequests]?: boolean } {
  const loopback = issuer.hostname === '127.0.0.1' || issuer.hostname === 'localhost' || issuer.hostname === '[::1]';
  return issuer.protocol === 'http:' && loopback ? { [oauth.allowInsecureRequests]: true } : {};
}

async function discover(issuer: string): Promise<oauth.AuthorizationServer> {
  const url = new URL(issuer);
  return oauth.processDiscoveryResponse(url, await oauth.discoveryRequest(url, requestOptions(url)));
}

/** The enterprise the console signs in to: `?enterprise=<id>` once, then remembered (an id, not a secret). */
export function rememberedEnterprise(): string | null {
  const fromUrl = new URLSearchParams(window.location.search).get('enterprise');
  if (fromUrl && /^[0-9a-f-]{36}$/.test(fromUrl)) localStorage.setItem(ENTERPRISE, fromUrl);
  return localStorage.getItem(ENTERPRISE);
}

export function forgetEnterprise(): void {
  localStorage.removeItem(ENTERPRISE);
}

export async function signInProviders(enterpriseId: string): Promise<Schemas['SignInProvider'][]> {
  const res = await api.GET('/sign-in-providers', { params: { query: { enterprise_ref: `enterprises/${enterpriseId}` } } });
  if (!res.data) throw new Error(res.error?.detail ?? 'The sign-in options could not be loaded.');
  return res.data.items;
}

/** Authorization code + PKCE: off to the enterprise's identity provider. */
export async function beginSignIn(provider: Schemas['SignInProvider'], enterpriseId: string, returnTo: string): Promise<void> {
  const as = await discover(provider.issuer);
  if (!as.authorization_endpoint) throw new Error('The identity provider has no authorization endpoint.');
  const pending: PendingSignIn = {
    issuer: provider.issuer,
    clientId: provider.client_id,
    codeVerifier: oauth.generateRandomCodeVerifier(),
    state: oauth.generateRandomState(),
    nonce: oauth.generateRandomNonce(),
    enterpriseRef: `enterprises/${enterpriseId}`,
    returnTo,
  };
  sessionStorage.setItem(PENDING, JSON.stringify(pending));
  const url = new URL(as.authorization_endpoint);
  url.searchParams.set('client_id', provider.client_id);
  url.searchParams.set('redirect_uri', callbackUrl());
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', provider.scope);
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(pending.codeVerifier));
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('state', pending.state);
  url.searchParams.set('nonce', pending.nonce);
  window.location.assign(url.href);
}

/**
 * Back from the identity provider: redeem the code (PKCE) for an ID token, exchange that at
 * POST /oauth/token (RFC 8693) for a Counterfoil access token, and keep it in memory.
 * Returns where the person was going.
 */
export async function completeSignIn(currentUrl: URL): Promise<string> {
  const raw = sessionStorage.getItem(PENDING);
  sessionStorage.removeItem(PENDING);
  if (!raw) throw new Error('This sign-in was not started here, or was already completed. Start again.');
  const pending = JSON.parse(raw) as PendingSignIn;
  const as = await discover(pending.issuer);
  const client: oauth.Client = { client_id: pending.clientId };
  const params = oauth.validateAuthResponse(as, client, currentUrl, pending.state);
  const options = requestOptions(new URL(pending.issuer));
  const response = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, callbackUrl(), pending.codeVerifier, options);
  const result = await oauth.processAuthorizationCodeResponse(as, client, response, { expectedNonce: pending.nonce, requireIdToken: true });
  const idToken = result.id_token!;

  const exchanged = await api.POST('/oauth/token', {
    body: { grant_type: TOKEN_EXCHANGE, subject_token: idToken, subject_token_type: ID_TOKEN_TYPE, audience: pending.enterpriseRef },
  });
  if (!exchanged.data) {
    const problem = exchanged.error as { error_description?: string; detail?: string } | undefined;
    throw new Error(problem?.error_description ?? problem?.detail ?? 'Counterfoil refused the sign-in.');
  }
  setSession({
    accessToken: exchanged.data.access_token,
    expiresAt: Date.now() + exchanged.data.expires_in * 1000,
    enterpriseRef: pending.enterpriseRef,
    idToken,
    endSessionEndpoint: as.end_session_endpoint ?? null,
    clientId: pending.clientId,
  });
  return pending.returnTo;
}

/**
 * Ends the session: the access token is revoked at Counterfoil (RFC 7009: every API process refuses it
 * from now on), forgotten here, and the identity provider's session ends too (RP-initiated logout).
 */
export async function signOut(): Promise<void> {
  const session = getSession();
  // Revocation is best effort: the token is forgotten either way, and it expires on its own.
  if (session) await api.POST('/oauth/revoke', { body: { token: session.accessToken } }).catch(() => undefined);
  setSession(null, 'You are signed out.');
  if (session?.endSessionEndpoint) {
    const url = new URL(session.endSessionEndpoint);
    url.searchParams.set('id_token_hint', session.idToken);
    url.searchParams.set('client_id', session.clientId);
    url.searchParams.set('post_logout_redirect_uri', `${window.location.origin}/console/`);
    window.location.assign(url.href);
  }
}
