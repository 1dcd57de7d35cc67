import { connectPostgres, pingDatabase } from '../../src/db/connect';
import { initOrm } from '../../src/db/orm';
import { entities } from '../../src/domain/entities';
import { NotifiedCache } from '../../src/db/notified-cache';
import { startOpsServer } from '../../src/ops-server';
import { createLogger } from '../../src/logger';
import { RevokedTokens } from '../../src/auth/revocations';
import pino from 'pino';
import { randomUUID } from 'node:crypto';
import { runState } from '../helpers/run-state';
import { PgProxy } from '../helpers/pg-proxy';

/*
 * Counterfoil's side of a database failover, against the real PostgreSQL behind a proxy that acts as
 * the cluster's balancer: every session is shut when the leader goes, connections are refused while
 * there is none, and then they are accepted again (on what is, to the client, a new server process).
 */

let proxy: PgProxy;
let url: string;

beforeAll(async () => {
  proxy = await PgProxy.start(PgProxy.targetOf(runState().databaseUrl));
  url = PgProxy.urlThrough(runState().databaseUrl, proxy.port);
});
afterEach(() => proxy.up());
afterAll(async () => {
  await proxy.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `attempt` until it resolves or `ms` pass; the time it took. */
async function until<T>(ms: number, attempt: () => Promise<T>): Promise<{ value: T; tookMs: number }> {
  const started = Date.now();
  for (;;) {
    try {
      return { value: await attempt(), tookMs: Date.now() - started };
    } catch (err) {
      if (Date.now() - started > ms) throw err;
      await sleep(50);
    }
  }
}

/** An outage: sessions shut, connections refused for `ms`, then the database is back. */
async function outage(ms: number): Promise<void> {
  proxy.down();
  await sleep(ms);
  proxy.up();
}

describe('pools after the database went away and came back', () => {
  it('postgres.js: the first query after the outage gets a fresh connection', async () => {
    const sql = connectPostgres(url, { max: 3, onnotice: () => {} });
    try {
      await Promise.all([sql`select pg_sleep(0.05)`, sql`select pg_sleep(0.05)`, sql`select pg_sleep(0.05)`]); // three idle connections
      const before = await sql<{ pid: number }[]>`select pg_backend_pid() as pid`;
      await outage(300);
      // Every pooled connection died with its session; none of them may be handed out again.
      const after = await Promise.all([1, 2, 3].map(() => sql<{ pid: number }[]>`select pg_backend_pid() as pid`));
      expect(after.every(([r]) => r.pid !== before[0].pid)).toBe(true);
    } finally {
      await sql.end({ timeout: 1 });
    }
  });

  it('postgres.js: a query issued while the database is gone fails fast, and the next one succeeds', async () => {
    const sql = connectPostgres(url, { max: 2, onnotice: () => {} });
    try {
      await sql`select 1`;
      proxy.down();
      const started = Date.now();
      // A balancer with no leader accepts and closes: that is an error at once, not a reconnect loop for the whole outage.
      await expect(sql`select 1`).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(1000);
      proxy.up();
      await expect(sql`select 1 as one`).resolves.toEqual([{ one: 1 }]);
    } finally {
      await sql.end({ timeout: 1 });
    }
  });

  it('postgres.js: reconnects within a second of the database\'s return, however long the outage and its traffic', async () => {
    const sql = connectPostgres(url, { max: 4, onnotice: () => {} });
    try {
      await sql`select 1`;
      proxy.down();
      // Requests keep coming during a 4 s outage; each fails, and each failed connect counts.
      const until4s = Date.now() + 4000;
      while (Date.now() < until4s) {
        await Promise.allSettled([sql`select 1`, sql`select 1`]);
        await sleep(100);
      }
      proxy.up();
      const started = Date.now();
      await until(30_000, () => sql`select 1`);
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      await sql.end({ timeout: 1 });
    }
  });

  it('MikroORM (knex and pg): idle connections that died are not reused', async () => {
    const orm = await initOrm(url, entities, { pool: { min: 2, max: 4 } });
    try {
      const em = () => orm.em.fork();
      await Promise.all([em().execute('select pg_sleep(0.05)'), em().execute('select pg_sleep(0.05)')]);
      await outage(300);
      // Each of these would take a dead idle connection if the pool kept them.
      const { value, tookMs } = await until(5000, () => Promise.all([1, 2, 3, 4].map(() => em().execute('select 1 as one'))));
      expect(value.map((r) => r[0].one)).toEqual([1, 1, 1, 1]);
      expect(tookMs).toBeLessThan(2000);
      // A transaction afterwards commits (a dead connection would fail its BEGIN).
      await em().transactional(async (tx) => tx.execute('select 1'));
    } finally {
      await orm.close(true);
    }
  });
});

describe('LISTEN after the database went away and came back', () => {
  it('re-listens by itself and drops the cache, even when the database is still down at the first try', async () => {
    const sql = connectPostgres(url, { max: 2, onnotice: () => {} });
    const direct = connectPostgres(runState().databaseUrl, { max: 1, onnotice: () => {} });
    const channel = `failover_cache_${process.pid}`;
    const cache = new NotifiedCache<number>(sql, channel);
    try {
      await cache.start();
      let loads = 0;
      const load = async () => ++loads;
      await cache.get('k', load);
      // Down long enough that postgres.js's re-listen on close finds no server.
      await outage(1500);
      // The reconnect drops everything: what was cached may have changed while no notification could arrive.
      const { value: reloaded } = await until(10_000, async () => {
        const v = await cache.get('k', load);
        if (v === 1) throw new Error('still the value cached before the outage');
        return v;
      });
      expect(reloaded).toBe(2);
      // And notifications arrive again.
      const { tookMs } = await until(10_000, async () => {
        await direct`select pg_notify(${channel}, 'k')`;
        await sleep(100);
        const v = await cache.get('k', load);
        if (v === 2) throw new Error('the notification did not arrive');
        return v;
      });
      expect(tookMs).toBeLessThan(10_000);
    } finally {
      await sql.end({ timeout: 1 });
      await direct.end({ timeout: 1 });
    }
  });
});

describe('revoked tokens after a reconnect', () => {
  it('a reload that meets the failover is retried and logged as a warning, not an error', async () => {
    const sql = connectPostgres(url, { max: 2, onnotice: () => {} });
    const direct = connectPostgres(runState().databaseUrl, { max: 1, onnotice: () => {} });
    const lines: Array<{ level: number; msg: string }> = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const revoked = new RevokedTokens(sql, log);
    const jti = randomUUID();
    try {
      await revoked.start();
      // Revoked while this process could not hear the NOTIFY: only the reload after the reconnect finds it.
      await direct`insert into revoked_access_tokens (jti, enterprise_id, expires_at) values (${jti}, ${randomUUID()}, now() + interval '1 hour')`;
      // The LISTEN connection comes back; the reload's own query then loses its session, as when the pool's connections die a moment later.
      proxy.loseAnswerAfter(/from revoked_access_tokens where expires_at > now\(\)/);
      proxy.dropAll();
      await until(10_000, async () => {
        if (!revoked.isRevoked({ jti })) throw new Error('not reloaded yet');
      });
      expect(lines.filter((l) => l.level >= 50)).toEqual([]);
      expect(lines.filter((l) => l.level === 40).map((l) => l.msg)).toContain('revoked tokens not reloaded yet: the database is unavailable; retrying');
    } finally {
      await direct`delete from revoked_access_tokens where jti = ${jti}`;
      await sql.end({ timeout: 1 });
      await direct.end({ timeout: 1 });
    }
  });
});

describe('/readyz while the database is gone', () => {
  it('goes 503 within the check timeout and back to 200 when the database returns', async () => {
    const sql = connectPostgres(url, { max: 2, onnotice: () => {}, connect_timeout: 2 });
    const ops = await startOpsServer({
      host: '127.0.0.1',
      port: 0,
      log: createLogger('silent'),
      checks: { postgres: () => pingDatabase(sql) },
      metrics: async () => ({ text: '', contentType: 'text/plain' }),
      checkTimeoutMs: 2000,
    });
    const ready = async () => {
      const res = await fetch(`${ops.url}/readyz`);
      return { status: res.status, body: (await res.json()) as { checks: Record<string, string> } };
    };
    try {
      expect((await ready()).status).toBe(200);
      proxy.down();
      const started = Date.now();
      const down = await ready();
      expect(down).toEqual({ status: 503, body: expect.objectContaining({ checks: { postgres: 'down' } }) });
      expect(Date.now() - started).toBeLessThan(2500);
      proxy.up();
      const { tookMs } = await until(5000, async () => {
        const r = await ready();
        if (r.status !== 200) throw new Error(`readyz ${r.status}`);
      });
      expect(tookMs).toBeLessThan(3000);
    } finally {
      await ops.close();
      await sql.end({ timeout: 1 });
    }
  });
});

