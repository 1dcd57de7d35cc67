import type { Sql } from 'postgres';
import type { Logger } from '../logger';
import type { PrincipalKind } from '../domain/iam/entities';
import type { Grant } from './caller';
import { NotifiedCache } from '../db/notified-cache';

export const IAM_CHANNEL = 'counterfoil_iam';

export interface PrincipalState {
  enterpriseId: string;
  /** False when suspended, deactivated or revoked: its tokens stop working at once. */
  active: boolean;
  /** Where the principal sits, its enterprise or one of its clients (a user's scope_ref, a service account's parent_ref). */
  scopeRef: string;
  grants: Grant[];
  /** A service account's pinned API version (null: a user, or an account from before versions: src/versions). */
  apiVersion: string | null;
}

/** How each principal kind's status is read; the identity module registers users. */
const statusQueries: Record<PrincipalKind, string> = {
  service_account: `select enterprise_id, parent_ref as scope_ref, status = 'active' as active, api_version from service_accounts where id = $1`,
  user: `select enterprise_id, scope_ref, status = 'active' as active, null::text as api_version from users where id = $1`,
};

const GRANTS_SQL = `
  select r.permissions, ra.scope_ref, ra.scope_propagation
    from role_assignments ra
    join roles r on r.id = ra.role_id
   where ra.principal_id = $1 and ra.status = 'active' and r.status = 'active'`;

/** Fallback bound on staleness should a notification ever be missed (the LISTEN socket reconnects). */
const MAX_AGE_MS = 30_000;

/**
 * Principal status and grants, cached per process. Every change to principals, roles or assignments
 * sends NOTIFY in its transaction (see `notifyIamChange`); each process drops the entry on receipt,
 * so a revocation takes effect on the next request without re-issuing tokens.
 * The `postgres` client is used here because MikroORM has no LISTEN support.
 */
export class PrincipalDirectory {
  private readonly cache: NotifiedCache<PrincipalState | null>;

  constructor(
    private readonly sql: Sql,
    private readonly log: Logger,
  ) {
    this.cache = new NotifiedCache(sql, IAM_CHANNEL, MAX_AGE_MS);
  }

  start(): Promise<void> {
    return this.cache.start();
  }

  invalidate(principalId: string): void {
    this.cache.invalidate(principalId);
  }

  resolve(kind: PrincipalKind, id: string): Promise<PrincipalState | null> {
    return this.cache.get(id, () => this.load(kind, id));
  }

  private async load(kind: PrincipalKind, id: string): Promise<PrincipalState | null> {
    const [rows, grantRows] = await Promise.all([
      this.sql.unsafe(statusQueries[kind], [id]),
      this.sql.unsafe(GRANTS_SQL, [id]),
    ]);
    const row = rows[0];
    const state: PrincipalState | null = row
      ? {
          enterpriseId: row.enterprise_id,
          active: row.active,
          scopeRef: row.scope_ref,
          apiVersion: row.api_version,
          grants: grantRows.map((g) => ({
            permissions: new Set<string>(g.permissions),
            scopeRef: g.scope_ref,
            propagation: g.scope_propagation,
          })),
        }
      : null;
    this.log.debug({ principal: id, active: state?.active }, 'principal loaded');
    return state;
  }
}

/** Call inside the transaction that changes a principal, role or assignment. `*` drops every entry. */
export function iamChangeNotification(principalId: string | '*'): { sql: string; params: string[] } {
  return { sql: `select pg_notify('${IAM_CHANNEL}', ?)`, params: [principalId] };
}
