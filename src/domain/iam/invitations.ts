import { LockMode, raw } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Caller } from '../../auth/caller';
import { generateSecret, hashSecret, secretMatches } from '../../auth/secrets';
import { conflict, notFound } from '../../errors';
import { uuidv7 } from '../../ids';
import type { Services } from '../../services';
import { User, UserInvitation, type InvitedRole } from './entities';
import { IamEvents } from './events';
import { invitationStatus, presentInvitation } from './present';
import { asGrantable, authorizeGrant, grantInitialRoles, type InitialGrantOutcome } from './role-assignments';
import { findInScope, resolveBoundary } from './scopes';
import { findUserByEmail, insertUser } from './users';
import { assertTransition, IamUnit, violatedConstraint, type Precondition } from './unit';

export const DEFAULT_INVITATION_TTL_SECONDS = 7 * 86_400;

export interface NewInvitation {
  email: string;
  displayName: string;
  scopeRef: string;
  roles: InvitedRole[];
  expiresInSeconds: number;
}

const pendingExists = () => conflict('A pending invitation for this e-mail address already exists.', 'invitation_pending');

async function record(unit: IamUnit, type: string, i: UserInvitation): Promise<void> {
  await unit.record(type, i.scopeRef, `user-invitations/${i.id}`, presentInvitation(i));
}

/**
 * Invites a person: the roles are authorized now (the whole invitation fails if one cannot be granted)
 * and again, against the inviter's grants at that moment, on acceptance. The token is returned once.
 */
export async function inviteUser(unit: IamUnit, input: NewInvitation): Promise<{ invitation: UserInvitation; token: string }> {
  const { em, caller } = unit;
  caller.require('users.manage', await resolveBoundary(unit.sql, caller, input.scopeRef), 'scope');
  if (await findUserByEmail(em, caller.enterpriseId, input.email)) {
    throw conflict('A user with this e-mail address already exists in the enterprise.', 'email_taken');
  }
  // The invitee does not exist yet; a grant only needs where it will belong.
  const invitee = { kind: 'user' as const, id: '', homeRef: input.scopeRef, revoked: false };
  for (const [index, r] of input.roles.entries()) {
    await authorizeGrant(unit, invitee, { roleRef: r.role_ref, scopeRef: r.scope_ref, propagation: r.scope_propagation, pointer: `/body/roles/${index}` });
  }
  const previous = await em.findOne(UserInvitation, { enterpriseId: caller.enterpriseId, status: 'pending', [raw('lower(email)')]: input.email.toLowerCase() });
  if (previous && invitationStatus(previous) === 'pending') throw pendingExists();
  // An expired invitation gives way: recording its expiry frees the e-mail address for a new one.
  if (previous) {
    previous.status = 'expired';
    await em.flush();
  }

  const token = generateSecret('cfinv_');
  const invitation = em.create(UserInvitation, {
    id: uuidv7(),
    version: 1,
    enterpriseId: caller.enterpriseId,
    scopeRef: input.scopeRef,
    email: input.email,
    displayName: input.displayName,
    roles: input.roles,
    tokenHash: hashSecret(token),
    status: 'pending',
    expiresAt: new Date(Date.now() + input.expiresInSeconds * 1000),
    invitedBy: caller.attribution(),
    acceptedUserId: null,
    closedAt: null,
  } as UserInvitation);
  try {
    await em.flush();
  } catch (err) {
    if (violatedConstraint(err)) throw pendingExists();
    throw err;
  }
  await record(unit, IamEvents.invitationCreated, invitation);
  return { invitation, token };
}

export function readInvitation(em: EntityManager, caller: Caller, id: string): Promise<UserInvitation> {
  return findInScope(em, UserInvitation, id, caller, 'users.read', 'scopeRef', 'user invitation');
}

export async function cancelInvitation(unit: IamUnit, id: string, precondition?: Precondition): Promise<UserInvitation> {
  const invitation = await findInScope(unit.em, UserInvitation, id, unit.caller, 'users.manage', 'scopeRef', 'user invitation');
  precondition?.(invitation);
  assertTransition('user_invitation', 'cancel', invitationStatus(invitation), ['pending']);
  invitation.status = 'cancelled';
  invitation.closedAt = new Date();
  await unit.em.flush();
  await record(unit, IamEvents.invitationCancelled, invitation);
  return invitation;
}

/** The inviter as a caller with its grants as they are now (none when it is no longer active). */
async function inviterOf(services: Services, invitation: UserInvitation): Promise<Caller> {
  const by = invitation.invitedBy;
  const state = await services.principals.resolve(by.subject.kind, by.subject.id);
  const grants = state?.active && state.enterpriseId === invitation.enterpriseId ? state.grants : [];
  return new Caller(invitation.enterpriseId, by.subject, by.authenticated_principal, by.actor, grants, by.identity_source, by.federation, `user-invitation:${invitation.id}`);
}

export interface AcceptedInvitation extends InitialGrantOutcome {
  invitation: UserInvitation;
  user: User;
}

/**
 * Accepting creates the user and grants the invited roles under the inviter's authority. Unknown id and
 * wrong token are the same 404; an invitation that is not pending (cancelled, accepted, expired) is 409.
 */
export async function acceptInvitation(services: Services, invitationId: string, token: string): Promise<AcceptedInvitation> {
  const found = await services.orm.em.fork().findOne(UserInvitation, { id: invitationId });
  if (!found || !secretMatches(token, found.tokenHash)) throw notFound('user invitation');
  const inviter = await inviterOf(services, found);
  let unit: IamUnit | undefined;
  const accepted = await services.orm.em.fork().transactional(async (em) => {
    unit = new IamUnit(em as EntityManager, inviter, services.sql);
    const invitation = await em.findOneOrFail(UserInvitation, { id: invitationId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    assertTransition('user_invitation', 'accept', invitationStatus(invitation), ['pending']);
    const user = await insertUser(unit, { displayName: invitation.displayName, email: invitation.email, scopeRef: invitation.scopeRef });
    const grants = await grantInitialRoles(unit, asGrantable(user), invitation.roles);
    invitation.status = 'accepted';
    invitation.acceptedUserId = user.id;
    invitation.closedAt = new Date();
    await em.flush();
    await record(unit, IamEvents.invitationAccepted, invitation);
    return { invitation, user, ...grants };
  });
  unit!.invalidateAfterCommit(services);
  return accepted;
}
