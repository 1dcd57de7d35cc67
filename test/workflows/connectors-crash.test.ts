import { startTestApp, type TestApp } from '../helpers/app';
import { runState } from '../helpers/run-state';
import { ReferenceConnector, productionThrough } from '../helpers/reference-connector';
import { Org, ledgerTrail } from './withdrawal-fixtures';
import { Processes, exited } from './process-fixtures';

/*
 * A real worker process (`counterfoil worker`, production mode) is killed with SIGKILL after the
 * connector accepted a payout but before the activity finished; a new worker takes over. The
 * connector must hold exactly one payout for the withdrawal, and the withdrawal settle once.
 */

let connector: ReferenceConnector;
let processes: Processes;
let app: TestApp;

beforeAll(async () => {
  connector = await ReferenceConnector.start();
  const production = productionThrough(connector, 30_000);
  processes = Processes.create('connector-crash', production);
  app = await startTestApp({ ...production, TEMPORAL_TASK_QUEUE: processes.taskQueue });
});
afterAll(async () => {
  await app.close();
  await connector.stop();
});

async function pollersAppear(): Promise<void> {
  const client = await app.services.temporal.get();
  for (const deadline = Date.now() + 120_000; ; await new Promise((r) => setTimeout(r, 200))) {
    const { pollers } = await client.workflowService.describeTaskQueue({ namespace: runState().namespace, taskQueue: { name: processes.taskQueue }, taskQueueType: 1 });
    if (pollers.some((p) => Date.now() - Number(p.lastAccessTime?.seconds ?? 0) * 1000 < 5_000)) return;
    if (Date.now() > deadline) throw new Error('no worker started polling');
  }
}

it('a worker killed between the connector accepting and the activity finishing leaves one payout and one settlement', async () => {
  const org = await Org.create(app, 'Crash Connected Ltd');
  const created = await org.ok(201, 'POST', '/connectors', { name: 'reference', base_url: connector.url });
  await connector.control('/control/configure', { secret: created.secret, counterfoil_url: app.url, connector_id: created.id });
  const { account, destination } = await org.withdrawalAccount('1000.00');
  // The connector records the payout at once and answers only after the worker is gone.
  await connector.control('/control/payouts/behaviour', { hang_ms: 60_000, hang_submissions: 1 });

  let worker = processes.spawn('worker');
  try {
    await pollersAppear();
    const res = await org.withdraw(account, destination, '100.00');
    expect(res.status).toBe(201);
    const key = `withdrawal/${res.body.id}`;
    for (const deadline = Date.now() + 60_000; (await connector.payoutsFor(key)) === 0; await new Promise((r) => setTimeout(r, 50))) {
      if (Date.now() > deadline) throw new Error('the payout never reached the connector');
    }
    worker.kill('SIGKILL');
    await exited(worker);
    expect((await org.ok(200, 'GET', `/withdrawals/${res.body.id}`)).status).toBe('executing');

    worker = processes.spawn('worker');
    // The new worker's retry asks the connector, finds the payout pending and waits for its outcome.
    await connector.control('/control/payouts/confirm', { idempotency_key: key, notify: false });
    const done = await org.waitFor(res.body.id, ['executed', 'failed'], 120_000);
    expect(done.status).toBe('executed');
    expect(await connector.payoutsFor(key)).toBe(1);
    expect((await connector.state()).payout_requests).toBe(1);
    expect(await ledgerTrail(app, res.body.id)).toEqual({ hold: 'posted', settlements: 1 });
  } finally {
    worker.kill('SIGTERM');
    await exited(worker);
  }
}, 240_000);
