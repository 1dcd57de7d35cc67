import type { Sql } from 'postgres';
import type { Caller } from '../../auth/caller';
import type { Permission } from '../../auth/permissions';

/**
 * The SQL condition "the caller holds `permission` over the row's scope path" for rows that store
 * their ancestry in a text[] column (`scope_path`): subtree grants anywhere on the path, exact grants
 * at its last element. Lists use it so they never include rows the caller could not read one by one.
 */
export function visibleByScopePath(sql: Sql, caller: Caller, permission: Permission, column = 'scope_path') {
  const grants = caller.scopesWith(permission);
  const subtree = grants.filter((g) => g.propagation === 'subtree').map((g) => g.scopeRef);
  const exact = grants.filter((g) => g.propagation === 'exact').map((g) => g.scopeRef);
  const col = sql(column);
  return sql`(${col} && ${subtree}::text[] or ${col}[array_length(${col}, 1)] = any(${exact}::text[]))`;
}
