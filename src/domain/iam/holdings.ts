import type { EntityManager } from '@mikro-orm/postgresql';
import type { Caller, ScopePath } from '../../auth/caller';
import type { Permission } from '../../auth/permissions';
import { AppError } from '../../errors';
import type { ScopePropagation } from './entities';
import { boundaryPath } from './scopes';

/** Permissions at a scope, reaching that scope alone (`exact`) or everything below it as well (`subtree`). */
export interface Reach {
  permissions: readonly string[];
  path: ScopePath;
  propagation: ScopePropagation;
}

/** The permissions of `reaches` that the caller's own grants do not reach as far, each named once. */
export function missingPermissions(caller: Caller, reaches: readonly Reach[]): string[] {
  const missing = new Set<string>();
  for (const r of reaches) for (const p of r.permissions) if (!caller.reaches(p as Permission, r.path, r.propagation)) missing.add(p);
  return [...missing].sort();
}

const HANDING_OUT = 'The caller cannot hand out permissions it does not hold at this scope.';

/**
 * Nobody hands out (a grant, an invitation, a role edit) or takes over (another principal's credentials)
 * more than it holds itself, as far as it holds it: 403 `privilege_escalation` naming what is missing.
 */
export function assertHolds(caller: Caller, reaches: readonly Reach[], detail = HANDING_OUT): void {
  const missing = missingPermissions(caller, reaches);
  if (missing.length > 0) {
    throw new AppError('EdgeForbidden', detail, { reason: 'privilege_escalation', extensions: { missing_permissions: missing } });
  }
}

/** What a principal holds now (its active assignments of active roles), read in the change's transaction. */
export async function reachOf(em: EntityManager, enterpriseId: string, principalId: string): Promise<Reach[]> {
  const rows = await em.execute<Array<{ permissions: string[]; scope_ref: string; scope_propagation: ScopePropagation }>>(
    `select r.permissions, ra.scope_ref, ra.scope_propagation
       from role_assignments ra join roles r on r.id = ra.role_id
      where ra.principal_id = ? and ra.enterprise_id = ? and ra.status = 'active' and r.status = 'active'`,
    [principalId, enterpriseId],
  );
  return rows.map((r) => ({ permissions: r.permissions, path: boundaryPath(enterpriseId, r.scope_ref), propagation: r.scope_propagation }));
}

/**
 * A new secret for a principal, or cutting its credentials off, is for a caller that already holds
 * everything the principal holds: otherwise the new secret would be a way to its permissions.
 */
export async function assertHoldsAllOf(em: EntityManager, caller: Caller, principalId: string): Promise<void> {
  assertHolds(caller, await reachOf(em, caller.enterpriseId, principalId), 'The caller cannot change the credentials of a principal holding permissions it does not hold itself.');
}
