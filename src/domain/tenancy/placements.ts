import type { Sql } from 'postgres';
import type { ScopePath } from '../../auth/caller';

/** Where an account sits in the topology: fixed when the account is created. */
export interface Placement {
  ref: string;
  enterpriseId: string;
  clientId: string | null;
}

export const placementPath = (p: Placement): ScopePath =>
  p.clientId ? [`enterprises/${p.enterpriseId}`, `clients/${p.clientId}`, p.ref] : [`enterprises/${p.enterpriseId}`, p.ref];

const CLIENT_ACCOUNT = 'client-accounts/';
const MASTER_ACCOUNT = 'master-accounts/';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Account placements by reference, cached per process without invalidation: an account never moves
 * to another client or enterprise, and a deleted account is only ever closed (its row stays). Lets a
 * money path decide scope and permissions before it opens a transaction. Bounded: cleared when full.
 */
export class AccountPlacements {
  private readonly known = new Map<string, Placement>();

  constructor(
    private readonly sql: Sql,
    private readonly capacity = 200_000,
  ) {}

  /** The placements of the existing accounts among `refs` (unknown or malformed refs are absent). */
  async resolve(refs: string[]): Promise<Map<string, Placement>> {
    const found = new Map<string, Placement>();
    const missing = { client: [] as string[], master: [] as string[] };
    for (const ref of refs) {
      const hit = this.known.get(ref);
      if (hit) found.set(ref, hit);
      else if (ref.startsWith(CLIENT_ACCOUNT) && UUID.test(ref.slice(CLIENT_ACCOUNT.length))) missing.client.push(ref.slice(CLIENT_ACCOUNT.length));
      else if (ref.startsWith(MASTER_ACCOUNT) && UUID.test(ref.slice(MASTER_ACCOUNT.length))) missing.master.push(ref.slice(MASTER_ACCOUNT.length));
    }
    if (missing.client.length + missing.master.length === 0) return found;
    const rows = await this.sql<{ ref: string; enterprise_id: string; client_id: string | null }[]>`
      select ${CLIENT_ACCOUNT} || id as ref, enterprise_id, client_id from client_accounts where id = any(${missing.client}::uuid[])
      union all
      select ${MASTER_ACCOUNT} || id, enterprise_id, null from master_accounts where id = any(${missing.master}::uuid[])`;
    if (this.known.size + rows.length > this.capacity) this.known.clear();
    for (const r of rows) {
      const placement = { ref: r.ref, enterpriseId: r.enterprise_id, clientId: r.client_id };
      this.known.set(r.ref, placement);
      found.set(r.ref, placement);
    }
    return found;
  }
}
