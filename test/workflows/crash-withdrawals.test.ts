import { runState } from '../helpers/run-state';
import { startTestApp, type TestApp } from '../helpers/app';
import { Org, ledgerTrail } from './withdrawal-fixtures';
import { Processes, exited } from './process-fixtures';

/*
 * Crash safety: a real worker process (`counterfoil worker`) is killed with SIGKILL in the middle of
 * many withdrawals; a new worker takes over. Every withdrawal must end terminal with exactly one
 * settlement or exactly one release, and `counterfoil ledger verify` must pass.
 */

let app: TestApp;
let processes: Processes;

/** Until a worker polls the queue (workflow tasks), so the test does not race its start-up. */
async function pollersAppear(): Promise<void> {
  const client = await app.services.temporal.get();
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { pollers } = await client.workflowService.describeTaskQueue({ namespace: runState().namespace, taskQueue: { name: processes.taskQueue }, taskQueueType: 1 });
    const fresh = pollers.filter((p) => Date.now() - Number(p.lastAccessTime?.seconds ?? 0) * 1000 < 5_000);
    if (fresh.length > 0) return;
    if (Date.now() > deadline) throw new Error('no worker started polling');
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  processes = Processes.create('crash');
  app = await startTestApp({ TEMPORAL_TASK_QUEUE: processes.taskQueue, COUNTERFOIL_RATE_LIMIT_WRITE_PER_SECOND: '1000' });
});
afterAll(() => app.close());

it('survives SIGKILL of the worker mid-flight: every withdrawal settles or releases exactly once', async () => {
  const org = await Org.create(app, 'Crash Ltd');
  const [, account] = await org.newClient();
  await org.fund(account, '100000.00');
  const good = await org.destination(org.enterpriseRef);
  const failingAddress = '0x' + '3'.repeat(40);
  const failing = await org.destination(org.enterpriseRef, failingAddress);
  await org.ok(201, 'POST', '/sandbox/rail/failures', { address: failingAddress, stage: 'confirmation', failure_reason: 'network_rejected', count: 10 });

  let first = processes.spawn('worker');
  try {
    await pollersAppear();
    const created = await Promise.all(Array.from({ length: 40 }, (_, i) => org.withdraw(account, i % 4 === 3 ? failing : good, '10.00')));
    expect(created.map((r) => r.status)).toEqual(Array(40).fill(201));
    const ids = created.map((r) => r.body.id as string);
    const failingIds = new Set(ids.filter((_, i) => i % 4 === 3));

    // Kill once some withdrawals are done and others are still in flight.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const [row] = await app.services.sql`select count(*) filter (where status in ('executed','failed'))::int as done from withdrawals where id = any(${ids}::uuid[])`;
      if (row.done >= 3 || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    first.kill('SIGKILL');
    await exited(first);
    const [mid] = await app.services.sql`select count(*) filter (where status = 'executing')::int as inflight from withdrawals where id = any(${ids}::uuid[])`;
    expect(mid.inflight).toBeGreaterThan(0);

    first = processes.spawn('worker');
    const finals = await Promise.all(ids.map((id) => org.waitFor(id, ['executed', 'failed', 'cancelled', 'rejected', 'expired'], 120_000)));
    for (const [i, w] of finals.entries()) {
      const trail = await ledgerTrail(app, ids[i]);
      if (failingIds.has(ids[i])) {
        expect([w.status, w.failure_reason, trail]).toEqual(['failed', 'network_rejected', { hold: 'voided', settlements: 0 }]);
      } else {
        expect([w.status, trail]).toEqual(['executed', { hold: 'posted', settlements: 1 }]);
      }
    }
    const balance = await org.balance(account);
    expect(balance.held).toBe('0');
    expect(BigInt(balance.total)).toBe(100_000_000_000n - 30n * 13_500_000n);
  } finally {
    first.kill('SIGTERM');
    await exited(first);
  }

  expect(await processes.ledgerVerify()).toMatch(/^ledger OK/);
}, 240_000);
