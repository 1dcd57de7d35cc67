import { writeHistory } from '../helpers/history-json';
import { Org, startGovernedHarness, type GovernedHarness } from './withdrawal-fixtures';

/*
 * Runs a withdrawal to each way it can end and saves its history. The committed histories in
 * test/workflows/histories/ (replayed by replay.test.ts) are a regression guard against
 * nondeterministic workflow changes, so this run writes them there only with RECORD_HISTORIES=1
 * (after a deliberate workflow change); otherwise it writes to the run's scratch folder.
 */

let h: GovernedHarness;

beforeAll(async () => {
  h = await startGovernedHarness();
});
afterAll(() => h.stop());

it('records approved, rejected, expired, cancelled, failed and unattended runs', async () => {
  const org = await Org.create(h.app, 'Replay Ltd');
  const [client, account] = await org.newClient();
  await org.fund(account, '10000.00');
  const destination = await org.destination(org.enterpriseRef);
  const failingAddress = '0x' + '4'.repeat(40);
  const failing = await org.destination(org.enterpriseRef, failingAddress);
  await org.ok(201, 'POST', '/sandbox/rail/failures', { address: failingAddress, stage: 'confirmation', failure_reason: 'network_rejected' });
  const approverRole = `roles/${org.tenant.roleIds.approver}`;
  await org.rule({ scope_ref: client, order: 1, conditions: { amount_at_least: { currency: 'USDC', value: '900.00' } }, effect: { type: 'require_approval', required_human_approvals: 1, approver_role_ref: approverRole, approval_ttl_seconds: 1 } });
  await org.rule({ scope_ref: client, order: 2, conditions: { amount_at_least: { currency: 'USDC', value: '100.00' } }, effect: { type: 'require_approval', required_human_approvals: 1, approver_role_ref: approverRole } });
  const approver = await org.user(['approver']);

  const pending = async () => (await org.withdraw(account, destination, '150.00')).body;
  const approved = await pending();
  expect((await org.decide(approved.approval_ref, 'approve', approver.token)).status).toBe(200);
  const rejected = await pending();
  expect((await org.decide(rejected.approval_ref, 'reject', approver.token)).status).toBe(200);
  const cancelled = await pending();
  expect((await org.api('POST', `/withdrawals/${cancelled.id}/cancel`)).status).toBe(200);
  const expired = (await org.withdraw(account, destination, '950.00')).body;
  const failed = (await org.withdraw(account, failing, '10.00')).body;
  const unattended = (await org.withdraw(account, destination, '10.00')).body;

  const runs = { approved, rejected, cancelled, expired, failed, executed: unattended };
  const expected: Record<string, string> = { approved: 'executed', rejected: 'rejected', cancelled: 'cancelled', expired: 'expired', failed: 'failed', executed: 'executed' };
  const client_ = await h.app.services.temporal.get();
  for (const [name, w] of Object.entries(runs)) {
    await org.waitFor(w.id, [expected[name]]);
    const handle = client_.workflow.getHandle(`withdrawal/${w.id}`);
    expect(await handle.result()).toBe(expected[name]);
    const history = await handle.fetchHistory();
    writeHistory(`withdrawal-${name}`, history);
  }
});
