import { SA } from '../../src/temporal/search-attributes';
import { verifyLedger } from '../../src/ledger';
import { uuidv7 } from '../../src/ids';
import { expectCarried, expectPatched, type Carrier } from '../helpers/references';
import { BAD_ETH_ADDRESS, ETH_ADDRESS, Org, ledgerTrail, startGovernedHarness, type GovernedHarness } from './withdrawal-fixtures';

let h: GovernedHarness;
let org: Org;
let account: string;
let destination: string;
const started = new Date();

beforeAll(async () => {
  h = await startGovernedHarness();
  org = await Org.create(h.app, 'Withdrawals Ltd');
  ({ account, destination } = await org.withdrawalAccount('10000.00'));
});
afterAll(() => h.stop());

describe('a withdrawal without approval', () => {
  it('holds amount + fee, executes on the rail, settles once and keeps its search attributes current', async () => {
    const before = await org.balance(account);
    const res = await org.withdraw(account, destination, '100.00');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      account_ref: account,
      approval_ref: null,
      family: 'withdrawal',
      family_params: {},
      principal_amount: { currency: 'USDC', value: '100.000000' },
      fee_summary: {
        components: [
          { kind: 'network_fee', amount: { currency: 'USDC', value: '2.500000' } },
          { kind: 'service_fee', amount: { currency: 'USDC', value: '1.000000' } },
        ],
        total: { currency: 'USDC', value: '3.500000' },
      },
      status: 'executing',
      settled_at: null,
      failure_reason: null,
      rail: 'ethereum',
      withdrawal_destination_id: destination,
      policy_decision: { effect: 'allow', rule_ref: null },
    });
    const done = await org.waitFor(res.body.id, ['executed']);
    expect(done.settled_at).toEqual(expect.any(String));
    expect(done.rail_reference).toMatch(/^sandbox-/);
    const after = await org.balance(account);
    expect(BigInt(before.total) - BigInt(after.total)).toBe(103_500_000n);
    expect(after.held).toBe('0');
    expect(await ledgerTrail(h.app, res.body.id)).toEqual({ hold: 'posted', settlements: 1 });
    const [fees] = await h.app.services.sql`select total::text from ledger_balances where account_ref = ${`system/${org.tenant.enterpriseId}/network_fees`} and asset = 'USDC'`;
    expect(BigInt(fees.total)).toBeGreaterThanOrEqual(2_500_000n);
    const events = await h.app.services.sql`select type from events where resource_ref = ${`withdrawals/${res.body.id}`} order by seq`;
    expect(events.map((e) => e.type)).toEqual(['operations.withdrawal.executing.v1', 'operations.withdrawal.settled.v1']);
    const client = await h.app.services.temporal.get();
    const handle = client.workflow.getHandle(`withdrawal/${res.body.id}`);
    // The settlement commits inside the workflow task that upserts the status: the attributes are final once the run is.
    await handle.result();
    const description = await handle.describe();
    expect(description.typedSearchAttributes.get(SA.status)).toBe('executed');
    expect(description.typedSearchAttributes.get(SA.family)).toBe('withdrawal');
    expect(description.typedSearchAttributes.get(SA.account)).toBe(account);
  });

  it('is listed and read back; cancel after execution is 409', async () => {
    const res = await org.withdraw(account, destination, '1.00');
    await org.waitFor(res.body.id, ['executed']);
    const list = await org.ok(200, 'GET', `/withdrawals?account_ref=${account}&status=executed`);
    expect(list.items.map((w: { id: string }) => w.id)).toContain(res.body.id);
    const cancel = await org.api('POST', `/withdrawals/${res.body.id}/cancel`);
    expect(cancel.status).toBe(409);
    expect(cancel.body.reason).toBe('withdrawal_executed');
  });

  it('fails on a rail failure and releases the hold exactly once (submission and confirmation)', async () => {
    for (const stage of ['submission', 'confirmation']) {
      const address = '0x' + (stage === 'submission' ? '1' : '2').repeat(40);
      const dest = await org.destination(org.enterpriseRef, address);
      await org.ok(201, 'POST', '/sandbox/rail/failures', { address, stage, failure_reason: `network_congested_${stage}` });
      const before = await org.balance(account);
      const res = await org.withdraw(account, dest, '5.00');
      expect(res.status).toBe(201);
      const failed = await org.waitFor(res.body.id, ['failed']);
      expect(failed.failure_reason).toBe(`network_congested_${stage}`);
      expect(await org.balance(account)).toEqual(before);
      expect(await ledgerTrail(h.app, res.body.id)).toEqual({ hold: 'voided', settlements: 0 });
    }
  });
});

describe('refusals', () => {
  const body = (over: Record<string, unknown>) => ({ account_ref: account, amount: { currency: 'USDC', value: '1.00' }, rail: 'ethereum', withdrawal_destination_id: destination, ...over });

  it.each([
    ['another asset than the destination', { amount: { currency: 'USDT', value: '1.00' } }, 422, '/body/amount/currency'],
    ['another rail than the destination', { rail: 'solana' }, 422, '/body/rail'],
    ['an unknown destination', { withdrawal_destination_id: '0193a1c2-7f00-7abc-8def-0123456789ab' }, 422, '/body/withdrawal_destination_id'],
    ['too many decimals', { amount: { currency: 'USDC', value: '1.0000001' } }, 422, '/body/amount/value'],
    ['zero', { amount: { currency: 'USDC', value: '0' } }, 422, '/body/amount/value'],
    ['insufficient funds (amount + fee)', { amount: { currency: 'USDC', value: '1000000.00' } }, 422, '/body/amount/value'],
  ])('refuses %s', async (_name, over, status, pointer) => {
    const before = await org.balance(account);
    const res = await org.api('POST', '/withdrawals', body(over), { 'idempotency-key': `k-${Math.random()}` });
    expect(res.status).toBe(status);
    expect(res.body.errors.map((e: { pointer: string }) => e.pointer)).toContain(pointer);
    expect(await org.balance(account)).toEqual(before);
  });

  it('needs an Idempotency-Key and replays the first answer', async () => {
    expect((await org.api('POST', '/withdrawals', body({}))).status).toBe(400);
    const headers = { 'idempotency-key': `replay-${Date.now()}` };
    const first = await org.api('POST', '/withdrawals', body({}), headers);
    const second = await org.api('POST', '/withdrawals', body({}), headers);
    expect(second.body.id).toBe(first.body.id);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
  });

  it('refuses a disabled destination (409) and an account of another enterprise (404)', async () => {
    const dest = await org.destination(org.enterpriseRef);
    await org.ok(200, 'POST', `/withdrawal-destinations/${dest}/disable`);
    const res = await org.withdraw(account, dest, '1.00');
    expect(res.status).toBe(409);
    expect(res.body.reason).toBe('destination_disabled');
    const other = await Org.create(h.app, 'Stranger Ltd');
    expect((await other.withdraw(account, dest, '1.00')).status).toBe(404);
  });

  it('denies by policy with 422 naming the rule, and creates nothing', async () => {
    const [clientRef, acct] = await org.newClient();
    await org.fund(acct, '100.00');
    const rule = await org.rule({ scope_ref: clientRef, order: 1, conditions: { amount_at_least: { currency: 'USDC', value: '50.00' } }, effect: { type: 'deny' } });
    const res = await org.withdraw(acct, destination, '60.00');
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ reason: 'policy_denied', rule_ref: `policy-rules/${rule.id}`, rule_name: rule.name });
    expect(await org.balance(acct)).toMatchObject({ held: '0', total: '100000000' });
    expect((await org.withdraw(acct, destination, '10.00')).status).toBe(201);
  });
});

describe('reference and metadata', () => {
  const carrier = (): Carrier => ({ app: h.app, enterpriseId: org.tenant.enterpriseId, since: started, api: (m, p, b, hd) => org.api(m, p, b, hd) });
  const withdraw = (over: Record<string, unknown>) =>
    org.api('POST', '/withdrawals', { account_ref: account, amount: { currency: 'USDC', value: '1.00' }, rail: 'ethereum', withdrawal_destination_id: destination, ...over }, { 'idempotency-key': uuidv7() });

  it('carries them from creation to reads, filters, events and the export, and changes them once settled', async () => {
    const res = await withdraw({ reference: 'payout-77', metadata: { payout_id: 'po_77', channel: 'api' } });
    expect(res.status).toBe(201);
    const settled = await org.waitFor(res.body.id, ['executed']);
    await expectCarried(carrier(), 'withdrawals', res.body, 'payout-77', { payout_id: 'po_77', channel: 'api' });
    const patched = await expectPatched(carrier(), 'withdrawals', settled, 'operations.withdrawal.updated.v1');
    expect(patched.status).toBe('executed');
  });

  it('keeps a unique reference unique (409 reference_taken) and refuses metadata past its limits, holding nothing', async () => {
    const reference = `unique-${uuidv7()}`;
    const first = await withdraw({ reference, unique_reference: true });
    expect(first.status).toBe(201);
    await org.waitFor(first.body.id, ['executed']);
    const before = await org.balance(account);
    const again = await withdraw({ reference, unique_reference: true });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ reason: 'reference_taken', existing_id: first.body.id });
    const long = await withdraw({ metadata: { note: 'v'.repeat(501) } });
    expect(long.status).toBe(422);
    expect(long.body.errors).toContainEqual({ pointer: '/body/metadata/note', detail: expect.any(String) });
    expect(await org.balance(account)).toEqual(before);
  });
});

describe('withdrawal destinations', () => {
  it.each([
    ['a broken EIP-55 checksum', { destination: { address: BAD_ETH_ADDRESS, memo: null } }, '/body/crypto_routing/destination/address'],
    ['a bitcoin address on ethereum', { destination: { address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', memo: null } }, '/body/crypto_routing/destination/address'],
    ['a memo where the network takes none', { destination: { address: ETH_ADDRESS, memo: '123' } }, '/body/crypto_routing/destination/memo'],
    ['an asset the network does not carry', { asset: 'BTC' }, '/body/crypto_routing/asset'],
    ['an unknown network', { network: 'dogecoin' }, '/body/crypto_routing/network'],
  ])('refuses %s with 422', async (_name, over, pointer) => {
    const res = await org.api('POST', '/withdrawal-destinations', {
      rail_class: 'crypto',
      scope_ref: org.enterpriseRef,
      crypto_routing: { asset: 'USDC', network: 'ethereum', label: 'x', destination: { address: ETH_ADDRESS, memo: null }, ...over },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].pointer).toBe(pointer);
  });

  it('moves active → disabled → active → retired with If-Match, and lists in scope', async () => {
    const id = await org.destination(org.enterpriseRef);
    const got = await org.ok(200, 'GET', `/withdrawal-destinations/${id}`);
    expect(got).toMatchObject({ resource: 'withdrawal_destination', status: 'active', rail_class: 'crypto', crypto_routing: { network: 'ethereum', destination: { address: ETH_ADDRESS } } });
    const stale = await org.api('POST', `/withdrawal-destinations/${id}/disable`, undefined, { 'if-match': '"stale"' });
    expect(stale.status).toBe(412);
    const disabled = await org.ok(200, 'POST', `/withdrawal-destinations/${id}/disable`, undefined, { 'if-match': got.etag });
    expect(disabled.status).toBe('disabled');
    expect((await org.api('POST', `/withdrawal-destinations/${id}/disable`)).status).toBe(409);
    expect((await org.ok(200, 'POST', `/withdrawal-destinations/${id}/enable`)).status).toBe('active');
    expect((await org.ok(200, 'POST', `/withdrawal-destinations/${id}/retire`)).status).toBe('retired');
    expect((await org.api('POST', `/withdrawal-destinations/${id}/enable`)).status).toBe(409);
    const list = await org.ok(200, 'GET', '/withdrawal-destinations?status=retired');
    expect(list.items.map((d: { id: string }) => d.id)).toContain(id);
    const other = await Org.create(h.app, 'Other Destinations Ltd');
    expect((await other.api('GET', `/withdrawal-destinations/${id}`)).status).toBe(404);
    expect((await other.ok(200, 'GET', '/withdrawal-destinations')).items).toEqual([]);
  });
});

it('leaves the ledger consistent', async () => {
  const report = await verifyLedger(h.app.services.sql);
  expect(report.violations).toEqual([]);
});
