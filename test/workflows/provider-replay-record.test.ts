import { writeHistory } from '../helpers/history-json';
import { uuidv7 } from '../../src/ids';
import { SA } from '../../src/temporal/search-attributes';
import { ReferenceConnector } from '../helpers/reference-connector';
import { eventually } from '../helpers/webhook-fixtures';
import { Org, connectedTenant, stopConnected, type GovernedHarness } from './withdrawal-fixtures';

/*
 * Histories of the awaiting-provider branches (patches `off-ramp-awaiting-provider` and
 * `withdrawal-awaiting-provider`): the payout provider (the reference connector) is unreachable at
 * submission, the workflow marks whom it awaits and retries, and goes on once it answers. A run whose
 * provider answers at once issues the same commands on either side of these patches, so only a run
 * that goes through the outage guards them. Written to test/workflows/histories/ as
 * `<family>-provider-unavailable.json` only with RECORD_HISTORIES=1.
 */

let connector: ReferenceConnector;
let h: GovernedHarness;
let org: Org;

beforeAll(async () => void ({ connector, h, org } = await connectedTenant('Provider Replay Ltd')), 120_000);
afterAll(() => stopConnected(h, connector));

it('records an off-ramp and a withdrawal that wait for their payout provider, then complete', async () => {
  const [, account] = await org.newClient();
  await org.fund(account, '1000.00');
  const method = await org.payoutMethod(account, 'Grace Hopper');
  const destination = await org.destination(org.enterpriseRef);
  const temporal = await h.app.services.temporal.get();
  const awaited = (workflowId: string) => async () => (await temporal.workflow.getHandle(workflowId).describe()).typedSearchAttributes.get(SA.awaitingProvider);

  await connector.control('/control/payouts/behaviour', { unavailable: true });
  let offRamp: string;
  let withdrawal: string;
  try {
    const session = await org.ok(201, 'POST', '/off-ramp-sessions', { account_ref: account, asset: 'USDC', fiat_currency: 'EUR', amount: { currency: 'USDC', value: '50' }, payout_method_id: method }, { 'idempotency-key': uuidv7() });
    const w = await org.withdraw(account, destination, '20.00');
    expect(w.status).toBe(201);
    offRamp = `off-ramp/${session.id}`;
    withdrawal = `withdrawal/${w.body.id}`;
    await eventually(async () => (await awaited(offRamp)()) === 'reference');
    await eventually(async () => (await awaited(withdrawal)()) === 'reference');
  } finally {
    await connector.control('/control/payouts/behaviour', {});
  }
  for (const workflowId of [offRamp, withdrawal]) {
    const key = workflowId.replace(/^off-ramp\//, 'off_ramp/');
    await eventually(async () => (await connector.payoutsFor(key)) === 1);
    await eventually(async () => (await awaited(workflowId)()) === undefined);
    await connector.control('/control/payouts/confirm', { idempotency_key: key });
  }

  const runs: [string, string, string][] = [
    ['off-ramp-provider-unavailable', offRamp, 'completed'],
    ['withdrawal-provider-unavailable', withdrawal, 'executed'],
  ];
  for (const [name, workflowId, expected] of runs) {
    const handle = temporal.workflow.getHandle(workflowId);
    expect([name, await handle.result()]).toEqual([name, expected]);
    const history = await handle.fetchHistory();
    // The quick attempts failed and the workflow marked, then cleared, the provider it awaited.
    expect([name, history.events?.filter((e) => e.upsertWorkflowSearchAttributesEventAttributes?.searchAttributes?.indexedFields?.[SA.awaitingProvider.name]).length]).toEqual([name, 2]);
    writeHistory(`${name}`, history);
  }
});
