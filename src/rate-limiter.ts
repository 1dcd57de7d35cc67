import type { Sql } from 'postgres';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type IRateLimiterOptions, type RateLimiterStoreAbstract } from 'rate-limiter-flexible';
import { AppError } from './errors';
import type { RateLimitConfig } from './config';
import type { Logger } from './logger';

/** The budget a route spends from: reads, writes and token issuance are limited apart. */
export type RateClass = 'read' | 'write' | 'token';

/**
 * Request budgets per principal (or client IP, or API key) and route class. Either answer carries the
 * headers of draft-ietf-httpapi-ratelimit-headers; a refusal is 429 EdgeRateLimited with Retry-After.
 */
export interface RateLimiter {
  /** Takes one request: the headers to send, or throws 429. */
  take(key: string, cls: RateClass): Promise<Record<string, string>>;
  close(): Promise<void>;
}

interface Policy {
  /** Requests per `windowSeconds` (the bucket size, or the window's quota). */
  capacity: number;
  rate: number;
  windowSeconds: number;
  header: string;
}

function policiesOf(cfg: RateLimitConfig): Record<RateClass, Policy> {
  const make = (name: RateClass, rate: number): Policy => {
    const capacity = rate * cfg.burstSeconds;
    return { rate, capacity, windowSeconds: cfg.burstSeconds, header: `"${name}";q=${capacity};w=${cfg.burstSeconds}` };
  };
  return { read: make('read', cfg.readPerSecond), write: make('write', cfg.writePerSecond), token: make('token', cfg.tokenPerSecond) };
}

function refusal(cls: RateClass, policy: Policy, retryAfter: number): AppError {
  return new AppError('EdgeRateLimited', `Rate limit for ${cls} requests exceeded; retry after ${retryAfter} s.`, {
    headers: { 'RateLimit-Policy': policy.header, RateLimit: `"${cls}";r=0;t=${retryAfter}`, 'Retry-After': String(retryAfter) },
  });
}

/** One fixed-window limiter per class, in process memory (rate-limiter-flexible's RateLimiterMemory). */
function memoryLimiters(policies: Record<RateClass, Policy>, make = (opts: IRateLimiterOptions) => new RateLimiterMemory(opts)): Record<RateClass, RateLimiterMemory> {
  const of = (cls: RateClass) => make({ keyPrefix: `cf:${cls}`, points: policies[cls].capacity, duration: policies[cls].windowSeconds });
  return { read: of('read'), write: of('write'), token: of('token') };
}

/**
 * Fixed windows in process memory: each API instance enforces the whole rate on its own, so N
 * instances allow N times it. The default for one process (embedded, development); a shared store
 * (`SharedRateLimiter`) makes the rate hold across instances.
 */
export class LocalRateLimiter implements RateLimiter {
  private readonly policies: Record<RateClass, Policy>;
  private readonly limiters: Record<RateClass, RateLimiterMemory>;

  constructor(cfg: RateLimitConfig) {
    this.policies = policiesOf(cfg);
    this.limiters = memoryLimiters(this.policies);
  }

  async take(key: string, cls: RateClass): Promise<Record<string, string>> {
    const p = this.policies[cls];
    let res: RateLimiterRes;
    try {
      res = await this.limiters[cls].consume(key);
    } catch (err) {
      if (err instanceof RateLimiterRes) throw refusal(cls, p, Math.max(1, Math.ceil(err.msBeforeNext / 1000)));
      throw err;
    }
    return { 'RateLimit-Policy': p.header, RateLimit: `"${cls}";r=${res.remainingPoints};t=${Math.max(1, Math.ceil(res.msBeforeNext / 1000))}` };
  }

  async close(): Promise<void> {}
}

export type SharedStore = { kind: 'redis'; client: Redis } | { kind: 'postgres'; sql: Sql };

/** The table of the PostgreSQL store (migration 2026112604…_rate_limits): unlogged, counters need no WAL. */
export const RATE_LIMIT_TABLE = 'rate_limits';

/**
 * rate-limiter-flexible's PostgreSQL store expects node-postgres (`query({text, values, name})` →
 * `{rows, rowCount}`); this adapts our `postgres` client to it. Its answers' bigint columns (the
 * expiry, ms since the epoch) come back as numbers, as node-postgres would give them.
 */
function nodePostgresFacade(sql: Sql) {
  return {
    query: async (q: { text: string; values?: unknown[] }) => {
      const rows = await sql.unsafe(q.text, (q.values ?? []) as never[], { prepare: true });
      return { rows: rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v]))), rowCount: rows.count };
    },
  };
}

/** A share of a window's budget this instance took from the store in one write, spent from memory. */
interface Lease {
  left: number;
  /** When the window it was taken from ends (ms since the epoch). */
  until: number;
  /** What the store had left after this lease: the basis of the RateLimit header and of the next lease's size. */
  storeRemaining: number;
}

/**
 * A lease is at most 1/LEASE_SHARE of a window's budget, and at most 1/LEASE_TAIL of what the store
 * had left, so budgets under LEASE_SHARE requests (and every window's last requests) are counted one
 * by one, exactly. What a lease costs: requests it took but did not spend before its window ended
 * go unused, at most 1/LEASE_SHARE of the budget per instance and window.
 */
const LEASE_SHARE = 64;
const LEASE_TAIL = 8;

/**
 * Fixed windows counted in a store every API instance shares (rate-limiter-flexible, on Redis or
 * PostgreSQL): each class allows `rate × burstSeconds` requests per `burstSeconds` window in total,
 * however many instances serve them. A busy key takes its budget in leases (one store write per
 * lease, not per request); once a key's window is spent, this instance refuses it from memory until
 * the window ends, so a flood costs the store nothing. If the store fails, each instance counts in
 * its own memory (the store limiter's `insuranceLimiter`, logged) rather than refusing or waiving every request.
 */
export class SharedRateLimiter implements RateLimiter {
  private readonly policies: Record<RateClass, Policy>;
  private readonly limiters: Record<RateClass, RateLimiterStoreAbstract>;
  private readonly leases = new Map<string, Lease>();
  /** Keys whose next lease is being taken from the store. */
  private readonly acquiring = new Map<string, Promise<void>>();
  private lastStoreError = 0;

  constructor(
    cfg: RateLimitConfig,
    private readonly store: SharedStore,
    private readonly log: Logger,
  ) {
    this.policies = policiesOf(cfg);
    // rate-limiter-flexible turns to the insurance limiter when the store fails; its use is what we log.
    const insurance = memoryLimiters(this.policies, (opts) => {
      const memory = new RateLimiterMemory(opts);
      const consume = memory.consume.bind(memory);
      memory.consume = (...args) => (this.storeFailed(), consume(...args));
      return memory;
    });
    const make = (cls: RateClass): RateLimiterStoreAbstract => {
      const p = this.policies[cls];
      const common = { keyPrefix: `cf:${cls}`, points: p.capacity, duration: p.windowSeconds, inMemoryBlockOnConsumed: p.capacity, insuranceLimiter: insurance[cls] };
      return store.kind === 'redis'
        ? new RateLimiterRedis({ ...common, storeClient: store.client, rejectIfRedisNotReady: true })
        : new RateLimiterPostgres({ ...common, storeClient: nodePostgresFacade(store.sql), storeType: 'client', tableName: RATE_LIMIT_TABLE, tableCreated: true });
    };
    this.limiters = { read: make('read'), write: make('write'), token: make('token') };
  }

  async take(key: string, cls: RateClass): Promise<Record<string, string>> {
    const id = `${cls}:${key}`;
    for (;;) {
      const now = Date.now();
      const lease = this.leases.get(id);
      if (lease && now < lease.until && lease.left > 0) {
        lease.left--;
        return this.headers(cls, lease.storeRemaining + lease.left, lease.until - now);
      }
      // One lease at a time per key: concurrent requests wait for it rather than each taking one (and
      // overwriting the others', whose budget would be lost until the window ends).
      const pending = this.acquiring.get(id);
      if (!pending) break;
      await pending;
    }
    let done!: () => void;
    this.acquiring.set(id, new Promise<void>((resolve) => (done = resolve)));
    try {
      return await this.lease(key, cls, id);
    } finally {
      this.acquiring.delete(id);
      done();
    }
  }

  /** Takes a lease from the store and spends its first request. */
  private async lease(key: string, cls: RateClass, id: string): Promise<Record<string, string>> {
    const p = this.policies[cls];
    const now = Date.now();
    const lease = this.leases.get(id);
    const current = lease && now < lease.until ? lease : undefined;
    const size = Math.max(1, Math.min(Math.floor(p.capacity / LEASE_SHARE), current ? Math.floor(current.storeRemaining / LEASE_TAIL) : Infinity));
    let res: RateLimiterRes;
    try {
      res = await this.limiters[cls].consume(key, size);
    } catch (err) {
      if (err instanceof RateLimiterRes) throw refusal(cls, p, Math.max(1, Math.ceil(err.msBeforeNext / 1000)));
      throw err;
    }
    if (!lease && this.leases.size > 100_000) this.leases.clear(); // bound memory under key churn
    this.leases.set(id, { left: size - 1, until: now + res.msBeforeNext, storeRemaining: res.remainingPoints });
    return this.headers(cls, res.remainingPoints + size - 1, res.msBeforeNext);
  }

  private headers(cls: RateClass, remaining: number, msToReset: number): Record<string, string> {
    return { 'RateLimit-Policy': this.policies[cls].header, RateLimit: `"${cls}";r=${remaining};t=${Math.max(1, Math.ceil(msToReset / 1000))}` };
  }

  private storeFailed(): void {
    const now = Date.now();
    if (now - this.lastStoreError > 60_000) this.log.warn({ store: this.store.kind }, 'rate limit store unavailable: counting in this process until it is back');
    this.lastStoreError = now;
  }

  async close(): Promise<void> {
    if (this.store.kind !== 'redis') return;
    const { client } = this.store;
    await client.quit().catch(() => client.disconnect()); // quit fails on a connection that is down
  }
}

/** The limiter the configuration names: in process (default), or shared through Redis or PostgreSQL. */
export async function createRateLimiter(cfg: RateLimitConfig, deps: { sql: Sql; log: Logger }): Promise<RateLimiter> {
  if (cfg.store === 'memory') return new LocalRateLimiter(cfg);
  if (cfg.store === 'postgres') return new SharedRateLimiter(cfg, { kind: 'postgres', sql: deps.sql }, deps.log);
  const { Redis } = await import('ioredis');
  const client = new Redis(cfg.redisUrl!, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true, connectionName: 'counterfoil-rate-limits' });
  let down = false;
  client.on('error', (err) => {
    if (!down) deps.log.warn({ err }, 'rate limit store (Redis) connection failed; retrying');
    down = true;
  });
  client.on('ready', () => (down = false));
  // Connected before the first request; a Redis that is down now is retried in the background meanwhile.
  await client.connect().catch(() => {});
  return new SharedRateLimiter(cfg, { kind: 'redis', client }, deps.log);
}
