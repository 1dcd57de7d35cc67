import type { Sql } from 'postgres';
import { secretMatches } from './secrets';

export interface AuthenticatedClient {
  serviceAccountId: string;
  enterpriseId: string;
}

/**
 * Checks a service account's client credentials: the current secret until it expires, or the
 * previous one while a rotation overlap lasts. Raw SQL: this is the token endpoint's hot path.
 */
export async function verifyClientCredentials(sql: Sql, clientId: string, clientSecret: string, now = new Date()): Promise<AuthenticatedClient | null> {
  const [row] = await sql`
    select id, enterprise_id, status, secret_hash, current_secret_expires_at, previous_secret_hash, previous_secret_expires_at
      from service_accounts where client_id = ${clientId}`;
  // Hash anyway when the client is unknown, so timing does not reveal which client ids exist.
  const currentOk = secretMatches(clientSecret, row?.secret_hash ?? '0'.repeat(64));
  if (!row || row.status !== 'active') return null;
  const ok =
    (currentOk && row.current_secret_expires_at > now) ||
    (row.previous_secret_expires_at !== null && row.previous_secret_expires_at > now && secretMatches(clientSecret, row.previous_secret_hash));
  return ok ? { serviceAccountId: row.id, enterpriseId: row.enterprise_id } : null;
}
