import type { Row } from 'postgres';

/*
 * The api_keys table: its row, its one column list and the mapper from what `postgres` returns. The key hash
 * is no field of the row: only the key directory reads it, to compare, and it never leaves the database layer.
 */

export type ApiKeyStatus = 'active' | 'revoked';

export interface ApiKeyRow {
  id: string;
  version: number;
  created_at: Date;
  updated_at: Date;
  enterprise_id: string;
  client_id: string;
  client_account_id: string;
  label: string;
  ip_allowlist: string[];
  status: ApiKeyStatus;
  api_key_prefix: string;
  public_key: Buffer;
  key_issued_at: Date;
  revoked_at: Date | null;
  /** The signed API version the key is answered at without a header; null for keys from before versions (the first). */
  api_version: string | null;
}

/** The select expression of each field: the row type names every column, so the list cannot drift from it. */
const API_KEY_SELECT: Record<keyof ApiKeyRow, string> = {
  id: 'id',
  version: 'version',
  created_at: 'created_at',
  updated_at: 'updated_at',
  enterprise_id: 'enterprise_id',
  client_id: 'client_id',
  client_account_id: 'client_account_id',
  label: 'label',
  ip_allowlist: 'ip_allowlist',
  status: 'status',
  api_key_prefix: 'api_key_prefix',
  public_key: 'public_key',
  key_issued_at: 'key_issued_at',
  revoked_at: 'revoked_at',
  api_version: 'api_version',
};

/** Every column but the key hash, for selects and `returning`. */
export const API_KEY_COLUMNS = Object.values(API_KEY_SELECT).join(', ');

/** An ApiKeyRow from a row selected with API_KEY_COLUMNS. */
export function toApiKeyRow(r: Row): ApiKeyRow {
  return {
    id: r.id,
    version: r.version,
    created_at: r.created_at,
    updated_at: r.updated_at,
    enterprise_id: r.enterprise_id,
    client_id: r.client_id,
    client_account_id: r.client_account_id,
    label: r.label,
    ip_allowlist: r.ip_allowlist,
    status: r.status,
    api_key_prefix: r.api_key_prefix,
    public_key: r.public_key,
    key_issued_at: r.key_issued_at,
    revoked_at: r.revoked_at,
    api_version: r.api_version,
  };
}

/** What the key directory resolves a key to, and the hash it compares in constant time. */
export type ActiveKeyRow = Pick<ApiKeyRow, 'id' | 'enterprise_id' | 'client_id' | 'client_account_id' | 'ip_allowlist' | 'public_key' | 'api_version'> & { api_key_hash: Buffer };
const ACTIVE_KEY_FIELDS = ['id', 'enterprise_id', 'client_id', 'client_account_id', 'ip_allowlist', 'public_key', 'api_version'] as const;

/** The active key with this hash, as the directory reads it on a cache miss (one prepared statement). */
export const ACTIVE_KEY_SQL = `select ${ACTIVE_KEY_FIELDS.map((f) => API_KEY_SELECT[f]).join(', ')}, api_key_hash
                                 from api_keys where api_key_hash = $1 and status = 'active'`;

export function toActiveKeyRow(r: Row): ActiveKeyRow {
  return {
    id: r.id,
    enterprise_id: r.enterprise_id,
    client_id: r.client_id,
    client_account_id: r.client_account_id,
    ip_allowlist: r.ip_allowlist,
    public_key: r.public_key,
    api_version: r.api_version,
    api_key_hash: r.api_key_hash,
  };
}
