import type { Fragment, Sql } from 'postgres';
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

/** Which rows of a collection: those with these ids, or those whose name contains a text, in any case. */
type Match = { ids: string[] } | { nameContains: string };

/** The condition of `m` on a collection whose name is `name`; LIKE's wildcards in the text match themselves. */
const matching = (sql: Sql, m: Match, name: Fragment) =>
  'ids' in m ? sql`id = any(${m.ids}::uuid[])` : sql`${name} ilike ${`%${m.nameContains.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;

/** One query per collection: the named rows of the caller's enterprise that `m` matches, with the scope path their read permission applies at. */
const READERS: Record<NamedCollection, { permission: Permission; rows: (sql: Sql, enterpriseId: string, m: Match) => Promise<Row[]> }> = {
  users: {
    permission: 'users.read',
    rows: async (sql, e, m) =>
      (
        await sql<{ id: string; name: string; scope_ref: string }[]>`
          select id, display_name as name, scope_ref from users where enterprise_id = ${e} and ${matching(sql, m, sql`display_name`)}`
      ).map((r) => ({ id: r.id, name: r.name, path: boundaryPath(e, r.scope_ref) })),
  },
  'service-accounts': {
    permission: 'service_accounts.read',
    rows: async (sql, e, m) => {
      const name = sql`coalesce(nullif(description, ''), external_id)`;
      const rows = await sql<{ id: string; name: string; parent_ref: string }[]>`
        select id, ${name} as name, parent_ref from service_accounts where enterprise_id = ${e} and ${matching(sql, m, name)}`;
      return rows.map((r) => ({ id: r.id, name: r.name, path: boundaryPath(e, r.parent_ref) }));
    },
  },
  clients: {
    permission: 'clients.read',
    rows: async (sql, e, m) =>
      (await sql<{ id: string; name: string }[]>`select id, display_name as name from clients where enterprise_id = ${e} and ${matching(sql, m, sql`display_name`)}`).map((r) => ({
        id: r.id,
        name: r.name,
        path: [`enterprises/${e}`, `clients/${r.id}`],
      })),
  },
  'client-accounts': {
    permission: 'clients.read',
    rows: async (sql, e, m) =>
      (
        await sql<{ id: string; name: string; client_id: string }[]>`
          select id, display_name as name, client_id from client_accounts where enterprise_id = ${e} and ${matching(sql, m, sql`display_name`)}`
      ).map((r) => ({ id: r.id, name: r.name, path: [`enterprises/${e}`, `clients/${r.client_id}`, `client-accounts/${r.id}`] })),
  },
  'withdrawal-destinations': {
    permission: 'withdrawals.read',
    rows: async (sql, e, m) =>
      (await sql<{ id: string; name: string; scope_path: string[] }[]>`
        select id, label as name, scope_path from withdrawal_destinations where enterprise_id = ${e} and ${matching(sql, m, sql`label`)}`).map((r) => ({
        id: r.id,
        name: r.name,
        path: r.scope_path,
      })),
  },
  roles: {
    permission: 'roles.read',
    rows: async (sql, e, m) =>
      (await sql<{ id: string; name: string; scope_ref: string }[]>`select id, name, scope_ref from roles where enterprise_id = ${e} and ${matching(sql, m, sql`name`)}`).map((r) => ({
        id: r.id,
        name: r.name,
        path: boundaryPath(e, r.scope_ref),
      })),
  },
};

/** The rows of `collection` that `m` matches and the caller may read, as named refs. */
async function readable(sql: Sql, caller: Caller, collection: NamedCollection, m: Match): Promise<NamedRef[]> {
  const reader = READERS[collection];
  const rows = await reader.rows(sql, caller.enterpriseId, m);
  return rows.filter((row) => caller.can(reader.permission, row.path)).map((row) => ({ ref: `${collection}/${row.id}`, name: row.name }));
}

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
  const found = await Promise.all([...wanted].map(([collection, ids]) => readable(sql, caller, collection, { ids: [...ids] })));
  const names = new Map(found.flat().map((n) => [n.ref, n.name]));
  return [...new Set(refs)].filter((ref) => names.has(ref)).map((ref) => ({ ref, name: names.get(ref)! }));
}

/**
 * The objects of `collections` whose name contains `text`, in any case, among those the caller may read:
 * lookupNames the other way round, so a search by a person's name finds them without naming anyone else.
 */
export async function findNamed(sql: Sql, caller: Caller, collections: readonly NamedCollection[], text: string): Promise<NamedRef[]> {
  return (await Promise.all(collections.map((collection) => readable(sql, caller, collection, { nameContains: text })))).flat();
}
