import type { Sql } from 'postgres';
import { LRUCache } from 'lru-cache';

/**
 * A per-process read cache kept fresh by PostgreSQL NOTIFY: writers (or a trigger) notify `channel`
 * with the key in their transaction, every process drops that entry when the commit is delivered,
 * and a reconnect of the LISTEN socket drops everything. `maxAgeMs` bounds staleness should a
 * notification ever be missed. Concurrent misses share one load, and a load that races with an
 * invalidation is not cached, so a stale read can never outlive the notification that replaced it.
 * At most `maxEntries` keys are kept (least recently used go first), so a scan of many keys cannot grow
 * the process. Uses the `postgres` client because MikroORM has no LISTEN support.
 */
export class NotifiedCache<V> {
  private readonly entries: LRUCache<string, { value: V }>;
  private readonly loading = new Map<string, Promise<V>>();
  /** Invalidation counter: a load started before an invalidation of its key must not be cached. */
  private generation = 0;
  private clearedAt = 0;
  /** Only loads in flight read these, and a load outlives neither maxAgeMs nor this bound in practice. */
  private readonly invalidatedAt: LRUCache<string, number>;

  constructor(
    private readonly sql: Sql,
    private readonly channel: string,
    private readonly maxAgeMs = 30_000,
    maxEntries = 10_000,
  ) {
    this.entries = new LRUCache({ max: maxEntries });
    this.invalidatedAt = new LRUCache({ max: maxEntries });
  }

  async start(): Promise<void> {
    await this.sql.listen(this.channel, (key) => this.invalidate(key), () => this.invalidate('*'));
  }

  /** `*` (or an empty payload) drops every entry. */
  invalidate(key: string): void {
    const generation = ++this.generation;
    if (key === '*' || key === '') {
      this.clearedAt = generation;
      this.entries.clear();
      this.invalidatedAt.clear();
      this.loading.clear();
    } else {
      this.invalidatedAt.set(key, generation);
      this.entries.delete(key);
      this.loading.delete(key);
    }
  }

  async get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit) return hit.value;
    let pending = this.loading.get(key);
    if (!pending) {
      const startedAt = Date.now();
      const generation = this.generation;
      pending = load().then((value) => {
        const stale = this.clearedAt > generation || (this.invalidatedAt.get(key) ?? 0) > generation;
        // Age counts from the start of the load, as the value may be that old.
        const ttl = this.maxAgeMs - (Date.now() - startedAt);
        if (!stale && ttl > 0) this.entries.set(key, { value }, { ttl });
        return value;
      });
      pending.finally(() => this.loading.get(key) === pending && this.loading.delete(key)).catch(() => {});
      this.loading.set(key, pending);
    }
    return pending;
  }
}
