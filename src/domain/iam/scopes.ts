import type { Sql } from 'postgres';
import type { EntityClass, FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Caller, ScopePath } from '../../auth/caller';
import type { Permission } from '../../auth/permissions';
import { notFound } from '../../errors';
import { scopePathOf } from '../../auth/scope-paths';

/**
 * Identity objects (users, invitations, service accounts, roles, assignments) live at an enterprise
 * or one of its clients, so their ancestry is known without a query.
 */
export function boundaryPath(enterpriseId: string, scopeRef: string): ScopePath {
  const root = `enterprises/${enterpriseId}`;
  return scopeRef === root ? [root] : [root, scopeRef];
}

/** A requested enterprise or client ref, resolved within the caller's enterprise; anything else does not exist (404). */
export async function resolveBoundary(sql: Sql, caller: Caller, reference: string, what = 'scope'): Promise<ScopePath> {
  const path = await scopePathOf(sql, reference);
  if (!path || path[0] !== caller.enterpriseRef) throw notFound(what);
  return path;
}

/** True when `inner` lies at or below `outer` (both root-first ancestry paths). */
export function within(inner: ScopePath, outer: ScopePath): boolean {
  return outer.length <= inner.length && outer.every((ref, i) => inner[i] === ref);
}

/**
 * Where-clause for a list of identity objects: the caller's enterprise and only the scopes where it
 * holds `permission` (a subtree grant at the enterprise covers every scope). Null when the requested
 * scope filter is outside them, so the list is empty rather than foreign.
 */
export function visibleWhere(caller: Caller, permission: Permission, field: string, requestedScope?: string): Record<string, unknown> | null {
  const grants = caller.scopesWith(permission);
  const everything = grants.some((g) => g.scopeRef === caller.enterpriseRef && g.propagation === 'subtree');
  const scopes = new Set(grants.map((g) => g.scopeRef));
  if (requestedScope !== undefined) {
    if (!everything && !scopes.has(requestedScope)) return null;
    return { enterpriseId: caller.enterpriseId, [field]: requestedScope };
  }
  if (everything) return { enterpriseId: caller.enterpriseId };
  return scopes.size ? { enterpriseId: caller.enterpriseId, [field]: { $in: [...scopes] } } : null;
}

/**
 * Loads an identity object by id and authorizes `permission` at its scope: absent, foreign or out of
 * the caller's scopes is 404 (as if it did not exist), in scope without the permission is 403.
 */
export async function findInScope<T extends { id: string; enterpriseId: string }>(
  em: EntityManager,
  entity: EntityClass<T>,
  id: string,
  caller: Caller,
  permission: Permission,
  scopeField: keyof T & string,
  what: string,
): Promise<T> {
  const row = await em.findOne(entity, { id } as FilterQuery<T>);
  if (!row) throw notFound(what);
  caller.require(permission, boundaryPath(row.enterpriseId, row[scopeField] as string), what);
  return row;
}

/**
 * One page of identity objects the caller may read with `permission`, oldest first (keyset on the
 * uuidv7 id): at most `limit` rows (the pager asks for one more than a page, to know whether another exists).
 */
export async function listInScope<T extends { id: string; enterpriseId: string }>(
  em: EntityManager,
  entity: EntityClass<T>,
  caller: Caller,
  permission: Permission,
  page: { scopeField: keyof T & string; requestedScope?: string; where?: FilterQuery<T>; after: string | null; limit: number },
): Promise<T[]> {
  const visible = visibleWhere(caller, permission, page.scopeField, page.requestedScope);
  if (!visible) return [];
  const filters = [visible, page.where ?? {}, page.after ? { id: { $gt: page.after } } : {}] as FilterQuery<T>[];
  return em.find(entity, { $and: filters } as FilterQuery<T>, { orderBy: { id: 'asc' } as never, limit: page.limit });
}
