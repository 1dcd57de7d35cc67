import { randomUUID } from 'node:crypto';
import { uuidv7 } from '../../src/ids';
import { connectPostgres } from '../../src/db/connect';
import { closeServices, type Services } from '../../src/services';
import { UPDATE_WAIT_MS } from '../../src/temporal/bounded-update';
import { startTestApp, testServices, type TestApp } from '../helpers/app';
import { startWorker } from '../helpers/worker';
import { runState } from '../helpers/run-state';
import { PgProxy } from '../helpers/pg-proxy';
import { Org, ledgerTrail } from './withdrawal-fixtures';

/*
 * A governed request answers after its workflow has written (the approval opened, the decision
 * recorded). When the worker's database fails over just then, that activity waits out the outage for
 * longer than a client waits: the request must answer within the client's timeout, with what is
 * committed, and a retry under the same Idempotency-Key must answer the same, never booking twice.
 * The API talks to PostgreSQL directly; the worker through a proxy standing in for the balancer.
 */

/** Longer than the route's wait, as a failover on a loaded host is. */
const OUTAGE_MS = UPDATE_WAIT_MS + 6_000;
/** The client's timeout in the README's advice; a request must answer well within it. */
const CLIENT_TIMEOUT_MS = 15_000;

let proxy: PgProxy;
let app: TestApp;
let workerServices: Services;
let worker: { stop: () => Promise<void> };
let org: Org;
let account: string;
let destination: string;
let approver: { id: string; token: string };
const direct = connectPostgres(runState().databaseUrl, { max: 2, onnotice: () => {} });
/** Activities whose first call meets the failover. */
const failOver = new Set<string>();
const outages: string[] = [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The worker's sessions end as a crashed primary's do (pg_terminate_backend on each of its backends),
 * and new connections are refused for OUTAGE_MS, until the "new primary" is up.
 */
async function failover(): Promise<void> {
  const ports = proxy.backendClientPorts();
  if (ports.length > 0) await direct`select pg_terminate_backend(pid) from pg_stat_activity where client_port = any(${ports}::int[])`;
  proxy.down();
  setTimeout(() => proxy.up(), OUTAGE_MS);
}

beforeAll(async () => {
  const taskQueue = `approval-failover-${randomUUID()}`;
  const overrides = { TEMPORAL_TASK_QUEUE: taskQueue, COUNTERFOIL_SANDBOX_BLOCK_MS: '2', COUNTERFOIL_RATE_LIMIT_TOKEN_PER_SECOND: '1000' };
  proxy = await PgProxy.start(PgProxy.targetOf(runState().databaseUrl));
  app = await startTestApp(overrides);
  workerServices = await testServices(overrides, { databaseUrl: PgProxy.urlThrough(runState().databaseUrl, proxy.port) });
  worker = await startWorker(workerServices, {
    taskQueue,
    activities: (real) => {
      const meetFailover =
        <A extends unknown[], R>(name: string, fn: (...args: A) => Promise<R>) =>
        async (...args: A): Promise<R> => {
          if (failOver.delete(name)) {
            outages.push(name);
            // A query of the activity's own first, so its pool holds a session the failover ends.
            await workerServices.sql`select 1`;
            await failover();
          }
          return fn(...args);
        };
      return { ...real, openApproval: meetFailover('openApproval', real.openApproval), recordApprovalChange: meetFailover('recordApprovalChange', real.recordApprovalChange) };
    },
  });
  org = await Org.create(app, 'Approval Failover Ltd');
  const [client, acct] = await org.newClient();
  await org.fund(acct, '1000.00');
  await org.rule({ scope_ref: client, order: 1, conditions: { amount_at_least: { currency: 'USDC', value: '100.00' } }, effect: org.approvalEffect() });
  account = acct;
  destination = await org.destination(org.enterpriseRef);
  approver = await org.user(['approver']);
});
afterAll(async () => {
  proxy.up();
  await worker?.stop();
  await closeServices(workerServices);
  await app?.close();
  await proxy.close();
  await direct.end({ timeout: 1 });
});

async function until<T>(ms: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await sleep(100);
  }
}

it('a withdrawal whose approval is opened during a failover answers in time, and its retry answers the same', async () => {
  const key = uuidv7();
  const body = { account_ref: account, amount: { currency: 'USDC', value: '150.00' }, rail: 'ethereum', withdrawal_destination_id: destination };
  failOver.add('openApproval');
  const started = Date.now();
  const first = await org.api('POST', '/withdrawals', body, { 'idempotency-key': key });
  const tookMs = Date.now() - started;
  expect(outages).toContain('openApproval');
  expect(first.status).toBe(201);
  expect(first.body).toMatchObject({ status: 'pending_approval', approval_ref: expect.stringMatching(/^approvals\//) });
  // Answered after the bounded wait, before the worker's database came back (and the client gave up).
  expect(tookMs).toBeGreaterThanOrEqual(UPDATE_WAIT_MS - 100);
  expect(tookMs).toBeLessThan(OUTAGE_MS - 2_000);
  expect(tookMs).toBeLessThan(CLIENT_TIMEOUT_MS);

  const retry = await org.api('POST', '/withdrawals', body, { 'idempotency-key': key });
  expect(retry.status).toBe(201);
  expect(retry.body).toEqual(first.body);
  const [{ n }] = await direct`select count(*)::int as n from withdrawals where account_ref = ${account} and id = ${first.body.id}`;
  expect(n).toBe(1);
  const [{ all }] = await direct`select count(*)::int as "all" from withdrawals where account_ref = ${account}`;
  expect(all).toBe(1);

  // Once the database is back the workflow opens the approval; the withdrawal then proceeds as usual.
  const opened = await until(OUTAGE_MS + 20_000, async () => {
    const res = await org.api('GET', `/${first.body.approval_ref}`);
    return res.status === 200 ? res.body : undefined;
  });
  expect(opened).toMatchObject({ status: 'pending', governed_ref: `withdrawals/${first.body.id}` });
  expect((await org.decide(first.body.approval_ref, 'approve', approver.token)).status).toBe(200);
  await org.waitFor(first.body.id, ['executed']);
  expect(await ledgerTrail(app, first.body.id)).toEqual({ hold: 'posted', settlements: 1 });
});

it('a decision recorded during a failover answers 503 in time; the approval shows it once recorded, and the withdrawal executes once', async () => {
  const res = await org.withdraw(account, destination, '150.00');
  expect(res.status).toBe(201);
  const approvalRef: string = res.body.approval_ref;

  failOver.add('recordApprovalChange');
  const started = Date.now();
  const decided = await org.decide(approvalRef, 'approve', approver.token);
  const tookMs = Date.now() - started;
  expect(outages).toContain('recordApprovalChange');
  expect(decided.status).toBe(503);
  expect(decided.body.reason).toBe('decision_in_progress');
  expect(decided.headers.get('retry-after')).toBe('2');
  expect(tookMs).toBeLessThan(OUTAGE_MS - 2_000);

  // The workflow took the vote: once the database is back the approval shows it, and the withdrawal executes.
  const approved = await until(OUTAGE_MS + 20_000, async () => {
    const a = await org.api('GET', `/${approvalRef}`);
    return a.status === 200 && a.body.status !== 'pending' ? a.body : undefined;
  });
  expect(approved).toMatchObject({ status: 'approved', decision: { outcome: 'approved', decided_by: { id: approver.id } } });
  await org.waitFor(res.body.id, ['executed'], 30_000);
  expect(await ledgerTrail(app, res.body.id)).toEqual({ hold: 'posted', settlements: 1 });
  // Deciding again is refused: the one vote counted once.
  const again = await org.decide(approvalRef, 'approve', approver.token);
  expect(again.status).toBe(409);
  expect(again.body.reason).toBe('approval_approved');
});
