import { readFileSync } from 'node:fs';
import { uuidv7 } from '../../src/ids';
import { generateConnectorSecret } from '../../src/domain/connectors/secrets';
import { getPair } from '../../src/domain/pricing/pairs';
import { SandboxPayoutRail, SandboxRail, injectRailFailure, type RailSubmission, type WithdrawalRail } from '../../src/providers/rails';
import { SandboxPriceSource, type PriceSource } from '../../src/providers/prices';
import { ConnectorClient, ConnectorFailure } from '../../src/providers/http/client';
import { HttpScreener } from '../../src/providers/http/screening';
import { SANDBOX_SCREENING, SandboxScreener, type ScreeningRequest, type Screener } from '../../src/providers/screening';
import { HttpRail } from '../../src/providers/http/rails';
import { HttpPriceSource } from '../../src/providers/http/prices';
import { HttpInstructionIssuer } from '../../src/providers/http/deposit-instructions';
import { SandboxInstructionIssuer } from '../../src/providers/deposits/sandbox-instructions';
import { collectionAccountKey, instructionKey, type DepositInstructionIssuer } from '../../src/providers/deposits/instructions';
import { fundingOptions } from '../../src/domain/funding/endpoints';
import { networkByCode, validateAddress } from '../../src/reference/networks';
import { railsFor } from '../../src/reference/bank-rails';
import { createTenant, startTestApp, type TestApp } from '../helpers/app';
import { ReferenceConnector } from '../helpers/reference-connector';
import { ETH_ADDRESS } from '../workflows/withdrawal-fixtures';
import { SandboxStatementSource, injectStatementDiscrepancy, type StatementAccount, type StatementSource } from '../../src/providers/statements';
import { HttpStatementSource } from '../../src/providers/http/statements';

/*
 * The contract every provider implementation passes: the sandbox simulators and the HTTP connector
 * (against the reference connector process) alike. A new implementation joins the tables below.
 */

let app: TestApp;
let connector: ReferenceConnector;
let client: ConnectorClient;
let enterpriseId: string;

beforeAll(async () => {
  [app, connector] = await Promise.all([startTestApp({ COUNTERFOIL_SANDBOX_BLOCK_MS: '0' }), ReferenceConnector.start()]);
  enterpriseId = (await createTenant(app.services, 'Contract Ltd')).enterpriseId;
  const secret = generateConnectorSecret();
  await connector.control('/control/configure', { secret, counterfoil_url: app.url, connector_id: uuidv7() });
  client = new ConnectorClient({ id: uuidv7(), name: 'reference', baseUrl: connector.url, secret }, { timeoutMs: 2000, allowLoopback: true, ca: readFileSync(connector.ca, 'utf8') });
});
afterAll(async () => {
  await connector.stop();
  await app.close();
});

const crypto = (key: string, address = ETH_ADDRESS): RailSubmission => ({ businessKey: key, enterpriseId, rail: 'ethereum', destination: { address, memo: null }, asset: 'USDC', amount: 12_500_000n });
const bank = (key: string, name = 'Ada Lovelace'): RailSubmission => ({ businessKey: key, enterpriseId, rail: 'sepa', destination: { beneficiary: { name, iban: 'DE89370400440532013000' } }, asset: 'EUR', amount: 1250n });

interface RailCase {
  rail: () => WithdrawalRail;
  submission: (key: string) => RailSubmission;
  /** Makes the provider settle the accepted payout (the sandbox does by itself). */
  confirm: (key: string) => Promise<void>;
  /** A submission the provider will refuse. */
  refused: (key: string) => Promise<RailSubmission>;
}

const rails: Array<[string, RailCase]> = [
  [
    'sandbox withdrawal rail',
    {
      rail: () => new SandboxRail(app.services.sql, 0, 'sandbox'),
      submission: (key) => crypto(key),
      confirm: async () => undefined,
      refused: async (key) => {
        const address = `0x${uuidv7().replace(/-/g, '').padEnd(40, '0')}`;
        await injectRailFailure(app.services.sql, { enterpriseId, address, stage: 'submission', failureReason: 'address_blocked', count: 1 });
        return crypto(key, address);
      },
    },
  ],
  ['sandbox payout rail', { rail: () => new SandboxPayoutRail(0, 'sandbox'), submission: (key) => bank(key), confirm: async () => undefined, refused: async (key) => bank(key, 'SANDBOX REJECT') }],
  [
    'HTTP connector (reference connector)',
    {
      rail: () => new HttpRail(client),
      submission: (key) => crypto(key),
      confirm: (key) => connector.control('/control/payouts/confirm', { idempotency_key: key, notify: false }),
      refused: async (key) => {
        await connector.control('/control/payouts/behaviour', { reject_reason: 'address_blocked' });
        return crypto(key);
      },
    },
  ],
];

describe.each(rails)('%s passes the rail contract', (_name, c) => {
  afterEach(() => connector.control('/control/payouts/behaviour', {}));

  it('accepts once per business key and reports the outcome under the same reference', async () => {
    const rail = c.rail();
    const key = `contract/${uuidv7()}`;
    const first = await rail.submit(c.submission(key));
    const again = await rail.submit(c.submission(key));
    expect(first).toMatchObject({ status: 'accepted', reference: expect.any(String) });
    expect(again).toEqual({ ...first, checkAfterMs: expect.any(Number) });
    await c.confirm(key);
    expect(await rail.outcome(key)).toEqual({ status: 'confirmed', reference: (first as { reference: string }).reference });
  });

  it('answers a refusal as rejected, with a reason', async () => {
    const key = `contract/${uuidv7()}`;
    const answer = await c.rail().submit(await c.refused(key));
    expect(answer).toEqual({ status: 'rejected', reason: expect.any(String) });
  });
});

const sources: Array<[string, () => PriceSource]> = [
  ['sandbox price source', () => new SandboxPriceSource('sandbox')],
  ['HTTP connector (reference connector)', () => new HttpPriceSource(client)],
];

describe.each(sources)('%s passes the price contract', (_name, source) => {
  it("answers a positive mid for the pair's market, observed now", async () => {
    await connector.control('/control/prices', { mode: 'ok', mid: '0.92' });
    const [row] = await app.services.sql`select id from conversion_pairs where from_asset = 'USDC' and to_asset = 'EUR'`;
    const pair = await getPair(app.services.sql, row.id);
    const before = Date.now();
    const point = await source().price(pair, { firm: true, key: uuidv7() });
    expect(point.mid.num > 0n && point.mid.den > 0n).toBe(true);
    expect(Math.abs(point.asOf.getTime() - before)).toBeLessThan(60_000);
  });
});

const issuers: Array<[string, () => DepositInstructionIssuer]> = [
  ['sandbox deposit instruction issuer', () => new SandboxInstructionIssuer(() => app.services.platformKeys.get('deposit_address_hmac'), 'sandbox')],
  ['HTTP connector (reference connector)', () => new HttpInstructionIssuer(client)],
];

describe.each(issuers)('%s passes the deposit instruction contract', (_name, issuer) => {
  const request = (accountRef: string, rail: string) => ({
    businessKey: instructionKey(accountRef, rail),
    purpose: 'account' as const,
    enterpriseId,
    accountRef,
    rail,
    assets: fundingOptions().filter((o) => o.rail === rail).map((o) => o.asset),
    beneficiaryName: 'Contract Ltd',
  });

  it.each([...new Set(fundingOptions().map((o) => o.rail))])('on %s: a usable instruction, the same one for the same key, another for another account', async (rail) => {
    const [a, b] = [`client-accounts/${uuidv7()}`, `client-accounts/${uuidv7()}`];
    const first = await issuer().issue(request(a, rail));
    expect(await issuer().issue(request(a, rail))).toEqual(first);
    const other = await issuer().issue(request(b, rail));
    expect([other.address, other.memo]).not.toEqual([first.address, first.memo]);
    expect(first.rail).toBe(rail);
    if (networkByCode(rail)) {
      expect(validateAddress(rail, first.address, first.memo)).toEqual({ ok: true });
      expect(first.details).toEqual({});
    } else {
      expect(first).toMatchObject({ memo: null, details: { beneficiary_name: 'Contract Ltd' } });
      expect(Object.values(first.details)).toContain(first.address);
    }
  });

  it.each(railsFor('pay_in').map((r) => [r.code, r.currencies] as const))("on %s: an on-ramp collection account (the enterprise's), the same one for the same key", async (rail, currencies) => {
    const collection = {
      businessKey: collectionAccountKey(enterpriseId, rail),
      purpose: 'collection' as const,
      enterpriseId,
      accountRef: `enterprises/${enterpriseId}`,
      rail,
      assets: [...currencies],
      beneficiaryName: 'Contract Ltd',
    };
    const first = await issuer().issue(collection);
    expect(await issuer().issue(collection)).toEqual(first);
    expect(first).toMatchObject({ rail, memo: null, details: { beneficiary_name: expect.any(String) } });
    expect(Object.values(first.details)).toContain(first.address);
  });
});

const screeners: Array<[string, () => Screener]> = [
  ['sandbox screener', () => new SandboxScreener('sandbox')],
  ['HTTP connector (reference connector)', () => new HttpScreener(client)],
];

/** An ethereum address ending in the test counterparty's four characters (docs/compliance.md). */
const counterparty = (suffix: string) => `0x${uuidv7().replace(/-/g, '').padEnd(36, '0')}${suffix}`;

describe.each(screeners)('%s passes the screening contract', (_name, screener) => {
  const request = (address: string, key = `contract/${uuidv7()}`): ScreeningRequest => ({
    idempotencyKey: key,
    enterpriseId,
    subject: { kind: 'crypto_address', network: 'ethereum', address, memo: null },
    transaction: { direction: 'outgoing', asset: 'USDC', amount: '12.50', rail: 'ethereum' },
  });

  it('answers a clean counterparty with a verdict, the same one for the same key', async () => {
    const r = request(ETH_ADDRESS);
    const first = await screener().screen(r);
    expect(first).toEqual({ status: 'completed', providerScreeningId: expect.any(String), verdict: { category: 'none', score: 0, reference: expect.any(String), explanation: expect.any(String) } });
    expect(await screener().screen(r)).toEqual(first);
  });

  it.each([
    ['sanctioned', SANDBOX_SCREENING.sanctioned.addressSuffix, { category: 'sanctions', score: 100 }],
    ['high-risk', SANDBOX_SCREENING.highRisk.addressSuffix, { category: 'mixer', score: 85 }],
  ])('answers the %s test counterparty with its verdict', async (_what, suffix, verdict) => {
    expect(await screener().screen(request(counterparty(suffix)))).toMatchObject({ status: 'completed', verdict });
  });

  it('answers the late test counterparty pending, under an id', async () => {
    expect(await screener().screen(request(counterparty(SANDBOX_SCREENING.late.addressSuffix)))).toEqual({ status: 'pending', providerScreeningId: expect.any(String) });
  });

  it('fails as a provider that cannot answer for the failing test counterparty', async () => {
    await expect(screener().screen(request(counterparty(SANDBOX_SCREENING.failing.addressSuffix)))).rejects.toBeInstanceOf(ConnectorFailure);
  });
});

interface StatementCase {
  source: () => StatementSource;
  /** Makes the provider book a credit of `value` EUR with `reference` on the account. */
  book: (account: StatementAccount, reference: string, value: string) => Promise<void>;
}

const statementSources: Array<[string, StatementCase]> = [
  [
    'sandbox statement source',
    {
      source: () => new SandboxStatementSource(app.services.sql, 'sandbox'),
      book: async (account, reference, value) => {
        await injectStatementDiscrepancy(app.services.sql, { enterpriseId, rail: account.rail, asset: account.currency, kind: 'unknown_incoming', reference, amount: BigInt(Math.round(Number(value) * 100)) }, 'sandbox');
      },
    },
  ],
  [
    'HTTP connector (reference connector)',
    {
      source: () => new HttpStatementSource(client),
      book: async (account, reference, value) => {
        await connector.control('/control/statements/lines', { lines: [{ rail: account.rail, amount: { currency: account.currency, value }, reference, counterparty: 'ACME GMBH' }] });
      },
    },
  ],
];

describe.each(statementSources)('%s passes the statement contract', (_name, c) => {
  // A rail of its own per case: the two providers' books do not meet.
  const account = (rail: string): StatementAccount => ({ rail, address: 'DE89370400440532013000', currency: 'EUR' });

  it('answers booked lines once per cursor, the same lines again from the same cursor, and the balance now', async () => {
    const a = account(_name.startsWith('sandbox') ? 'sepa' : 'fps');
    const source = c.source();
    const start = await source.pull(enterpriseId, a, null, 1000);
    const [r1, r2] = [`E2E-${uuidv7()}`, `E2E-${uuidv7()}`];
    await c.book(a, r1, '12.50');
    await c.book(a, r2, '7.25');
    const first = await source.pull(enterpriseId, a, start.nextCursor, 1);
    expect(first.lines).toEqual([expect.objectContaining({ reference: r1, amount: 1250n, asset: 'EUR', providerId: expect.any(String), bookedAt: expect.any(Date) })]);
    const again = await source.pull(enterpriseId, a, start.nextCursor, 1);
    expect(again.lines).toEqual(first.lines);
    const second = await source.pull(enterpriseId, a, first.nextCursor, 1000);
    expect(second.lines.map((l) => [l.reference, l.amount])).toEqual([[r2, 725n]]);
    const none = await source.pull(enterpriseId, a, second.nextCursor, 1000);
    expect(none.lines).toEqual([]);
    expect(none.nextCursor).toBe(second.nextCursor);
    expect(none.balance).toMatchObject({ asset: 'EUR', amount: start.balance.amount + 1975n, asOf: expect.any(Date) });
  });
});
