import { connectPostgres } from '../../src/db/connect';
import { initOrm } from '../../src/db/orm';
import { entities } from '../../src/domain/entities';
import { isDatabaseUnavailable } from '../../src/db/unavailable';
import { until } from '../helpers/reference-connector';
import { call, createTenant, startTestApp, tokenFor, type TestApp } from '../helpers/app';
import { runState } from '../helpers/run-state';

/*
 * A database with no connection left to give (max_connections, or a role's CONNECTION LIMIT, reached):
 * a request that needs a new connection answers 503 with Retry-After at once, neither a 500 nor a hang,
 * and the API answers again once connections are free. The app runs as a role of its own, so the limit
 * is that role's and the shared server's other clients never feel it.
 */

const role = `counterfoil_limited_${process.pid}`;
const admin = connectPostgres(runState().databaseUrl, { max: 1, onnotice: () => {} });
/** The scratch database, as the limited role. */
const limitedUrl = () => Object.assign(new URL(runState().databaseUrl), { username: role, password: '' }).toString();
let app: TestApp;
let token: string;

/** The role's limit, and none of its connections left open: every request needs a new one. */
async function limitTo(n: number): Promise<void> {
  await admin.unsafe(`alter role ${role} connection limit ${n}`);
  await admin`select pg_terminate_backend(pid) from pg_stat_activity where usename = ${role}`;
  for (let i = 0; i < 100 && (await admin`select count(*)::int as n from pg_stat_activity where usename = ${role}`)[0]!.n > 0; i++) {
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  // A member of the owner of the scratch database's tables: their privileges without being a superuser (whom no limit binds).
  const [{ owner }] = await admin`select tableowner as owner from pg_tables where tablename = 'enterprises'`;
  await admin.unsafe(`drop role if exists ${role}`); // left by a run that was killed
  await admin.unsafe(`create role ${role} login connection limit -1 in role ${owner}`);
  app = await startTestApp({}, { databaseUrl: limitedUrl() });
  token = await tokenFor(app.url, await createTenant(app.services));
}, 60_000);

afterAll(async () => {
  await app?.close();
  await admin`select pg_terminate_backend(pid) from pg_stat_activity where usename = ${role}`;
  await admin.unsafe(`drop role if exists ${role}`);
  await admin.end({ timeout: 1 });
});

it('a connection refused for the limit is an outage (SQLSTATE 53300), not a defect, from postgres.js and MikroORM alike', async () => {
  const sql = connectPostgres(limitedUrl(), { max: 1, onnotice: () => {} });
  const orm = await initOrm(limitedUrl(), entities);
  await limitTo(0);
  try {
    const started = performance.now();
    const [fromDriver, fromOrm] = await Promise.all([sql`select 1`.catch((e: unknown) => e), orm.em.fork().execute('select 1').catch((e: unknown) => e)]);
    for (const err of [fromDriver, fromOrm]) expect([(err as { code?: string }).code, isDatabaseUnavailable(err)]).toEqual(['53300', true]);
    // Neither pool retries the connect until its acquire timeout.
    expect(performance.now() - started).toBeLessThan(5_000);
  } finally {
    await limitTo(-1);
    await sql.end({ timeout: 1 });
    await orm.close(true);
  }
});

it('answers 503 with Retry-After at once while no connection is left, then answers again', async () => {
  expect((await call(app.url, 'GET', '/clients', { token })).status).toBe(200);
  await limitTo(0);
  const started = performance.now();
  const refused = await Promise.all(['/clients', '/clients', '/master-accounts', '/master-accounts'].map((p) => call(app.url, 'GET', p, { token })));
  const tookMs = performance.now() - started;
  await limitTo(-1);
  for (const res of refused) {
    expect([res.status, res.body.code, res.headers.get('retry-after')]).toEqual([503, 'TemporarilyUnavailable', '1']);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  }
  // Refused by the server at connect, so nothing waits for a pool's acquire timeout (tens of seconds).
  expect(tookMs).toBeLessThan(5_000);
  // A connect begun while the limit held can still be refused after it is lifted: the client retries as Retry-After says.
  await until('the API to answer again', async () => (await call(app.url, 'GET', '/clients', { token })).status === 200, 5_000);
});
