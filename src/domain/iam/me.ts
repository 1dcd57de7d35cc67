import type { Sql } from 'postgres';
import type { Caller } from '../../auth/caller';
import { isPermission, PERMISSIONS, type Permission } from '../../auth/permissions';
import { notFound } from '../../errors';
import { CAPABILITIES_OF_PERMISSION, enabledOn, loadCapabilitySettings } from '../capabilities';
import { boundaryPath } from './scopes';

/** Where the calling principal belongs: a user's `scope_ref`, a service account's `parent_ref`. */
export async function homeScopeOf(sql: Sql, caller: Caller): Promise<string> {
  const [row] =
    caller.subject.kind === 'user'
      ? await sql`select scope_ref as home from users where id = ${caller.subject.id}`
      : await sql`select parent_ref as home from service_accounts where id = ${caller.subject.id}`;
  if (!row) throw notFound('principal');
  return row.home;
}

export interface NavigationScope {
  scope_ref: string;
  scope_propagation: 'subtree' | 'exact';
  /** False when every capability the permission needs is switched off at this scope. */
  available: boolean;
  disabled_capabilities: string[];
}

export interface Navigation {
  subject: Caller['subject'];
  areas: Array<{ area: string; permissions: Array<{ permission: Permission; description: string; scopes: NavigationScope[] }> }>;
}

/**
 * What the caller may do and where: its active grants folded into area → permission → scopes, each
 * scope marked unavailable when the capabilities the permission needs are off there. Capability
 * overrides below a scope (a client under an enterprise-wide grant) are not expanded.
 */
export async function navigationOf(sql: Sql, caller: Caller): Promise<Navigation> {
  const settings = await loadCapabilitySettings(sql, caller.enterpriseId);
  const scopesByPermission = new Map<Permission, Map<string, NavigationScope>>();
  for (const grant of caller.grants) {
    for (const permission of grant.permissions) {
      if (!isPermission(permission)) continue;
      const needed = CAPABILITIES_OF_PERMISSION[permission] ?? [];
      const disabled = needed.filter((c) => !enabledOn(settings, c, boundaryPath(caller.enterpriseId, grant.scopeRef)));
      const scopes = scopesByPermission.get(permission) ?? new Map<string, NavigationScope>();
      scopes.set(`${grant.scopeRef} ${grant.propagation}`, {
        scope_ref: grant.scopeRef,
        scope_propagation: grant.propagation,
        available: needed.length === 0 || disabled.length < needed.length,
        disabled_capabilities: disabled,
      });
      scopesByPermission.set(permission, scopes);
    }
  }
  const areas = new Map<string, Navigation['areas'][number]>();
  for (const permission of [...scopesByPermission.keys()].sort()) {
    const area = permission.slice(0, permission.indexOf('.'));
    if (!areas.has(area)) areas.set(area, { area, permissions: [] });
    areas.get(area)!.permissions.push({
      permission,
      description: PERMISSIONS[permission],
      scopes: [...scopesByPermission.get(permission)!.values()].sort((a, b) => a.scope_ref.localeCompare(b.scope_ref)),
    });
  }
  return { subject: caller.subject, areas: [...areas.values()] };
}
