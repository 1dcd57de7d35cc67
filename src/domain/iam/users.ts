import { raw } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Caller, SubjectAttribution } from '../../auth/caller';
import { conflict } from '../../errors';
import { recordEvent } from '../../events/outbox';
import { uuidv7 } from '../../ids';
import { User, type UserStatus } from './entities';
import { IamEvents } from './events';
import { presentUser } from './present';
import { revokeAllAssignmentsOf } from './role-assignments';
import { findInScope, resolveBoundary } from './scopes';
import { assertTransition, violatedConstraint, type IamUnit, type Precondition } from './unit';

export interface NewUser {
  displayName: string;
  email: string;
  scopeRef: string;
}

const emailTaken = () => conflict('A user with this e-mail address already exists in the enterprise.', 'email_taken');

/** E-mail addresses compare case-insensitively within an enterprise (the unique index is on lower(email)). */
export function findUserByEmail(em: EntityManager, enterpriseId: string, email: string): Promise<User | null> {
  return em.findOne(User, { enterpriseId, [raw('lower(email)')]: email.toLowerCase() });
}

/** The user an identity provider's (issuer, subject) pair is linked to, within the enterprise the exchange is bound to. */
export function findUserByFederation(em: EntityManager, enterpriseId: string, issuer: string, subject: string): Promise<User | null> {
  return em.findOne(User, { enterpriseId, federationIssuer: issuer, federationSubject: subject });
}

/**
 * Links a user to an identity-provider subject (first federated sign-in, matched by e-mail). From then on
 * the user is `federated`. Runs in the caller's transaction; a subject already linked to another user is 409.
 */
export async function linkFederation(em: EntityManager, user: User, federation: { issuer: string; subject: string }, attribution: SubjectAttribution | null): Promise<User> {
  user.identitySource = 'federated';
  user.federationIssuer = federation.issuer;
  user.federationSubject = federation.subject;
  try {
    await em.flush();
  } catch (err) {
    if (violatedConstraint(err)) throw conflict('This identity-provider subject is already linked to another user.', 'federation_taken');
    throw err;
  }
  await recordEvent(em, {
    type: IamEvents.userFederated,
    enterpriseId: user.enterpriseId,
    scopeRef: user.scopeRef,
    resourceRef: `users/${user.id}`,
    payload: presentUser(user),
    attribution,
  });
  return user;
}

/** Inserts a platform-managed user; shared by POST /users and invitation acceptance. */
export async function insertUser(unit: IamUnit, input: NewUser): Promise<User> {
  const { em, caller } = unit;
  if (await findUserByEmail(em, caller.enterpriseId, input.email)) throw emailTaken();
  const user = em.create(User, {
    id: uuidv7(),
    version: 1,
    enterpriseId: caller.enterpriseId,
    scopeRef: input.scopeRef,
    displayName: input.displayName,
    email: input.email,
    status: 'active',
    identitySource: 'platform-managed',
    federationIssuer: null,
    federationSubject: null,
  } as User);
  try {
    await em.flush();
  } catch (err) {
    if (violatedConstraint(err)) throw emailTaken();
    throw err;
  }
  await unit.record(IamEvents.userCreated, user.scopeRef, `users/${user.id}`, presentUser(user));
  return user;
}

export async function createUser(unit: IamUnit, input: NewUser): Promise<User> {
  unit.caller.require('users.manage', await resolveBoundary(unit.sql, unit.caller, input.scopeRef), 'scope');
  return insertUser(unit, input);
}

export function readUser(em: EntityManager, caller: Caller, id: string): Promise<User> {
  return findInScope(em, User, id, caller, 'users.read', 'scopeRef', 'user');
}

export async function renameUser(unit: IamUnit, id: string, displayName: string, precondition?: Precondition): Promise<User> {
  const user = await findInScope(unit.em, User, id, unit.caller, 'users.manage', 'scopeRef', 'user');
  precondition?.(user);
  if (user.displayName === displayName) return user;
  user.displayName = displayName;
  await unit.em.flush();
  await unit.record(IamEvents.userUpdated, user.scopeRef, `users/${user.id}`, presentUser(user));
  return user;
}

/**
 * User lifecycle. suspend: active → suspended (temporary; grants kept). deactivate: active|suspended →
 * deactivated (offboarding; every role assignment is revoked). reactivate: suspended|deactivated → active.
 */
export const USER_TRANSITIONS = {
  suspend: { from: ['active'], to: 'suspended', event: IamEvents.userSuspended },
  deactivate: { from: ['active', 'suspended'], to: 'deactivated', event: IamEvents.userDeactivated },
  reactivate: { from: ['suspended', 'deactivated'], to: 'active', event: IamEvents.userReactivated },
} as const satisfies Record<string, { from: readonly UserStatus[]; to: UserStatus; event: string }>;

export type UserAction = keyof typeof USER_TRANSITIONS;

/** Applies a lifecycle action; the user's tokens stop (or start) working on its next request. */
export async function changeUserStatus(unit: IamUnit, id: string, action: UserAction, precondition?: Precondition): Promise<User> {
  const user = await findInScope(unit.em, User, id, unit.caller, 'users.manage', 'scopeRef', 'user');
  precondition?.(user);
  const transition = USER_TRANSITIONS[action];
  assertTransition('user', action, user.status, transition.from);
  if (action === 'deactivate') await revokeAllAssignmentsOf(unit, user.id);
  user.status = transition.to;
  await unit.em.flush();
  await unit.record(transition.event, user.scopeRef, `users/${user.id}`, presentUser(user));
  await unit.principalChanged(user.id);
  return user;
}
