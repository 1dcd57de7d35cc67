// Rate limits that hold across API instances: two real `counterfoil api` processes counting in one
// shared store (PostgreSQL, or Redis) allow the documented budget once in total, not once each.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { call, createTenant, startTestApp, testConfig, tokenFor, type TestApp } from '../helpers/app';
import { freePort } from '../../temporal/dev-server';
import { Processes, exited } from '../workflows/process-fixtures';
import { SharedRateLimiter } from '../../src/rate-limiter';
import { createLogger } from '../../src/logger';

let REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** 1 read/s with a 30 s window: a budget of 30 reads per window, far more than this test takes to spend. */
const BUDGET = { COUNTERFOIL_RATE_LIMIT_READ_PER_SECOND: '1', COUNTERFOIL_RATE_LIMIT_BURST_SECONDS: '30' };

let app: TestApp;
let ownRedis: ChildProcess | undefined;

/** The machine's Redis (TEST_REDIS_URL, else 127.0.0.1:6379), or one started here from `redis-server` on PATH. */
async function reachableRedis(): Promise<void> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  const up = await probe.connect().then(() => true, () => false);
  probe.disconnect();
  if (up) return;
  const port = await freePort();
  ownRedis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  await new Promise<void>((resolve, reject) => {
    ownRedis!.once('error', () => reject(new Error(`No Redis at ${REDIS_URL} and no redis-server on PATH: install Redis or set TEST_REDIS_URL.`)));
    ownRedis!.once('spawn', () => resolve());
  });
  REDIS_URL = `redis://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const client = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => {});
    if (await client.connect().then(() => true, () => false)) return void client.disconnect();
    if (i > 50) throw new Error(`redis-server did not answer on ${REDIS_URL}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  await reachableRedis();
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
  ownRedis?.kill('SIGTERM');
});

async function twoApis(store: Record<string, string>): Promise<{ urls: string[]; stop: () => Promise<void> }> {
  const processes = Processes.create('rate-limits', { ...BUDGET, ...store });
  const ports = [await freePort(), await freePort(), await freePort(), await freePort()];
  const children: ChildProcess[] = await Promise.all([
    processes.start('api', { COUNTERFOIL_API_PORT: String(ports[0]), COUNTERFOIL_SIGNED_API_PORT: String(ports[1]) }),
    processes.start('api', { COUNTERFOIL_API_PORT: String(ports[2]), COUNTERFOIL_SIGNED_API_PORT: String(ports[3]) }),
  ]);
  return {
    urls: [`http://127.0.0.1:${ports[0]}`, `http://127.0.0.1:${ports[2]}`],
    stop: async () => {
      for (const child of children) child.kill('SIGTERM');
      await Promise.all(children.map(exited));
    },
  };
}

describe('a shared store', () => {
  // Each store has its own pair of API processes and its own tenants: the two start and run side by side.
  it.concurrent.each([
    ['PostgreSQL', { COUNTERFOIL_RATE_LIMIT_STORE: 'postgres' }],
    ['Redis', { COUNTERFOIL_RATE_LIMIT_STORE: 'redis' }],
  ])('(%s) two API processes allow the documented budget once in total, with the same headers and 429 contract', async (name, store: Record<string, string>) => {
    const apis = await twoApis(name === 'Redis' ? { ...store, COUNTERFOIL_REDIS_URL: REDIS_URL } : store);
    try {
      const tenant = await createTenant(app.services, 'Shared Limits Ltd');
      const token = await tokenFor(app.url, tenant);
      const answers = [];
      // 60 reads alternating between the instances: an in-process limiter would allow all 60 (30 each).
      for (let i = 0; i < 60; i++) answers.push(await call(apis.urls[i % 2], 'GET', '/enterprises', { token }));
      const allowed = answers.filter((a) => a.status === 200);
      expect(allowed).toHaveLength(30);
      expect(new Set(answers.slice(0, 30).map((a) => a.status))).toEqual(new Set([200]));
      // The remaining budget counts down across both instances.
      expect(allowed.map((a) => a.headers.get('ratelimit'))).toEqual(Array.from({ length: 30 }, (_, i) => expect.stringMatching(new RegExp(`^"read";r=${29 - i};t=\\d+$`))));
      for (const a of answers) expect(a.headers.get('ratelimit-policy')).toBe('"read";q=30;w=30');
      const refused = answers.slice(30);
      for (const r of refused) {
        expect(r.status).toBe(429);
        expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
        expect(r.body).toMatchObject({ status: 429, code: 'EdgeRateLimited' });
        expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        expect(Number(r.headers.get('retry-after'))).toBeLessThanOrEqual(30);
      }
      // Another principal has its own budget.
      const other = await tokenFor(app.url, await createTenant(app.services, 'Shared Limits Other Ltd'));
      expect((await call(apis.urls[1], 'GET', '/enterprises', { token: other })).status).toBe(200);
    } finally {
      await apis.stop();
    }
  });
});

describe('a busy key', () => {
  it('takes its budget from the store in leases: a few writes for 500 requests, none over the budget', async () => {
    const client = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true });
    await client.connect();
    // 1,000 reads/s over a 2 s window: a budget of 2,000, leased 31 (1/64) at a time.
    const limiter = new SharedRateLimiter({ ...testConfig().rateLimits, readPerSecond: 1000, burstSeconds: 2 }, { kind: 'redis', client }, createLogger('silent'));
    const key = `lease-${randomUUID()}`;
    try {
      const remaining = [];
      for (let i = 0; i < 500; i++) remaining.push(Number(/r=(\d+)/.exec((await limiter.take(key, 'read')).RateLimit)![1]));
      const stored = Number(await client.get(`cf:read:${key}`));
      expect(stored).toBeGreaterThanOrEqual(500);
      expect(stored).toBeLessThan(500 + 31);
      expect(remaining).toEqual(Array.from({ length: 500 }, (_, i) => 1999 - i)); // one instance: the exact count
    } finally {
      await limiter.close();
    }
  });
});

describe('concurrent requests of one key', () => {
  it.each(['redis', 'postgres'] as const)('on %s share one lease at a time: none refused, no budget lost to overwritten leases', async (kind) => {
    const client = kind === 'redis' ? new Redis(REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true }) : undefined;
    await client?.connect();
    const store = client ? { kind, client } : { kind, sql: app.services.sql };
    // A budget of 640 per 60 s window, leased 10 at a time: 64 requests at once, 10 times over, fit only if no lease is wasted.
    const limiter = new SharedRateLimiter({ ...testConfig().rateLimits, readPerSecond: 32, burstSeconds: 20 }, store as never, createLogger('silent'));
    const key = `herd-${randomUUID()}`;
    try {
      for (let round = 0; round < 10; round++) {
        const answers = await Promise.allSettled(Array.from({ length: 64 }, () => limiter.take(key, 'read')));
        expect(answers.filter((a) => a.status === 'rejected')).toEqual([]);
      }
      await expect(limiter.take(key, 'read')).rejects.toMatchObject({ code: 'EdgeRateLimited' });
    } finally {
      await limiter.close();
    }
  });
});

describe('a shared store that fails', () => {
  it('Redis unreachable: each instance counts in its own memory (logged) rather than refusing or waiving', async () => {
    const port = await freePort(); // nothing listens there
    const client = new Redis(`redis://127.0.0.1:${port}`, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true, retryStrategy: () => null });
    client.on('error', () => {});
    const warnings: string[] = [];
    const log = createLogger('silent');
    log.warn = ((_obj: unknown, msg: string) => void warnings.push(msg)) as unknown as typeof log.warn;
    const cfg = { ...testConfig(BUDGET).rateLimits, readPerSecond: 1, burstSeconds: 2 };
    const limiter = new SharedRateLimiter(cfg, { kind: 'redis', client }, log);
    try {
      expect(await limiter.take('p', 'read')).toMatchObject({ RateLimit: '"read";r=1;t=2' });
      expect(await limiter.take('p', 'read')).toMatchObject({ RateLimit: '"read";r=0;t=2' });
      await expect(limiter.take('p', 'read')).rejects.toMatchObject({ code: 'EdgeRateLimited' });
      expect(warnings).toEqual(['rate limit store unavailable: counting in this process until it is back']);
    } finally {
      client.disconnect();
    }
  });
});
