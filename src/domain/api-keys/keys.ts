import type { Sql, TransactionSql } from 'postgres';
import type { Caller, SubjectAttribution } from '../../auth/caller';
import { conflict, notFound, unprocessable } from '../../errors';
import { etagOf, type Alongside } from '../../db/base';
import { uuidv7 } from '../../ids';
import { recordEventSql } from '../../events/outbox';
import { issueKeyMaterial, notifyApiKeyChange, presentPublicKey, type IssuedKeyMaterial } from '../../auth/api-keys';
import { normalizeAllowlistEntry } from '../../auth/ip-allowlist';
import { assertHolds, type Reach } from '../iam/holdings';
import { API_KEY_EVENTS } from './events';
import { FIRST_API_VERSION, LATEST_API_VERSION } from '../../versions';
import { API_KEY_COLUMNS as COLUMNS, toApiKeyRow, type ApiKeyRow, type ApiKeyStatus } from './store';

export type { ApiKeyRow, ApiKeyStatus } from './store';

/**
 * What a key can do on the signed API (/v1), in the permissions a grant would need for it: read its
 * account's balances and the conversion pairs, quote and execute conversions, on that one account only.
 */
export const API_KEY_PERMISSIONS = ['balances.read', 'conversions.read', 'conversions.create'] as const;

/** A key's holder: the client and the account it acts on. */
export type KeyHolder = Pick<ApiKeyRow, 'enterprise_id' | 'client_id' | 'client_account_id'>;

function apiKeyReach(key: KeyHolder): Reach {
  return {
    permissions: API_KEY_PERMISSIONS,
    path: [`enterprises/${key.enterprise_id}`, `clients/${key.client_id}`, `client-accounts/${key.client_account_id}`],
    propagation: 'exact',
  };
}

/** Issuing, re-issuing or revoking a key is for a caller that could do all the key does (403 `privilege_escalation`). */
export function assertMayHoldKey(caller: Caller, key: KeyHolder): void {
  assertHolds(caller, [apiKeyReach(key)], "The caller cannot issue or revoke an API key that can do what the caller may not do at the key's account.");
}

export function presentApiKey(k: ApiKeyRow) {
  return {
    id: k.id,
    resource: 'api_key' as const,
    client_ref: `clients/${k.client_id}`,
    account_ref: `client-accounts/${k.client_account_id}`,
    label: k.label,
    api_key_prefix: k.api_key_prefix,
    public_key: presentPublicKey(k.public_key),
    ip_allowlist: k.ip_allowlist,
    status: k.status,
    key_issued_at: k.key_issued_at.toISOString(),
    revoked_at: k.revoked_at ? k.revoked_at.toISOString() : null,
    api_version: k.api_version ?? FIRST_API_VERSION,
    etag: etagOf(k),
    created_at: k.created_at.toISOString(),
    updated_at: k.updated_at.toISOString(),
  };
}

/** The answer of create and reactivate: the resource plus the secrets, shown this once. */
export function presentIssuedApiKey(k: ApiKeyRow, material: IssuedKeyMaterial) {
  return { ...presentApiKey(k), api_key: material.apiKey, private_key: material.privateKey };
}

/** Normalized, de-duplicated allowlist; invalid entries are 422 at their pointers. */
export function normalizeAllowlist(entries: readonly string[], pointer = '/body/ip_allowlist'): string[] {
  const out: string[] = [];
  const errors: Array<{ pointer: string; detail: string }> = [];
  entries.forEach((entry, i) => {
    const result = normalizeAllowlistEntry(entry);
    if ('error' in result) errors.push({ pointer: `${pointer}/${i}`, detail: result.error });
    else if (!out.includes(result.value)) out.push(result.value);
  });
  if (errors.length > 0) throw unprocessable('Invalid IP allowlist entries.', errors);
  return out;
}

interface Holder {
  client_status: string;
  account_client_id: string | null;
  account_status: string | null;
  default_client_account_id: string;
}

/**
 * The account a key of this client acts on (the named one, else the default) after checking that
 * both can hold a key: a closed client or account is 409, an account of another client 422.
 */
async function keyHolder(tx: TransactionSql, clientId: string, accountId: string | null): Promise<string> {
  const [h] = await tx<Holder[]>`
    select c.status as client_status, c.default_client_account_id, a.client_id as account_client_id, a.status as account_status
      from clients c left join client_accounts a on a.id = coalesce(${accountId}::uuid, c.default_client_account_id)
     where c.id = ${clientId} for share of c`;
  if (!h) throw notFound('client');
  if (h.client_status === 'closed') throw conflict('The client is closed.', 'client_closed');
  if (h.account_client_id !== clientId) {
    throw unprocessable('The account is not an account of this client.', [{ pointer: '/body/account_ref', detail: 'not an account of client_ref' }]);
  }
  if (h.account_status === 'closed') throw conflict('The client account is closed.', 'account_closed');
  return accountId ?? h.default_client_account_id;
}

async function recordKeyEvent(tx: TransactionSql, type: string, row: ApiKeyRow, attribution: SubjectAttribution | null) {
  await recordEventSql(tx, {
    type,
    enterpriseId: row.enterprise_id,
    scopeRef: `clients/${row.client_id}`,
    resourceRef: `api-keys/${row.id}`,
    payload: presentApiKey(row),
    attribution,
  });
  await notifyApiKeyChange(tx, row.id);
}

export interface NewApiKey {
  enterpriseId: string;
  clientId: string;
  /** Null: the client's default account. */
  clientAccountId: string | null;
  label: string;
  ipAllowlist: string[];
  /** Null: an operator at the CLI (database access, no principal). */
  attribution: SubjectAttribution | null;
  /** Sees what the key will reach (its account, the default one when none was named) before anything is written. */
  authorize?: (key: KeyHolder) => void;
}

export async function createApiKey(sql: Sql, input: NewApiKey, alongside?: Alongside<ApiKeyRow>): Promise<{ row: ApiKeyRow; material: IssuedKeyMaterial }> {
  const ipAllowlist = normalizeAllowlist(input.ipAllowlist);
  const material = await issueKeyMaterial();
  const row = await sql.begin(async (tx) => {
    const accountId = await keyHolder(tx, input.clientId, input.clientAccountId);
    input.authorize?.({ enterprise_id: input.enterpriseId, client_id: input.clientId, client_account_id: accountId });
    const [created] = (await tx.unsafe(
      `insert into api_keys (id, enterprise_id, client_id, client_account_id, label, ip_allowlist, api_key_hash, api_key_prefix, public_key, api_version)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning ${COLUMNS}`,
      [uuidv7(), input.enterpriseId, input.clientId, accountId, input.label, ipAllowlist, material.apiKeyHash, material.apiKeyPrefix, material.publicKey, LATEST_API_VERSION] as never[],
    )).map(toApiKeyRow);
    await recordKeyEvent(tx, API_KEY_EVENTS.created, created, input.attribution);
    await alongside?.(tx, created);
    return created;
  });
  return { row, material };
}

export async function findApiKey(sql: Sql | TransactionSql, id: string): Promise<ApiKeyRow | null> {
  const [row] = (await sql.unsafe(`select ${COLUMNS} from api_keys where id = $1`, [id])).map(toApiKeyRow);
  return row ?? null;
}

/** Keys of an enterprise (optionally of some clients and one status), keyset-paged by id. */
export async function listApiKeys(
  sql: Sql,
  q: { enterpriseId: string; clientIds: string[] | null; status?: ApiKeyStatus; after: string | null; limit: number },
): Promise<ApiKeyRow[]> {
  const rows = await sql.unsafe(
    `select ${COLUMNS} from api_keys
      where enterprise_id = $1 and ($2::uuid[] is null or client_id = any($2::uuid[]))
        and ($3::text is null or status = $3) and ($4::uuid is null or id > $4)
      order by id limit $5`,
    [q.enterpriseId, q.clientIds, q.status ?? null, q.after, q.limit] as never[],
  );
  return rows.map(toApiKeyRow);
}

export type ApiKeyChange = { kind: 'update'; label?: string; ipAllowlist?: string[] } | { kind: 'revoke' } | { kind: 'reactivate' };

/**
 * Applies one change to a key under a row lock, with its event and NOTIFY, in one transaction.
 * `authorize` sees the locked row (scope check, If-Match) before anything changes. Reactivation
 * replaces the key material: the old API key and public key are gone with the old hash.
 */
export async function changeApiKey(
  sql: Sql,
  id: string,
  change: ApiKeyChange,
  /** Reads only through `tx`: while the row is locked, a second connection from the pool could wait behind it. */
  authorize: (row: ApiKeyRow, tx: TransactionSql) => Promise<void> | void,
  attribution: SubjectAttribution | null,
  alongside?: Alongside<ApiKeyRow>,
): Promise<{ row: ApiKeyRow; material?: IssuedKeyMaterial }> {
  const ipAllowlist = change.kind === 'update' && change.ipAllowlist ? normalizeAllowlist(change.ipAllowlist) : undefined;
  const material = change.kind === 'reactivate' ? await issueKeyMaterial() : undefined;
  return sql.begin(async (tx) => {
    const [row] = (await tx.unsafe(`select ${COLUMNS} from api_keys where id = $1 for update`, [id])).map(toApiKeyRow);
    if (!row) throw notFound('API key');
    await authorize(row, tx);
    let updated: ApiKeyRow;
    let type: string;
    switch (change.kind) {
      case 'update':
        if (row.status === 'revoked') throw conflict('The API key is revoked; reactivate it first.', 'api_key_revoked');
        [updated] = (await tx.unsafe(
          `update api_keys set label = $2, ip_allowlist = $3, version = version + 1, updated_at = now() where id = $1 returning ${COLUMNS}`,
          [id, change.label ?? row.label, ipAllowlist ?? row.ip_allowlist] as never[],
        )).map(toApiKeyRow);
        type = API_KEY_EVENTS.updated;
        break;
      case 'revoke':
        if (row.status === 'revoked') throw conflict('The API key is already revoked.', 'api_key_revoked');
        [updated] = (await tx.unsafe(
          `update api_keys set status = 'revoked', revoked_at = now(), version = version + 1, updated_at = now() where id = $1 returning ${COLUMNS}`,
          [id],
        )).map(toApiKeyRow);
        type = API_KEY_EVENTS.revoked;
        break;
      case 'reactivate':
        if (row.status === 'active') throw conflict('The API key is active; only a revoked key can be reactivated.', 'api_key_active');
        await keyHolder(tx, row.client_id, row.client_account_id);
        [updated] = (await tx.unsafe(
          `update api_keys set status = 'active', revoked_at = null, api_key_hash = $2, api_key_prefix = $3, public_key = $4,
                  key_issued_at = now(), version = version + 1, updated_at = now()
            where id = $1 returning ${COLUMNS}`,
          [id, material!.apiKeyHash, material!.apiKeyPrefix, material!.publicKey] as never[],
        )).map(toApiKeyRow);
        type = API_KEY_EVENTS.reactivated;
        break;
    }
    await recordKeyEvent(tx, type, updated, attribution);
    await alongside?.(tx, updated);
    return { row: updated, material };
  });
}

