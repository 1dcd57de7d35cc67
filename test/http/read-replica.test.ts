import { execFile } from 'node:child_process';
import { mkdtemp, rm, chown } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import postgres, { type Sql } from 'postgres';
import { uuidv7 } from '../../src/ids';
import { creditExternalDeposit } from '../../src/ledger';
import { connectPostgres } from '../../src/db/connect';
import { ReadRouting, lsnValue } from '../../src/db/read-replica';
import { closeServices, type Services } from '../../src/services';
import type { RunningServer } from '../../src/http/server';
import { call, createTenant, listenSignedApp, startTestApp, tokenFor, type Tenant } from '../helpers/app';
import { newClient } from './iam-fixtures';
import { newApiKey } from './api-key-fixtures';
import { runState } from '../helpers/run-state';
import { PgProxy } from '../helpers/pg-proxy';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(ms: number, what: string, ok: () => boolean | Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await ok())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms: ${what}`);
    await sleep(20);
  }
  return Date.now() - started;
}

describe('lsnValue', () => {
  it('orders WAL positions as PostgreSQL does', () => {
    expect(lsnValue('0/16B3748') < lsnValue('0/16B3750')).toBe(true);
    expect(lsnValue('0/FFFFFFFF') < lsnValue('1/0')).toBe(true);
    expect(lsnValue('16/B374D848')).toBe((0x16n << 32n) | 0xb374d848n);
  });
});

describe('DATABASE_READ_URL: which reads go to it', () => {
  let proxy: PgProxy;
  let services: Services;
  let server: RunningServer;
  let tenant: Tenant;
  let token: string;
  const direct = connectPostgres(runState().databaseUrl, { max: 1, onnotice: () => {} });

  beforeAll(async () => {
    // The "replica" is the same database through a proxy that counts what is sent its way.
    proxy = await PgProxy.start(PgProxy.targetOf(runState().databaseUrl));
    ({ services, server } = await startTestApp({ DATABASE_READ_URL: PgProxy.urlThrough(runState().databaseUrl, proxy.port), COUNTERFOIL_READ_MAX_LAG_MS: '3600000' }));
    tenant = await createTenant(services, 'Replica Reads Ltd');
    token = await tokenFor(server.url, tenant);
  });
  afterAll(async () => {
    await server.close(1000);
    await closeServices(services);
    await proxy.close();
    await direct.end({ timeout: 1 });
  });

  /** How many writes the call sent to the read URL. */
  async function toReplica(fn: () => Promise<{ status: number }>): Promise<number> {
    const before = proxy.clientWrites;
    const res = await fn();
    expect(res.status).toBe(200);
    return proxy.clientWrites - before;
  }

  it('sends statements, as_of balances, audit search and event listing to the read URL, and own-write reads to the primary', async () => {
    const api = (method: string, p: string, body?: unknown) => call(server.url, method, p, { token, body });
    const client = await api('POST', '/clients', { display_name: 'Holder', external_id: `ext-${uuidv7()}`, metadata: {}, scope_ref: `enterprises/${tenant.enterpriseId}` });
    const accountRef: string = client.body.default_client_account;
    const accountId = accountRef.split('/')[1];
    await creditExternalDeposit(direct, { key: `test-deposit/${uuidv7()}`, enterpriseId: tenant.enterpriseId, accountRef, asset: 'USD', amount: 500n });
    const past = new Date();
    await sleep(5);
    // The read URL has been compared after `past`; then the comparisons stop so only requests reach it.
    await services.reads.sample(); // (one in flight may have started before `past`)
    await services.reads.sample();
    await services.reads.stop();

    expect(await toReplica(() => api('GET', `/client-accounts/${accountId}/balances?as_of=${past.toISOString()}`))).toBeGreaterThan(0);
    expect(await toReplica(() => api('GET', `/client-accounts/${accountId}/statement?asset=USD&from=2026-01-01T00:00:00Z&to=${past.toISOString()}`))).toBeGreaterThan(0);
    expect(await toReplica(() => api('GET', '/events'))).toBeGreaterThan(0);
    expect(await toReplica(() => api('POST', '/user-action-audit-entries/search', {}))).toBeGreaterThan(0);
    // Reads that must see the caller's own writes stay on the primary.
    expect(await toReplica(() => api('GET', `/client-accounts/${accountId}/balances`))).toBe(0);
    expect(await toReplica(() => api('GET', `/clients/${client.body.id}`))).toBe(0);
    // An instant the read URL has not been compared past yet is read on the primary.
    expect(await toReplica(() => api('GET', `/client-accounts/${accountId}/balances?as_of=${new Date().toISOString()}`))).toBe(0);
  });

  it('/v1: sends the pair listing to the read URL, and balances (the caller\'s own conversions) to the primary', async () => {
    const app = { url: server.url, services, config: services.config, server, close: async () => {} };
    const admin = { tenant, token, enterpriseRef: `enterprises/${tenant.enterpriseId}` };
    const key = await newApiKey(app, admin, await newClient(app, admin));
    const signed = await listenSignedApp(app);
    try {
      const v1 = (p: string) => call(signed.url, 'GET', p, { headers: { 'x-apikey': key.api_key } });
      expect(await toReplica(() => v1('/v1/convert/exchangeInfo'))).toBeGreaterThan(0);
      expect(await toReplica(() => v1('/v1/balance'))).toBe(0);
    } finally {
      await signed.close(1000);
    }
  });

  it('without DATABASE_READ_URL every read is on the primary', async () => {
    const routing = new ReadRouting(direct, null, { maxLagMs: 0 });
    routing.start();
    expect(routing.recent()).toBe(direct);
    expect(routing.upTo(new Date(0))).toBe(direct);
    expect(routing.lagBoundMs()).toBe(0);
    await routing.stop();
  });
});

/*
 * Against a real streaming standby: a PostgreSQL 15 primary and a pg_basebackup of it, both started
 * for this file (a few seconds), so replay can be paused to make the standby lag for real.
 */
describe('ReadRouting against a streaming standby', () => {
  const exec = promisify(execFile);
  const bin = (name: string) => path.join('/usr/lib/postgresql/15/bin', name);
  // PostgreSQL refuses to run as root; then the servers run as the machine's postgres user.
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => (asRoot ? exec('runuser', ['-u', 'postgres', '--', cmd, ...args]) : exec(cmd, args));
  let dir: string;
  let primary: Sql;
  let replica: Sql;
  let ports: number[];

  const freePort = () =>
    new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as net.AddressInfo;
        s.close(() => resolve(port));
      });
    });
  const pgCtl = (data: string, port: number, action: 'start' | 'stop') =>
    run(bin('pg_ctl'), ['-D', data, '-w', '-m', 'immediate', '-l', `${data}.log`, ...(action === 'start' ? ['-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`] : []), action]);

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'counterfoil-standby-'));
    if (asRoot) {
      const { stdout } = await exec('id', ['-u', 'postgres']);
      const { stdout: gid } = await exec('id', ['-g', 'postgres']);
      await chown(dir, Number(stdout.trim()), Number(gid.trim()));
    }
    ports = [await freePort(), await freePort()];
    await run(bin('initdb'), ['-D', `${dir}/primary`, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    await pgCtl(`${dir}/primary`, ports[0], 'start');
    await run(bin('pg_basebackup'), ['-h', '127.0.0.1', '-p', String(ports[0]), '-U', 'postgres', '-D', `${dir}/standby`, '-R', '-X', 'stream']);
    await pgCtl(`${dir}/standby`, ports[1], 'start');
    primary = postgres(`postgres://postgres@127.0.0.1:${ports[0]}/postgres`, { max: 2, onnotice: () => {} });
    replica = postgres(`postgres://postgres@127.0.0.1:${ports[1]}/postgres`, { max: 2, onnotice: () => {} });
    await primary`create table marks (at timestamptz primary key default clock_timestamp())`;
  }, 60_000);
  afterAll(async () => {
    await primary?.end({ timeout: 1 });
    await replica?.end({ timeout: 1 });
    await pgCtl(`${dir}/standby`, ports[1], 'stop').catch(() => {});
    await pgCtl(`${dir}/primary`, ports[0], 'stop').catch(() => {});
    await rm(dir, { recursive: true, force: true });
  });

  it('reads on the standby while it keeps up, on the primary while it lags past the bound, and back', async () => {
    const maxLagMs = 400;
    const routing = new ReadRouting(primary, replica, { maxLagMs, sampleMs: 50 });
    routing.start();
    try {
      await until(5000, 'the standby is fresh', () => routing.recent() === replica);
      const before = new Date();
      await until(2000, 'the standby has replayed past `before`', () => routing.upTo(before) === replica);

      await replica`select pg_wal_replay_pause()`;
      // The primary keeps writing; the standby receives but does not replay.
      const writes = setInterval(() => void primary`insert into marks default values`.catch(() => {}), 20);
      let during: Date;
      try {
        await sleep(50);
        during = new Date();
        await until(5000, 'the lag bound passes the setting', () => routing.lagBoundMs() > maxLagMs);
        expect(routing.recent()).toBe(primary);
        // What was committed before the pause is replayed: the past stays on the standby.
        expect(routing.upTo(before)).toBe(replica);
        expect(routing.upTo(during)).toBe(primary);
      } finally {
        clearInterval(writes);
      }
      await replica`select pg_wal_replay_resume()`;
      const tookMs = await until(5000, 'the standby caught up', () => routing.recent() === replica && routing.upTo(during) === replica);
      expect(tookMs).toBeLessThan(2000);
      const [p] = await primary`select count(*)::int as n from marks`;
      const [r] = await replica`select count(*)::int as n from marks`;
      expect(r.n).toBeGreaterThanOrEqual(1);
      expect(r.n).toBeLessThanOrEqual(p.n);
    } finally {
      await routing.stop();
    }
  });

  it('moves reads to the primary when the standby cannot be reached', async () => {
    const routing = new ReadRouting(primary, replica, { maxLagMs: 10_000, sampleMs: 50 });
    routing.start();
    try {
      await until(5000, 'the standby is fresh', () => routing.recent() === replica);
      const past = new Date(Date.now() - 60_000);
      await pgCtl(`${dir}/standby`, ports[1], 'stop');
      await until(3000, 'reads moved to the primary', () => routing.recent() === primary && routing.upTo(past) === primary);
      await pgCtl(`${dir}/standby`, ports[1], 'start');
      await until(10_000, 'reads back on the standby', () => routing.recent() === replica);
    } finally {
      await routing.stop();
    }
  });
});
