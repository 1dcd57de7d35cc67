import type { Sql, TransactionSql } from 'postgres';
import { parseRef } from '../ids';
import type { ScopePath } from './caller';

/**
 * The ancestry of a topology reference, root first: `clients/C` → `['enterprises/E', 'clients/C']`.
 * Null when the object does not exist. Authorization compares grants against this path.
 * Tables: clients(id, enterprise_id), client_accounts(id, client_id, enterprise_id).
 */
export async function scopePathOf(sql: Sql | TransactionSql, reference: string): Promise<ScopePath | null> {
  const parsed = parseRef(reference);
  if (!parsed) return null;
  switch (parsed.collection) {
    case 'enterprises': {
      const [row] = await sql`select id from enterprises where id = ${parsed.id}`;
      return row ? [reference] : null;
    }
    case 'master-accounts': {
      const [row] = await sql`select enterprise_id from master_accounts where id = ${parsed.id}`;
      return row ? [`enterprises/${row.enterprise_id}`, reference] : null;
    }
    case 'clients': {
      const [row] = await sql`select enterprise_id from clients where id = ${parsed.id}`;
      return row ? [`enterprises/${row.enterprise_id}`, reference] : null;
    }
    case 'client-accounts': {
      const [row] = await sql`select enterprise_id, client_id from client_accounts where id = ${parsed.id}`;
      return row ? [`enterprises/${row.enterprise_id}`, `clients/${row.client_id}`, reference] : null;
    }
    default:
      return null;
  }
}
