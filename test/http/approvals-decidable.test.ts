import { Org, startGovernedHarness, type GovernedHarness } from '../workflows/withdrawal-fixtures';

/*
 * GET /approvals?decidable=true: what waits for the caller's decision (the console's approvals inbox).
 * Withdrawals under a two-approver rule that bars the initiator, on a real worker.
 */

let h: GovernedHarness;
let org: Org;
let account: string;
let destination: string;
let initiator: { id: string; token: string };
let approverA: { id: string; token: string };
let approverB: { id: string; token: string };
let viewer: { id: string; token: string };
let elsewhere: { id: string; token: string };
let pending: { id: string; approvalRef: string };

async function decidable(token: string, query = ''): Promise<string[]> {
  const res = await org.api('GET', `/approvals?decidable=true${query}`, undefined, {}, token);
  expect(res.status).toBe(200);
  return res.body.items.map((a: { id: string }) => `approvals/${a.id}`);
}

beforeAll(async () => {
  h = await startGovernedHarness();
  org = await Org.create(h.app, 'Decidable Approvals Ltd');
  let client: string;
  [client, account] = await org.newClient();
  const [otherClient] = await org.newClient();
  await org.fund(account, '1000.00');
  destination = await org.destination(org.enterpriseRef);
  await org.rule({
    scope_ref: client,
    order: 1,
    conditions: { amount_at_least: { currency: 'USDC', value: '100.00' } },
    effect: { ...org.approvalEffect(), required_human_approvals: 2 },
  });
  [initiator, approverA, approverB, viewer, elsewhere] = await Promise.all([
    org.user(['operator', 'approver']),
    org.user(['approver']),
    org.user(['approver']),
    org.user(['viewer']),
    // Holds the approving role only at another client: not eligible for this account.
    org.user(['approver'], otherClient),
  ]);
  const res = await org.withdraw(account, destination, '150.00', initiator.token);
  expect(res.status).toBe(201);
  pending = { id: res.body.id, approvalRef: res.body.approval_ref };
});
afterAll(() => h.stop());

it('lists a pending approval for an eligible approver who has not voted', async () => {
  expect(await decidable(approverA.token)).toContain(pending.approvalRef);
  expect(await decidable(approverA.token, '&status=pending&action_family=withdrawal')).toContain(pending.approvalRef);
  // Without the filter, everyone in scope with approvals.read sees it.
  const all = await org.api('GET', '/approvals?decidable=false', undefined, {}, viewer.token);
  expect(all.body.items.map((a: { id: string }) => `approvals/${a.id}`)).toContain(pending.approvalRef);
});

it.each([
  ['the initiator the rule bars', () => initiator.token],
  ['a viewer (no approvals.decide)', () => viewer.token],
  ['an approver of another client only', () => elsewhere.token],
  ['a service account (only people decide)', () => org.token],
])('does not list it for %s', async (_who, token) => {
  expect(await decidable(token())).not.toContain(pending.approvalRef);
});

it('drops it once the approver has voted, keeps it for the other approver until the quorum, then for nobody', async () => {
  // A poller (the console's live count) revalidates with the ETag: 304 without a body while nothing changed.
  const before = await org.api('GET', '/approvals?decidable=true', undefined, {}, approverA.token);
  const etag = before.headers.get('etag')!;
  expect(etag).toMatch(/^W\/"[\w-]+"$/);
  expect(before.headers.get('cache-control')).toBe('private, no-cache');
  // As a browser revalidates its cached answer; fetch() would add `Cache-Control: no-cache` (a forced reload) to a hand-made conditional request.
  const revalidate = { 'if-none-match': etag, 'cache-control': 'max-age=0' };
  const unchanged = await org.api('GET', '/approvals?decidable=true', undefined, revalidate, approverA.token);
  expect({ status: unchanged.status, text: unchanged.text }).toEqual({ status: 304, text: '' });
  expect((await org.decide(pending.approvalRef, 'approve', approverA.token)).status).toBe(200);
  const changed = await org.api('GET', '/approvals?decidable=true', undefined, revalidate, approverA.token);
  expect(changed.status).toBe(200);
  expect(changed.headers.get('etag')).not.toBe(etag);
  expect(await decidable(approverA.token)).not.toContain(pending.approvalRef);
  expect(await decidable(approverB.token)).toContain(pending.approvalRef);
  expect((await org.decide(pending.approvalRef, 'approve', approverB.token)).status).toBe(200);
  expect(await decidable(approverB.token)).not.toContain(pending.approvalRef);
  await org.waitFor(pending.id, ['executed']);
});

it('refuses a value other than true or false (400)', async () => {
  const res = await org.api('GET', '/approvals?decidable=yes', undefined, {}, approverA.token);
  expect(res.status).toBe(400);
  expect(res.body.errors[0].pointer).toBe('/query/decidable');
});

it('is documented in the OpenAPI document', async () => {
  const doc = await org.api('GET', '/openapi.json');
  const param = doc.body.paths['/approvals'].get.parameters.find((p: { name: string }) => p.name === 'decidable');
  expect(param).toMatchObject({ in: 'query', required: false, schema: { enum: ['true', 'false'] } });
});
