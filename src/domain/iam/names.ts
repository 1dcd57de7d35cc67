import type { Sql } from 'postgres';
import type { Caller, ScopePath } from '../../auth/caller';
import type { Permission } from '../../auth/permissions';
import { boundaryPath } from './scopes';

/** The collections whose objects have a name a person reads, and the permission that reads each. */
export const NAMED_COLLECTIONS = ['users', 'service-accounts', 'clients', 'client-accounts', 'withdrawal-destinations', 'roles'] as const;
export type NamedCollection = (typeof NAMED_COLLECTIONS)[number];

export interface NamedRef {
  ref: string;
  name: string;
}

type Row = { id: string; name: string; path: ScopePath };

/** One query per collection: the named rows of the caller's enterprise among `ids`, with the scope path their read permission applies at. */
const READERS: Record<NamedCollection, { permission: Permission; rows: (sql: Sql, enterpriseId: string, ids: string[]) => Promise<Row[]> }> = {
  users: {
    permission: 'users.read',
    rows: async (sql, e, ids) =>
      (await sql<{ id: string; name: string; scope_ref: string }[]>`select id, display_name as name, scope_ref from users where enterprise_id = ${e} and id = any(${ids}::uuid[])`).map(
        (r) => ({ id: r.id, name: r.name, path: boundaryPath(e, r.scope_ref) }),
      ),
  },
  'service-accounts': {
    permission: 'service_accounts.read',
    rows: async (sql, e, ids) =>
      (
        await sql<{ id: string; name: string; parent_ref: string }[]>`
          select id, coalesce(nullif(description, ''), external_id) as name, parent_ref from service_accounts where enterprise_id = ${e} and id = any(${ids}::uuid[])`
      ).map((r) => ({ id: r.id, name: r.name, path: boundaryPath(e, r.parent_ref) })),
  },
  clients: {
    permission: 'clients.read',
    rows: async (sql, e, ids) =>
      (await sql<{ id: string; name: string }[]>`select id, display_name as name from clients where enterprise_id = ${e} and id = any(${ids}::uuid[])`).map((r) => ({
        id: r.id,
        name: r.name,
        path: [`enterprises/${e}`, `clients/${r.id}`],
      })),
  },
  'client-accounts': {
    permission: 'clients.read',
    rows: async (sql, e, ids) =>
      (
        await sql<{ id: string; name: string; client_id: string }[]>`
          select id, display_name as name, client_id from client_accounts where enterprise_id = ${e} and id = any(${ids}::uuid[])`
      ).map((r) => ({ id: r.id, name: r.name, path: [`enterprises/${e}`, `clients/${r.client_id}`, `client-accounts/${r.id}`] })),
  },
  'withdrawal-destinations': {
    permission: 'withdrawals.read',
    rows: async (sql, e, ids) =>
      (await sql<{ id: string; name: string; scope_path: string[] }[]>`
        select id, label as name, scope_path from withdrawal_destinations where enterprise_id = ${e} and id = any(${ids}::uuid[])`).map((r) => ({
        id: r.id,
        name: r.name,
        path: r.scope_path,
      })),
  },
  roles: {
    permission: 'roles.read',
    rows: async (sql, e, ids) =>
      (await sql<{ id: string; name: string; scope_ref: string }[]>`select id, name, scope_ref from roles where enterprise_id = ${e} and id = any(${ids}::uuid[])`).map((r) => ({
        id: r.id,
        name: r.name,
        path: boundaryPath(e, r.scope_ref),
      })),
  },
};

/**
 * The names of the objects `refs` point at (`users/<id>`, `client-accounts/<id>`…), in their order, for
 * the ones the caller may read: a ref out of reach or unknown is left out, exactly as a 404 would be.
 * One query per collection however many refs, so a screen names all its rows in one request.
 */
export async function lookupNames(sql: Sql, caller: Caller, refs: readonly string[]): Promise<NamedRef[]> {
  const wanted = new Map<NamedCollection, Set<string>>();
  for (const ref of refs) {
    const [collection, id] = ref.split('/') as [NamedCollection, string];
    if (!wanted.has(collection)) wanted.set(collection, new Set());
    wanted.get(collection)!.add(id);
  }
  const names = new Map<string, string>();
  await Promise.all(
    [...wanted].map(async ([collection, ids]) => {
      const reader = READERS[collection];
      for (const row of await reader.rows(sql, caller.enterpriseId, [...ids])) {
        if (caller.can(reader.permission, row.path)) names.set(`${collection}/${row.id}`, row.name);
      }
    }),
  );
  return [...new Set(refs)].filter((ref) => names.has(ref)).map((ref) => ({ ref, name: names.get(ref)! }));
}
