import { ApplicationFailure } from '@temporalio/common';
import { connectPostgres } from '../../src/db/connect';
import { closeServices, type Services } from '../../src/services';
import { queueExport, startExportWorkflowArgs } from '../../src/domain/exports/exports';
import { DATABASE_UNAVAILABLE, throughDatabaseOutage } from '../../activities/database-outage';
import { createTenant, testServices } from '../helpers/app';
import { withWorker } from '../helpers/worker';
import { runState } from '../helpers/run-state';
import { PgProxy } from '../helpers/pg-proxy';

/*
 * A worker activity whose database goes away (a failover) must be retried, not failed for good. The
 * export workflow allows its activity three attempts one and two seconds apart: without waiting out the
 * outage, a failover of a few seconds spent them all and the export failed.
 */

let proxy: PgProxy;
let services: Services;
const direct = connectPostgres(runState().databaseUrl, { max: 1, onnotice: () => {} });

beforeAll(async () => {
  proxy = await PgProxy.start(PgProxy.targetOf(runState().databaseUrl));
  services = await testServices({}, { databaseUrl: PgProxy.urlThrough(runState().databaseUrl, proxy.port) });
});
afterAll(async () => {
  await closeServices(services);
  await proxy.close();
  await direct.end({ timeout: 1 });
});

it('classifies a lost connection as retryable, after waiting for the database to answer', async () => {
  proxy.down();
  setTimeout(() => proxy.up(), 1500);
  const started = Date.now();
  const err = await throughDatabaseOutage(services.sql, () => services.sql`select 1`).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ApplicationFailure);
  expect(err).toMatchObject({ type: DATABASE_UNAVAILABLE, nonRetryable: false });
  // It returned once the database answered again, not at once and not after its whole wait.
  expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
  expect(Date.now() - started).toBeLessThan(10_000);
  // Other failures pass through as they are.
  await expect(throughDatabaseOutage(services.sql, () => services.sql`select * from no_such_table`)).rejects.toMatchObject({ code: '42P01' });
});

it('an export whose database fails over for longer than its retries span completes', async () => {
  const tenant = await createTenant(services, 'Outage Exports Ltd');
  services.config.exportRetentionSeconds = 1;
  const row = await queueExport(direct, {
    enterpriseId: tenant.enterpriseId,
    kind: 'operations_activity',
    format: 'csv',
    scopeRef: `enterprises/${tenant.enterpriseId}`,
    rangeStart: new Date('2020-01-01T00:00:00Z'),
    rangeEnd: new Date('2020-01-02T00:00:00Z'),
    attribution: null,
  });
  let attempts = 0;
  const outcome = await withWorker(
    services,
    async (taskQueue) => {
      const client = await services.temporal.get();
      const { workflowId, input } = startExportWorkflowArgs(services, row.id);
      const handle = await client.workflow.start('exportWorkflow', { workflowId, taskQueue, args: [input] });
      return handle.result();
    },
    {
      activities: (real) => ({
        ...real,
        produceExport: async (...args: Parameters<typeof real.produceExport>) => {
          // The first attempt meets the failover: 5 s without a database (the three attempts span 3 s).
          if (++attempts === 1) {
            proxy.down();
            setTimeout(() => proxy.up(), 5000);
          }
          return real.produceExport(...args);
        },
      }),
    },
  );
  services.config.exportRetentionSeconds = 7 * 86400;
  expect(outcome).toBe('expired'); // completed, then expired a second later: not 'failed'
  expect(attempts).toBe(2);
  const [stored] = await direct`select status, failure_reason, row_count from exports where id = ${row.id}`;
  expect(stored).toMatchObject({ status: 'expired', failure_reason: null });
});
