import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils';
import { historyFindings } from '../helpers/history-data';
import { Org, startGovernedHarness, type GovernedHarness } from './withdrawal-fixtures';

/*
 * Workflow histories hold ids and statuses, not data (docs/operations.md): no payload, memo, search
 * attribute or header of a history may carry an amount, an address, bank details, a person's name or
 * e-mail, a secret or a token. Checked on the recorded histories of every family, and on live runs.
 * Histories with a `-v<n>` suffix were recorded by older code and are kept only to prove replay.
 */

const HISTORIES = path.join(__dirname, 'histories');
const current = readdirSync(HISTORIES).filter((f) => f.endsWith('.json') && !/-v\d+\.json$/.test(f)).sort();
const load = (f: string) => historyFromJSON(JSON.parse(readFileSync(path.join(HISTORIES, f), 'utf8')));
const typeOf = (h: ReturnType<typeof load>) => h.events?.[0]?.workflowExecutionStartedEventAttributes?.workflowType?.name;

it('finds the data a history must not hold, wherever a payload carries it', () => {
  const planted = load('withdrawal-executed.json');
  const started = planted.events![0]!.workflowExecutionStartedEventAttributes!;
  const json = (v: unknown) => ({ metadata: { encoding: Buffer.from('json/plain') }, data: Buffer.from(JSON.stringify(v)) });
  started.input = { payloads: [json({ withdrawalId: 'w', amount: '150.00', destination: { address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' } })] };
  started.memo = { fields: { owner: json({ legal_name: 'Ada Lovelace', contact: 'ada@example.com' }) } };
  started.header = { fields: { auth: json('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJlLXNpZ25hdHVyZQ') } };
  started.searchAttributes = { indexedFields: { Bank: json({ iban: 'GB33BUKB20201555555555' }), Key: json({ client_secret: 'cfsk_live_abc' }) } };
  expect(historyFindings(planted).map((f) => f.kind).sort()).toEqual(['IBAN', 'address', 'amount', 'e-mail', 'name', 'secret', 'token'].sort());
  // A history recorded before releaseWithdrawal answered only its status held the withdrawal's amounts.
  expect(historyFindings(load('withdrawal-cancelled-v0.json')).filter((f) => f.kind === 'amount').map((f) => f.value)).toContain('150.000000');
});

it('the recorded histories of every workflow family hold ids, not data', () => {
  const exported = [...readFileSync(path.join(__dirname, '../../workflows/index.ts'), 'utf8').matchAll(/^export \{([^}]+)\}/gm)].flatMap((m) => m[1]!.split(',').map((n) => n.trim()));
  const histories = current.map((f) => ({ file: f, history: load(f) }));
  expect(exported.filter((name) => !histories.some((h) => typeOf(h.history) === name))).toEqual([]);
  expect(histories.flatMap(({ file, history }) => historyFindings(history).map((f) => ({ file, ...f })))).toEqual([]);
});

describe('live runs', () => {
  let h: GovernedHarness;
  beforeAll(async () => {
    h = await startGovernedHarness();
  });
  afterAll(() => h.stop());

  it('a withdrawal that waited for an approval and was cancelled, one executed, and housekeeping hold ids, not data', async () => {
    const org = await Org.create(h.app, 'Histories Ltd');
    const [client, account] = await org.newClient();
    await org.fund(account, '1000.00');
    const destination = await org.destination(org.enterpriseRef);
    await org.rule({ scope_ref: client, order: 1, conditions: { amount_at_least: { currency: 'USDC', value: '100.00' } }, effect: org.approvalEffect() });
    const cancelled = (await org.withdraw(account, destination, '150.00')).body;
    const cancel = await org.api('POST', `/withdrawals/${cancelled.id}/cancel`);
    expect(cancel.status).toBe(200);
    // The answer is the withdrawal as recorded, though the workflow's Update answers its status only.
    expect(cancel.body).toMatchObject({ id: cancelled.id, status: 'cancelled', principal_amount: { value: '150.000000' } });
    const executed = (await org.withdraw(account, destination, '12.34')).body;
    await org.waitFor(executed.id, ['executed']);

    const temporal = await h.app.services.temporal.get();
    await temporal.workflow.execute('housekeepingWorkflow', { taskQueue: h.taskQueue, workflowId: `histories-${h.taskQueue}`, args: [{}] });
    const ids = [`withdrawal/${cancelled.id}`, `withdrawal/${executed.id}`, `histories-${h.taskQueue}`];
    const findings = [];
    for (const id of ids) {
      const handle = temporal.workflow.getHandle(id);
      await handle.result();
      findings.push(...historyFindings(await handle.fetchHistory()).map((f) => ({ id, ...f })));
    }
    expect(findings).toEqual([]);
  });
});
