// A governed workflow (workflows/governed.ts) waits for its Update handlers before it ends: a decision
// is answered by the activity that records it, which can finish after the release it triggered.
import { randomUUID } from 'node:crypto';
import { uuidv7 } from '../../src/ids';
import { startTestApp, type TestApp } from '../helpers/app';
import { startWorker } from '../helpers/worker';
import { Org } from './withdrawal-fixtures';

let app: TestApp;
let stop: () => Promise<void>;
let org: Org;

beforeAll(async () => {
  const taskQueue = `governed-handlers-${randomUUID()}`;
  app = await startTestApp({ TEMPORAL_TASK_QUEUE: taskQueue, COUNTERFOIL_RATE_LIMIT_TOKEN_PER_SECOND: '1000' });
  // Recording a rejection takes a second: the hold's release (one quick activity) is long done by then.
  const worker = await startWorker(app.services, {
    taskQueue,
    activities: (real) => ({
      ...real,
      recordApprovalChange: async (input) => {
        if (input.decision?.outcome === 'rejected') await new Promise((r) => setTimeout(r, 1000));
        return real.recordApprovalChange(input);
      },
    }),
  });
  stop = worker.stop;
  org = await Org.create(app, 'Governed Handlers Ltd');
});
afterAll(async () => {
  await stop();
  await app.close();
});

it('a rejection recorded after the release has finished is still answered 200, and the record ends rejected', async () => {
  const approver = await org.user(['approver']);
  const [client, source] = await org.newClient();
  const [, target] = await org.newClient();
  await org.fund(source, '500.00');
  await org.rule({ action_family: 'internal_transfer', scope_ref: client, order: 1, conditions: {}, effect: org.approvalEffect() });

  const created = await org.api('POST', '/internal-transfers', { amount: { currency: 'USDC', value: '100.00' }, source_ref: source, target_ref: target }, { 'idempotency-key': uuidv7() });
  expect(created.body).toMatchObject({ status: 'pending_approval', approval_ref: expect.stringMatching(/^approvals\//) });

  const decided = await org.decide(created.body.approval_ref, 'reject', approver.token);
  expect(decided.status).toBe(200);
  expect(decided.body).toMatchObject({ status: 'rejected' });
  expect(await org.ok(200, 'GET', `/internal-transfers/${created.body.id}`)).toMatchObject({ status: 'rejected' });
  expect(await org.balance(source)).toEqual({ total: '500000000', held: '0', available: '500000000' });
  const workflow = (await app.services.temporal.get()).workflow.getHandle(`internal-transfer/${created.body.id}`);
  expect(await workflow.result()).toBe('rejected');
});
