import { timingSafeEqual, type KeyObject } from 'node:crypto';
import type { Sql } from 'postgres';
import type { Logger } from '../../logger';
import { API_KEYS_CHANNEL, hashApiKey } from '../../auth/api-keys';
import { compileAllowlist, type AddressMatcher } from '../../auth/ip-allowlist';
import { publicKeyObject } from '../../auth/request-signatures';
import { ACTIVE_KEY_SQL, toActiveKeyRow } from './store';

/** What the signed API needs to know about a key on every request. */
export interface ResolvedApiKey {
  id: string;
  enterpriseId: string;
  clientId: string;
  clientAccountId: string;
  publicKey: KeyObject;
  rawPublicKey: Buffer;
  allows: AddressMatcher;
  /** The signed API version the key is pinned to (null: from before versions, the first). */
  apiVersion: string | null;
}

interface Entry {
  key: ResolvedApiKey | null;
  at: number;
}

/** Fallback bound on staleness should a notification ever be missed (the LISTEN socket reconnects and clears too). */
const MAX_AGE_MS = 30_000;
const MAX_ENTRIES = 100_000;

/**
 * Active API keys by hash, cached per process with their parsed public key and allowlist, so a
 * request costs no key query and no key parsing. Every change to a key sends NOTIFY in its
 * transaction; each process drops the entry on receipt, and the process that made the change drops
 * it at once (`invalidate`), so a revocation applies on the very next request. Unknown keys are
 * cached as misses: a hash of fresh random material never becomes valid later.
 */
export class ApiKeyDirectory {
  private readonly byHash = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<ResolvedApiKey | null>>();
  private listening: Promise<unknown> | undefined;
  /** Bumped by every invalidation: a load that raced one is answered but not cached. */
  private generation = 0;

  constructor(
    private readonly sql: Sql,
    private readonly log: Logger,
  ) {}

  /** Starts listening (once); resolves when notifications flow. */
  start(): Promise<unknown> {
    this.listening ??= this.sql.listen(
      API_KEYS_CHANNEL,
      (id) => this.invalidate(id),
      // (Re)connected: anything may have changed while we were not listening.
      () => {
        this.generation++;
        this.byHash.clear();
      },
    );
    return this.listening;
  }

  invalidate(keyId: string): void {
    this.generation++;
    for (const [hash, entry] of this.byHash) if (entry.key?.id === keyId) this.byHash.delete(hash);
  }

  async resolve(apiKey: string): Promise<ResolvedApiKey | null> {
    await this.start();
    const hash = hashApiKey(apiKey);
    const id = hash.toString('base64');
    const hit = this.byHash.get(id);
    if (hit && Date.now() - hit.at < MAX_AGE_MS) return hit.key;
    let pending = this.loading.get(id);
    if (!pending) {
      pending = this.load(hash, id).finally(() => this.loading.delete(id));
      this.loading.set(id, pending);
    }
    return pending;
  }

  private async load(hash: Buffer, id: string): Promise<ResolvedApiKey | null> {
    const startedAt = Date.now();
    const generation = this.generation;
    const [row] = (await this.sql.unsafe(ACTIVE_KEY_SQL, [hash], { prepare: true })).map(toActiveKeyRow);
    const key: ResolvedApiKey | null =
      row && timingSafeEqual(row.api_key_hash, hash)
        ? {
            id: row.id,
            enterpriseId: row.enterprise_id,
            clientId: row.client_id,
            clientAccountId: row.client_account_id,
            publicKey: publicKeyObject(row.public_key),
            rawPublicKey: row.public_key,
            allows: compileAllowlist(row.ip_allowlist),
            apiVersion: row.api_version,
          }
        : null;
    if (generation === this.generation) {
      if (this.byHash.size >= MAX_ENTRIES) this.byHash.clear(); // bound memory under key spraying
      this.byHash.set(id, { key, at: startedAt });
    }
    this.log.debug({ api_key: key?.id ?? null }, 'api key loaded');
    return key;
  }
}

const directories = new WeakMap<Sql, ApiKeyDirectory>();

/** The one directory of a services bag (its SQL client), shared by the signed app and the key routes. */
export function apiKeyDirectory(services: { sql: Sql; log: Logger }): ApiKeyDirectory {
  let directory = directories.get(services.sql);
  if (!directory) {
    directory = new ApiKeyDirectory(services.sql, services.log);
    directories.set(services.sql, directory);
  }
  return directory;
}
