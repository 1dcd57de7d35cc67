import { uuidv7 } from '../../src/ids';
import { Org, startGovernedHarness, type GovernedHarness } from './withdrawal-fixtures';

let h: GovernedHarness;
let org: Org;
let approver: { id: string; token: string };

beforeAll(async () => {
  h = await startGovernedHarness();
  org = await Org.create(h.app, 'Governed Batches Ltd');
  approver = await org.user(['approver']);
});
afterAll(() => h.stop());

/** A funded source under its own client where moving 100 USDC or more is governed by `effect`, and an empty target. */
async function governedPair(effect: Record<string, unknown>): Promise<{ source: string; target: string }> {
  const [client, source] = await org.newClient();
  const [, target] = await org.newClient();
  await org.fund(source, '1000.00');
  await org.rule({ action_family: 'internal_transfer', scope_ref: client, order: 1, conditions: { amount_at_least: { currency: 'USDC', value: '100.00' } }, effect });
  return { source, target };
}

const usdc = (value: string, source_ref: string, target_ref: string) => ({ amount: { currency: 'USDC', value }, source_ref, target_ref });
const batch = (body: unknown, key = uuidv7()) => org.api('POST', '/internal-transfer-batches', body, { 'idempotency-key': key });

it('an atomic batch with a transfer needing approval is refused with its index, booking nothing', async () => {
  const { source, target } = await governedPair(org.approvalEffect());
  const res = await batch({ atomic: true, transfers: [usdc('10', source, target), usdc('150', source, target), usdc('20', source, target), usdc('100', source, target)] });
  expect(res.status).toBe(409);
  expect(res.body).toMatchObject({ code: 'EdgeConflict', reason: 'batch_requires_approval', transfer_indexes: [1, 3] });
  expect(await org.balance(source)).toEqual({ available: '1000000000', held: '0', total: '1000000000' });
});

it('an atomic batch with a denied transfer is 422 policy_denied naming it', async () => {
  const { source, target } = await governedPair({ type: 'deny' });
  const res = await batch({ atomic: true, transfers: [usdc('10', source, target), usdc('150', source, target)] });
  expect(res.status).toBe(422);
  expect(res.body).toMatchObject({ reason: 'policy_denied', transfer_index: 1, errors: [{ pointer: '/body/transfers/1' }] });
  expect(await org.balance(source)).toMatchObject({ total: '1000000000' });
});

it('an atomic batch under a rule that allows books every transfer with its decision', async () => {
  const { source, target } = await governedPair(org.approvalEffect());
  const res = await batch({ atomic: true, transfers: [usdc('10', source, target), usdc('20', source, target)] });
  expect(res.status).toBe(201);
  expect(res.body.summary).toEqual({ executed: 2, pending_approval: 0, refused: 0 });
  const first = await org.ok(200, 'GET', `/${res.body.results[0].transfer_ref}`);
  expect(first).toMatchObject({ status: 'executed', policy_decision: { effect: 'allow', trace: [expect.objectContaining({ matched: false })] } });
  expect(await org.balance(target)).toMatchObject({ total: '30000000' });
});

it('a non-atomic batch sends the transfers needing approval to approval and books the rest', async () => {
  const { source, target } = await governedPair(org.approvalEffect());
  const key = uuidv7();
  const body = { atomic: false, transfers: [usdc('10', source, target), usdc('150', source, target)] };
  const res = await batch(body, key);
  expect(res.status).toBe(201);
  expect(res.body.summary).toEqual({ executed: 1, pending_approval: 1, refused: 0 });
  expect(res.body.results[1]).toMatchObject({ index: 1, outcome: 'pending_approval', transfer_ref: expect.stringMatching(/^internal-transfers\//) });
  expect(await org.balance(source)).toEqual({ available: '840000000', held: '150000000', total: '990000000' });
  expect((await batch(body, key)).body).toEqual(res.body);

  const pending = await org.ok(200, 'GET', `/${res.body.results[1].transfer_ref}`);
  expect(pending.status).toBe('pending_approval');
  expect((await org.decide(pending.approval_ref, 'approve', approver.token)).status).toBe(200);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const t = await org.ok(200, 'GET', `/${res.body.results[1].transfer_ref}`);
    if (t.status === 'executed') break;
    if (Date.now() > deadline) throw new Error(`transfer stayed ${t.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(await org.balance(target)).toMatchObject({ total: '160000000' });
});
