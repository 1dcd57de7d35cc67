import { writeHistory } from '../helpers/history-json';
import { Org, startGovernedHarness, type GovernedHarness } from './withdrawal-fixtures';

/*
 * Histories of withdrawals that execute through the local activity (patch `withdrawal-local-execution`):
 * a rail confirming within the inline wait (executed, refused at submission, approved then executed)
 * and a slower one (the local activity answers pending; a durable timer and regular activities finish:
 * executed, failed at confirmation). Written next to the older histories (replay.test.ts replays them all)
 * only with RECORD_HISTORIES=1, as `withdrawal-local-<name>.json`; the older ones are kept as they are.
 */

const STELLAR_ADDRESS = 'GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN';
let h: GovernedHarness;

// 100 ms blocks: stellar (1 confirmation) confirms within the inline wait, ethereum (12) does not.
beforeAll(async () => {
  h = await startGovernedHarness({ COUNTERFOIL_SANDBOX_BLOCK_MS: '100' });
});
afterAll(() => h.stop());

it('records local-activity executions: executed, refused, approved, and on a slow rail executed and failed', async () => {
  const org = await Org.create(h.app, 'Local Replay Ltd');
  const [client, account] = await org.newClient();
  await org.fund(account, '10000.00');
  const fast = await org.destination(org.enterpriseRef, STELLAR_ADDRESS, 'USDC', 'stellar');
  const slow = await org.destination(org.enterpriseRef);
  const failingAddress = '0x' + '6'.repeat(40);
  const refusingAddress = '0x' + '7'.repeat(40);
  const failing = await org.destination(org.enterpriseRef, failingAddress);
  const refusing = await org.destination(org.enterpriseRef, refusingAddress);
  await org.ok(201, 'POST', '/sandbox/rail/failures', { address: failingAddress, stage: 'confirmation', failure_reason: 'network_rejected' });
  await org.ok(201, 'POST', '/sandbox/rail/failures', { address: refusingAddress, stage: 'submission', failure_reason: 'address_blocked' });
  await org.rule({ scope_ref: client, order: 1, conditions: { amount_at_least: { currency: 'USDC', value: '100.00' } }, effect: org.approvalEffect() });
  const approver = await org.user(['approver']);

  const approved = (await org.withdraw(account, fast, '150.00', org.token, 'USDC', 'stellar')).body;
  expect((await org.decide(approved.approval_ref, 'approve', approver.token)).status).toBe(200);
  const runs: Record<string, { id: string; expected: string }> = {
    executed: { id: (await org.withdraw(account, fast, '10.00', org.token, 'USDC', 'stellar')).body.id, expected: 'executed' },
    'slow-executed': { id: (await org.withdraw(account, slow, '10.00')).body.id, expected: 'executed' },
    refused: { id: (await org.withdraw(account, refusing, '10.00')).body.id, expected: 'failed' },
    'slow-failed': { id: (await org.withdraw(account, failing, '10.00')).body.id, expected: 'failed' },
    approved: { id: approved.id, expected: 'executed' },
  };
  const temporal = await h.app.services.temporal.get();
  for (const [name, run] of Object.entries(runs)) {
    await org.waitFor(run.id, [run.expected]);
    const handle = temporal.workflow.getHandle(`withdrawal/${run.id}`);
    expect(await handle.result()).toBe(run.expected);
    const history = await handle.fetchHistory();
    const events = history.events ?? [];
    // Every one of them went through the local activity (a marker), and none through the old submit activity.
    expect(events.some((e) => e.markerRecordedEventAttributes?.markerName === 'core_local_activity')).toBe(true);
    expect(events.some((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'submitWithdrawal')).toBe(false);
    writeHistory(`withdrawal-local-${name}`, history);
  }
});
