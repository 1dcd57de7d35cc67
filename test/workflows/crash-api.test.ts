import { randomUUID } from 'node:crypto';
import { call, startTestApp, type TestApp } from '../helpers/app';
import { freePort } from '../../temporal/dev-server';
import { Org, ledgerTrail } from './withdrawal-fixtures';
import { Processes, exited, sessionsGone, sessionsOf } from './process-fixtures';

/*
 * Crash safety of the API process: a real `counterfoil api` is killed with SIGKILL while 40
 * withdrawals are being created, so some are committed and some not, and a committed one may not
 * have had its workflow started. Every committed withdrawal must run to `executed` with exactly one
 * settlement (the worker's sweeper starts the workflows the dead process owed), its committed
 * answer must replay under its Idempotency-Key, and no retry may withdraw twice.
 */

let app: TestApp;
let processes: Processes;

beforeAll(async () => {
  processes = Processes.create('crash-api', {
    COUNTERFOIL_RATE_LIMIT_WRITE_PER_SECOND: '1000',
    // Owed starts are swept at once here (30 s after the fact by default).
    COUNTERFOIL_WORKFLOW_START_GRACE_MS: '0',
    COUNTERFOIL_WORKFLOW_START_SWEEP_MS: '200',
  });
  app = await startTestApp({ TEMPORAL_TASK_QUEUE: processes.taskQueue, COUNTERFOIL_RATE_LIMIT_WRITE_PER_SECOND: '1000' });
});
afterAll(() => app.close());

it('survives SIGKILL of the API mid-creation: committed withdrawals execute once, their answers replay, nothing is withdrawn twice', async () => {
  const org = await Org.create(app, 'API Crash Ltd');
  const { account, destination } = await org.withdrawalAccount('100000.00');
  const body = { account_ref: account, amount: { currency: 'USDC', value: '10.00' }, rail: 'ethereum', withdrawal_destination_id: destination };
  const keys = Array.from({ length: 40 }, (_, i) => `crash-api-${i}-${randomUUID()}`);

  const port = await freePort();
  const signedPort = await freePort();
  // Both are up before the first request; they start side by side.
  const [worker, api] = await Promise.all([
    processes.start('worker'),
    processes.start('api', { COUNTERFOIL_API_PORT: String(port), COUNTERFOIL_SIGNED_API_PORT: String(signedPort) }),
  ]);
  try {
    const base = `http://127.0.0.1:${port}`;
    let answered = 0;
    const sent = keys.map((key) =>
      call(base, 'POST', '/withdrawals', { token: org.token, body, headers: { 'idempotency-key': key } }).then(
        (r) => (answered++, r.status),
        () => 0, // the connection died with the process
      ),
    );
    // Killed once a few have been answered and others are still on their way.
    const deadline = Date.now() + 60_000;
    while (answered < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
    expect(await sessionsOf(app.services.sql, 'api')).toBeGreaterThan(0);
    api.kill('SIGKILL');
    await exited(api);
    // A COMMIT the dead process had already sent still lands: the committed set is final once its sessions are gone.
    await sessionsGone(app.services.sql, 'api');
    const statuses = await Promise.all(sent);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(3);
    expect(statuses.every((s) => s === 201 || s === 0)).toBe(true);

    // A stored answer exists exactly for the committed withdrawals (they commit together).
    const committed = await app.services.sql<{ id: string }[]>`select id from withdrawals where account_ref = ${account}`;
    const answers = await app.services.sql<{ key: string; id: string }[]>`
      select key, response_text::jsonb->>'id' as id from idempotency_records where key = any(${keys}) and state = 'completed'`;
    expect(answers.map((a) => a.id).sort()).toEqual(committed.map((w) => w.id).sort());

    // Every committed withdrawal runs to the end once, whether or not the dead API had started its workflow.
    for (const { id } of committed) {
      expect((await org.waitFor(id, ['executed', 'failed', 'cancelled', 'rejected', 'expired'], 120_000)).status).toBe('executed');
      expect(await ledgerTrail(app, id)).toEqual({ hold: 'posted', settlements: 1 });
    }
    const [{ owed }] = await app.services.sql`select count(*)::int as owed from workflow_starts where workflow_id = any(${committed.map((w) => `withdrawal/${w.id}`)})`;
    expect(owed).toBe(0);

    // The clients retry under the committed keys: each replays its answer and nothing new is withdrawn.
    const byKey = new Map(answers.map((a) => [a.key, a.id]));
    for (const key of byKey.keys()) {
      const retry = await org.api('POST', '/withdrawals', body, { 'idempotency-key': key });
      expect([retry.status, retry.body.id, retry.headers.get('idempotent-replayed')]).toEqual([201, byKey.get(key), 'true']);
    }
    const [{ total }] = await app.services.sql`select count(*)::int as total from withdrawals where account_ref = ${account}`;
    expect(total).toBe(committed.length);
    const balance = await org.balance(account);
    expect(balance.held).toBe('0');
    expect(BigInt(balance.total)).toBe(100_000_000_000n - BigInt(committed.length) * 13_500_000n);
  } finally {
    api.kill('SIGKILL');
    worker.kill('SIGTERM');
    await Promise.all([exited(api), exited(worker)]);
  }

  expect(await processes.ledgerVerify()).toMatch(/^ledger OK/);
}, 240_000);
