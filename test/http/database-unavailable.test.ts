import { connectPostgres } from '../../src/db/connect';
import { initOrm } from '../../src/db/orm';
import { entities } from '../../src/domain/entities';
import { isDatabaseUnavailable } from '../../src/db/unavailable';
import { databaseUnavailable, problemBody } from '../../src/http/problem';
import { runState } from '../helpers/run-state';

/** Runs `query` on a connection that an administrator terminates while it waits; returns what it threw. */
async function terminatedMidQuery(query: (tag: string) => Promise<unknown>): Promise<unknown> {
  const admin = connectPostgres(runState().databaseUrl, { max: 1, onnotice: () => {} });
  const tag = `terminate-me-${process.hrtime.bigint()}`;
  try {
    const pending = query(tag).then(
      () => new Error('the query finished before it was terminated'),
      (err: unknown) => err,
    );
    for (let i = 0; i < 100; i++) {
      const [row] = await admin`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where query like ${`%${tag}%`} and pid <> pg_backend_pid()`;
      if (row.n > 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    return await pending;
  } finally {
    await admin.end({ timeout: 1 });
  }
}

describe('a database that goes away mid-request', () => {
  it('is an outage (503 with Retry-After) when postgres.js loses the connection', async () => {
    const sql = connectPostgres(runState().databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const err = await terminatedMidQuery((tag) => sql.unsafe(`select pg_sleep(10) /* ${tag} */`));
      expect(isDatabaseUnavailable(err)).toBe(true);
      const problem = databaseUnavailable(err)!;
      expect(problem.status).toBe(503);
      expect(problem.options.headers).toEqual({ 'Retry-After': '1' });
      expect(problemBody(problem, 'req').code).toBe('TemporarilyUnavailable');
    } finally {
      await sql.end({ timeout: 1 });
    }
  });

  it('is an outage when MikroORM wraps the driver error', async () => {
    const orm = await initOrm(runState().databaseUrl, entities);
    try {
      const err = await terminatedMidQuery((tag) => orm.em.fork().execute(`select pg_sleep(10) /* ${tag} */`));
      expect(isDatabaseUnavailable(err)).toBe(true);
    } finally {
      await orm.close(true);
    }
  });

  it('is an outage when a write reaches a node that is not the primary (read-only, mid-failover)', async () => {
    const sql = connectPostgres(runState().databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const err = await sql
        .begin('read only', (tx) => tx`create temporary table failover_read_only (x int)`)
        .catch((e: unknown) => e);
      expect((err as { code?: string }).code).toBe('25006');
      expect(isDatabaseUnavailable(err)).toBe(true);
      expect(databaseUnavailable(err)!.status).toBe(503);
    } finally {
      await sql.end({ timeout: 1 });
    }
  });

  it('leaves ordinary failures as bugs (500)', async () => {
    const sql = connectPostgres(runState().databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const err = await sql.unsafe('select * from no_such_table').catch((e: unknown) => e);
      expect(isDatabaseUnavailable(err)).toBe(false);
      expect(databaseUnavailable(new Error('boom'))).toBeUndefined();
    } finally {
      await sql.end({ timeout: 1 });
    }
  });
});
