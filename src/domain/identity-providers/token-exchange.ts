import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../errors';
import { parseRef } from '../../ids';
import { ACCESS_TOKEN_TYPE, oauthError, type GrantHandler, type TokenRequestBody } from '../../auth/oauth';
import type { Services } from '../../services';
import { User } from '../iam/entities';
import { findUserByEmail, findUserByFederation, linkFederation } from '../iam/users';
import { boundaryPath } from '../iam/scopes';
import { findActiveProvider } from './providers';
import { Caller, type PrincipalRef, type SubjectAttribution } from '../../auth/caller';
import { outboundPolicy } from '../../net/outbound';
import { IdTokenRejected, KeySetUnavailable, unverifiedIssuer, verifyIdToken, type FederatedIdentity } from '../../auth/id-tokens';
import type { AccessClaims } from '../../auth/tokens';

export const ID_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:id_token';
export const USER_REF_TOKEN_TYPE = 'urn:counterfoil:params:oauth:token-type:user-ref';

type Client = Parameters<GrantHandler>[0]['client'];
type Subject = Omit<AccessClaims, 'iss' | 'iat' | 'exp' | 'jti'>;

const invalidGrant = (detail: string) => oauthError('invalid_grant', detail);

/** Who carried the ID token: a service account, or nobody (the console, a public client, signing the person in). */
type Carrier = { enterpriseId: string; serviceAccountId: string | null };

/** The user an ID token names: by its (issuer, subject) link, else an unlinked user with the verified e-mail, linked now. */
async function federatedUser(em: EntityManager, client: Carrier, identity: FederatedIdentity): Promise<User> {
  const linked = await findUserByFederation(em, client.enterpriseId, identity.issuer, identity.subject);
  if (linked) return linked;
  if (!identity.email) throw invalidGrant('No user is linked to this identity and the ID token carries no e-mail address.');
  if (!identity.emailVerified) throw invalidGrant('The identity provider has not verified the e-mail address; the user cannot be linked by it.');
  const user = await findUserByEmail(em, client.enterpriseId, identity.email);
  if (!user) throw invalidGrant('No user of the enterprise matches this identity.');
  if (user.federationIssuer) throw invalidGrant('The user with this e-mail address is linked to another identity.');
  if (user.status !== 'active') throw invalidGrant(`The user is ${user.status}.`);
  const userRef: PrincipalRef = { id: user.id, kind: 'user', tenant_ref: `enterprises/${client.enterpriseId}` };
  const clientRef: PrincipalRef | null = client.serviceAccountId ? { id: client.serviceAccountId, kind: 'service_account', tenant_ref: userRef.tenant_ref } : null;
  const attribution: SubjectAttribution = {
    authenticated_principal: clientRef ?? userRef,
    subject: userRef,
    actor: clientRef,
    identity_source: 'federated',
    federation: { issuer: identity.issuer, subject: identity.subject },
    enterprise_binding: { tenant_type: 'enterprise', topology_ref: userRef.tenant_ref },
    initiated_by: userRef,
    approved_by: null,
  };
  return linkFederation(em, user, identity, attribution);
}

/**
 * `id_token`: a person signed in at the enterprise's identity provider; the token's subject is that user.
 * Without a service account (the console) the provider must allow console sign-in and the ID token be fresh.
 */
async function idTokenSubject(services: Services, client: Carrier, idToken: string): Promise<Subject> {
  const issuer = unverifiedIssuer(idToken);
  if (!issuer) throw invalidGrant('subject_token is not a JWT with an issuer.');
  const em = services.orm.em.fork() as EntityManager;
  const provider = await findActiveProvider(em, client.enterpriseId, issuer);
  if (!provider) throw invalidGrant('No active identity provider of the enterprise has this issuer.');
  const publicClient = client.serviceAccountId === null;
  if (publicClient && !provider.consoleSignIn) throw invalidGrant('The identity provider with this issuer does not allow console sign-in.');
  // Verified before the transaction opens: fetching a remote key set must not hold a connection.
  let identity: FederatedIdentity;
  try {
    identity = await verifyIdToken(provider, idToken, outboundPolicy(services.config), publicClient ? { maxAgeSeconds: CONSOLE_ID_TOKEN_MAX_AGE_SECONDS } : {});
  } catch (err) {
    if (err instanceof IdTokenRejected) throw invalidGrant(`The ID token was rejected: ${err.reason}.`);
    if (err instanceof KeySetUnavailable) throw new AppError('TemporarilyUnavailable', err.message, { headers: { 'Retry-After': '30' } });
    throw err;
  }
  const user = await em.transactional((tx) => federatedUser(tx as EntityManager, client, identity));
  if (user.status !== 'active') throw invalidGrant(`The user is ${user.status}.`);
  // A service account that carries the ID token is the token's actor: the person signed in at the
  // provider, but the service account is what authenticated here (it cannot decide approvals alone).
  const act = client.serviceAccountId ? { act: { sub: client.serviceAccountId, sk: 'service_account' as const } } : {};
  return { sub: user.id, sk: 'user', ent: client.enterpriseId, ...act, ids: 'federated', fed: { iss: identity.issuer, sub: identity.subject } };
}

/**
 * `user-ref`: a service account acts for a platform-managed user; it needs `users.act_for` at the
 * user's scope. The token's subject is the user (its grants apply) and its actor the service account.
 */
async function actedForSubject(services: Services, client: Client, userRef: string): Promise<Subject> {
  const parsed = parseRef(userRef);
  if (parsed?.collection !== 'users') throw oauthError('invalid_request', 'subject_token must be a users/<id> reference.');
  const user = await services.orm.em.fork().findOne(User, { id: parsed.id, enterpriseId: client.enterpriseId });
  const actor = await services.principals.resolve('service_account', client.serviceAccountId);
  const self: PrincipalRef = { id: client.serviceAccountId, kind: 'service_account', tenant_ref: `enterprises/${client.enterpriseId}` };
  const actingAs = new Caller(client.enterpriseId, self, self, null, actor?.grants ?? [], 'platform-managed', null, '');
  // A user out of the client's reach and a missing user get the same answer.
  if (!user || !actingAs.can('users.act_for', boundaryPath(user.enterpriseId, user.scopeRef))) {
    throw invalidGrant('The client may not act for this user.');
  }
  if (user.identitySource !== 'platform-managed') throw invalidGrant('A federated user signs in through its identity provider.');
  if (user.status !== 'active') throw invalidGrant(`The user is ${user.status}.`);
  return { sub: user.id, sk: 'user', ent: client.enterpriseId, act: { sub: client.serviceAccountId, sk: 'service_account' }, ids: 'platform-managed' };
}

/**
 * RFC 8693 token exchange; the client authenticated as a service account before this runs. A hoisted
 * function declaration: oauth.ts registers it while this module may still be loading (they import each other).
 */
export async function tokenExchangeGrant({ services, client, body }: Parameters<GrantHandler>[0]): ReturnType<GrantHandler> {
  checkExchangeRequest(body);
  let subject: Subject;
  if (body.subject_token_type === ID_TOKEN_TYPE) subject = await idTokenSubject(services, client, body.subject_token);
  else if (body.subject_token_type === USER_REF_TOKEN_TYPE) subject = await actedForSubject(services, client, body.subject_token);
  else throw oauthError('invalid_request', `subject_token_type ${body.subject_token_type} is not supported.`);
  return issueFor(services, subject);
}

function checkExchangeRequest(body: TokenRequestBody): asserts body is TokenRequestBody & { subject_token: string; subject_token_type: string } {
  if (!body.subject_token || !body.subject_token_type) throw oauthError('invalid_request', 'subject_token and subject_token_type are required.');
  if (body.requested_token_type && body.requested_token_type !== ACCESS_TOKEN_TYPE) {
    throw oauthError('invalid_request', `Only ${ACCESS_TOKEN_TYPE} can be requested.`);
  }
  if (body.actor_token) throw oauthError('invalid_request', 'actor_token is not supported: the authenticated client is the actor.');
}

async function issueFor(services: Services, subject: Subject): ReturnType<GrantHandler> {
  const ttl = services.config.accessTokenTtlSeconds;
  return { token: (await services.tokens.issue(subject, ttl)).token, expiresIn: ttl, issuedTokenType: ACCESS_TOKEN_TYPE };
}

/** A console sign-in carries an ID token at most this old: a leaked older one cannot be exchanged without a client secret. */
export const CONSOLE_ID_TOKEN_MAX_AGE_SECONDS = 600;

const ENTERPRISE_AUDIENCE = /^enterprises\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/**
 * RFC 8693 token exchange by a public client (the web console, no client secret): only an ID token,
 * only for the enterprise named in `audience`, only through a provider that allows console sign-in.
 * The token's subject is the user and it has no actor, as when a service account carries the ID token.
 */
export async function publicTokenExchangeGrant(services: Services, body: TokenRequestBody): ReturnType<GrantHandler> {
  checkExchangeRequest(body);
  if (body.subject_token_type !== ID_TOKEN_TYPE) {
    throw oauthError('invalid_client', 'Client authentication is required to exchange anything but an ID token.');
  }
  const enterprise = ENTERPRISE_AUDIENCE.exec(body.audience ?? '');
  if (!enterprise) throw oauthError('invalid_target', 'audience must name the enterprise to sign in to (enterprises/<id>).');
  return issueFor(services, await idTokenSubject(services, { enterpriseId: enterprise[1], serviceAccountId: null }, body.subject_token));
}
