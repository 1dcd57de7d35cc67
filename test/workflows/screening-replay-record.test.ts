import { uuidv7 } from '../../src/ids';
import { SANDBOX_SCREENING } from '../../src/providers/screening';
import { WITHDRAWAL_SCREENING_PATCH } from '../../src/domain/screening/messages';
import { SA } from '../../src/temporal/search-attributes';
import { writeHistory } from '../helpers/history-json';
import { humanToken } from '../helpers/humans';
import { until } from '../helpers/reference-connector';
import { Org, startGovernedHarness, type GovernedHarness } from './withdrawal-fixtures';

/*
 * Histories of withdrawals that are screened (patch `withdrawal-screening`), one per way the screening
 * step goes: accepted, rejected, frozen then released under quorum, a pending verdict answered by the
 * enterprise, and a provider that fails until the policy turns fail-open (the awaiting-provider path).
 * Written next to the older histories only with RECORD_HISTORIES=1, as `withdrawal-screened-<name>.json`.
 */

let h: GovernedHarness;
beforeAll(async () => {
  h = await startGovernedHarness({ COUNTERFOIL_SANDBOX_BLOCK_MS: '0' });
});
afterAll(() => h.stop());

const address = (suffix: string) => `0x${uuidv7().replace(/-/g, '').padEnd(36, '0')}${suffix}`;

/** A new enterprise with its compliance policy patched, and a withdrawal of 10.00 USDC to `to`. */
async function screened(patch: Record<string, unknown>, to: string): Promise<{ org: Org; id: string }> {
  const org = await Org.create(h.app, `Screened ${uuidv7()}`);
  await org.ok(200, 'PATCH', '/governance-settings', { approver_role_ref: `roles/${org.tenant.roleIds.approver}` });
  await org.ok(200, 'PATCH', '/compliance-policy', patch);
  const { account } = await org.withdrawalAccount('100.00');
  const destination = await org.destination(org.enterpriseRef, to);
  return { org, id: (await org.withdraw(account, destination, '10.00')).body.id };
}

const screeningId = async (id: string) => {
  await until('the screening', async () => (await h.app.services.sql`select 1 from screenings where business_key = ${`withdrawal/${id}`} and status <> 'screening'`).length === 1);
  return (await h.app.services.sql`select id from screenings where business_key = ${`withdrawal/${id}`}`)[0].id as string;
};

it('records screened withdrawals: accepted, rejected, frozen and released, answered by the enterprise, awaiting the provider', async () => {
  const runs: Record<string, { org: Org; id: string; expected: string }> = {};
  const run = async (name: string, patch: Record<string, unknown>, to: string, expected: string, drive?: (org: Org, id: string) => Promise<void>) => {
    const r = await screened(patch, to);
    if (drive) await drive(r.org, r.id);
    runs[name] = { ...r, expected };
  };
  await run('accepted', {}, address('beef'), 'executed');
  await run('rejected', {}, address(SANDBOX_SCREENING.sanctioned.addressSuffix), 'failed');
  await run('frozen-released', {}, address(SANDBOX_SCREENING.highRisk.addressSuffix), 'executed', async (org, id) => {
    await org.waitFor(id, ['pending_compliance']);
    await until('the compliance decision', async () => (await h.app.services.sql`select 1 from approvals where governed_ref = ${`withdrawals/${id}/compliance`}`).length === 1);
    const [approval] = await h.app.services.sql`select id from approvals where governed_ref = ${`withdrawals/${id}/compliance`}`;
    for (let i = 0; i < 2; i++) {
      // A subject that is not an e-mail address: the history keeps the deciding request's attribution.
      const person = await org.platformUser(['approver'], org.enterpriseRef);
      const token = await humanToken(h.app, org.tenant.enterpriseId, { email: person.email, subject: `person-${person.id}` });
      expect((await org.decide(`approvals/${approval.id}`, 'approve', token)).status).toBe(200);
    }
  });
  await run('enterprise-answered', { verdict_source: 'enterprise' }, address('abcd'), 'executed', async (org, id) => {
    await org.ok(200, 'POST', `/screenings/${await screeningId(id)}/verdict`, { outcome: 'accept', reference: 'case-1' });
  });
  await run('provider-unavailable', {}, address(SANDBOX_SCREENING.failing.addressSuffix), 'executed', async (org, id) => {
    const handle = (await h.app.services.temporal.get()).workflow.getHandle(`withdrawal/${id}`);
    await until('the provider it awaits', async () => (await handle.describe()).typedSearchAttributes.get(SA.awaitingProvider) === 'sandbox');
    await org.ok(200, 'PATCH', '/compliance-policy', { provider_failure: 'fail_open' });
  });
  const temporal = await h.app.services.temporal.get();
  for (const [name, r] of Object.entries(runs)) {
    await r.org.waitFor(r.id, [r.expected], 60_000);
    const handle = temporal.workflow.getHandle(`withdrawal/${r.id}`);
    expect(await handle.result()).toBe(r.expected);
    const history = await handle.fetchHistory();
    const patches = (history.events ?? [])
      .filter((e) => e.markerRecordedEventAttributes?.markerName === 'core_patch')
      .map((e) => Buffer.from(e.markerRecordedEventAttributes!.details!['patch-data']!.payloads![0]!.data!).toString('utf8'));
    expect(patches.some((p) => p.includes(WITHDRAWAL_SCREENING_PATCH))).toBe(true);
    writeHistory(`withdrawal-screened-${name}`, history);
  }
}, 120_000);
