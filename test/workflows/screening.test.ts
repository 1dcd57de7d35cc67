import { uuidv7 } from '../../src/ids';
import { SANDBOX_SCREENING } from '../../src/providers/screening';
import { SA } from '../../src/temporal/search-attributes';
import { ReferenceConnector, productionThrough, until } from '../helpers/reference-connector';
import { Org, ledgerTrail, startGovernedHarness, type GovernedHarness } from './withdrawal-fixtures';

/*
 * Screening before a withdrawal executes (docs/compliance.md), in production mode against the reference
 * connector (its own HTTPS process) with a real worker, Temporal and PostgreSQL: every outcome of the
 * compliance policy, bring-your-own verdicts in time and too late, and a provider outage held fail-closed.
 */

let connector: ReferenceConnector;
let h: GovernedHarness;
let org: Org;

/** An ethereum address ending in a test counterparty's four characters. */
const counterparty = (suffix: string) => `0x${uuidv7().replace(/-/g, '').padEnd(36, '0')}${suffix}`;

/** The compliance policy for the next test: the defaults with `patch` over them (the quorum is off, so it applies at once). */
async function policy(patch: Record<string, unknown> = {}): Promise<void> {
  const { etag } = await org.ok(200, 'GET', '/compliance-policy');
  await org.ok(200, 'PATCH', '/compliance-policy', {
    rules: [
      { direction: 'outgoing', asset: '*', categories: ['sanctions'], min_score: 0, max_score: 100, outcome: 'reject' },
      { direction: 'any', asset: '*', categories: [], min_score: 75, max_score: 100, outcome: 'freeze' },
    ],
    provider_failure: 'fail_closed',
    verdict_source: 'provider',
    verdict_timeout_seconds: 60,
    decision_quorum: 2,
    overrides_allowed: true,
    ...patch,
  }, { 'if-match': etag });
}

/** A funded account and a destination at `address`; the withdrawal of 100.00 USDC to it. */
async function withdrawTo(address: string, token = org.token): Promise<{ id: string; account: string }> {
  const [, account] = await org.newClient();
  await org.fund(account, '1000.00');
  const destination = await org.destination(org.enterpriseRef, address);
  const res = await org.withdraw(account, destination, '100.00', token);
  if (res.status !== 201) throw new Error(`withdraw: ${res.status} ${res.text}`);
  return { id: res.body.id, account };
}

const screeningOf = async (withdrawalId: string) => {
  await until('the screening', async () => (await h.app.services.sql`select 1 from screenings where business_key = ${`withdrawal/${withdrawalId}`}`).length === 1);
  const [row] = await h.app.services.sql`select id from screenings where business_key = ${`withdrawal/${withdrawalId}`}`;
  return org.ok(200, 'GET', `/screenings/${row.id}`);
};

/** Confirms the payout at the connector once it has it, and waits for the settlement. */
async function confirmPayout(id: string) {
  await until(`payout withdrawal/${id}`, async () => (await connector.payoutsFor(`withdrawal/${id}`)) === 1);
  await connector.control('/control/payouts/confirm', { idempotency_key: `withdrawal/${id}` });
  return org.waitFor(id, ['executed', 'failed']);
}

const eventTypes = async (resourceRef: string) => (await h.app.services.sql`select type from events where resource_ref = ${resourceRef} order by seq`).map((e) => e.type);

beforeAll(async () => {
  connector = await ReferenceConnector.start();
  h = await startGovernedHarness(productionThrough(connector));
  org = await Org.create(h.app, 'Screened Ltd');
  const created = await org.ok(201, 'POST', '/connectors', { name: 'reference', base_url: connector.url, description: 'reference connector' });
  expect(created.serves).toEqual(expect.arrayContaining([{ kind: 'screening', key: '*' }]));
  await connector.control('/control/configure', { secret: created.secret, counterfoil_url: h.app.url, connector_id: created.id });
  // Compliance decisions are taken by the approver role.
  await org.ok(200, 'PATCH', '/governance-settings', { approver_role_ref: `roles/${org.tenant.roleIds.approver}` });
}, 120_000);

afterAll(async () => {
  await h?.stop();
  await connector?.stop();
});

afterEach(() => connector.control('/control/screenings/behaviour', {}));

it('accept: a clean destination is screened by the connector, then paid out once', async () => {
  await policy();
  const { id } = await withdrawTo(counterparty('beef'));
  expect((await confirmPayout(id)).status).toBe('executed');
  const screening = await screeningOf(id);
  expect(screening).toMatchObject({ subject_ref: `withdrawals/${id}`, direction: 'outgoing', provider: 'reference', status: 'completed', outcome: 'accept', decided_by: 'policy', verdict: { category: 'none', score: 0 } });
  const received = (await connector.state()).screenings.find((s) => s.idempotency_key === `withdrawal/${id}`)!;
  expect(received.request).toMatchObject({ subject: { kind: 'crypto_address', network: 'ethereum' }, transaction: { direction: 'outgoing', asset: 'USDC', amount: '100.000000', rail: 'ethereum' } });
  expect(await ledgerTrail(h.app, id)).toEqual({ hold: 'posted', settlements: 1 });
  expect(await eventTypes(`screenings/${screening.id}`)).toEqual(['compliance.screening.completed.v1']);
});

it('alert: a high-risk destination under an alert rule proceeds, and the alert is an event', async () => {
  await policy({ rules: [{ direction: 'outgoing', asset: 'USDC', categories: ['mixer'], min_score: 50, max_score: 100, outcome: 'alert' }] });
  const { id } = await withdrawTo(counterparty(SANDBOX_SCREENING.highRisk.addressSuffix));
  expect((await confirmPayout(id)).status).toBe('executed');
  const screening = await screeningOf(id);
  expect(screening).toMatchObject({ outcome: 'alert', verdict: { category: 'mixer', score: 85 } });
  const [event] = await h.app.services.sql`select payload from events where resource_ref = ${`screenings/${screening.id}`} and type = 'compliance.screening.completed.v1'`;
  expect(event.payload).toMatchObject({ outcome: 'alert', subject_ref: `withdrawals/${id}` });
  expect(await h.app.services.metrics.registry.getSingleMetricAsString('counterfoil_screenings_total')).toMatch(/direction="outgoing",outcome="alert",decided_by="policy"\} [1-9]/);
});

it('reject: a sanctioned destination fails the withdrawal screening_rejected, its hold released to the cent, nothing paid', async () => {
  await policy();
  const { id, account } = await withdrawTo(counterparty(SANDBOX_SCREENING.sanctioned.addressSuffix));
  const done = await org.waitFor(id, ['failed', 'executed']);
  expect(done).toMatchObject({ status: 'failed', failure_reason: 'screening_rejected' });
  expect(await org.balance(account)).toEqual({ total: '1000000000', held: '0', available: '1000000000' });
  expect(await ledgerTrail(h.app, id)).toEqual({ hold: 'voided', settlements: 0 });
  expect(await connector.payoutsFor(`withdrawal/${id}`)).toBe(0);
  expect(await screeningOf(id)).toMatchObject({ outcome: 'reject', verdict: { category: 'sanctions' } });
});

describe('freeze: the withdrawal waits in pending_compliance for a decision under quorum', () => {
  const complianceApproval = async (id: string) => {
    await until('the compliance decision', async () => (await h.app.services.sql`select 1 from approvals where governed_ref = ${`withdrawals/${id}/compliance`}`).length === 1);
    const [row] = await h.app.services.sql`select id from approvals where governed_ref = ${`withdrawals/${id}/compliance`}`;
    return `approvals/${row.id}`;
  };

  it('the initiator cannot release it; two other people can, and it is paid out', async () => {
    await policy();
    const initiator = await org.user(['operator', 'approver']);
    const { id, account } = await withdrawTo(counterparty(SANDBOX_SCREENING.highRisk.addressSuffix), initiator.token);
    expect((await org.waitFor(id, ['pending_compliance'])).status).toBe('pending_compliance');
    expect(await org.balance(account)).toMatchObject({ held: expect.not.stringMatching(/^0$/) });
    const approval = await complianceApproval(id);
    // The compliance queue lists it.
    expect((await org.ok(200, 'GET', `/screenings?outcome=freeze&subject_ref=withdrawals/${id}`)).items).toEqual([expect.objectContaining({ outcome: 'freeze', verdict: expect.objectContaining({ category: 'mixer' }) })]);
    const own = await org.decide(approval, 'approve', initiator.token);
    expect(own.status).toBe(403);
    expect(own.body.reason).toBe('initiator_cannot_approve');
    expect((await org.api('POST', `/withdrawals/${id}/cancel`)).body.reason).toBe('withdrawal_pending_compliance');
    for (const person of [await org.user(['approver']), await org.user(['approver'])]) expect((await org.decide(approval, 'approve', person.token)).status).toBe(200);
    expect((await confirmPayout(id)).status).toBe('executed');
    expect(await eventTypes(`withdrawals/${id}`)).toEqual(['operations.withdrawal.executing.v1', 'operations.withdrawal.pending_compliance.v1', 'operations.withdrawal.executing.v1', 'operations.withdrawal.settled.v1']);
    expect((await org.ok(200, 'GET', `/withdrawals/${id}`)).subject_attribution.compliance_released_by).toHaveLength(2);
  });

  it('where the policy forbids overrides it cannot be released, only rejected: failed, the hold released', async () => {
    await policy({ overrides_allowed: false });
    const { id, account } = await withdrawTo(counterparty(SANDBOX_SCREENING.highRisk.addressSuffix));
    await org.waitFor(id, ['pending_compliance']);
    const approval = await complianceApproval(id);
    const approver = await org.user(['approver']);
    const refused = await org.decide(approval, 'approve', approver.token);
    expect(refused.status).toBe(409);
    expect(refused.body.reason).toBe('compliance_override_forbidden');
    expect((await org.decide(approval, 'reject', approver.token)).status).toBe(200);
    expect(await org.waitFor(id, ['failed'])).toMatchObject({ status: 'failed', failure_reason: 'screening_rejected' });
    expect(await org.balance(account)).toEqual({ total: '1000000000', held: '0', available: '1000000000' });
  });
});

it("a pending verdict the connector sends later (screening.completed) decides, and the withdrawal proceeds", async () => {
  await policy();
  await connector.control('/control/screenings/behaviour', { mode: 'pending' });
  const { id } = await withdrawTo(counterparty('cafe'));
  const pending = await screeningOf(id);
  await until('the screening to wait', async () => (await org.ok(200, 'GET', `/screenings/${pending.id}`)).status === 'pending');
  expect((await org.ok(200, 'GET', `/withdrawals/${id}`)).status).toBe('executing');
  const [answer] = (await connector.control('/control/screenings/complete', { idempotency_key: `withdrawal/${id}` })).events;
  expect(answer).toMatchObject({ status: 200, body: { type: 'screening.completed', resource_ref: `screenings/${pending.id}` } });
  expect((await confirmPayout(id)).status).toBe('executed');
  expect(await org.ok(200, 'GET', `/screenings/${pending.id}`)).toMatchObject({ status: 'completed', outcome: 'accept' });
});

describe('bring your own screening', () => {
  it("the enterprise's system answers in time: accept proceeds, reject fails it", async () => {
    await policy({ verdict_source: 'enterprise', verdict_timeout_seconds: 600 });
    const accepted = await withdrawTo(counterparty('abcd'));
    const rejected = await withdrawTo(counterparty('abce'));
    for (const [w, outcome] of [[accepted, 'accept'], [rejected, 'reject']] as const) {
      // The row exists from the moment screening starts (`screening`); it waits for the enterprise a step later.
      const { id } = await screeningOf(w.id);
      let s: any;
      await until('the screening to wait for the enterprise', async () => (s = await org.ok(200, 'GET', `/screenings/${id}`)).status !== 'screening');
      expect(s).toMatchObject({ verdict_source: 'enterprise', provider: 'enterprise', status: 'pending', deadline: expect.any(String) });
      const answered = await org.ok(200, 'POST', `/screenings/${s.id}/verdict`, { outcome, reference: `case-${outcome}`, explanation: 'reviewed' });
      expect(answered).toMatchObject({ decisive: true, screening: { status: 'completed', outcome, decided_by: 'enterprise' } });
      expect((await org.api('POST', `/screenings/${s.id}/verdict`, { outcome, reference: 'again' })).body.reason).toBe('screening_completed');
    }
    expect((await confirmPayout(accepted.id)).status).toBe('executed');
    expect(await org.waitFor(rejected.id, ['failed'])).toMatchObject({ failure_reason: 'screening_rejected' });
    expect(await connector.payoutsFor(`withdrawal/${rejected.id}`)).toBe(0);
  });

  it('an answer after the timeout is recorded and decides nothing: fail-closed failed the withdrawal', async () => {
    await policy({ verdict_source: 'enterprise', verdict_timeout_seconds: 10 });
    const { id, account } = await withdrawTo(counterparty('abcf'));
    const s = await screeningOf(id);
    expect(await org.waitFor(id, ['failed', 'executed'], 60_000)).toMatchObject({ status: 'failed', failure_reason: 'screening_timed_out' });
    expect(await org.balance(account)).toEqual({ total: '1000000000', held: '0', available: '1000000000' });
    const late = await org.ok(200, 'POST', `/screenings/${s.id}/verdict`, { outcome: 'accept', reference: 'case-late' });
    expect(late).toMatchObject({ decisive: false, screening: { status: 'timed_out', outcome: 'reject', decided_by: 'timeout', late_verdict: { category: 'enterprise_accept', reference: 'case-late' } } });
    expect((await org.ok(200, 'GET', `/withdrawals/${id}`)).status).toBe('failed');
    expect(await eventTypes(`screenings/${s.id}`)).toEqual(['compliance.screening.pending.v1', 'compliance.screening.timed_out.v1', 'compliance.screening.late_verdict.v1']);
  }, 90_000);
});

it('a provider outage is held fail-closed (CounterfoilAwaitingProvider), then recovered: screened once, paid once', async () => {
  await policy();
  await connector.control('/control/screenings/behaviour', { mode: 'error' });
  const { id } = await withdrawTo(counterparty('f00d'));
  const temporal = await h.app.services.temporal.get();
  const handle = temporal.workflow.getHandle(`withdrawal/${id}`);
  await until('the withdrawal to show the provider it awaits', async () => (await handle.describe()).typedSearchAttributes.get(SA.awaitingProvider) === 'reference');
  expect((await org.ok(200, 'GET', `/withdrawals/${id}`)).status).toBe('executing');
  expect(await connector.payoutsFor(`withdrawal/${id}`)).toBe(0);
  await connector.control('/control/screenings/behaviour', {});
  expect((await confirmPayout(id)).status).toBe('executed');
  await until('the mark to be removed', async () => (await handle.describe()).typedSearchAttributes.get(SA.awaitingProvider) === undefined);
  expect((await connector.state()).screenings.filter((s) => s.idempotency_key === `withdrawal/${id}`)).toHaveLength(1);
  expect(await connector.payoutsFor(`withdrawal/${id}`)).toBe(1);
  expect(await ledgerTrail(h.app, id)).toEqual({ hold: 'posted', settlements: 1 });
});

it('fail-open: a provider outage proceeds with an alert', async () => {
  await policy({ provider_failure: 'fail_open' });
  await connector.control('/control/screenings/behaviour', { mode: 'error' });
  const { id } = await withdrawTo(counterparty('f00e'));
  expect((await confirmPayout(id)).status).toBe('executed');
  expect(await screeningOf(id)).toMatchObject({ status: 'completed', outcome: 'alert', decided_by: 'provider_failure', verdict: null });
});
