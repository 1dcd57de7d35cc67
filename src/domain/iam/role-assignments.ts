import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Sql } from 'postgres';
import { AppError, conflict, notFound, unprocessable } from '../../errors';
import { parseRef, uuidv7 } from '../../ids';
import type { Caller, ScopePath } from '../../auth/caller';
import { Role, RoleAssignment, ServiceAccount, User, type PrincipalKind, type ScopePropagation } from './entities';
import { IamEvents } from './events';
import { assertHolds } from './holdings';
import { presentRoleAssignment } from './present';
import { boundaryPath, findInScope, listInScope, resolveBoundary, within } from './scopes';
import { assertTransition, violatedConstraint, type IamUnit, type Precondition } from './unit';

/** A principal as a grant sees it: where it belongs bounds where it may be granted anything. */
export interface GrantablePrincipal {
  kind: PrincipalKind;
  id: string;
  homeRef: string;
  revoked: boolean;
}

export interface GrantRequest {
  roleRef: string;
  scopeRef: string;
  propagation: ScopePropagation;
  /** Where the request carried these fields, for 422 pointers (`/body` or `/body/roles/2`). */
  pointer: string;
  /** The request presented a valid action token for granting enterprise-admin (POST /role-assignments only). */
  governedGrantConfirmed?: boolean;
}

export function asGrantable(p: User | ServiceAccount): GrantablePrincipal {
  return p instanceof User
    ? { kind: 'user', id: p.id, homeRef: p.scopeRef, revoked: false }
    : { kind: 'service_account', id: p.id, homeRef: p.parentRef, revoked: p.status === 'revoked' };
}

/** A `users/<id>` or `service-accounts/<id>` of the caller's enterprise; anything else is 404. */
export async function findPrincipal(em: EntityManager, enterpriseId: string, reference: string): Promise<GrantablePrincipal> {
  const parsed = parseRef(reference);
  const row =
    parsed?.collection === 'users'
      ? await em.findOne(User, { id: parsed.id, enterpriseId })
      : parsed?.collection === 'service-accounts'
        ? await em.findOne(ServiceAccount, { id: parsed.id, enterpriseId })
        : null;
  if (!row) throw notFound('principal');
  return asGrantable(row);
}

/**
 * Everything a grant must satisfy, checked before anything is written:
 * - the scope is an enterprise or client of the caller's enterprise and the caller holds `roles.manage` there (404/403);
 * - the role exists in the enterprise (404), is active (409) and is defined at or above the scope (422, or 404
 *   when the caller cannot see the role's own scope);
 * - the scope lies within the principal's home scope (422, or 404 as before): a client's principal never gets
 *   enterprise-wide powers;
 * - the caller itself holds every permission of the role at the scope, reaching at least as far as the grant
 *   (a `subtree` grant needs the caller's own subtree grant at the scope or above; 403 `privilege_escalation`).
 * Granting `enterprise-admin` will also need an action token (X-Action-Token, identity part B); that check belongs here.
 */
export async function authorizeGrant(unit: IamUnit, principal: GrantablePrincipal, req: GrantRequest): Promise<{ role: Role; scopePath: ScopePath }> {
  const { caller, em } = unit;
  const scopePath = await resolveBoundary(unit.sql, caller, req.scopeRef);
  caller.require('roles.manage', scopePath, 'scope');
  const roleId = parseRef(req.roleRef)?.id;
  const role = roleId ? await em.findOne(Role, { id: roleId, enterpriseId: caller.enterpriseId }) : null;
  if (!role) throw notFound('role');
  assertTransition('role', 'grant', role.status, ['active']);
  const rolePath = boundaryPath(role.enterpriseId, role.scopeRef);
  if (!within(scopePath, rolePath)) {
    if (!caller.sees(rolePath)) throw notFound('role');
    throw unprocessable('The scope lies outside the scope the role is defined at.', [
      { pointer: `${req.pointer}/scope_ref`, detail: `must be ${role.scopeRef} or below it` },
    ]);
  }
  if (principal.revoked) throw conflict('The service account is revoked.', 'service_account_revoked');
  const homePath = boundaryPath(caller.enterpriseId, principal.homeRef);
  if (!within(scopePath, homePath)) {
    if (!caller.sees(homePath)) throw notFound('principal');
    throw unprocessable("The scope lies outside the principal's own scope.", [
      { pointer: `${req.pointer}/scope_ref`, detail: `must be ${principal.homeRef} or below it` },
    ]);
  }
  // Propagation is part of what is handed out: a subtree grant reaches further than an exact one.
  assertHolds(caller, [{ permissions: role.permissions, path: scopePath, propagation: req.propagation }]);
  // enterprise-admin is granted only through POST /role-assignments with an action token, never as a
  // side effect of creating a service account or an invitation.
  if (role.platformManaged && role.name === 'enterprise-admin' && !req.governedGrantConfirmed) {
    throw new AppError('EdgeActionTokenRequired', 'Grant enterprise-admin with POST /role-assignments and an action token in X-Action-Token.', {
      reason: 'action_token_required',
      errors: [{ pointer: `${req.pointer}/role_ref`, detail: 'enterprise-admin needs an action token' }],
    });
  }
  return { role, scopePath };
}

/** Grants a role to a principal at a scope; the principal's next request carries the new grant. */
export async function grantRole(unit: IamUnit, principal: GrantablePrincipal, req: GrantRequest): Promise<RoleAssignment> {
  const { em, caller } = unit;
  const { role } = await authorizeGrant(unit, principal, req);
  const duplicate = await em.count(RoleAssignment, {
    principalId: principal.id,
    roleId: role.id,
    scopeRef: req.scopeRef,
    scopePropagation: req.propagation,
    status: 'active',
  });
  if (duplicate > 0) throw conflict('The principal already holds this role at this scope.', 'role_assignment_exists');
  const assignment = em.create(RoleAssignment, {
    id: uuidv7(),
    version: 1,
    enterpriseId: caller.enterpriseId,
    principalKind: principal.kind,
    principalId: principal.id,
    roleId: role.id,
    scopeRef: req.scopeRef,
    scopeAnchorKind: 'explicit',
    scopePropagation: req.propagation,
    status: 'active',
  } as RoleAssignment);
  try {
    await em.flush();
  } catch (err) {
    if (violatedConstraint(err)) throw conflict('The principal already holds this role at this scope.', 'role_assignment_exists');
    throw err;
  }
  await unit.record(IamEvents.assignmentGranted, assignment.scopeRef, `role-assignments/${assignment.id}`, presentRoleAssignment(assignment));
  await unit.principalChanged(principal.id);
  return assignment;
}

export interface InitialGrantOutcome {
  assignments: RoleAssignment[];
  errors: Array<{ index: number; role_ref: string; scope_ref: string; code: string; status: number; reason: string | null; detail: string }>;
}

/** Initial grants of a new principal: each that fails is reported and the others still happen. */
export async function grantInitialRoles(
  unit: IamUnit,
  principal: GrantablePrincipal,
  roles: Array<{ role_ref: string; scope_ref: string; scope_propagation?: ScopePropagation }>,
): Promise<InitialGrantOutcome> {
  const outcome: InitialGrantOutcome = { assignments: [], errors: [] };
  for (const [index, r] of roles.entries()) {
    try {
      outcome.assignments.push(
        await grantRole(unit, principal, { roleRef: r.role_ref, scopeRef: r.scope_ref, propagation: r.scope_propagation ?? 'subtree', pointer: `/body/roles/${index}` }),
      );
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      outcome.errors.push({ index, role_ref: r.role_ref, scope_ref: r.scope_ref, code: err.code, status: err.status, reason: err.reason, detail: err.detail });
    }
  }
  return outcome;
}

async function revoke(unit: IamUnit, assignment: RoleAssignment): Promise<void> {
  assertTransition('role_assignment', 'revoke', assignment.status, ['active']);
  assignment.status = 'revoked';
  await unit.em.flush();
  await unit.record(IamEvents.assignmentRevoked, assignment.scopeRef, `role-assignments/${assignment.id}`, presentRoleAssignment(assignment));
  await unit.principalChanged(assignment.principalId);
}

export async function revokeRoleAssignment(unit: IamUnit, id: string, precondition?: Precondition): Promise<RoleAssignment> {
  const assignment = await findInScope(unit.em, RoleAssignment, id, unit.caller, 'roles.manage', 'scopeRef', 'role assignment');
  precondition?.(assignment);
  await revoke(unit, assignment);
  return assignment;
}

/** Offboarding: every active assignment of the principal is revoked (each with its event). */
export async function revokeAllAssignmentsOf(unit: IamUnit, principalId: string): Promise<void> {
  const active = await unit.em.find(RoleAssignment, { principalId, status: 'active' }, { orderBy: { id: 'asc' } });
  for (const assignment of active) await revoke(unit, assignment);
}

export function readRoleAssignment(em: EntityManager, caller: Caller, id: string): Promise<RoleAssignment> {
  return findInScope(em, RoleAssignment, id, caller, 'roles.read', 'scopeRef', 'role assignment');
}

/** Whether `roleRef` names the enterprise's platform role `enterprise-admin`: granting it is a governed action (an action token). */
export async function grantsEnterpriseAdmin(sql: Sql, enterpriseId: string, roleRef: string): Promise<boolean> {
  const roleId = parseRef(roleRef)?.id;
  const [role] = roleId ? await sql`select name, platform_managed from roles where id = ${roleId} and enterprise_id = ${enterpriseId}` : [];
  return role?.platform_managed === true && role.name === 'enterprise-admin';
}

/** One page of the assignments at scopes where the caller holds `roles.read`, filtered by principal, role, scope and status. */
export function roleAssignmentsInScope(
  em: EntityManager,
  caller: Caller,
  page: { principalRef?: string; roleRef?: string; scopeRef?: string; status?: RoleAssignment['status']; after: string | null; limit: number },
): Promise<RoleAssignment[]> {
  const where: FilterQuery<RoleAssignment> = {
    ...(page.principalRef ? { principalId: parseRef(page.principalRef)!.id } : {}),
    ...(page.roleRef ? { roleId: parseRef(page.roleRef)!.id } : {}),
    ...(page.status ? { status: page.status } : {}),
  };
  return listInScope(em, RoleAssignment, caller, 'roles.read', { scopeField: 'scopeRef', requestedScope: page.scopeRef, where, after: page.after, limit: page.limit });
}
