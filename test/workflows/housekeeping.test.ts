import { randomUUID } from 'node:crypto';
import { closeServices, type Services } from '../../src/services';
import { testServices } from '../helpers/app';
import { withWorker } from '../helpers/worker';

let services: Services;
beforeAll(async () => {
  services = await testServices();
});
afterAll(() => closeServices(services));

// Proves the harness: a real workflow, real activities, the real Temporal server and database.
describe('housekeeping workflow', () => {
  it('purges expired idempotency records and keeps live ones', async () => {
    const expired = randomUUID();
    const live = randomUUID();
    await services.sql`
      insert into idempotency_records (principal_id, key, request_hash, state, expires_at) values
        (${expired}, 'k', 'h', 'completed', now() - interval '1 minute'),
        (${live}, 'k', 'h', 'completed', now() + interval '1 hour')`;

    const result = await withWorker(services, async (taskQueue) => {
      const client = await services.temporal.get();
      const handle = await client.workflow.start('housekeepingWorkflow', { taskQueue, workflowId: `housekeeping-test-${randomUUID()}` });
      const out = await handle.result();
      const description = await handle.describe();
      return { out, searchAttributes: description.typedSearchAttributes };
    });

    expect(result.out.idempotencyRecordsPurged).toBeGreaterThanOrEqual(1);
    const rows = await services.sql`select principal_id from idempotency_records where principal_id in (${expired}, ${live})`;
    expect(rows.map((r) => r.principal_id)).toEqual([live]);
    const attrs = Object.fromEntries(result.searchAttributes.getAll().map((p) => [p.key.name, p.value]));
    expect(attrs).toMatchObject({ CounterfoilFamily: 'housekeeping', CounterfoilStatus: 'completed' });
    const started = await services.metrics.registry.getSingleMetricAsString('counterfoil_workflows_started_total');
    expect(started).toMatch(/counterfoil_workflows_started_total\{workflow="housekeepingWorkflow"\} 1/);
  });
});
