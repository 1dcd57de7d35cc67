import type { EntityManager } from '@mikro-orm/postgresql';
import type { Caller } from '../../auth/caller';
import { isPermission } from '../../auth/permissions';
import { conflict, unprocessable, type FieldError } from '../../errors';
import { uuidv7 } from '../../ids';
import { Role, type ScopePropagation } from './entities';
import { IamEvents } from './events';
import { presentRole } from './present';
import { assertHolds, type Reach } from './holdings';
import { boundaryPath, findInScope, resolveBoundary } from './scopes';
import { assertTransition, violatedConstraint, type IamUnit, type Precondition } from './unit';

/** Unknown permissions are 422 with a pointer to each offending entry; duplicates collapse. */
function checkedPermissions(permissions: string[]): string[] {
  const errors: FieldError[] = permissions.flatMap((p, i) =>
    isPermission(p) ? [] : [{ pointer: `/body/permissions/${i}`, detail: `unknown permission ${JSON.stringify(p)}` }],
  );
  if (errors.length) throw unprocessable('Permissions must come from the catalogue (the Permission enum).', errors);
  return [...new Set(permissions)].sort();
}

const nameTaken = () => conflict('A role with this name already exists in the enterprise.', 'role_name_taken');

export interface NewRole {
  name: string;
  description: string;
  permissions: string[];
  scopeRef: string;
}

export async function createRole(unit: IamUnit, input: NewRole): Promise<Role> {
  const { em, caller } = unit;
  const path = await resolveBoundary(unit.sql, caller, input.scopeRef);
  caller.require('roles.manage', path, 'scope');
  const permissions = checkedPermissions(input.permissions);
  // A role reaches nothing until granted, and every grant is checked with its propagation.
  assertHolds(caller, [{ permissions, path, propagation: 'exact' }]);
  if ((await em.count(Role, { enterpriseId: caller.enterpriseId, name: input.name })) > 0) throw nameTaken();
  const role = em.create(Role, {
    id: uuidv7(),
    version: 1,
    enterpriseId: caller.enterpriseId,
    name: input.name,
    description: input.description,
    permissions,
    scopeRef: input.scopeRef,
    platformManaged: false,
    status: 'active',
  } as Role);
  try {
    await em.flush();
  } catch (err) {
    if (violatedConstraint(err)) throw nameTaken();
    throw err;
  }
  await unit.record(IamEvents.roleCreated, role.scopeRef, `roles/${role.id}`, presentRole(role));
  return role;
}

export function readRole(em: EntityManager, caller: Caller, id: string): Promise<Role> {
  return findInScope(em, Role, id, caller, 'roles.read', 'scopeRef', 'role');
}

/** Platform-managed roles are defined by the platform and change only with it. */
async function mutableRole(unit: IamUnit, id: string, action: string, precondition?: Precondition): Promise<Role> {
  const role = await findInScope(unit.em, Role, id, unit.caller, 'roles.manage', 'scopeRef', 'role');
  precondition?.(role);
  if (role.platformManaged) throw conflict(`A platform-managed role cannot be ${action}.`, 'platform_managed_role');
  return role;
}

/**
 * Permissions added to a role reach at once as far as its active assignments do: the caller must hold
 * them at the role's scope and as far as each assignment reaches (its scope, with its propagation).
 */
async function assertMayAdd(unit: IamUnit, role: Role, added: string[]): Promise<void> {
  if (added.length === 0) return;
  const assigned = await unit.em.execute<Array<{ scope_ref: string; scope_propagation: ScopePropagation }>>(
    `select distinct scope_ref, scope_propagation from role_assignments where role_id = ? and status = 'active'`,
    [role.id],
  );
  const reaches: Reach[] = [
    { permissions: added, path: boundaryPath(role.enterpriseId, role.scopeRef), propagation: 'exact' },
    ...assigned.map((a) => ({ permissions: added, path: boundaryPath(role.enterpriseId, a.scope_ref), propagation: a.scope_propagation })),
  ];
  assertHolds(unit.caller, reaches);
}

/** Changing permissions applies to every holder on its next request ('*' drops every cached principal). */
export async function updateRole(unit: IamUnit, id: string, patch: { description?: string; permissions?: string[] }, precondition?: Precondition): Promise<Role> {
  const role = await mutableRole(unit, id, 'updated', precondition);
  assertTransition('role', 'update', role.status, ['active']);
  if (patch.description !== undefined) role.description = patch.description;
  if (patch.permissions !== undefined) {
    const permissions = checkedPermissions(patch.permissions);
    await assertMayAdd(unit, role, permissions.filter((p) => !role.permissions.includes(p)));
    role.permissions = permissions;
  }
  await unit.em.flush();
  await unit.record(IamEvents.roleUpdated, role.scopeRef, `roles/${role.id}`, presentRole(role));
  await unit.principalChanged('*');
  return role;
}

/** A retired role grants nothing from the next request on; its assignments stay for the record. */
export async function retireRole(unit: IamUnit, id: string, precondition?: Precondition): Promise<Role> {
  const role = await mutableRole(unit, id, 'retired', precondition);
  assertTransition('role', 'retire', role.status, ['active']);
  role.status = 'retired';
  await unit.em.flush();
  await unit.record(IamEvents.roleRetired, role.scopeRef, `roles/${role.id}`, presentRole(role));
  await unit.principalChanged('*');
  return role;
}
