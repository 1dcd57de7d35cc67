import { randomUUID } from 'node:crypto';
import { closeServices, type Services } from '../../src/services';
import { createTenant, testServices } from '../helpers/app';
import { withWorker } from '../helpers/worker';
import { creditExternalDeposit } from '../../src/ledger';

let services: Services;
beforeAll(async () => {
  services = await testServices();
});
afterAll(() => closeServices(services));

// Proves the harness: a real workflow, real activities, the real Temporal server and database.
describe('housekeeping workflow', () => {
  it('purges expired idempotency records and long-expired action tokens, and keeps live ones', async () => {
    const expired = randomUUID();
    const live = randomUUID();
    await services.sql`
      insert into idempotency_records (principal_id, key, request_hash, state, expires_at) values
        (${expired}, 'k', 'h', 'completed', now() - interval '1 minute'),
        (${live}, 'k', 'h', 'completed', now() + interval '1 hour')`;
    // Action tokens: expired more than the 1-hour grace ago (used or not) go; recently expired and live stay.
    const { enterpriseId } = await createTenant(services);
    const token = (name: string, expiresInSeconds: number, used: boolean) => ({
      id: randomUUID(),
      enterprise_id: enterpriseId,
      subject_id: randomUUID(),
      subject_kind: 'service_account',
      action: 'approvals.approve',
      resource_ref: `approvals/${randomUUID()}`,
      token_hash: `test-${name}-${randomUUID()}`,
      expires_in: expiresInSeconds,
      used_at: used ? new Date() : null,
    });
    const tokens = {
      longExpired: token('long-expired', -7200, false),
      longExpiredUsed: token('long-expired-used', -5400, true),
      justExpired: token('just-expired', -600, false),
      live: token('live', 300, false),
    };
    for (const t of Object.values(tokens)) {
      await services.sql`
        insert into action_tokens (id, enterprise_id, subject_id, subject_kind, action, resource_ref, token_hash, expires_at, used_at)
        values (${t.id}, ${t.enterprise_id}, ${t.subject_id}, ${t.subject_kind}, ${t.action}, ${t.resource_ref}, ${t.token_hash}, now() + make_interval(secs => ${t.expires_in}), ${t.used_at})`;
    }

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
    expect(result.out.actionTokensPurged).toBeGreaterThanOrEqual(2);
    const kept = await services.sql`select id from action_tokens where enterprise_id = ${enterpriseId} order by expires_at`;
    expect(kept.map((r) => r.id)).toEqual([tokens.justExpired.id, tokens.live.id]);
    const attrs = Object.fromEntries(result.searchAttributes.getAll().map((p) => [p.key.name, p.value]));
    expect(attrs).toMatchObject({ CounterfoilFamily: 'housekeeping', CounterfoilStatus: 'completed' });
    const started = await services.metrics.registry.getSingleMetricAsString('counterfoil_workflows_started_total');
    expect(started).toMatch(/counterfoil_workflows_started_total\{workflow="housekeepingWorkflow"\} 1/);
  });

  it('snapshots balances with enough new postings', async () => {
    const { enterpriseId } = await createTenant(services);
    const accountRef = `client-accounts/${randomUUID()}`;
    for (const amount of [100n, 200n]) await creditExternalDeposit(services.sql, { key: `hk/${randomUUID()}`, enterpriseId, accountRef, asset: 'USD', amount });
    const out = await withWorker(services, async (taskQueue) => {
      const client = await services.temporal.get();
      return client.workflow.execute('housekeepingWorkflow', { taskQueue, workflowId: `housekeeping-test-${randomUUID()}`, args: [{ snapshotEveryEntries: 2 }] });
    });
    expect(out.balanceSnapshotsWritten).toBeGreaterThanOrEqual(1);
    const snaps = await services.sql`select total::text, entries::int from ledger_balance_snapshots where account_ref = ${accountRef}`;
    expect(snaps).toEqual([{ total: '300', entries: 2 }]);
  });
});
