import type Koa from 'koa';
import { AppError, type ErrorReason } from '../errors';
import { Caller, grantsAllow } from '../auth/caller';
import { boundaryPath } from '../domain/iam/scopes';
import type { Services } from '../services';

const REALM = 'Bearer realm="counterfoil"';

function unauthorized(detail: string, reason: ErrorReason): AppError {
  // RFC 6750 §3: no error code when the request carried no token at all.
  const challenge = reason === 'token_missing' ? REALM : `${REALM}, error="invalid_token", error_description="${detail}"`;
  return new AppError('Unauthorized', detail, { reason, headers: { 'WWW-Authenticate': challenge } });
}

/** Resolves the bearer token of a request into a Caller, or refuses with 401 (RFC 6750). */
export async function authenticate(ctx: Koa.Context, services: Services): Promise<Caller> {
  const header = ctx.get('authorization');
  if (!header) throw unauthorized('The request has no bearer token.', 'token_missing');
  const match = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i.exec(header);
  if (!match) throw unauthorized('The Authorization header is not a bearer token.', 'token_invalid');
  const claims = await services.tokens.verify(match[1]);
  if (!claims) throw unauthorized('The access token is invalid or has expired.', 'token_invalid');
  if (services.revokedTokens.isRevoked(claims)) throw unauthorized('The access token was revoked.', 'token_revoked');

  const [subject, actor] = await Promise.all([
    services.principals.resolve(claims.sk, claims.sub),
    claims.act ? services.principals.resolve(claims.act.sk, claims.act.sub) : Promise.resolve(null),
  ]);
  if (!subject || !subject.active || subject.enterpriseId !== claims.ent) {
    throw unauthorized('The principal of this token is no longer active.', 'principal_inactive');
  }
  if (claims.act && (!actor || !actor.active)) throw unauthorized('The actor of this token is no longer active.', 'principal_inactive');
  // Acting for a user holds only while the actor may still do so: users.act_for at the user's scope
  // (grants are cached and dropped on every IAM change, so a revocation cuts issued tokens short).
  // (A service account carrying a person's ID token needs no such grant: the person signed in.)
  if (claims.act && claims.sk === 'user' && claims.ids !== 'federated' && !grantsAllow(actor!.grants, claims.ent, 'users.act_for', boundaryPath(claims.ent, subject.scopeRef))) {
    throw unauthorized('The actor of this token may no longer act for its subject.', 'principal_inactive');
  }

  const tenantRef = `enterprises/${claims.ent}`;
  const subjectRef = { id: claims.sub, kind: claims.sk, tenant_ref: tenantRef };
  const actorRef = claims.act ? { id: claims.act.sub, kind: claims.act.sk, tenant_ref: tenantRef } : null;
  return new Caller(
    claims.ent,
    subjectRef,
    actorRef ?? subjectRef,
    actorRef,
    subject.grants,
    claims.ids,
    claims.fed ? { issuer: claims.fed.iss, subject: claims.fed.sub } : null,
    claims.jti,
    // Acting for a user, the integration doing it (the actor) is what is pinned.
    (actor ?? subject).apiVersion,
  );
}
